import type { SiteConfig } from '../../shared/config';
import type { PageLink, SidebarItem, SidebarsData } from '../../shared/pageData';
import type { Diagnostic } from '../diagnostics';
import type { LoadedSources } from '../content/loadSources';
import type { DocSource, PageSource } from '../content/sources';
import { generateSidebar, flattenSidebar } from '../content/sidebar';
import { buildAuthoredSidebars } from '../content/authoredSidebar';
import type { CategoryIndexes, CategoryIndexPage } from '../content/categoryIndex';

/** One route of the site and what produces it. */
export type RouteEntry =
  | { route: string; kind: 'doc'; source: DocSource; sidebarId?: string }
  | { route: string; kind: 'page' | 'home'; source: PageSource }
  | { route: string; kind: 'generated'; id: string };

/** Everything known about the site before any page is rendered: small, per-page metadata only. */
export interface SiteModel {
  routes: RouteEntry[];
  /** Source path (relative to root) → route, for rewriting `.md` links. */
  routeOfSource: Map<string, string>;
  sidebars: SidebarsData;
  /** Reading order of the docs sidebar, for previous/next. */
  order: Map<string, PageLink[]>;
  warnings: Diagnostic[];
  /** The categories' generated index pages (Docusaurus `link: { type: 'generated-index' }`). */
  categoryIndexes: CategoryIndexPage[];
}

/** The generator id of a category's index page. */
export const categoryIndexId = (route: string) => `category-index:${route}`;

/** Whether a generator id is a category index page's. */
export const isCategoryIndexId = (id: string) => id.startsWith('category-index:');

export const DOCS_SIDEBAR = 'docs';

/**
 * Builds the route table and sidebars (the site's authored sidebars, `docs.sidebars`, or
 * the one generated from the docs folder); reports duplicate routes (B63) and sidebar
 * items that name no doc as warnings. `root` and `configFile` locate those in the files.
 */
export function buildSiteModel(
  sources: LoadedSources,
  config: SiteConfig,
  generated: { route: string; id: string }[] = [],
  where: { root: string; configFile: string } = { root: '', configFile: 'dfdocs.config.ts' },
): SiteModel {
  const warnings: Diagnostic[] = [];
  let sidebars: SidebarsData;
  const indexes: CategoryIndexes = {
    routeBasePath: config.docs.routeBasePath ?? '/docs',
    sidebarId: DOCS_SIDEBAR,
    pages: [],
  };
  const inputs = { categories: sources.categories, indexes, warnings };
  if (config.docs.sidebars) {
    const authored = buildAuthoredSidebars(config.docs.sidebars, sources.docs, inputs, {
      root: where.root,
      file: config.docs.sidebarPath ?? where.configFile,
    });
    sidebars = authored.sidebars;
    warnings.push(...authored.warnings);
  } else {
    const items = generateSidebar(sources.docs, inputs, config.docs.sidebarRoot);
    sidebars = items.length ? { [DOCS_SIDEBAR]: items } : {};
  }
  // Categories' generated index pages are routes like the others (after the docs: a doc wins its route).
  generated = [
    ...generated,
    ...indexes.pages.map((p) => ({ route: p.route, id: categoryIndexId(p.route) })),
  ];
  const routes: RouteEntry[] = [];
  const routeOfSource = new Map<string, string>();
  // The sidebar listing each route first, once: asking the trees for each doc was quadratic (10,000 pages: 2.3 s).
  const listedIn = new Map<string, string>();
  for (const [id, items] of Object.entries(sidebars))
    for (const link of flattenSidebar(items))
      if (!listedIn.has(link.href)) listedIn.set(link.href, id);
  for (const doc of sources.docs) {
    routeOfSource.set(doc.sourcePath, doc.route);
    routes.push({
      route: doc.route,
      kind: 'doc',
      source: doc,
      sidebarId: listedIn.get(doc.route),
    });
  }
  for (const page of sources.pages) {
    routeOfSource.set(page.sourcePath, page.route);
    routes.push({ route: page.route, kind: page.route === '/' ? 'home' : 'page', source: page });
  }
  for (const g of generated) routes.push({ route: g.route, kind: 'generated', id: g.id });

  const seen = new Map<string, RouteEntry>();
  const unique: RouteEntry[] = [];
  for (const r of routes) {
    const key = r.route.replace(/\/$/, '') || '/';
    const first = seen.get(key);
    if (first) {
      const file = r.kind === 'generated' ? undefined : r.source.sourcePath;
      warnings.push({
        code: 'DuplicateRoute',
        severity: 'warning',
        message: `Duplicate routes found! Attempting to create page at url=${r.route}, but a page already exists at this route.`,
        hint: `give one of them another \`slug\` (the first is ${first.kind === 'generated' ? first.id : first.source.sourcePath})`,
        file,
        line: 1,
        column: 1,
      });
      continue;
    }
    seen.set(key, r);
    unique.push(r);
  }
  const order = new Map<string, PageLink[]>();
  for (const [id, items] of Object.entries(sidebars)) order.set(id, flattenSidebar(items));
  return {
    routes: unique,
    routeOfSource,
    sidebars,
    order,
    warnings,
    categoryIndexes: indexes.pages,
  };
}

/** Breadcrumbs (category trail) and previous/next links of a doc in its sidebar. */
export function docNeighbours(
  model: SiteModel,
  sidebarId: string | undefined,
  route: string,
): { breadcrumbs: PageLink[]; previous?: PageLink; next?: PageLink } {
  if (!sidebarId) return { breadcrumbs: [] };
  const items: SidebarItem[] = model.sidebars[sidebarId] ?? [];
  const breadcrumbs = (trailsOf(items).get(route) ?? []).filter((b) => b.href !== route);
  const order = model.order.get(sidebarId) ?? [];
  const i = positionsOf(order).get(route) ?? -1;
  return {
    breadcrumbs,
    previous: i > 0 ? order[i - 1] : undefined,
    next: i >= 0 && i < order.length - 1 ? order[i + 1] : undefined,
  };
}

// Looked up once per sidebar, not searched for each page: searching was quadratic in the
// number of pages (10,000 pages: 10,000 walks of a 10,000-item tree).
const trails = new WeakMap<SidebarItem[], Map<string, PageLink[]>>();
const positions = new WeakMap<PageLink[], Map<string, number>>();

/** Each listed route's category trail, outermost first (categories with a page name it; the first listing wins). */
function trailsOf(items: SidebarItem[]): Map<string, PageLink[]> {
  let map = trails.get(items);
  if (!map) {
    const found = new Map<string, PageLink[]>();
    const walk = (list: SidebarItem[], trail: PageLink[]): void => {
      for (const item of list) {
        if (item.href !== undefined && !found.has(item.href)) found.set(item.href, trail);
        if (item.type === 'category')
          walk(item.items, [...trail, { title: item.label, href: item.href ?? '' }]);
      }
    };
    walk(items, []);
    trails.set(items, (map = found));
  }
  return map;
}

/** Each route's first position in a reading order. */
function positionsOf(order: PageLink[]): Map<string, number> {
  let map = positions.get(order);
  if (!map) {
    map = new Map();
    for (let i = order.length - 1; i >= 0; i--) map.set(order[i]!.href, i);
    positions.set(order, map);
  }
  return map;
}
