/**
 * The client router: in-place navigation with preload before show (behaviours
 * B16–B20, B25, B26). Outside React: the app subscribes to its `View` and calls
 * `afterCommit`/`afterPaint` from its effects, in the order B18 gives.
 * This part is in the first load: the view, hydration (`prepare`), the listeners and
 * which clicks are the router's. What a change of URL then does (./routeChanges.ts) is
 * in the navigation chunk, loaded right after hydration or on the first navigation:
 * once it is here, a click runs it at once.
 */
import { withBaseUrl } from '../../shared/baseUrl';
import type { ClientSiteConfig } from '../../shared/config';
import type { SidebarsData } from '../../shared/pageData';
import type { LoadedPage, LoadedRoute } from './contentLoader';
import { anchorOf, routerClickUrl } from './links';
import type { Navigation } from './navigation';
import type { Loc, NavAction, ScrollAction } from './scroll';

/** What the app renders. */
export interface View {
  page: LoadedPage;
  sidebars: SidebarsData;
  loc: Loc;
  action: NavAction;
  scroll: ScrollAction;
  /** Bumps on every committed navigation. */
  count: number;
  /** A route loaded after the page was shown (B53): `{}` while loading, `{ error }` when it failed. */
  lazy?: { error?: unknown };
}

/** What the router keeps in a history entry's state. */
export interface EntryState {
  key: string;
  /** Scroll position the entry was left at (kept across reloads by the browser). */
  scroll?: number;
}

export const newKey = () => Math.random().toString(36).slice(2, 10);
export const locOf = (u: { pathname: string; search: string; hash: string }): Loc => ({
  pathname: u.pathname,
  search: u.search,
  hash: u.hash,
});

export class ClientRouter {
  view: View;
  readonly config: ClientSiteConfig;
  readonly base: string;
  /** History key of the entry whose page is shown, and the positions entries were left at. */
  key = '';
  readonly positions = new Map<string, number>();
  /** Set before our own reload after a failed preload, which lands on a new page (see `start`). */
  reloading = false;
  readonly #first: LoadedPage;
  #nav?: Navigation;
  #navLoad?: Promise<Navigation>;
  #listener?: (v: View) => void;
  #pending?: LoadedRoute | { error: unknown };

  constructor(config: ClientSiteConfig, first: LoadedPage, sidebars: SidebarsData) {
    this.config = config;
    this.base = config.baseUrl;
    this.#first = first;
    this.view = {
      page: first,
      sidebars,
      loc: locOf(location),
      action: 'initial',
      scroll: { kind: 'none' },
      count: 0,
    };
  }

  /**
   * The navigation chunk, loaded once (again after a failure). The content loader is
   * seeded with the first page and the sidebars known so far, so neither is fetched.
   */
  #loadNavigation(): Promise<Navigation> {
    this.#navLoad ??= import('./navigation').then(
      (m) => {
        const nav = (this.#nav = m.createNavigation(this, this.#first));
        // Prefetch hints of the page shown now (B29); later pages call `watch` after each commit.
        if (this.#listener) nav.watch(this.view.page, this.view.sidebars);
        return nav;
      },
      (error: unknown) => {
        this.#navLoad = undefined;
        throw error;
      },
    );
    return this.#navLoad;
  }

  /** Runs `then` with the navigation chunk: at once when it is here, else once it has loaded. */
  #withNavigation(then: (nav: Navigation) => void, failed: (error: unknown) => void): void {
    if (this.#nav) then(this.#nav);
    else this.#loadNavigation().then(then, failed);
  }

