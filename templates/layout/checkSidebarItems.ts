import type { SidebarItem } from '../../src/shared/pageData';

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'string')
    return JSON.stringify(value.length > 40 ? value.slice(0, 37) + '…' : value);
  return typeof value === 'object' ? 'an object' : String(value);
}

/** What is wrong with one sidebar item, or undefined when it is well-formed. */
export function sidebarItemProblem(item: unknown): string | undefined {
  if (typeof item !== 'object' || item === null) return `expected an object, got ${describe(item)}`;
  const o = item as Record<string, unknown>;
  if (typeof o.label !== 'string' || !o.label)
    return `expected "label" to be a non-empty string, got ${describe(o.label)}`;
  if (o.type === 'link') {
    // A route, or an external URL (an authored sidebar's `link` item).
    if (typeof o.href !== 'string' || !/^(\/|https?:|mailto:)/.test(o.href))
      return `expected "href" to be a route starting with "/" or a URL, got ${describe(o.href)}`;
    return undefined;
  }
  if (o.type === 'category') {
    if (o.href !== undefined && (typeof o.href !== 'string' || !o.href.startsWith('/')))
      return `expected "href" to be absent or a route starting with "/", got ${describe(o.href)}`;
    if (!Array.isArray(o.items)) return `expected "items" to be a list, got ${describe(o.items)}`;
    return undefined;
  }
  return `expected "type" to be "link" or "category", got ${describe(o.type)}`;
}

/**
 * Checks the items a sidebar list is about to render. Sidebar data arrives from the
 * build inline or in fetched files; when it is malformed (a corrupted or stale file)
 * the list throws an error whose cause chain says where and what, and the page's error
 * boundary shows it (behaviours B52) instead of a half-drawn menu.
 */
export function checkSidebarItems(items: unknown, owner: string): asserts items is SidebarItem[] {
  const fail = (cause: Error): never => {
    throw new Error(`Could not show ${owner}.`, { cause });
  };
  if (!Array.isArray(items))
    fail(new TypeError(`expected a list of sidebar items, got ${describe(items)}`));
  (items as unknown[]).forEach((item, i) => {
    const problem = sidebarItemProblem(item);
    if (!problem) return;
    const label =
      typeof (item as { label?: unknown } | null)?.label === 'string'
        ? ` ("${(item as { label: string }).label}")`
        : '';
    fail(new Error(`Its item ${i + 1}${label} is malformed.`, { cause: new TypeError(problem) }));
  });
}
