/**
 * The home page of a site without one of its own (no `pages/index.*`, no doc at `/`): a
 * landing page generated from the config and the docs, so that `/` — where the navbar
 * brand, the breadcrumbs' home icon and the 404 page's "Home page" button all lead — is
 * never a 404.
 */
import { renderToString } from 'react-dom/server';
import type { ClientSiteConfig } from '../../shared/config';
import type { PageData, SidebarItem } from '../../shared/pageData';
import { SiteProvider } from '../../../templates/siteContext';
import { GeneratedHome, type HomeSection } from '../../../templates/home/GeneratedHome';
import type { LoadedSources } from '../content/loadSources';
import type { FoundLink } from '../markdown/rehypeLinks';
import type { MainDoc } from '../site/mainDoc';

export const GENERATED_HOME_ID = 'home:generated';

/** The generated home's route, when the site has no page or doc at `/`. */
export function generatedHomeRoutes(sources: LoadedSources): { route: string; id: string }[] {
  const taken = [...sources.docs, ...sources.pages].some((s) => s.route === '/');
  return taken ? [] : [{ route: '/', id: GENERATED_HOME_ID }];
}

/** A card per top-level sidebar item (at most six), described by its doc's description. */
function sections(
  items: SidebarItem[],
  descriptions: { get(route: string): string | undefined },
): HomeSection[] {
  // A sidebar of one category (docs.sidebarRoot) is read from inside it.
  const top = items.length === 1 && items[0]!.type === 'category' ? items[0]!.items : items;
  const out: HomeSection[] = [];
  for (const item of top) {
    const own = item.href?.startsWith('/') ? item.href : undefined; // not an external link
    const href = own ?? (item.type === 'category' ? flatFirst(item.items) : undefined);
    if (!href) continue;
    out.push({ title: item.label, href, description: descriptions.get(href) });
    if (out.length === 6) break;
  }
  return out;
}

/**
 * A doc's first paragraph as plain text, from its markdown (a card's description when the
 * doc has no front matter `description`): good enough for a teaser, at most 140 characters.
 */
export function leadOf(markdown: string): string | undefined {
  const lines: string[] = [];
  let fence = false;
  for (const raw of markdown.split('\n')) {
    const line = raw.trim();
    if (/^(```|~~~)/.test(line)) fence = !fence;
    if (fence || /^(```|~~~)/.test(line)) {
      if (lines.length) break;
      continue;
    }
    const prose = line && !/^(#|:::|<|import\s|export\s|[|>*+-]\s|\d+\.\s|!\[|---$)/.test(line);
    if (prose) lines.push(line);
    else if (lines.length) break;
  }
  const text = lines
    .join(' ')
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[*_`]+/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  if (!text) return undefined;
  return text.length > 140 ? text.slice(0, 137).replace(/\s+\S*$/, '') + '…' : text;
}

export function flatFirst(items: SidebarItem[]): string | undefined {
  for (const item of items) {
    if (item.href?.startsWith('/')) return item.href;
    if (item.type === 'category') {
      const found = flatFirst(item.items);
      if (found) return found;
    }
  }
  return undefined;
}

/** The generator of the home page (see `RenderContext.generated`). */
export function generatedHome(input: {
  clientConfig: ClientSiteConfig;
  sidebar: SidebarItem[];
  sources: LoadedSources;
  mainDoc: MainDoc | undefined;
}): () => Promise<{ page: Omit<PageData, 'links'>; html: string; links: FoundLink[] }> {
  return async () => {
    const docs = new Map(input.sources.docs.map((d) => [d.route, d]));
    const descriptions = {
      get: (route: string) => {
        const doc = docs.get(route);
        return doc && (doc.description ?? leadOf(doc.body));
      },
    };
    const cards = sections(input.sidebar, descriptions);
    const start = input.mainDoc?.route;
    const html = renderToString(
      <SiteProvider value={{ config: input.clientConfig, sidebars: {} }}>
        <GeneratedHome start={start} sections={cards} />
      </SiteProvider>,
    );
    const routes = [...new Set([...(start ? [start] : []), ...cards.map((c) => c.href)])];
    return {
      page: {
        route: '/',
        kind: 'home',
        title: '',
        description: input.clientConfig.tagline || undefined,
        toc: [],
        breadcrumbs: [],
      },
      html,
      links: routes.map((route) => ({ route, hash: '', raw: route })),
    };
  };
}
