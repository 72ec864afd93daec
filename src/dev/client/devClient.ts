/**
 * The dev client, added to pages by `dfdocs dev` only (never part of the site's bundle).
 * It listens to the server's event stream and:
 * - `update`: fetches the route's content file and swaps the body (`[data-page-body]`)
 *   in place, keeping the scroll position, then dispatches `dfdocs:body-updated` on
 *   window (for code that watches the body's headings, e.g. the TOC);
 * - `reload`: reloads, restoring the scroll position afterwards;
 * - `errors`: shows or clears the error overlay.
 */
import { contentFileOf, type ContentFile } from '../../shared/pageData';
import { PAGE_DATA_ID } from '../../shared/documentIds';
import { stripBaseUrl, withBaseUrl } from '../../shared/baseUrl';
import {
  API_PENDING_QUERY,
  DEV_EVENTS,
  routeKey,
  type DevMessage,
  type OverlayError,
} from '../protocol';
import { hideOverlay, showOverlay } from './overlay';

const SCROLL_KEY = 'dfdocs-dev-scroll';

function readBaseUrl(): string {
  try {
    const data = JSON.parse(document.getElementById(PAGE_DATA_ID)?.textContent ?? '{}') as {
      config?: { baseUrl?: string };
    };
    return data.config?.baseUrl ?? '/';
  } catch {
    return '/';
  }
}

const base = readBaseUrl();
const errorPage = document.documentElement.dataset.dfdocsDevError === 'true';
/** Served while the API reference was loading: its routes (sidebar, prefetch hints) may be missing. */
const servedApiPending = new URL(import.meta.url).searchParams.has(API_PENDING_QUERY);
let errors: OverlayError[] = [];
let serverId: string | undefined;

function currentRoute(): string {
  let path = location.pathname;
  try {
    path = decodeURIComponent(path);
  } catch {
    // keep it encoded
  }
  return routeKey(stripBaseUrl(path, base).replace(/\/index\.html$/, '/') || '/');
}

function reload(): void {
  try {
    sessionStorage.setItem(
      SCROLL_KEY,
      JSON.stringify({ path: location.pathname, x: scrollX, y: scrollY }),
    );
  } catch {
    // storage may be disabled; the browser restores scroll on reload by itself anyway
  }
  location.reload();
}

function restoreScroll(): void {
  let saved: { path: string; x: number; y: number } | undefined;
  try {
    saved = JSON.parse(sessionStorage.getItem(SCROLL_KEY) ?? 'null') ?? undefined;
    sessionStorage.removeItem(SCROLL_KEY);
  } catch {
    return;
  }
  if (!saved || saved.path !== location.pathname) return;
  const { x, y } = saved;
  const apply = () => scrollTo(x, y);
  apply();
  addEventListener('load', apply, { once: true });
  // Hydration may lay the page out again: apply once more when it is done.
  new MutationObserver((_, observer) => {
    if (document.documentElement.dataset.hasHydrated === 'true') {
      observer.disconnect();
      apply();
    }
  }).observe(document.documentElement, {
    attributes: true,
    attributeFilter: ['data-has-hydrated'],
  });
}

function showErrors(): void {
  const route = currentRoute();
  const mine = errors.filter((e) => !e.route || e.route === route);
  if (mine.length) showOverlay(mine);
  else {
    hideOverlay();
    if (errorPage) reload();
  }
}

async function patchBody(route: string): Promise<void> {
  const body = document.querySelector('[data-page-body]');
  if (!body) return reload();
  const res = await fetch(withBaseUrl('/' + contentFileOf(route), base), { cache: 'no-store' });
  if (!res.ok) return reload();
  const { page } = (await res.json()) as ContentFile;
  if (routeKey(page.route) !== currentRoute()) return; // navigated away meanwhile
  const x = scrollX;
  const y = scrollY;
  body.innerHTML = page.html;
  scrollTo(x, y);
  dispatchEvent(new CustomEvent('dfdocs:body-updated', { detail: { route } }));
}

function onMessage(message: DevMessage): void {
  switch (message.type) {
    case 'hello':
      if (serverId && serverId !== message.serverId) reload();
      // The reference came before this page could hear of it (its reload was sent then).
      else if (!serverId && servedApiPending && message.apiPending === false) reload();
      serverId = message.serverId;
      break;
    case 'errors':
      errors = message.errors;
      showErrors();
      break;
    case 'update':
      if (message.routes.includes(currentRoute())) patchBody(currentRoute()).catch(reload);
      break;
    case 'reload':
      if (message.routes === '*' || message.routes.includes(currentRoute())) reload();
      break;
  }
}

restoreScroll();
const events = new EventSource(DEV_EVENTS);
events.onmessage = (ev: MessageEvent<string>) => onMessage(JSON.parse(ev.data) as DevMessage);
addEventListener('popstate', showErrors);
