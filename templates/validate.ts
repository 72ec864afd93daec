import { use } from 'react';
import type { PageData, SidebarItem } from '../src/shared/pageData';

/**
 * Checks of the data templates render (behaviours B52): page data and sidebar items come
 * from the build, inline or in fetched files, and a malformed one (corrupted, or from
 * another dfdocs version) must crash the page with an error chain saying what is wrong.
 * The checks here only answer "well-formed or not" (the same rules as ./checkPageData.ts
 * and ./layout/checkSidebarItems.ts); the code that words the error is a chunk of its
 * own, loaded only when something is wrong: rendering suspends for it, then throws.
 */
const details = () => import('./validationErrors');
let detailsLoad: ReturnType<typeof details> | undefined;
const loadDetails = () => (detailsLoad ??= details());

const KINDS = ['doc', 'page', 'home', 'api', 'notFound'];
type Loose = Record<string, unknown> | null | undefined;
const isRoute = (v: unknown) => typeof v === 'string' && v.startsWith('/');
const isString = (v: unknown) => typeof v === 'string';

function pageLooksValid(page: unknown): boolean {
  const p = page as Loose;
  return (
    typeof p === 'object' &&
    !!p &&
    isRoute(p.route) &&
    KINDS.includes(p.kind as string) &&
    isString(p.title) &&
    Array.isArray(p.toc) &&
    p.toc.every(
      (t: Loose) => !!t && isString(t.id) && isString(t.value) && typeof t.level === 'number',
    ) &&
    Array.isArray(p.breadcrumbs)
  );
}

function itemLooksValid(item: unknown): boolean {
  const o = item as Loose;
  if (typeof o !== 'object' || !o || !isString(o.label) || !o.label) return false;
  // A route, or an external URL (an authored sidebar's `link` item).
  if (o.type === 'link') return isRoute(o.href) || /^\w+:/.test(o.href as string);
  return (
    o.type === 'category' && (o.href === undefined || isRoute(o.href)) && Array.isArray(o.items)
  );
}

/** Throws the error chain of malformed page data (see ./checkPageData.ts). Call it while rendering. */
export function usePageDataCheck(page: unknown): asserts page is PageData {
  if (!pageLooksValid(page)) (use(loadDetails()).checkPageData as (page: unknown) => void)(page);
}

/** Throws the error chain of malformed sidebar items (see ./layout/checkSidebarItems.ts). Call it while rendering. */
export function useSidebarItemsCheck(
  items: unknown,
  owner: string,
): asserts items is SidebarItem[] {
  if (!Array.isArray(items) || !items.every(itemLooksValid))
    (use(loadDetails()).checkSidebarItems as (items: unknown, owner: string) => void)(items, owner);
}
