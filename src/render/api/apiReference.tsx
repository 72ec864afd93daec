/**
 * The API reference generator: TypeDoc's JSON reflections (cached on the library's source
 * hash) turned into pages rendered by `templates/api/` in the site's layout.
 *
 * `loadApiReference()` runs before the site model is built (it gives the routes);
 * `generators()` is called once the markdown renderer exists and fills
 * `RenderContext.generated`. Both are deterministic from the root and config, so a
 * render worker can call them again (the second call reads the cache).
 */
import { join, relative, resolve } from 'node:path';
import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import type { JSONOutput } from 'typedoc';
import type { ClientSiteConfig, SiteConfig } from '../../shared/config';
import type { PageData, SidebarItem } from '../../shared/pageData';
import { stripBaseUrl } from '../../shared/baseUrl';
import type { Diagnostic } from '../diagnostics';
import type { MarkdownRenderer } from '../markdown/processor';
import type { FoundLink } from '../markdown/rehypeLinks';
import { renderHastToHtml } from '../ssr/renderBody';
import { SiteProvider } from '../../../templates/siteContext';
import { ApiDeclarationPage } from '../../../templates/api/ApiDeclarationPage';
import { ApiIndexPage } from '../../../templates/api/ApiIndexPage';
import { declarationToc, indexToc } from '../../../templates/api/sections';
import { firstParagraph, partsToMarkdown, plainText } from './commentMarkdown';
import { ApiIndexer, Kind, type ApiEntry } from './reflections';
import { simpleMarkdownToHtml } from './simpleMarkdown';
import { getHighlighter, loadLanguages } from '../markdown/highlighter';
import { cacheDirOf, loadTypedocProject } from './typedocCache';
import { ApiPageCache } from './apiPageCache';
import { codeFingerprint } from '../cache/cacheDir';
import { packageRoot } from '../bundle/bundleClient';
import { VERSION } from '../version';
import { TypePrinter } from './typeTokens';
import { API_SIDEBAR, apiSidebar } from './apiSidebar';
import {
  declarationView,
  indexSections,
  indexView,
  TYPE_KINDS,
  summaryMarkdown,
  type ViewContext,
} from './viewModel';

export interface ApiReferenceOptions {
  root: string;
  /** The API reference is what `config.api` asks for; none without it. */
  config: SiteConfig;
  /** The config file (absolute), cited when TypeDoc or TypeScript is not installed. */
  configFile?: string;
  /** Set false to ignore the TypeDoc cache (it is still rewritten). */
  cache?: boolean;
  /**
   * Return once the reflections are made, while the library's type check goes on
   * (`ApiReference.checked`, which the caller then awaits before it publishes anything).
   */
  deferCheck?: boolean;
}

type Generated = () => Promise<{
  page: Omit<PageData, 'links'>;
  html: string;
  links?: FoundLink[];
  ids?: string[];
}>;

export interface ApiReference {
  /** Routes and generator ids, for `buildSiteModel`. */
  routes: { route: string; id: string }[];
  /** The API reference's sidebar (see `addApiSidebar`), when there are API pages. */
  sidebar?: SidebarItem[];
  /** Problems found in the library's TSDoc (unresolved `{@link}`s), with positions. */
  warnings: Diagnostic[];
  /** Settles once the library is type-checked: rejects with the DfdocsError listing its type errors. */
  checked: Promise<void>;
  /**
   * The reference's pages by route, each with the hash of what it is made from (the
   * library's reflections; the page cache's key adds the config and dfdocs's code).
   */
  cacheKeys: Map<string, string>;
  /** How the reflections were obtained (for reports and tests). */
  typedoc?: { cached: boolean; ms: number; cacheFile: string; hash: string };
  /** The page generators by id, for `RenderContext.generated`. */
  generators(deps: {
    markdown: MarkdownRenderer;
    clientConfig: ClientSiteConfig;
  }): Map<string, Generated>;
}

const INDEX_TITLE = 'API Reference';

const EMPTY: ApiReference = {
  routes: [],
  warnings: [],
  checked: Promise.resolve(),
  cacheKeys: new Map(),
  generators: () => new Map(),
};

/** The base route of the API pages: `api.route`, else `<docs path>/api`, e.g. `/docs/api`. */
export function apiBaseRoute(config: SiteConfig): string {
  const route = config.api?.route ?? `${config.docs.version.path.replace(/\/$/, '')}/api`;
  return '/' + route.replace(/^\/+|\/+$/g, '');
}

/** `https://github.com/o/r/blob/main/` from an edit URL `…/edit/main/`. */
export function blobBaseOf(editUrl: string | undefined): string | undefined {
  if (!editUrl) return undefined;
  return editUrl.replace('/edit/', '/blob/').replace(/\/?$/, '/');
}

const HREF = /<a\b[^>]*?\shref="([^"]*)"/g;
const ID = /\sid="([^"]+)"/g;

function decodeAttr(s: string): string {
  return s
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>');
}

