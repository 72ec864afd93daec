import { rmSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import type { Highlighter } from 'shiki';
import type { ClientExamplesConfig, SiteConfig } from '../shared/config';
import type { SidebarsData } from '../shared/pageData';
import { contentFileOf } from '../shared/pageData';
import type { RouteManifest } from '../shared/routeManifest';
import { loadConfig } from '../render/config/loadConfig';
import { defaultConfig } from '../render/config/defaults';
import { loadSources, loadDoc, type LoadedSources } from '../render/content/loadSources';
import type { ReactPageSource } from '../render/content/sources';
import {
  buildSiteModel,
  isCategoryIndexId,
  type RouteEntry,
  type SiteModel,
} from '../render/site/siteModel';
import type { AssembledSite } from '../render/site/assemble';
import { locateKey } from '../render/config/loadConfig';
import { NO_MARKDOWN_PLUGINS, type MarkdownPlugins } from '../render/modules/markdownPlugins';
import { installSlotOverrides } from '../render/ssr/slotOverrides';
import { getHighlighter } from '../render/markdown/highlighter';
import type { MarkdownRenderer } from '../render/markdown/processor';
import { loadReactPages, type ReactPageModule } from '../render/pages/reactPages';
import { notFoundPage, type RenderContext, type RenderedRoute } from '../render/pages/renderRoute';
import type { ClientAssets } from '../render/ssr/renderDocument';
import { packageRoot } from '../render/bundle/bundleClient';
import { clientConfigOf, siteClientParts } from '../render/site/clientConfig';
import { publishBrowserModules } from '../render/examples/browserModules';
import { apiBaseRoute, loadApiReference, type ApiReference } from '../render/api/apiReference';
import { addApiSidebar } from '../render/api/apiSidebar';
import { SearchIndexBuilder } from '../render/search/searchIndexBuilder';
import { VERSION } from '../render/version';
import { ClientThread } from './clientThread';
import { clientDirOf } from './clientAssets';
import { cacheDir } from '../render/cache/cacheDir';
import type { IslandUse } from '../render/mdx/islands';
import { createMdxPages, type MdxPages } from '../render/mdx/mdxPages';
import type { MdxSetup } from '../render/mdx/registeredComponents';
import { scanIslands } from '../render/mdx/scanIslands';
import {
  freshRenderModules,
  initialRenderModules,
  type RenderModules,
} from './renderModulesLoader';
import { logLineOf, toOverlayErrors, toOverlayWarnings } from './errorPayload';
import { routeKey, type DevMessage, type OverlayError } from './protocol';
import type { FileChange } from './watcher';
import { OnDemandExecutor } from '../render/executor/onDemand';
import { bodiesValidFor } from '../render/executor/earlyBodies';
import type { RenderedPage } from '../render/pages/renderPage';
import { devMilestone } from './devProfile';
import { assembleWithApi, loadSiteCode } from '../render/stages/siteParts';
import { markdownOptionsOf } from '../render/pages/markdownOptions';
import {
  isStructural,
  layoutSignature,
  planChanges,
  routesOfFile,
  structuralReloads,
} from './invalidation';

export interface DevSiteOptions {
  root: string;
  /** A private folder for bundles (inside dfdocs's node_modules/.cache so bare imports resolve). */
  cacheDir: string;
  /** Where messages for the open pages go (the live channel). */
  send: (message: DevMessage) => void;
  /** Reports what an update did, e.g. for `--verbose`. */
  log?: (line: string) => void;
  /** Told each config that loads (the watcher then watches what it names). */
  onConfig?: (config: SiteConfig) => void;
  /** Told the files MDX pages import, when they change (the watcher then watches them). */
  onInputs?: (files: string[]) => void;
  /** How the API reference is loaded (default: `loadApiReference`, TypeDoc on its own thread); tests hold it back. */
  loadApiReference?: typeof loadApiReference;
}

/** Whether a path is dfdocs's own code (templates, client), not the site's. */
function isPackagePath(path: string): boolean {
  const rel = relative(packageRoot(), path);
  return !rel.startsWith('..') && /^(templates|src)[\\/]/.test(rel);
}

/** The order `loadSources` walks files in (names sorted folder by folder). */
function byWalkOrder(a: { sourcePath: string }, b: { sourcePath: string }): number {
  const x = a.sourcePath.split('/');
  const y = b.sourcePath.split('/');
  for (let i = 0; i < Math.min(x.length, y.length); i++)
    if (x[i] !== y[i]) return x[i]! < y[i]! ? -1 : 1;
  return x.length - y.length;
}

/**
 * Whether a page's body can render before the client is bundled: a markdown page's body
 * needs the config, the site model and the highlighter only (MDX, React and generated
 * pages render with the client's config, which the bundle completes).
 */
function bodyBeforeClient(entry: RouteEntry): boolean {
  const source =
    entry.kind === 'doc'
      ? entry.source
      : (entry.kind === 'page' || entry.kind === 'home') && entry.source.kind === 'markdownPage'
        ? entry.source
        : undefined;
  return source !== undefined && !source.sourcePath.endsWith('.mdx');
}

/** Cache key of the 404 page (no route can hold a space and a colon like this). */
const NOT_FOUND_KEY = ' :404';
const NO_ASSETS: ClientAssets = { entry: '', preload: [], css: '' };

/**
 * The site as dev mode holds it: config, sources and site model in memory, pages rendered
 * on demand with the build's own functions and cached until a change invalidates them.
 * Changes are applied one batch at a time; each batch ends with the messages the open
 * pages need (patch a body, reload, show or clear the error overlay). A failed step
 * keeps the last good state, so the server always has something to show.
 */
export class DevSite {
  readonly root: string;
  config: SiteConfig = defaultConfig();
  private configFile?: string;
  private configSource = '';
  private plugins: MarkdownPlugins = NO_MARKDOWN_PLUGINS;
  private componentsUrl?: string;
  private mdxSetup: MdxSetup = {};
  private mdx?: MdxPages;
  /** The ids of the islands the client was last bundled with. */
  private islandIds = '';
  /** The site's files each MDX page imports (absolute paths), by route key: an edit of one renders those pages again. */
  private readonly mdxInputs = new Map<string, string[]>();
  private sources?: LoadedSources;
  private model?: SiteModel;
  private assembled?: AssembledSite;
  private byRoute = new Map<string, RouteEntry>();
  private reactPages = new Map<string, ReactPageModule>();
  private api?: ApiReference;
  /** Settles once the API reference has joined the site (or failed to); undefined: no load pending. */
  private apiLoading?: Promise<void>;
  /** Starts the first load of the API reference now, if it has not started. */
  private startApi?: () => Promise<void>;
  /** Starts loading the React pages now, if they have not started. */
  private startReactPages?: () => Promise<void>;
  /** Counts loads of the API reference: a load that a newer one overtook is dropped. */
  private apiGeneration = 0;
  /** Counts loads of the API reference that joined the site (or failed to). */
  private apiRevision = 0;
  private client?: { dir: string; assets: ClientAssets };
  /** Where the site's client is bundled. */
  private readonly clientThread = new ClientThread();
  /** What the browser runner of examples needs (config `examples.browser`), once published. */
  private examples?: ClientExamplesConfig;
  private renderer: RenderModules = initialRenderModules();
  private markdown?: MarkdownRenderer;
  private highlighter?: Highlighter;
  private ctx?: RenderContext;
  private generation = 0;
  /** The site model each page was rendered for. */
  private readonly modelOf = new WeakMap<RenderedPage, SiteModel>();
  /** Pages rendered on demand, kept until a change invalidates them. */
  private readonly pages = new OnDemandExecutor((entry) => this.renderEntry(entry));
  /** The search index files by path, built on first request and dropped on any change. */
  private search?: Promise<Map<string, string | Buffer>>;
  /** The files of the previous index too: a page that read the old manifest can still load what it names. */
  private searchBefore = new Map<string, string | Buffer>();
  /** Files beside the markdown that rendered pages reference, by their path in the output. */
  private readonly assetFiles = new Map<string, string>();
  private readonly signatures = new Map<string, string>();
  private readonly errors = new Map<string, OverlayError[]>();
  private sentErrors = '[]';
  /** Everything every page needs: the markdown renderer, the client (and examples' modules), the React pages. */
  private ready: Promise<void> = Promise.resolve();
  private isReady = false;
  /** The highlighter and the markdown renderer: a markdown page's body can render. */
  private markdownReady: Promise<void> = Promise.resolve();
  /** The client's assets and config (examples' modules published): the document around a body can render. */
  private documentReady: Promise<void> = Promise.resolve();
  private closed = false;
  private queue: Promise<void> = Promise.resolve();
  private pending: FileChange[] = [];
  private readonly roots: string[];

  constructor(private readonly options: DevSiteOptions) {
    this.root = options.root;
    this.roots = [options.root, packageRoot()];
  }

  /**
   * Reads the config and the sources (fast: no markdown is rendered) and starts, in the
   * background, what pages need. Each page waits for its own inputs only: a markdown
   * page's body renders as soon as the highlighter is there, while the client is bundled
   * (on a thread of its own), and its document once the client is; what no such page needs
   * comes after: the React pages, then the API reference (TypeDoc) — each at once
   * instead when one of its pages is asked for. Never throws: problems go to the overlay.
   */
  async start(): Promise<void> {
    // The highlighter needs nothing from the site: it loads while the config is read.
    const highlighter = getHighlighter();
    highlighter.catch(() => {});
    this.clientThread.start(); // loads its code meanwhile too
    await this.loadConfigFile();
    devMilestone('config');
    this.loadAllSources();
    // The client bundle needs the config (its stylesheets, components and MDX components).
    this.documentReady = this.rebundleClient(false).then(() => devMilestone('client'));
    this.markdownReady = highlighter.then((h) => {
      this.highlighter = h;
      this.markdown = this.createMarkdown();
      this.ctx = undefined;
      devMilestone('markdown');
    });
    this.markdownReady.catch(() => {});
    const afterClient = this.documentReady.catch(() => {});
    let reactPages: Promise<void> | undefined;
    this.startReactPages = () => (reactPages ??= this.reloadReactPages());
    this.ready = Promise.all([
      this.markdownReady,
      this.documentReady,
      afterClient.then(this.startReactPages),
    ]).then(() => {
      this.isReady = true;
      this.ctx = undefined;
      devMilestone('ready');
    });
    this.ready.catch(() => {});
    // TypeDoc takes seconds of a core: started once the first pages can render, it does not
    // slow them down on a machine with few cores. It joins the site model when it has made
    // the reflections, and the open pages that it changes reload.
    let api: Promise<void> | undefined;
    this.startApi = () => (api ??= this.reloadApi(true));
    this.apiLoading = afterClient.then(this.startApi);
  }

  /**
   * Loads (or reloads, after a change to the library or the config) the API reference
   * pages, as the build does, and puts them into the site model. The library's type check
   * goes on after the reflections: its errors go to the overlay when it ends. `announce`
   * (its first load, while pages may be open): the pages rendered without it are rendered
   * again, and those that changed (their sidebar, their links' prefetch hints) reload.
   */
  private async reloadApi(announce = false): Promise<void> {
    const generation = ++this.apiGeneration;
    const started = performance.now();
    let loaded: ApiReference | undefined;
    let failure: unknown;
    try {
      loaded = await (this.options.loadApiReference ?? loadApiReference)({
        root: this.root,
        config: this.config,
        configFile: this.configFile && join(this.root, this.configFile),
        deferCheck: true,
      });
    } catch (err) {
      failure = err;
    }
    const apply = async () => {
      if (generation !== this.apiGeneration || this.closed) return; // a newer load replaces it
      this.apiRevision++;
      if (loaded) {
        this.api = loaded;
        this.setErrors('api', undefined);
        this.reportTypeCheck(loaded, generation);
      } else {
        this.report('api', failure); // the last reference that loaded stays
      }
      const before = new Map<string, string>();
      if (announce)
        for (const key of this.pages.keys())
          if (key !== NOT_FOUND_KEY) before.set(key, this.pages.kept(key)!.document);
      if (this.sources) this.setSources(this.sources);
      this.pages.clear();
      const reload: string[] = [];
      for (const [key, document] of before) {
        try {
          if ((await this.renderNow(key))?.document !== document) reload.push(key);
        } catch {
          reload.push(key); // the overlay shows why
        }
      }
      this.flushErrors();
      if (reload.length) this.options.send({ type: 'reload', routes: reload });
      devMilestone('api');
      if (announce && loaded)
        this.options.log?.(
          `dev: API reference ready (${loaded.routes.length} pages, ${Math.round(performance.now() - started)} ms)` +
            (reload.length
              ? ` → reload ${reload.length} page${reload.length === 1 ? '' : 's'}`
              : ''),
        );
    };
    // Its first load lands between two batches of changes (later ones run inside a batch).
    if (announce) await (this.queue = this.queue.then(apply).catch((err) => this.logFailure(err)));
    else await apply();
  }

  /** The library's type errors, once TypeDoc's thread has checked it (unless a newer load came since). */
  private reportTypeCheck(api: ApiReference, generation: number): void {
    api.checked.then(
      () => {
        if (generation !== this.apiGeneration || !this.errors.has('apiCheck')) return;
        this.setErrors('apiCheck', undefined);
        this.flushErrors();
      },
      (err) => {
        if (generation !== this.apiGeneration || this.closed) return;
        this.report('apiCheck', err);
        this.flushErrors();
      },
    );
  }

  private logFailure(err: unknown): void {
    this.options.log?.(`dev: update failed: ${(err as Error)?.stack ?? err}`);
  }

  /** Whether the API reference is still loading: pages served meanwhile may lack its routes. */
  get apiPending(): boolean {
    return this.apiRevision === 0 && this.config.api !== undefined;
  }

  /** Resolves once every page can render (the API reference may still be loading). */
  whenReady(): Promise<void> {
    return this.ready;
  }

  /** Every current problem, for a page that just connected. */
  currentErrors(): OverlayError[] {
    return [...this.errors.values()].flat();
  }

  get baseUrl(): string {
    return this.config.baseUrl;
  }

  get assetsDir(): string | undefined {
    return this.client?.dir;
  }

  entryOf(route: string): RouteEntry | undefined {
    return this.byRoute.get(routeKey(route));
  }

  sidebars(): SidebarsData {
    return this.model?.sidebars ?? {};
  }

  /** The route manifest the build would write, from the model (titles as known without rendering). */
  manifest(): RouteManifest {
    const routes: RouteManifest['routes'] = {};
    for (const entry of this.model?.routes ?? []) {
      const rendered = this.pages.kept(routeKey(entry.route));
      const title =
        rendered?.page.title ??
        (entry.kind === 'generated'
          ? ''
          : 'title' in entry.source
            ? (entry.source.title ?? '')
            : (this.reactPages.get(entry.route)?.title ?? ''));
      routes[entry.route] = {
        title,
        data: contentFileOf(entry.route),
        sidebar: entry.kind === 'doc' ? entry.sidebarId : rendered?.page.sidebarId,
      };
    }
    return { version: VERSION, baseUrl: this.config.baseUrl, routes };
  }

  /** Renders a route (from the cache when still valid). Undefined: no such route. Throws when it fails to render. */
  async render(route: string): Promise<RenderedRoute | undefined> {
    await this.queue;
    return this.renderNow(route);
  }

  /**
   * A search index file (`assets/search-manifest.json` and the files it names), built as
   * the build does, from every page: only when the search is first opened, since it
   * renders the whole site. Undefined: not a search file.
   */
  async searchFile(path: string): Promise<string | Buffer | undefined> {
    if (!/^assets\/search-/.test(path)) return undefined;
    this.search ??= (async () => {
      await this.ready;
      await this.apiLoading;
      const builder = new SearchIndexBuilder({ siteTitle: this.config.title });
      for (const entry of this.model?.routes ?? []) {
        try {
          const rendered = await this.renderNow(entry.route);
          if (rendered) builder.addPage(rendered.page);
        } catch {
          // the overlay shows it; the page is left out of the index
        }
      }
      return new Map(builder.finish().files.map((f) => [f.path, f.content]));
    })();
    const files = await this.search;
    return (
      files.get(path) ??
      (path === 'assets/search-manifest.json' ? undefined : this.searchBefore.get(path))
    );
  }

  /** The file a rendered page references at `output` (e.g. `assets/files/chart-1a2b3c4d.png`), served as the build would copy it. */
  assetFile(output: string): string | undefined {
    return this.assetFiles.get(output);
  }

  /** Routes rendered and still valid (what a change has not invalidated). */
  cachedRoutes(): string[] {
    return this.pages.keys().filter((k) => k !== NOT_FOUND_KEY);
  }

  /** The last version of a route that rendered, to show under the overlay when the current one fails. */
  lastGoodOf(route: string): RenderedRoute | undefined {
    return this.pages.lastGood(routeKey(route));
  }

  /** The 404 page, rendered with the current templates. */
  async notFound(): Promise<RenderedRoute> {
    await this.ready;
    const cached = this.pages.kept(NOT_FOUND_KEY);
    if (cached) return cached;
    const rendered = this.renderer.finish(notFoundPage(), '', [], [], this.context());
    this.pages.keep(NOT_FOUND_KEY, rendered);
    return rendered;
  }

  /** Takes file changes from the watcher; changes that arrive together are applied as one batch. */
  enqueue(change: FileChange): void {
    this.pending.push(change);
    if (this.pending.length > 1) return;
    this.queue = this.queue
      .then(() => new Promise<void>((r) => setImmediate(r)))
      .then(() => {
        const batch = this.pending;
        this.pending = [];
        return this.applyBatch(batch);
      })
      .catch((err) => this.logFailure(err));
  }

  /** Resolves once every change received so far has been applied and announced. */
  async settled(): Promise<void> {
    await this.ready.catch(() => {});
    let seen: Promise<void>;
    do {
      seen = this.queue;
      await seen;
    } while (seen !== this.queue);
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.settled().catch(() => {});
    await this.clientThread.close();
    if (this.client) rmSync(this.client.dir, { recursive: true, force: true });
  }

  // ——— rendering ———

  /**
   * Renders a page with the build's `renderPage`. While dev is starting, a markdown page's
   * body renders as soon as the markdown renderer exists and the document around it once
   * the client is bundled (the same bytes, in two halves, as the build's render workers).
   */
  private async renderEntry(entry: RouteEntry): Promise<RenderedPage> {
    if (!this.isReady && entry.kind !== 'generated' && entry.source.kind === 'reactPage')
      void this.startReactPages?.();
    if (!this.isReady && bodyBeforeClient(entry)) {
      await this.markdownReady;
      const { model, renderer } = this;
      const body = renderer.renderRouteBody(entry, this.context(), { document: false });
      await body;
      await this.documentReady;
      // Unless a change came meanwhile that the body depends on (then it renders again,
      // below); the API reference's routes leave it as it was (see `bodiesValidFor`).
      if (
        this.renderer === renderer &&
        model &&
        this.model &&
        (this.model === model ||
          bodiesValidFor(new Map([[entry.route, body]]), model, this.model).size)
      )
        return this.renderedFor(await renderer.completeRoute(await body, this.context()));
    }
    await this.ready;
    return this.renderedFor(await this.renderer.renderPage(entry, this.context()));
  }

  /** Notes the site model a page was rendered for (the current one). */
  private renderedFor(rendered: RenderedPage): RenderedPage {
    if (this.model) this.modelOf.set(rendered, this.model);
    return rendered;
  }

  private context(): RenderContext {
    if (this.ctx) return this.ctx;
    const model =
      this.model ?? buildSiteModel({ docs: [], pages: [], categories: new Map() }, this.config);
    const markdown = this.markdown ?? this.createMarkdown();
    const clientConfig = clientConfigOf(this.config, this.examples);
    this.ctx = {
      config: this.config,
      clientConfig,
      model,
      markdown,
      assets: this.client?.assets ?? NO_ASSETS,
      reactPages: this.reactPages,
      generated: new Map([
        ...(this.api ? this.api.generators({ markdown, clientConfig }) : []),
        ...(this.assembled?.generators(clientConfig) ?? []),
      ]),
      routeSet: new Set(model.routes.map((r) => r.route)),
      mainDoc: this.assembled?.mainDoc,
      mdx: (this.mdx ??= this.createMdx()),
    };
    return this.ctx;
  }

  private createMarkdown(): MarkdownRenderer {
    this.mdx = undefined; // made again with the same options on next use
    return this.renderer.createMarkdownRenderer(
      markdownOptionsOf(this.config, this.model, {
        highlighter: this.highlighter!,
        plugins: this.plugins,
        root: this.root,
      }),
    );
  }

  /** The MDX renderer, made again with the markdown pipeline (same options). */
  private createMdx(): MdxPages {
    return createMdxPages({
      ...markdownOptionsOf(this.config, this.model, {
        highlighter: this.highlighter ?? getHighlighter,
        plugins: this.plugins,
        root: this.root,
      }),
      ...this.mdxSetup,
      clientConfig: clientConfigOf(this.config, this.examples),
      highlighterOf: getHighlighter,
    });
  }

  /** The site's files MDX pages import (what the watcher watches beyond the site's folders). */
  mdxInputFiles(): string[] {
    return [...new Set([...this.mdxInputs.values()].flat())];
  }

  private async renderNow(route: string): Promise<RenderedRoute | undefined> {
    const key = routeKey(route);
    const kept = this.pages.kept(key);
    if (kept) return kept;
    let entry = this.byRoute.get(key);
    if (!entry && this.apiLoading) {
      // An API page asked for before TypeDoc finished: TypeDoc starts now if it has not.
      const base = routeKey(apiBaseRoute(this.config));
      if (this.config.api && (key === base || key.startsWith(base + '/'))) void this.startApi?.();
      await this.apiLoading;
      entry = this.byRoute.get(key);
    }
    if (!entry) return undefined;
    try {
      const rendered = await this.pages.render(key, entry);
      if (this.modelOf.get(rendered) !== this.model && !this.closed) {
        // The site changed while it rendered (the API reference joined it): rendered again.
        return await this.renderNow(route);
      }
      for (const asset of rendered.assets ?? []) this.assetFiles.set(asset.output, asset.source);
      if (rendered.inputs?.length) {
        this.mdxInputs.set(
          key,
          rendered.inputs.map((i) => i.file),
        );
        this.options.onInputs?.(this.mdxInputFiles());
      } else this.mdxInputs.delete(key);
      this.signatures.set(key, layoutSignature(rendered.page));
      // The page renders, but what its markdown holds that was not rendered as written is shown.
      this.setErrors(
        `render:${key}`,
        rendered.warnings && toOverlayWarnings(rendered.warnings, this.roots, key),
      );
      return rendered;
    } catch (err) {
      this.setErrors(`render:${key}`, toOverlayErrors(err, this.roots, key));
      throw err;
    } finally {
      this.flushErrors();
    }
  }

  // ——— errors ———

  private setErrors(key: string, list: OverlayError[] | undefined): void {
    if (list?.length) this.errors.set(key, list);
    else this.errors.delete(key);
  }

  private clearErrors(prefix: string): void {
    for (const key of [...this.errors.keys()]) if (key.startsWith(prefix)) this.errors.delete(key);
  }

  /** Sends the error list when it differs from what the pages were last told. */
  private flushErrors(): void {
    const list = this.currentErrors();
    const json = JSON.stringify(list);
    if (json === this.sentErrors) return;
    this.sentErrors = json;
    this.options.send({ type: 'errors', errors: list });
  }

  private report(key: string, err: unknown): void {
    this.setErrors(key, toOverlayErrors(err, this.roots));
    for (const e of this.errors.get(key) ?? []) this.options.log?.(logLineOf(e));
  }

  // ——— loading ———

  private async loadConfigFile(): Promise<boolean> {
    try {
      const loaded = await loadConfig(this.root);
      const file = loaded.file ? relative(this.root, loaded.file) : undefined;
      // The site's markdown plugins and components, as the build loads them.
      const code = await loadSiteCode(this.root, loaded.config, file, {
        slotOverrides: this.renderer.slotOverrides,
      });
      this.plugins = code.plugins;
      this.componentsUrl = code.componentsUrl;
      this.mdxSetup = code.mdxSetup;
      this.mdx = undefined;
      this.config = loaded.config;
      this.configFile = file;
      this.configSource = loaded.source;
      this.setErrors('config', undefined);
      this.options.onConfig?.(this.config);
      return true;
    } catch (err) {
      this.report('config', err);
      return false;
    }
  }

  /** Reads every source; on failure keeps the previous sources and reports each broken file. */
  private loadAllSources(): boolean {
    try {
      const sources = loadSources(this.root, {
        routeBasePath: this.config.docs.routeBasePath,
        pageSizeLimitKb: this.config.pageSizeLimitKb,
      });
      this.clearErrors('content:');
      this.setSources(sources);
      return true;
    } catch (err) {
      this.clearErrors('content:');
      for (const e of toOverlayErrors(err, this.roots))
        this.errors.set(`content:${e.file ?? ''}`, [
          ...(this.errors.get(`content:${e.file ?? ''}`) ?? []),
          e,
        ]);
      for (const e of this.currentErrors()) this.options.log?.(logLineOf(e));
      return false;
    }
  }

  private setSources(sources: LoadedSources): void {
    this.sources = sources;
    try {
      this.assembled = assembleWithApi(sources, this.config, this.api, {
        root: this.root,
        file: this.configFile,
        locate: (key) => locateKey(this.configSource, key),
      });
      this.model = this.assembled.model;
      this.setErrors('site', undefined);
    } catch (err) {
      // A main doc or sidebar folder the config names is missing: shown in the overlay.
      this.report('site', err);
      this.assembled = undefined;
      this.model = buildSiteModel(sources, this.config, this.api?.routes ?? [], {
        root: this.root,
        configFile: this.configFile ?? 'dfdocs.config.ts',
      });
      addApiSidebar(this.model, this.api?.sidebar);
    }
    this.byRoute = new Map(this.model.routes.map((r) => [routeKey(r.route), r]));
    if (this.highlighter) this.markdown = this.createMarkdown();
    this.ctx = undefined;
  }

  private reactPageSources(): ReactPageSource[] {
    return (this.sources?.pages ?? []).filter((p): p is ReactPageSource => p.kind === 'reactPage');
  }

  private async reloadReactPages(): Promise<void> {
    try {
      this.reactPages = await loadReactPages(this.root, this.reactPageSources());
      this.setErrors('reactPages', undefined);
    } catch (err) {
      this.report('reactPages', err);
    }
    this.ctx = undefined;
  }

  /** Bundles the site's client into a fresh folder and, after a change, reloads the templates too. */
  private async rebundleClient(reloadTemplates: boolean): Promise<void> {
    const generation = ++this.generation;
    const [client, renderer, examples] = await Promise.allSettled([
      this.clientThread.bundle({
        root: this.root,
        cacheDir: this.options.cacheDir,
        generation,
        ...siteClientParts(this.root, this.config),
        mdxSetup: this.mdxSetup,
        siteCacheDir: cacheDir(this.root),
      }),
      reloadTemplates
        ? freshRenderModules(this.options.cacheDir, generation)
        : Promise.resolve(this.renderer),
      // The modules examples import in the reader's browser (config `examples.browser`), beside the client's assets.
      publishBrowserModules(
        this.root,
        this.config,
        clientDirOf(this.options.cacheDir, generation),
        {
          dev: true,
          configFile: this.configFile,
        },
      ),
    ]);
    const islands: IslandUse[] | undefined =
      client.status === 'fulfilled' ? client.value.islands : client.reason?.islands;
    if (islands) this.islandIds = islands.map((i) => i.id).join(',');
    if (client.status === 'fulfilled') {
      const old = this.client;
      this.client = { dir: client.value.dir, assets: client.value.assets };
      if (old) rmSync(old.dir, { recursive: true, force: true });
      this.setErrors('client', undefined);
      if (examples.status === 'fulfilled') {
        this.examples = examples.value;
        this.setErrors('examples', undefined);
      } else {
        this.examples = undefined;
        this.report('examples', examples.reason);
      }
    } else {
      this.report('client', client.reason);
    }
    if (renderer.status === 'fulfilled') {
      if (renderer.value !== this.renderer)
        await installSlotOverrides(
          this.componentsUrl,
          this.config,
          this.configFile,
          renderer.value.slotOverrides,
        ).catch((err) => this.report('config', err));
      this.renderer = renderer.value;
      if (this.highlighter) this.markdown = this.createMarkdown();
      this.setErrors('renderer', undefined);
    } else {
      this.report('renderer', renderer.reason);
    }
    this.ctx = undefined;
  }

  // ——— applying changes ———

  /** Modification time of a file as last read (-1: absent), to catch changes the watcher coalesced away. */
  private mtimeOf(path: string): number {
    try {
      return statSync(path).mtimeMs;
    } catch {
      return -1;
    }
  }

  /**
   * chokidar throttles events of one file that come close together, so a second save right
   * after a first can go unreported. Shortly after each batch, the files it read are looked
   * at again, and any that changed since are applied too.
   */
  private recheck(batch: FileChange[]): void {
    const seen = new Map(
      batch
        .filter((c) => c.event === 'add' || c.event === 'change' || c.event === 'unlink')
        .map((c) => [c.path, { change: c, mtime: this.mtimeOf(c.path) }]),
    );
    if (!seen.size) return;
    setTimeout(() => {
      for (const [path, { change, mtime }] of seen) {
        const now = this.mtimeOf(path);
        if (now !== mtime)
          this.enqueue({
            ...change,
            event: now === -1 ? 'unlink' : mtime === -1 ? 'add' : 'change',
          });
      }
    }, 120).unref();
  }

  private async applyBatch(batch: FileChange[]): Promise<void> {
    await this.ready.catch(() => {});
    this.recheck(batch);
    this.search?.then((files) => (this.searchBefore = files)).catch(() => {});
    this.search = undefined;
    const started = performance.now();
    const plan = planChanges(batch, isPackagePath);
    const reload = new Set<string>();
    let reloadAll = plan.reloadAll;
    const changedRoutes = new Set<string>();

    if (plan.config) {
      const clientParts = JSON.stringify(siteClientParts(this.root, this.config));
      await this.loadConfigFile();
      // New component overrides or stylesheets: the site's client is bundled again.
      if (JSON.stringify(siteClientParts(this.root, this.config)) !== clientParts)
        await this.rebundleClient(false);
      this.loadAllSources();
      await (this.apiLoading = this.reloadApi());
      await this.reloadReactPages();
      if (this.highlighter) this.markdown = this.createMarkdown();
    } else {
      if (plan.client) {
        // A component override changed: compiled again for the server too.
        if (plan.siteClient) await this.loadConfigFile();
        await this.rebundleClient(true);
        await this.reloadReactPages();
      }
      if (plan.api) await (this.apiLoading = this.reloadApi());
      const { structuralContent, docChanges } = plan;
      const before = this.model;
      if (structuralContent || (docChanges.length && !this.sources)) {
        if (this.loadAllSources()) {
          if (plan.reactPages) await this.reloadReactPages();
          for (const c of batch)
            for (const r of routesOfFile(c.path, [before, this.model])) changedRoutes.add(r);
        }
      } else if (docChanges.length) {
        this.applyDocChanges(docChanges, changedRoutes, before);
      }
      if (plan.reactPages && !structuralContent) {
        await this.reloadReactPages();
        for (const c of batch)
          if (c.kind === 'reactPage')
            for (const r of routesOfFile(c.path, [before, this.model])) changedRoutes.add(r);
      }
      if (before !== this.model && before && this.model && isStructural(before, this.model)) {
        // Everything is invalidated (pages render again on demand); some open pages reload now.
        this.pages.clear();
        for (const r of structuralReloads(before, this.model, changedRoutes, (k) =>
          this.byRoute.has(k),
        ))
          reload.add(r);
      }
    }
    // MDX: a page that gained or lost an island, or a component an MDX page imports.
    if (!reloadAll && (await this.applyMdxChanges(plan, changedRoutes))) reloadAll = true;
    if (reloadAll) this.pages.clear();

    // Pages whose own source changed: render them now, so the open page can patch its body
    // at once when only the body changed (same title, TOC, sidebar place, neighbours).
    const update: string[] = [];
    if (!reloadAll) {
      for (const key of changedRoutes) {
        if (reload.has(key)) continue;
        this.pages.invalidate(key);
        const previous = this.signatures.get(key);
        let rendered: RenderedRoute | undefined;
        try {
          rendered = await this.renderNow(key);
        } catch {
          continue; // the overlay shows why
        }
        if (!rendered) reload.add(key);
        else if (previous !== undefined && previous === layoutSignature(rendered.page))
          update.push(key);
        else reload.add(key);
      }
    }
    this.pages.invalidate(NOT_FOUND_KEY);
    // A category's index page shows its docs' descriptions: rendered again on request.
    if (changedRoutes.size)
      for (const r of this.model?.routes ?? [])
        if (r.kind === 'generated' && isCategoryIndexId(r.id))
          this.pages.invalidate(routeKey(r.route));
    this.flushErrors();
    if (reloadAll) this.options.send({ type: 'reload', routes: '*' });
    else if (reload.size) this.options.send({ type: 'reload', routes: [...reload] });
    if (update.length) this.options.send({ type: 'update', routes: update });
    const what = reloadAll
      ? 'reload every page'
      : [
          update.length ? `update ${update.join(', ')}` : '',
          reload.size ? `reload ${reload.size} page${reload.size === 1 ? '' : 's'}` : '',
        ]
          .filter(Boolean)
          .join('; ');
    this.options.log?.(
      `dev: ${batch
        .map((c) => relative(this.root, c.path).split(sep).join('/'))
        .filter((v, i, a) => a.indexOf(v) === i)
        .join(
          ', ',
        )} → ${what || 'nothing to update'} (${Math.round(performance.now() - started)} ms)`,
    );
  }

  /**
   * After `.mdx` pages or the site files they import changed: the pages importing a changed
   * file render again (`changedRoutes`); when the site's islands may have changed (other
   * components, or new code of one), the client is bundled again. True when every page must reload.
   */
  private async applyMdxChanges(
    plan: { mdxInputs: string[]; mdxPages: boolean },
    changedRoutes: Set<string>,
  ): Promise<boolean> {
    const inputs = plan.mdxInputs;
    for (const [key, files] of this.mdxInputs)
      if (files.some((f) => inputs.includes(f))) changedRoutes.add(key);
    if (!inputs.length && !plan.mdxPages) return false;
    const islands = await scanIslands(this.root, this.mdxSetup).catch(() => undefined);
    const ids = islands?.map((i) => i.id).join(',');
    if (ids === undefined || (ids === this.islandIds && !(inputs.length && ids))) return false;
    await this.rebundleClient(false);
    return true;
  }

  /** Re-reads changed docs one by one: the rest of the site is not read again. */
  private applyDocChanges(
    changes: FileChange[],
    changedRoutes: Set<string>,
    before: SiteModel | undefined,
  ): void {
    const docs = [...this.sources!.docs];
    for (const change of changes) {
      const rel = relative(this.root, change.path).split(sep).join('/');
      if (change.event === 'unlinkDir') {
        const prefix = change.path + sep;
        for (let i = docs.length - 1; i >= 0; i--) {
          if (!docs[i]!.absPath.startsWith(prefix)) continue;
          for (const r of routesOfFile(docs[i]!.absPath, [before, this.model]))
            changedRoutes.add(r);
          docs.splice(i, 1);
        }
        this.clearErrors(`content:${rel}/`);
        continue;
      }
      const at = docs.findIndex((d) => d.absPath === change.path);
      if (change.event === 'unlink') {
        if (at >= 0) docs.splice(at, 1);
        for (const r of routesOfFile(change.path, [before, this.model])) changedRoutes.add(r);
        this.setErrors(`content:${rel}`, undefined);
        continue;
      }
      try {
        const doc = loadDoc(
          this.root,
          change.path,
          this.config.docs.routeBasePath,
          this.config.pageSizeLimitKb,
        );
        // Its old route too: a changed slug moves the page.
        for (const r of routesOfFile(change.path, [before, this.model])) changedRoutes.add(r);
        this.setErrors(`content:${rel}`, undefined);
        if (at >= 0) docs[at] = doc;
        else docs.push(doc);
        changedRoutes.add(routeKey(doc.route));
      } catch (err) {
        this.report(`content:${rel}`, err);
      }
    }
    docs.sort(byWalkOrder);
    this.setSources({ ...this.sources!, docs });
  }
}
