/**
 * Link prefetching (behaviours B29–B32). Links to the current page's hinted routes
 * prefetch their content file once per route when first seen in the viewport, and
 * fully load their route on the first hover, touch or focus. Nothing at all on 2g
 * connections or with Save-Data on. Hovering or focusing a runnable example's button loads
 * the examples' runner the same way.
 */
import { anchorOf } from '../router/links';

interface NetworkInformationLike {
  effectiveType?: string;
  saveData?: boolean;
}

/** B32: no prefetch on `2g`/`slow-2g` or with Save-Data. */
export function prefetchAllowed(connection: NetworkInformationLike | undefined): boolean {
  return !connection || !(connection.saveData || (connection.effectiveType ?? '').includes('2g'));
}

const allowed = () =>
  prefetchAllowed((navigator as Navigator & { connection?: NetworkInformationLike }).connection);

/** B30: `<link rel=prefetch>` where supported, else a GET with credentials; errors are swallowed. */
export function prefetchUrl(url: string): void {
  const link = document.createElement('link');
  if (link.relList?.supports?.('prefetch')) {
    link.rel = 'prefetch';
    link.href = url;
    document.head.appendChild(link);
    return;
  }
  fetch(url, { credentials: 'include' })
    .then((res) => {
      if (res.status !== 200) throw new Error(`prefetch ${url}: HTTP ${res.status}`);
    })
    .catch(() => {});
}

export interface PrefetcherOptions {
  /** The route a link's href leads to, or null for non-router links. */
  routeOf(href: string | null): string | null;
  urlOf(route: string): string;
  isLoaded(route: string): boolean;
  /** Loads a route fully (content and sidebar). */
  warm(route: string): Promise<unknown>;
}

export interface Prefetcher {
  /** After each commit: the routes the shown page may prefetch, and observe their links. */
  watch(hints: Set<string>): void;
}

export function createPrefetcher(o: PrefetcherOptions): Prefetcher {
  const prefetched = new Set<string>();
  const warmed = new Set<string>();
  let hints = new Set<string>();
  let observer: IntersectionObserver | undefined;

  const hinted = (el: Element | null) => {
    const route = el ? o.routeOf(el.getAttribute('href')) : null;
    return route && hints.has(route) ? route : null;
  };

  function prefetch(route: string) {
    if (prefetched.has(route) || o.isLoaded(route) || !allowed()) return;
    prefetched.add(route);
    prefetchUrl(o.urlOf(route));
  }

  function onIntent(e: Event) {
    // A runnable example's Run or Edit button: its runner loads ahead of the click (issue 30).
    if ((e.target as Element).closest?.('[data-example-action]') && allowed())
      void import('../runner/runner').then((m) => m.warm());
    const a = anchorOf(e.target);
    if (
      !a ||
      (e.type === 'mouseover' && a.contains((e as MouseEvent).relatedTarget as Node | null))
    )
      return;
    const route = hinted(a);
    if (!route || warmed.has(route) || !allowed()) return;
    warmed.add(route);
    o.warm(route).catch(() => warmed.delete(route));
  }
  // mouseover stands for mouseenter (which does not bubble); focus is our addition (B31).
  document.addEventListener('mouseover', onIntent);
  document.addEventListener('touchstart', onIntent, { passive: true });
  document.addEventListener('focusin', onIntent);

  return {
    watch(next) {
      hints = next;
      observer?.disconnect();
      const links = [...document.querySelectorAll('a[href]')].filter((a) => hinted(a));
      if (typeof IntersectionObserver === 'undefined') {
        for (const a of links) prefetch(hinted(a)!);
        return;
      }
      const io = new IntersectionObserver((entries) => {
        for (const entry of entries) {
          if (!entry.isIntersecting && entry.intersectionRatio <= 0) continue;
          io.unobserve(entry.target);
          const route = hinted(entry.target);
          if (route) prefetch(route);
        }
      });
      for (const a of links) io.observe(a);
      observer = io;
    },
  };
}