  /**
   * Before hydration (B33). A sidebar too large to inline (INLINE_SIDEBAR_LIMIT) is in the
   * server HTML but not in the inline data: its file (preloaded by the page's head) is
   * loaded so hydration matches, by the navigation chunk's loader (such pages alone load
   * the chunk before hydrating; it keeps the sidebar for later navigations); if that
   * fails, hydration goes on without it (React re-renders on the client; the next
   * navigation to a page of that sidebar tries again).
   * When the server answered with its not-found page for a path that becomes a route once
   * its `.html` suffix is dropped (B22), that route is loaded now; hydration then matches
   * the server HTML and the route is committed right after. If it cannot be loaded, a
   * reload would get the same answer, so the page shows the error and a Retry button
   * instead (B53).
   */
  async prepare(): Promise<void> {
    const { page, sidebars } = this.view;
    if (page.sidebarId && !sidebars[page.sidebarId]) {
      try {
        const nav = await this.#loadNavigation();
        this.view = { ...this.view, sidebars: await nav.loader.withSidebar(page, sidebars) };
      } catch (error) {
        console.warn(error);
      }
    }
    // Whether the path is such a route is the navigation chunk's to say (./routeMatch.ts):
    // it is asked for a path ending in `.html` or holding an escape (the route is decoded).
    if (page.kind !== 'notFound' || !/\.html\/*$|%/.test(location.pathname)) return;
    this.#pending = await this.#loadNavigation()
      .then((nav) => nav.htmlSuffixRoute())
      .catch((error: unknown) => ({ error }));
  }

  /** Starts routing (in the app's first layout effect, after hydration). */
  start(listener: (v: View) => void): void {
    this.#listener = listener;
    history.scrollRestoration = 'manual';
    const state = history.state as EntryState | null;
    this.key = state?.key ?? newKey();
    if (!state?.key) history.replaceState({ ...state, key: this.key }, '');
    document.addEventListener('click', this.#onClick);
    addEventListener('popstate', this.#onPop);
    addEventListener('scroll', () => this.positions.set(this.key, scrollY), { passive: true });
    addEventListener('pagehide', () => {
      // Native restoration for a reload or a return from another site (B20: first load is native),
      // except for our own reload after a failed preload, which lands on a new page.
      if (!this.reloading) history.scrollRestoration = 'auto';
      history.replaceState({ ...history.state, scroll: scrollY }, '');
    });
    addEventListener('pageshow', () => (history.scrollRestoration = 'manual'));
    // `dfdocs dev` patched a body after an edit: content kept in memory may be stale.
    addEventListener('dfdocs:body-updated', () => this.#nav?.loader.clear());
    // Hydrated: the navigation chunk comes now, and prefetching (B29) starts once it is here.
    void this.#loadNavigation().catch(() => {});
    const pending = this.#pending;
    this.#pending = undefined;
    // A route loaded before hydration (B22): the chunk is here.
    if (pending && 'error' in pending) this.set({ lazy: { error: pending.error } });
    else if (pending) this.#nav!.show(pending);
  }

  /** Navigates to a route or URL (the base URL is added to routes). */
  navigate = (href: string): void => {
    this.#follow(new URL(withBaseUrl(href, this.base), location.href));
  };

  /** B53: loads the current URL's route again after a lazy-load failure. */
  retry = (): void => {
    this.set({ lazy: {} });
    this.#withNavigation(
      (nav) => nav.retry(),
      (error) => this.set({ lazy: { error } }),
    );
  };

  /** In the commit's layout effect: head, scroll (B20), then "route did update" (B18 steps 6–7). */
  afterCommit(v: View): void {
    // A commit of another view than the first comes from the navigation chunk.
    if (v.action !== 'initial') this.#nav?.afterCommit(v);
  }

  /** After paint: focus (B25) and the links to prefetch (B29). */
  afterPaint(v: View): void {
    this.#nav?.afterPaint(v);
  }

  /** Shows a view of another history entry (`key`). */
  commit(v: Omit<View, 'count'>, key: string): void {
    this.key = key;
    this.view = { ...v, count: this.view.count + 1 };
    this.#listener?.(this.view);
  }

  /** A change of the page slot that is not a navigation. */
  set(patch: Partial<View>): void {
    // While the slot stands in for a page, the tab shows the site, not the page left behind.
    if (patch.lazy) document.title = this.config.title;
    this.view = { ...this.view, ...patch };
    this.#listener?.(this.view);
  }

  /** A link the router follows (B16); if the navigation chunk cannot load, the browser goes there. */
  #follow(url: URL): void {
    this.#withNavigation(
      (nav) => nav.push(url),
      (error) => {
        console.warn(error);
        location.assign(url.href);
      },
    );
  }

  #onClick = (e: MouseEvent): void => {
    const a = anchorOf(e.target);
    if (!a) return;
    const url = routerClickUrl(
      e,
      {
        href: a.getAttribute('href'),
        target: a.getAttribute('target'),
        download: a.hasAttribute('download'),
      },
      location.href,
      this.base,
    );
    if (!url) return;
    e.preventDefault();
    this.#follow(url);
  };

  #onPop = (e: PopStateEvent): void => {
    const state = e.state as EntryState | null;
    this.#withNavigation(
      (nav) => nav.pop(state),
      (error) => {
        console.warn(error);
        this.reloading = true;
        location.reload();
      },
    );
  };
}
