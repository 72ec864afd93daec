/**
 * The page contract: what the build writes for each route and what templates render.
 * `PageData` is serialised into each route's content file (`contentFileOf(route)`) and,
 * without `html`, inlined into the page for hydration (the client then reads the body
 * HTML from the server-rendered DOM instead of downloading it twice).
 */

/** One entry of a page's table of contents (h2–h3 by default). */
export interface TocItem {
  id: string;
  /** Heading text, plain. */
  value: string;
  level: number;
}

export type SidebarItem = SidebarLink | SidebarCategory;

export interface SidebarLink {
  type: 'link';
  label: string;
  /** Route without the base URL. */
  href: string;
  docId?: string;
}

export interface SidebarCategory {
  type: 'category';
  label: string;
  /** Route of the category's own page, when it has one. */
  href?: string;
  items: SidebarItem[];
  /** True when the category must start collapsed (spec: never, for the docs sidebar). */
  collapsed: boolean;
}

export interface PageLink {
  title: string;
  /** Route without the base URL. */
  href: string;
}

/** Which template renders the page. */
export type PageKind = 'doc' | 'page' | 'home' | 'api' | 'notFound';

export interface PageData {
  /** Route without the base URL, e.g. `/docs/intro` (`/` for home). */
  route: string;
  kind: PageKind;
  /** Page title without the site title (empty for the home page). */
  title: string;
  description?: string;
  /** Body HTML (server-rendered markdown or React page). Absent in the inline hydration copy. */
  html?: string;
  toc: TocItem[];
  /** Id of the sidebar shown beside the page, if any (see `SidebarsData`). */
  sidebarId?: string;
  breadcrumbs: PageLink[];
  previous?: PageLink;
  next?: PageLink;
  /** Absolute URL of the page's source for "Edit this page". */
  editUrl?: string;
  /** Path to the page's source file relative to the site root (for error messages). */
  sourcePath?: string;
  /** Routes (that exist) this page links to: the prefetch hints the client applies (B29–B32). */
  links: string[];
}

/** Sidebars by id, each a list of items. */
export type SidebarsData = Record<string, SidebarItem[]>;

/**
 * Where a route's content file lives, relative to the site root (no base URL): a path
 * derived from the route, so the client needs no manifest to find it and the file
 * keeps its name across builds (served with revalidation, not as immutable).
 */
export function contentFileOf(route: string): string {
  const r = route.replace(/\/$/, '');
  return `assets/data${r === '' ? '/index' : r}.json`;
}

/** Where a sidebar's file lives (fetched when a navigation reaches a page using it). */
export function sidebarFileOf(id: string): string {
  return `assets/data/_sidebars/${id}.json`;
}

/** What a route's content file holds. */
export interface ContentFile {
  page: PageData & { html: string };
}
