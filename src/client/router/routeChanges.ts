/**
 * What the router does when the URL changes (behaviours B17–B20, B25, B53): the history
 * entry, loading the route (preload before show), the commit, then scroll and focus.
 * Part of the navigation chunk (./navigation.ts); ./clientRouter.ts, in the first load,
 * decides which clicks are the router's and hands them here.
 */
import type { ClientRouter, EntryState, View } from './clientRouter';
import { locOf, newKey } from './clientRouter';
import type { ContentLoader, LoadedRoute } from './contentLoader';
import type { RouteProgress } from '../progress/progressBar';
import { resetFocus } from './focus';
import { routeOfPathname, stripHtmlSuffix } from './routeMatch';
import {
  applyScroll,
  scrollActionFor,
  type Loc,
  type NavAction,
  type ScrollAction,
} from './scroll';

export interface RouteChanges {
  /** A link followed: a new history entry (none when the URL is the one shown), then the route. */
  push(url: URL): void;
  /** Back or forward to the entry whose state is `state`. */
  pop(state: EntryState | null): void;
  /** B53: loads the current URL's route again after a lazy-load failure. */
  retry(): void;
  /**
   * B22: the server answered with its not-found page: the route the path names once its
   * `.html` suffix is dropped, loaded, if it has that suffix (else undefined).
   */
  htmlSuffixRoute(): Promise<LoadedRoute | undefined>;
  /** Commits a route loaded before hydration (B22) in place of the first page. */
  show(route: LoadedRoute): void;
  /** In the commit's layout effect: head, scroll (B20), then "route did update" (B18 steps 6–7). */
  afterCommit(v: View): void;
  /** After paint: focus (B25). */
  afterPaint(v: View): void;
}

export function createRouteChanges(
  router: ClientRouter,
  loader: ContentLoader,
  progress: RouteProgress,
  /** After a commit of another page: its head (B26) and tab choices. */
  committed: (v: View) => void,
): RouteChanges {
  /** Bumps with each route change: a slower, older one is then dropped. */
  let token = 0;
  const routeOf = (pathname: string) => routeOfPathname(pathname, router.base);

  /** A route shown in place of the first page: only a hash target needs scrolling to (it was not there on load). */
  const hashScroll = (): ScrollAction =>
    location.hash.length > 1
      ? scrollActionFor({ ...locOf(location), hash: '' }, locOf(location), 'push')
      : { kind: 'none' };

  /** B17–B19: the URL has changed; load everything, then commit once. */
  async function go(loc: Loc, action: NavAction, key: string, saved?: number): Promise<void> {
    const mine = ++token;
    const prev = router.view.loc;
    const scroll = scrollActionFor(prev, loc, action, saved);
    if (routeOf(loc.pathname) === routeOf(prev.pathname)) {
      progress.clear();
      router.commit({ ...router.view, loc, action, scroll }, key);
      return;
    }
    progress.arm();
    let next: LoadedRoute;
    try {
      next = await loader.load(loc.pathname, router.view.sidebars);
    } catch (error) {
      if (mine !== token) return;
      progress.clear();
      console.warn(error);
      router.reloading = true;
      location.reload();
      return;
    }
    if (mine !== token) return;
    progress.clear();
    router.commit({ ...next, loc, action, scroll, lazy: undefined }, key);
  }

  return {
    push(url) {
      const same = url.href === location.href;
      router.positions.set(router.key, scrollY);
      history.replaceState({ ...history.state, scroll: scrollY }, '');
      const key = newKey();
      // A link to the URL shown adds no history entry.
      history[same ? 'replaceState' : 'pushState']({ key }, '', url.href);
      void go(locOf(url), same ? 'replace' : 'push', key);
    },

    pop(state) {
      let key = state?.key;
      // A `#x` plain anchor made this entry natively: give it a key.
      if (!key) history.replaceState({ ...state, key: (key = newKey()) }, '');
      void go(locOf(location), 'pop', key, router.positions.get(key) ?? state?.scroll);
    },

    retry() {
      const mine = ++token;
      loader
        .load(location.pathname, router.view.sidebars, {
          exactMissing: router.view.page.kind === 'notFound',
        })
        .then(
          (next) =>
            mine === token &&
            router.commit(
              { ...next, loc: locOf(location), action: 'replace', scroll: hashScroll() },
              router.key,
            ),
        )
        .catch((error: unknown) => mine === token && router.set({ lazy: { error } }));
    },

    async htmlSuffixRoute() {
      const route = routeOf(location.pathname);
      if (stripHtmlSuffix(route) === route) return undefined;
      return loader.load(location.pathname, router.view.sidebars, { exactMissing: true });
    },

    show(route) {
      router.commit(
        { ...route, loc: router.view.loc, action: 'replace', scroll: hashScroll() },
        router.key,
      );
    },

    afterCommit(v) {
      committed(v); // tabs restored before scrolling: they may change the height above the target
      applyScroll(v.scroll);
      progress.done();
    },

    afterPaint(v) {
      if (v.action === 'push' && !v.loc.hash) resetFocus();
    },
  };
}
