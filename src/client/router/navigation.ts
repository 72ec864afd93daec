/**
 * What the router needs only once the reader goes somewhere: loading content files and
 * sidebars, the progress bar (B34–B36), head updates (B26) and prefetching (B29–B32).
 * A lazily loaded chunk: ./clientRouter.ts imports it right after hydration (prefetching
 * starts then) or on the first navigation, whichever comes first, so none of it is part
 * of a page's first-load JavaScript. It also shows the remembered choices of tab groups
 * (../tabGroups.ts) and hydrates MDX islands (../islands/), on the first page and after each navigation.
 */
import type { SidebarsData } from '../../shared/pageData';
import { createPrefetcher } from '../prefetch/prefetcher';
import { createRouteProgress, type RouteProgress } from '../progress/progressBar';
import {
  createContentLoader,
  linkedRoutes,
  type ContentLoader,
  type LoadedPage,
} from './contentLoader';
import { updateHead } from './head';
import { routeOfHref } from './links';
import { restoreTabChoices } from '../tabGroups';
import { showIslands } from '../islands/islands';

export interface Navigation {
  loader: ContentLoader;
  progress: RouteProgress;
  /** After a commit of another page: its head (B26), and its tab groups' remembered choices (here, out of the first-load JavaScript). */
  committed: typeof updateHead;
  /** After each commit: prefetch the links of the page shown (B29). */
  watch(page: LoadedPage, sidebars: SidebarsData): void;
}

/** The navigation side of the router for a site, its content loader seeded with the first page and the sidebars known. */
export function createNavigation(
  baseUrl: string,
  first: LoadedPage,
  sidebars: SidebarsData,
): Navigation {
  const loader = createContentLoader(baseUrl);
  loader.seed(first, sidebars);
  restoreTabChoices(); // of the first page (this chunk loads right after hydration)
  if (__DFDOCS_ISLANDS__) showIslands(); // (a site without islands compiles it all away)
  const prefetcher = createPrefetcher({
    routeOf: (href) => routeOfHref(href, location.href, baseUrl),
    urlOf: (r) => loader.urlOf(r),
    isLoaded: (r) => loader.isLoaded(r),
    warm: (r) => loader.warm(r),
  });
  return {
    loader,
    progress: createRouteProgress(),
    committed: (page, config) => {
      updateHead(page, config);
      restoreTabChoices();
      if (__DFDOCS_ISLANDS__) showIslands();
    },
    watch: (p, s) => prefetcher.watch(linkedRoutes(p, p.sidebarId ? s[p.sidebarId] : undefined)),
  };
}
