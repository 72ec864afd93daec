import type { SidebarItem } from '../../shared/pageData';
import { withBaseUrl } from '../../shared/baseUrl';
import type {
  PrerenderedSidebars,
  SidebarShape,
} from '../../../templates/layout/prerenderedSidebar';

/**
 * Server-side reuse of a rendered sidebar across the pages of one category.
 *
 * A docs page's sidebar was ~30 % of its React render (1,000 pages: ~450 ms of ~1.4 s of
 * CPU), and the pages of a category render the same sidebar but for their current link.
 * So the server keeps the sidebar's inner HTML from one page and, for the next page
 * whose sidebar has the same shape, moves the current-link marks instead of rendering it.
 *
 * "The same shape" is the key: the items (by identity), the base URL, the class name, the
 * sidebar's place in the React tree (its `useId`: the ids of its categories derive from it,
 * so equal ids follow) and the categories that hold the page (those are expanded and
 * marked as the active trail). Pages that are a category's own page are never reused.
 * The marks are moved only when the strings found match what the items predict, link for
 * link; anything else renders as usual. The template asks for it through
 * `PrerenderedSidebarContext` (templates/layout/prerenderedSidebar.ts), which
 * `renderDocument` provides; the client provides nothing and renders.
 */
export class SidebarHtmlCache implements PrerenderedSidebars {
  private readonly entries = new Map<string, { inner: string; current: number }>();
  private readonly itemIds = new WeakMap<SidebarItem[], number>();
  private nextItemsId = 0;
  /** The sidebar the current render left to capture (see `capture`). */
  private pending: { key: string; open: string; current: number } | undefined;

  /** Sidebars served from the cache so far. */
  reused = 0;

  /** `limit`: shapes kept (pages render in sidebar order, so a category's pages come together). */
  constructor(private readonly limit = 4) {}

  /** The sidebar's inner HTML for `route`, or undefined (render it; `capture` then keeps it). */
  lookup(shape: SidebarShape, route: string): string | undefined {
    this.pending = undefined;
    let trail: ReturnType<typeof trailOf>;
    try {
      trail = trailOf(shape.items, route);
    } catch {
      return undefined; // malformed items: the render reports them
    }
    if (trail === undefined) return undefined;
    const open = `<nav class="${escapeAttribute(shape.className)}" aria-label="Docs sidebar">`;
    let id = this.itemIds.get(shape.items);
    if (id === undefined) this.itemIds.set(shape.items, (id = this.nextItemsId++));
    const key = [id, shape.baseUrl, shape.className, shape.treeId, trail.paths].join('\n');
    const entry = this.entries.get(key);
    if (!entry) {
      this.pending = { key, open, current: trail.current };
      return undefined;
    }
    const inner = moveCurrentMarks(entry, withBaseUrl(route, shape.baseUrl), trail.current);
    if (inner !== undefined) this.reused++;
    return inner;
  }

  /** Keeps the sidebar of the page just rendered (its full HTML), when `lookup` asked for it. */
  capture(html: string): void {
    const pending = this.pending;
    this.pending = undefined;
    if (!pending) return;
    const start = html.indexOf(pending.open);
    if (start < 0 || html.indexOf(pending.open, start + 1) >= 0) return;
    const from = start + pending.open.length;
    const end = html.indexOf('</nav>', from);
    if (end < 0) return;
    if (this.entries.size >= this.limit) this.entries.delete(this.entries.keys().next().value!);
    // A copy of its own: a slice would keep the whole page's HTML alive while the entry
    // lives (V8 slices point into their parent; a 2 MB markdown page: 22 MB held).
    const inner = JSON.parse(JSON.stringify(html.slice(from, end))) as string;
    this.entries.set(pending.key, { inner, current: pending.current });
  }
}

/**
 * The categories holding `route` (as index paths) and how many plain links point at it, or
 * undefined when the route is a category's own page (its category renders differently).
 */
function trailOf(
  items: SidebarItem[],
  route: string,
): { paths: string; current: number } | undefined {
  const paths: string[] = [];
  let current = 0;
  let categoryPage = false;
  const visit = (list: SidebarItem[], prefix: string): boolean => {
    let holds = false;
    list.forEach((item, i) => {
      if (item.type === 'link') {
        if (item.href === route) {
          current++;
          holds = true;
        }
        return;
      }
      if (item.href === route) categoryPage = true;
      const path = prefix + i;
      if (visit(item.items, path + '/')) {
        paths.push(path);
        holds = true;
      }
    });
    return holds;
  };
  visit(items, '');
  return categoryPage ? undefined : { paths: paths.join(' '), current };
}

const CURRENT_MARKS = ' menu__link--active" aria-current="page"';

/** React's escaping of an attribute value. */
const escapeAttribute = (s: string) =>
  s.replace(
    /[&"'<>]/g,
    (c) => ({ '&': '&amp;', '"': '&quot;', "'": '&#x27;', '<': '&lt;', '>': '&gt;' })[c]!,
  );

/**
 * The kept sidebar with its current-link marks moved to `href`'s `current` links, or
 * undefined when the HTML does not hold exactly the links the items predict.
 */
function moveCurrentMarks(
  entry: { inner: string; current: number },
  href: string,
  current: number,
): string | undefined {
  const parts = entry.inner.split(CURRENT_MARKS);
  if (parts.length - 1 !== entry.current) return undefined;
  const unmarked = parts.join('"');
  const link = `<a href="${escapeAttribute(href)}" class="menu__link"`;
  const pieces = unmarked.split(link + '>');
  if (pieces.length - 1 !== current) return undefined;
  return pieces.join(`<a href="${escapeAttribute(href)}" class="menu__link${CURRENT_MARKS}>`);
}
