/**
 * What the router needs only once the reader goes somewhere: what a change of URL does
 * (./routeChanges.ts), loading content files and sidebars, the progress bar (B34–B36),
 * head updates (B26) and prefetching (B29–B32).
 * A lazily loaded chunk: ./clientRouter.ts imports it right after hydration (prefetching
 * starts then) or on the first navigation, whichever comes first, so none of it is part
 * of a page's first-load JavaScript. It also shows the remembered choices of tab groups
 * (../tabGroups.ts) and hydrates MDX islands (../islands/), on the first page and after each navigation.
 */
import type { SidebarsData } from '../../shared/pageData';
import { createPrefetcher } from '../prefetch/prefetcher';
import { createRouteProgress } from '../progress/progressBar';
import type { ClientRouter } from './clientRouter';
import {
  createContentLoader,
  linkedRoutes,
  type ContentLoader,
  type LoadedPage,
} from './contentLoader';
import { updateHead } from './head';
import { routeOfHref } from './routeMatch';
import { createRouteChanges, type RouteChanges } from './routeChanges';
import { restoreTabChoices } from '../tabGroups';
import { showIslands } from '../islands/islands';

export interface Navigation extends RouteChanges {
  loader: ContentLoader;
  /** After each commit: prefetch the links of the page shown (B29). */
  watch(page: LoadedPage, sidebars: SidebarsData): void;
}

/** The navigation side of a router, its content loader seeded with the first page and the sidebars known. */
export function createNavigation(router: ClientRouter, first: LoadedPage): Navigation {
  const baseUrl = router.base;
  const loader = createContentLoader(baseUrl);
  loader.seed(first, router.view.sidebars);
  restoreTabChoices(); // of the first page (this chunk loads right after hydration)
  if (__DFDOCS_ISLANDS__) showIslands(); // (a site without islands compiles it all away)
  const prefetcher = createPrefetcher({
    routeOf: (href) => routeOfHref(href, location.href, baseUrl),
    urlOf: (r) => loader.urlOf(r),
    isLoaded: (r) => loader.isLoaded(r),
    warm: (r) => loader.warm(r),
  });
  const watch = (p: LoadedPage, s: SidebarsData) =>
    prefetcher.watch(linkedRoutes(p, p.sidebarId ? s[p.sidebarId] : undefined));
  const changes = createRouteChanges(router, loader, createRouteProgress(), (v) => {
    updateHead(v.page, router.config);
    restoreTabChoices();
    if (__DFDOCS_ISLANDS__) showIslands();
  });
  return {
    ...changes,
    loader,
    watch,
    afterPaint(v) {
      changes.afterPaint(v);
      watch(v.page, v.sidebars);
    },
  };
}
