/**
 * Route matching without a manifest (spec §9, behaviour B22): pathnames to routes. Part
 * of the lazily loaded navigation chunk, as is the content loader's side (candidates to
 * try, the bounded memo of answers, B24) in ./matchCache.ts; which links are the
 * router's is in ./links.ts, in the first load.
 */
import { stripBaseUrl } from '../../shared/baseUrl';
import { routerUrlOf } from './links';

const decode = (s: string) => {
  try {
    return decodeURI(s);
  } catch {
    return s;
  }
};

/** The route a pathname asks for: base URL removed, decoded, trailing slash dropped (`/` stays). */
export function routeOfPathname(pathname: string, baseUrl: string): string {
  const r = decode(stripBaseUrl(pathname, baseUrl)).replace(/\/+$/, '');
  return r === '' ? '/' : r;
}

/** The route a link leads to, or null when it is not a router link. */
export function routeOfHref(href: string | null, here: string, baseUrl: string): string | null {
  const url = routerUrlOf(href, here, baseUrl);
  return url ? routeOfPathname(url.pathname, baseUrl) : null;
}

const HTML_SUFFIX = /(?:\/index)?\.html$/;

/** B22: `/a/index.html` and `/a.html` → `/a`; an empty result is `/`. Returns the route unchanged when it has no such suffix. */
export function stripHtmlSuffix(route: string): string {
  if (!HTML_SUFFIX.test(route)) return route;
  return route.replace(HTML_SUFFIX, '') || '/';
}