/** Internal links and element ids of a rendered page body, for the link checker. */
function scanHtml(html: string, baseUrl: string): { links: FoundLink[]; ids: string[] } {
  const links: FoundLink[] = [];
  for (const m of html.matchAll(HREF)) {
    const raw = decodeAttr(m[1]!);
    if (!raw || /^(\w*:|\/\/)/.test(raw)) continue;
    const at = raw.indexOf('#');
    const path = at >= 0 ? raw.slice(0, at) : raw;
    const hash = at >= 0 ? raw.slice(at + 1) : '';
    if (path === '') {
      if (hash) links.push({ route: '', hash, raw });
      continue;
    }
    if (!path.startsWith('/')) continue;
    links.push({ route: stripBaseUrl(path, baseUrl).replace(/\/$/, '') || '/', hash, raw });
  }
  const ids = [...html.matchAll(ID)].map((m) => decodeAttr(m[1]!));
  return { links, ids };
}

/** `{@link}`s in the TSDoc that resolve to nothing documented: broken links in the reference. */
function unresolvedLinks(indexer: ApiIndexer, root: string): Diagnostic[] {
  const out: Diagnostic[] = [];
  const seen = new Set<string>();
  const sourceOf = (id: number) => {
    for (
      let cur: number | undefined = id, guard = 0;
      cur !== undefined && guard < 20;
      cur = indexer.parentOf.get(cur), guard++
    ) {
      const r = indexer.byId.get(cur) as { sources?: JSONOutput.SourceReference[] } | undefined;
      if (r?.sources?.[0]) return r.sources[0];
    }
    return undefined;
  };
  const nameOf = (id: number) => {
    const names: string[] = [];
    for (
      let cur: number | undefined = id, guard = 0;
      cur !== undefined && guard < 20;
      cur = indexer.parentOf.get(cur), guard++
    ) {
      const r = indexer.byId.get(cur) as { name?: string; variant?: string } | undefined;
      if (r?.name && r.variant === 'declaration' && r.name !== '__type' && names[0] !== r.name)
        names.unshift(r.name);
    }
    return names.join('.');
  };
  for (const [id, r] of indexer.byId) {
    const comment = (r as { comment?: JSONOutput.Comment }).comment;
    if (!comment) continue;
    const parts = [comment.summary, ...(comment.blockTags ?? []).map((t) => t.content)];
    for (const list of parts) {
      partsToMarkdown(
        list,
        (t) => indexer.hrefOf(t),
        ({ text }) => {
          const src = sourceOf(id);
          const key = `${src?.fileName}:${src?.line}:${text}`;
          if (seen.has(key)) return;
          seen.add(key);
          out.push({
            code: 'ApiLinkUnresolved',
            severity: 'warning',
            message: `{@link ${text}} in the TSDoc of ${nameOf(id) || 'an export'} names nothing the API reference documents`,
            hint: `export it from the library's entry module or correct the name`,
            file: src ? src.fileName : undefined,
            line: src?.line,
            column: src ? src.character + 1 : undefined,
          });
        },
      );
    }
  }
  void root;
  return out;
}

