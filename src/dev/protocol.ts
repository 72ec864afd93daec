/**
 * What the dev server tells the browser over its event stream (`/__dfdocs/events`),
 * shared by the server (src/dev) and the dev client (src/dev/client). Plain data only.
 */

/** One problem, as the error overlay shows it. */
export interface OverlayError {
  code: string;
  message: string;
  hint?: string;
  /** Path relative to the site root (or to dfdocs for its templates). */
  file?: string;
  line?: number;
  column?: number;
  /** A few numbered source lines around the line, with a caret under the column. */
  frame?: string;
  /** When the problem belongs to one page only (it failed to render), its route. */
  route?: string;
  /** Extra context, e.g. which page was rendering when a template threw. */
  note?: string;
  /** `warning` for what a page holds that was not rendered as written (the page still shows); absent for errors. */
  severity?: 'warning';
}

export type DevMessage =
  /**
   * Sent first on every connection; a new id after a reconnect means the server restarted.
   * `apiPending`: the API reference is still loading (a page served while it was, whose
   * channel connects after it came, reloads: it may lack the reference's routes).
   */
  | { type: 'hello'; serverId: string; apiPending?: boolean }
  /** The full current list of problems (empty: all fixed). */
  | { type: 'errors'; errors: OverlayError[] }
  /** These routes have a new body and nothing else changed: patch the body in place. */
  | { type: 'update'; routes: string[] }
  /** Reload the page if it shows one of these routes (`*`: every page). */
  | { type: 'reload'; routes: string[] | '*' };

/** Where the dev client and the event stream are served (outside any base URL). */
export const DEV_PREFIX = '/__dfdocs/';
export const DEV_EVENTS = DEV_PREFIX + 'events';
export const DEV_CLIENT = DEV_PREFIX + 'dev-client.js';
/** The dev client's query on a page served while the API reference was loading. */
export const API_PENDING_QUERY = 'api-pending';

/** A route without its trailing slash (`/` stays), as both sides compare them. */
export function routeKey(route: string): string {
  return route.length > 1 ? route.replace(/\/+$/, '') || '/' : route;
}
