/**
 * What the content loader tries for a pathname and how it remembers the answers (B22, B24).
 * A route exists when its content file answers 200; the answers for each path are
 * memoised in a bounded cache.
 */
import { stripHtmlSuffix } from './routeMatch';

/** B24: the match cache holds at most this many entries. */
export const MATCH_CACHE_LIMIT = 10000;

/**
 * A memo that stops growing at `limit` entries: past that, values are computed again
 * on every call and never cached, and nothing is evicted (B24, like Docusaurus's
 * `matchPath` pattern cache).
 */
export class BoundedCache<V> {
  private readonly map = new Map<string, V>();
  constructor(readonly limit = MATCH_CACHE_LIMIT) {}
  get size(): number {
    return this.map.size;
  }
  get(key: string): V | undefined {
    return this.map.get(key);
  }
  /** Stores the value if there is room (or the key is already cached); returns whether it did. */
  set(key: string, value: V): boolean {
    if (this.map.size >= this.limit && !this.map.has(key)) return false;
    this.map.set(key, value);
    return true;
  }
}

/**
 * The routes to try for a requested route, in order: the exact route, then the route
 * without an `.html` suffix (B22). `known` holds routes already known to exist (links
 * of loaded pages, sidebars); a known stripped route skips probing the exact one, and
 * `exactMissing` says the server already answered the exact path with its 404 page.
 */
export function candidateRoutes(
  route: string,
  known: ReadonlySet<string>,
  exactMissing = false,
): string[] {
  const stripped = stripHtmlSuffix(route);
  if (stripped === route) return exactMissing ? [] : [route];
  if (exactMissing || (known.has(stripped) && !known.has(route))) return [stripped];
  return [route, stripped];
}