/** The languages of the fenced code blocks in the library's TSDoc (```ts …). */
function fenceLanguages(project: JSONOutput.ProjectReflection): string[] {
  return [...new Set([...JSON.stringify(project).matchAll(/```([\w-]+)/g)].map((m) => m[1]!))];
}

/** "Functions … are also methods of `DataFrame`: `sort(df, …)` is `df.sort(…)`", from the first such pair. */
function methodsNote(indexer: ApiIndexer): string {
  for (const e of indexer.entries) {
    if (e.kind !== 'class') continue;
    const pairs = (e.decl.children ?? []).filter(
      (c) =>
        c.kind === Kind.Method &&
        !c.flags.isStatic &&
        indexer.entryByName.has(`functions/${c.name}`),
    );
    const m = pairs.find((c) => c.name === 'sort') ?? pairs[0];
    if (!m) continue;
    const recv = e.name === 'DataFrame' ? 'df' : e.name[0]!.toLowerCase() + e.name.slice(1);
    return ` Functions that read naturally as methods are also methods of [\`${e.name}\`](${e.route}): \`${m.name}(${recv}, …)\` is \`${recv}.${m.name}(…)\`.`;
  }
  return '';
}

/**
 * Loads the library's reflections (from the cache when the sources are unchanged) and
 * returns the API routes, warnings, and page generators. A site without the entry
 * module gets no API pages.
 */
export async function loadApiReference(options: ApiReferenceOptions): Promise<ApiReference> {
  const root = resolve(options.root);
  const api = options.config.api;
  if (!api) return EMPTY;
  const entryRel = api.entry.replace(/^\.\//, '');
  const entry = join(root, entryRel);
  const typedoc = await loadTypedocProject(root, entry, {
    cache: options.cache,
    tsconfig: api.tsconfig ? resolve(root, api.tsconfig) : undefined,
    configFile: options.configFile ? relative(root, options.configFile) : undefined,
    deferCheck: options.deferCheck,
    typeCheck: api.typeCheck,
  });
  const { config } = options;
  const base = apiBaseRoute(config);
  const indexer = new ApiIndexer(typedoc.project, base);
  const blobBase = blobBaseOf(config.editUrl);
  const editBase = config.editUrl ? config.editUrl.replace(/\/?$/, '/') : undefined;

  const sections = indexSections(indexer);
  const order: ApiEntry[] = sections.flatMap((s) => s.entries);
  // Breadcrumbs and previous/next come from the sidebar, in its reading order.
  const sidebar = apiSidebar(INDEX_TITLE, base, sections, (e) => TYPE_KINDS.includes(e.kind));

  const routes = [
    { route: base, id: 'api:index' },
    ...order.map((e) => ({ route: e.route, id: `api:${e.route.slice(base.length + 1)}` })),
  ];

  return {
    routes,
    sidebar,
    warnings: unresolvedLinks(indexer, root),
    checked: typedoc.checked,
    cacheKeys: new Map(routes.map((r) => [r.route, typedoc.hash])),
    typedoc: {
      cached: typedoc.cached,
      ms: typedoc.ms,
      cacheFile: typedoc.cacheFile,
      hash: typedoc.hash,
    },
    generators({ markdown, clientConfig }) {
      const { project } = typedoc;
      const printer = new TypePrinter((id) => indexer.hrefOf(id));
      const entryByRoute = new Map(order.map((e) => [e.route, e]));
      // Loaded as the pages start rendering here, for the TSDoc's code examples.
      if (!typedoc.cached)
        void getHighlighter()
          .then((h) => loadLanguages(h, fenceLanguages(project)))
          .catch(() => {}); // a page that needs them reports the failure
      const renderMarkdown = async (text: string, sourcePath: string) =>
        simpleMarkdownToHtml(text, config.baseUrl) ??
        renderHastToHtml((await markdown(text, sourcePath)).hast);
      const viewContext = (sourcePath: string): ViewContext => ({
        indexer,
        printer,
        md: (text) => renderMarkdown(text, sourcePath),
        mdInline: async (text) => {
          const html = (await renderMarkdown(text, sourcePath)).trim();
          const m = /^<p>([\s\S]*)<\/p>$/.exec(html);
          return m && !m[1]!.includes('<p>') ? m[1]! : html;
        },
        sourceUrl: (path, line) => (blobBase ? `${blobBase}${path}#L${line}` : undefined),
      });
      const render = (element: ReactElement) =>
        renderToString(
          <SiteProvider value={{ config: clientConfig, sidebars: {} }}>{element}</SiteProvider>,
        );
      const map = new Map<string, Generated>();
      const pageCache = new ApiPageCache(
        cacheDirOf(root),
        [typedoc.hash, JSON.stringify(config), codeFingerprint(packageRoot()), VERSION],
        options.cache !== false,
      );

      map.set(
        'api:index',
        pageCache.wrap('api:index', async () => {
          const intro = partsToMarkdown(
            project.comment?.summary,
            (id) => indexer.hrefOf(id),
            () => {},
          );
          const pkg = project.packageName ?? project.name;
          const introMarkdown = [
            intro,
            `Every export of \`${pkg}\`, grouped by category.${methodsNote(indexer)}`,
          ]
            .filter(Boolean)
            .join('\n\n');
          const view = await indexView(viewContext(entryRel), {
            title: INDEX_TITLE,
            introMarkdown,
          });
          const html = render(<ApiIndexPage index={view} />);
          const { links, ids } = scanHtml(html, config.baseUrl);
          return {
            page: {
              route: base,
              kind: 'api',
              title: INDEX_TITLE,
              description: plainText(intro || `The API reference of ${pkg}.`),
              toc: indexToc(view),
              sidebarId: API_SIDEBAR,
              breadcrumbs: [],
              editUrl: editBase ? editBase + entryRel : undefined,
              sourcePath: entryRel,
            },
            html,
            links,
            ids,
          };
        }),
      );

      order.forEach(({ route }) => {
        const id = `api:${route.slice(base.length + 1)}`;
        map.set(
          id,
          pageCache.wrap(id, async () => {
            const entry = entryByRoute.get(route)!;
            const sourcePath = entry.decl.sources?.[0]?.fileName ?? entryRel;
            const view = await declarationView(viewContext(sourcePath), entry);
            const html = render(<ApiDeclarationPage view={view} />);
            const { links, ids } = scanHtml(html, config.baseUrl);
            const summary = firstParagraph(summaryMarkdown(indexer, entry.decl));
            return {
              page: {
                route: entry.route,
                kind: 'api',
                title: entry.name,
                description: summary
                  ? plainText(summary)
                  : `${entry.name} — ${entry.kind} of ${project.packageName ?? project.name}.`,
                toc: declarationToc(view),
                sidebarId: API_SIDEBAR,
                breadcrumbs: [],
                editUrl: editBase ? editBase + sourcePath : undefined,
                sourcePath,
              },
              html,
              links,
              ids,
            };
          }),
        );
      });
      return map;
    },
  };
}
