import type { SidebarCategory } from '../../shared/pageData';
import { normaliseRoute } from './routes';

/**
 * A category's generated index page (Docusaurus's `link: { type: 'generated-index' }`):
 * a page listing the category's items as cards, at `<docs base>/category/<label>` or
 * the link's `slug`.
 */
export interface CategoryIndexPage {
  route: string;
  title: string;
  description?: string;
  /** The sidebar the category is in (the page shows it). */
  sidebarId: string;
  category: SidebarCategory;
}

/** Collects the index pages sidebars ask for while they are built. */
export interface CategoryIndexes {
  /** Where docs are served (config `docs.routeBasePath`). */
  routeBasePath: string;
  /** The sidebar being built. */
  sidebarId: string;
  pages: CategoryIndexPage[];
}

/** `Getting Started!` → `getting-started`: how a label becomes the default slug. */
export function labelSlug(label: string): string {
  return (
    label
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, '-')
      .replace(/^-+|-+$/g, '') || 'category'
  );
}

/** The `link` of a category as written (`sidebars.js` or `_category_.json`), when it asks for a generated index. */
export interface GeneratedIndexLink {
  type: 'generated-index';
  title?: unknown;
  description?: unknown;
  slug?: unknown;
}

/**
 * Records the index page of `category` (its `href` is set to the page's route) and
 * returns the route. The first category asking for a route has it.
 */
export function addCategoryIndex(
  indexes: CategoryIndexes,
  category: SidebarCategory,
  link: GeneratedIndexLink,
): string {
  const slug =
    typeof link.slug === 'string' && link.slug.trim()
      ? link.slug.trim()
      : `/category/${labelSlug(category.label)}`;
  const route = normaliseRoute(`${indexes.routeBasePath}/${slug.replace(/^\/+/, '')}`) || '/';
  category.href = route;
  if (!indexes.pages.some((p) => p.route === route))
    indexes.pages.push({
      route,
      title: typeof link.title === 'string' && link.title ? link.title : category.label,
      description: typeof link.description === 'string' ? link.description : undefined,
      sidebarId: indexes.sidebarId,
      category,
    });
  return route;
}
