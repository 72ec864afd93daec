/** Which clicks and links belong to the router (behaviours B16). */

/** Whether a pathname is under the base URL (the base without its trailing slash counts). */
export function isUnderBase(pathname: string, baseUrl: string): boolean {
  return pathname.startsWith(baseUrl) || pathname + '/' === baseUrl;
}

/** A last path segment with an extension other than .html is a static file, not a page. */
const FILE = /\.(?!html?$)[a-z0-9]+$/i;

/**
 * The URL a link points to when the router handles it: a same-origin page under the
 * base URL (not a `#x` plain anchor, not a static file). `null` leaves it to the browser.
 */
export function routerUrlOf(href: string | null, here: string, baseUrl: string): URL | null {
  if (href === null || href === '' || href.startsWith('#')) return null;
  let url: URL;
  try {
    url = new URL(href, here);
  } catch {
    return null;
  }
  if (
    url.origin !== new URL(here).origin ||
    !isUnderBase(url.pathname, baseUrl) ||
    FILE.test(url.pathname)
  )
    return null;
  return url;
}

export interface ClickInfo {
  defaultPrevented: boolean;
  button: number;
  metaKey: boolean;
  ctrlKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
}

/** The anchor attributes that matter. */
export interface AnchorInfo {
  href: string | null;
  target: string | null;
  download: boolean;
}

/** B16: a plain left click, no modifier, on a link with no target other than `_self` and no `download`. */
export function routerClickUrl(
  click: ClickInfo,
  a: AnchorInfo,
  here: string,
  baseUrl: string,
): URL | null {
  if (
    click.defaultPrevented ||
    click.button !== 0 ||
    click.metaKey ||
    click.ctrlKey ||
    click.shiftKey ||
    click.altKey
  )
    return null;
  if ((a.target && a.target !== '_self') || a.download) return null;
  return routerUrlOf(a.href, here, baseUrl);
}

/** The anchor around an event target (SVG `<a>` included). */
export function anchorOf(target: EventTarget | null): Element | null {
  return target instanceof Element ? target.closest('a[href]') : null;
}
