/**
 * Base-URL helper (behaviours B60), shared by the build and the browser.
 * Leaves empty, hash-only and external values unchanged and never prefixes twice.
 */
const EXTERNAL = /^(\w*:|\/\/)/;

/** An external URL (`https:`, `mailto:`, protocol-relative `//host`): left as it is. */
export const isExternalUrl = (value: string) => EXTERNAL.test(value);

export interface WithBaseOptions {
  /** Prefix the site origin too (for canonical and social URLs). */
  absolute?: boolean;
  /** Site origin, required with `absolute`. */
  siteUrl?: string;
}

export function withBaseUrl(value: string, baseUrl: string, options: WithBaseOptions = {}): string {
  if (value === '' || value.startsWith('#') || isExternalUrl(value)) return value;
  const withoutSlash = baseUrl.endsWith('/') ? baseUrl.slice(0, -1) : baseUrl;
  let path: string;
  if (value === withoutSlash) path = baseUrl;
  else if (value.startsWith(baseUrl)) path = value;
  else path = baseUrl + value.replace(/^\//, '');
  return options.absolute ? (options.siteUrl ?? '').replace(/\/$/, '') + path : path;
}

/** Removes the base URL from a pathname, returning a route starting with `/`. */
export function stripBaseUrl(pathname: string, baseUrl: string): string {
  if (baseUrl === '/') return pathname;
  if (pathname.startsWith(baseUrl)) return '/' + pathname.slice(baseUrl.length);
  if (pathname + '/' === baseUrl) return '/';
  return pathname;
}
