/**
 * Loads route content files (`contentFileOf(route)`) and sidebar files, memoising
 * them, and resolves a pathname to the page to show: exact route, then the route
 * without an `.html` suffix (B22), else the not-found page. A route exists when its
 * content file answers 200; a 404 answer means it does not.
 */
import { withBaseUrl } from '../../shared/baseUrl';
import {
  contentFileOf,
  sidebarFileOf,
  type ContentFile,
  type PageData,
  type SidebarItem,
  type SidebarsData,
} from '../../shared/pageData';
import { BoundedCache, candidateRoutes } from './matchCache';
import { routeOfPathname } from './routeMatch';

export type LoadedPage = PageData & { html: string };

/** What a navigation needs to commit: the page and the sidebars (with the page's own). */
export interface LoadedRoute {
  page: LoadedPage;
  sidebars: SidebarsData;
}

export interface ContentLoader {
  /** URL of a route's content file (base URL applied). */
  urlOf(route: string): string;
  /** Loads everything the page at `pathname` needs; `sidebars` are those already loaded. Rejects on network or server errors. */
  load(
    pathname: string,
    sidebars: SidebarsData,
    options?: { exactMissing?: boolean },
  ): Promise<LoadedRoute>;
  /** `sidebars` plus the page's own sidebar, loaded if missing (a large sidebar is not inlined in the page). */
  withSidebar(page: PageData, sidebars: SidebarsData): Promise<SidebarsData>;
  /** Loads a route's content and sidebar ahead of a likely click (B31). */
  warm(route: string): Promise<unknown>;
  /** Whether a route's content is already in memory (B29: no prefetch then). */
  isLoaded(route: string): boolean;
  /** Records a page already shown (the server-rendered one), so it is never fetched. */
  seed(page: LoadedPage, sidebars: SidebarsData): void;
  /** Forgets the content loaded so far (`dfdocs dev` changed a page). */
  clear(): void;
}

/** Routes a page links to from its body and its chrome: the prefetch hints (B29–B32) and known routes. */
export function linkedRoutes(page: PageData, sidebar?: SidebarItem[]): Set<string> {
  const out = new Set(page.links);
  for (const l of [...page.breadcrumbs, page.previous, page.next]) if (l?.href) out.add(l.href);
  const walk = (items: SidebarItem[]) => {
    for (const i of items) {
      if (i.href) out.add(i.href);
      if (i.type === 'category') walk(i.items);
    }
  };
  if (sidebar) walk(sidebar);
  out.delete(page.route);
  return out;
}

/** Content files kept in memory at most (oldest dropped first). */
const PAGE_CACHE_LIMIT = 100;

export function createContentLoader(
  baseUrl: string,
  fetchImpl: typeof fetch = (...a) => fetch(...a),
): ContentLoader {
  const pages = new Map<string, Promise<LoadedPage | null>>();
  const loaded = new Set<string>();
  const sidebarFiles = new Map<string, Promise<SidebarItem[]>>();
  /** Requested route → matched route, '' for none (B24: bounded). */
  const matches = new BoundedCache<string>();
  /** Routes known to exist: linked from pages or sidebars already loaded. */
  const known = new Set<string>();

  const urlOf = (file: string) => withBaseUrl('/' + encodeURI(file), baseUrl);

  async function getJson<T>(file: string): Promise<T | null> {
    const url = urlOf(file);
    const res = await fetchImpl(url);
    if (res.status === 404) return null;
    if (!res.ok) throw new Error(`Failed to load ${url}: HTTP ${res.status}`);
    return (await res.json()) as T;
  }

  function learn(page: PageData, sidebar?: SidebarItem[]) {
    known.add(page.route);
    for (const r of linkedRoutes(page, sidebar)) known.add(r);
  }

  function page(route: string): Promise<LoadedPage | null> {
    let p = pages.get(route);
    if (!p) {
      p = getJson<ContentFile>(contentFileOf(route)).then((c) => {
        if (!c) return null;
        learn(c.page);
        loaded.add(route);
        return c.page;
      });
      // A failure is not remembered: the next attempt loads again.
      p.catch(() => pages.delete(route));
      pages.set(route, p);
      if (pages.size > PAGE_CACHE_LIMIT) {
        const oldest = pages.keys().next().value!;
        pages.delete(oldest);
        loaded.delete(oldest);
      }
    }
    return p;
  }

  function sidebar(id: string): Promise<SidebarItem[]> {
    let p = sidebarFiles.get(id);
    if (!p) {
      p = getJson<SidebarItem[]>(sidebarFileOf(id)).then((items) => {
        if (!items) throw new Error(`Missing sidebar file ${urlOf(sidebarFileOf(id))}`);
        return items;
      });
      p.catch(() => sidebarFiles.delete(id));
      sidebarFiles.set(id, p);
    }
    return p;
  }

  async function withSidebar(p: PageData, sidebars: SidebarsData): Promise<SidebarsData> {
    const id = p.sidebarId;
    if (!id || sidebars[id]) return sidebars;
    const items = await sidebar(id);
    learn(p, items);
    return { ...sidebars, [id]: items };
  }

  async function resolve(pathname: string, exactMissing: boolean): Promise<LoadedPage> {
    const route = routeOfPathname(pathname, baseUrl);
    const memo = matches.get(route);
    let found: LoadedPage | null = null;
    if (memo !== undefined) {
      if (memo) found = await page(memo);
    } else {
      for (const candidate of candidateRoutes(route, known, exactMissing)) {
        found = await page(candidate);
        if (found) break;
      }
      matches.set(route, found ? found.route : '');
    }
    return (
      found ??
      (await page('/404')) ??
      Promise.reject(new Error(`Missing ${urlOf(contentFileOf('/404'))}`))
    );
  }

  return {
    urlOf: (route) => urlOf(contentFileOf(route)),
    async load(pathname, sidebars, options = {}) {
      const found = await resolve(pathname, options.exactMissing ?? false);
      return { page: found, sidebars: await withSidebar(found, sidebars) };
    },
    withSidebar,
    async warm(route) {
      const p = await page(route);
      if (p?.sidebarId) await sidebar(p.sidebarId);
    },
    isLoaded: (route) => loaded.has(route),
    seed(p, sidebars) {
      pages.set(p.route, Promise.resolve(p));
      loaded.add(p.route);
      learn(p, p.sidebarId ? sidebars[p.sidebarId] : undefined);
      for (const [id, items] of Object.entries(sidebars))
        sidebarFiles.set(id, Promise.resolve(items));
    },
    clear() {
      pages.clear();
      loaded.clear();
    },
  };
}
