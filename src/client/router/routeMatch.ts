/**
 * Route matching without a manifest (spec §9, behaviours B22, B24). A route exists when
 * its content file answers 200; the answers for each path are memoised in a bounded cache.
 */
import { stripBaseUrl } from '../../shared/baseUrl';

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

const decode = (s: string) => {
  try {
    return decodeURI(s);
  } catch {
    return s;
  }
};

/** Whether a pathname is under the base URL (the base without its trailing slash counts). */
export function isUnderBase(pathname: string, baseUrl: string): boolean {
  return pathname.startsWith(baseUrl) || pathname + '/' === baseUrl;
}

/** The route a pathname asks for: base URL removed, decoded, trailing slash dropped (`/` stays). */
export function routeOfPathname(pathname: string, baseUrl: string): string {
  const r = decode(stripBaseUrl(pathname, baseUrl)).replace(/\/+$/, '');
  return r === '' ? '/' : r;
}

const HTML_SUFFIX = /(?:\/index)?\.html$/;

/** B22: `/a/index.html` and `/a.html` → `/a`; an empty result is `/`. Returns the route unchanged when it has no such suffix. */
export function stripHtmlSuffix(route: string): string {
  if (!HTML_SUFFIX.test(route)) return route;
  return route.replace(HTML_SUFFIX, '') || '/';
}

/**
 * The routes to try for a requested route, in order: the exact route, then the route
 * without an `.html` suffix (B22). `known` holds routes already known to exist (links
 * of loaded pages, sidebars); a known stripped route skips probing the exact one, and
 * `exactMissing` says the server already answered the exact path with its 404 page.
 */
export function candidateRoutes(route: string, known: ReadonlySet<string>, exactMissing = false): string[] {
  const stripped = stripHtmlSuffix(route);
  if (stripped === route) return exactMissing ? [] : [route];
  if (exactMissing || (known.has(stripped) && !known.has(route))) return [stripped];
  return [route, stripped];
}
