import type { SiteConfig } from '../../shared/config';

/**
 * The icon of a site that configures none (`favicon` unset): without a `<link rel="icon">`
 * browsers ask for `/favicon.ico`, and its 404 is a console error on every page (and a
 * Lighthouse best-practices failure). dfdocs writes this one into the output instead.
 */
export const DEFAULT_FAVICON_FILE = 'assets/favicon.svg';

/** A page with folded corner and text lines, in a colour that reads on light and dark tabs. */
export const DEFAULT_FAVICON_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">' +
  '<rect x="3" y="1" width="26" height="30" rx="5" fill="#0072b1"/>' +
  '<path d="M9 9h14M9 14h14M9 19h14M9 24h9" stroke="#fff" stroke-width="2.5" stroke-linecap="round"/>' +
  '</svg>\n';

/** The icon a page links to: the configured one, else the default (root-relative, before the base URL). */
export function faviconOf(config: Pick<SiteConfig, 'favicon'>): string {
  return config.favicon ?? '/' + DEFAULT_FAVICON_FILE;
}
