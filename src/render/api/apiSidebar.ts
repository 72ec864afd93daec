import type { SidebarCategory, SidebarItem } from '../../shared/pageData';
import { flattenSidebar } from '../content/sidebar';
import type { SiteModel } from '../site/siteModel';
import type { ApiEntry } from './reflections';

/** The id of the API reference's sidebar (the docs sidebar stays the getting-started pages'). */
export const API_SIDEBAR = 'api';

interface Section {
  title: string;
  entries: ApiEntry[];
}

const category = (label: string, items: SidebarItem[], href?: string): SidebarCategory => ({
  type: 'category',
  label,
  ...(href ? { href } : {}),
  items,
  collapsed: false,
});

const link = (e: ApiEntry): SidebarItem => ({ type: 'link', label: e.name, href: e.route });

/**
 * The API reference's own sidebar, so that moving from the guide into the API keeps the
 * same layout: one category linked to the index, holding the classes, the functions
 * (and constants) by the index's groups, and the types.
 */
export function apiSidebar(
  title: string,
  indexRoute: string,
  sections: Section[],
  isType: (e: ApiEntry) => boolean,
): SidebarItem[] {
  const classes = sections.flatMap((s) => s.entries.filter((e) => e.kind === 'class'));
  const groups = sections
    .map((s) => ({
      title: s.title,
      entries: s.entries.filter((e) => e.kind !== 'class' && !isType(e)),
    }))
    .filter((g) => g.entries.length);
  const types = sections.flatMap((s) => s.entries.filter(isType));
  const items: SidebarItem[] = [];
  if (classes.length) items.push(category('Classes', classes.map(link)));
  if (groups.length)
    items.push(
      category(
        'Functions',
        groups.map((g) => category(g.title, g.entries.map(link))),
      ),
    );
  if (types.length) items.push(category('Types', types.map(link)));
  return [category(title, items, indexRoute)];
}

/**
 * Adds the API sidebar to the site model, with its reading order: its pages then get
 * breadcrumbs and previous/next from it as docs pages do from theirs (see `routeBody`).
 */
export function addApiSidebar(model: SiteModel, sidebar: SidebarItem[] | undefined): void {
  if (!sidebar?.length) return;
  model.sidebars[API_SIDEBAR] = sidebar;
  model.order.set(API_SIDEBAR, flattenSidebar(sidebar));
}
