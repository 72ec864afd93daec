/**
 * Route matching without a manifest (spec §9, behaviour B22): pathnames to routes. The
 * content loader's side (candidates to try, the bounded memo of answers, B24) is in
 * ./matchCache.ts, part of the lazily loaded navigation chunk.
 */
import { stripBaseUrl } from '../../shared/baseUrl';

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
