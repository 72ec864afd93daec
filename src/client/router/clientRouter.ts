/**
 * The client router: in-place navigation with preload before show (behaviours
 * B16–B20, B25, B26). Outside React: the app subscribes to its `View` and calls
 * `afterCommit`/`afterPaint` from its effects, in the order B18 gives.
 */
import { withBaseUrl } from '../../shared/baseUrl';
import type { ClientSiteConfig } from '../../shared/config';
import { sidebarFileOf, type SidebarItem, type SidebarsData } from '../../shared/pageData';
import type { LoadedPage, LoadedRoute } from './contentLoader';
import { resetFocus } from './focus';
import { anchorOf, routerClickUrl } from './links';
import type { Navigation } from './navigation';
import { routeOfPathname, stripHtmlSuffix } from './routeMatch';
import {
  applyScroll,
  scrollActionFor,
  type Loc,
  type NavAction,
  type ScrollAction,
} from './scroll';

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

interface EntryState {
  key: string;
  /** Scroll position the entry was left at (kept across reloads by the browser). */
  scroll?: number;
}

const newKey = () => Math.random().toString(36).slice(2, 10);
/** A route shown in place of the first page: only a hash target needs scrolling to (it was not there on load). */
const hashScroll = (): ScrollAction =>
  location.hash.length > 1
    ? scrollActionFor({ ...locOf(location), hash: '' }, locOf(location), 'push')
    : { kind: 'none' };
const locOf = (u: { pathname: string; search: string; hash: string }): Loc => ({
  pathname: u.pathname,
  search: u.search,
  hash: u.hash,
});

export class ClientRouter {
  view: View;
  private readonly base: string;
  private nav?: Navigation;
  private navLoad?: Promise<Navigation>;
  /** The progress timer (B34): armed here, so a bar can start even while the navigation chunk loads. */
  private progressArmed = false;
  private listener?: (v: View) => void;
  private token = 0;
  /** History key of the entry whose page is shown, and the positions entries were left at. */
  private key = '';
  private readonly positions = new Map<string, number>();
  private pending?: LoadedRoute | { error: unknown };
  private reloading = false;

  constructor(
    private readonly config: ClientSiteConfig,
    private readonly first: LoadedPage,
    sidebars: SidebarsData,
  ) {
    this.base = config.baseUrl;
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
  private loadNavigation(): Promise<Navigation> {
    this.navLoad ??= import('./navigation').then(
      (m) => {
        const nav = (this.nav = m.createNavigation(this.base, this.first, this.view.sidebars));
        // Prefetch hints of the page shown now (B29); later pages call `watch` after each commit.
        if (this.listener) nav.watch(this.view.page, this.view.sidebars);
        if (this.progressArmed) nav.progress.arm();
        return nav;
      },
      (error: unknown) => {
        this.navLoad = undefined;
        throw error;
      },
    );
    return this.navLoad;
  }

  /**
   * Before hydration (B33). A sidebar too large to inline (INLINE_SIDEBAR_LIMIT) is in the
   * server HTML but not in the inline data: its file (preloaded by the page's head) is
   * loaded so hydration matches; if that fails, hydration goes on without it (React
   * re-renders on the client; the next navigation to a page of that sidebar tries again).
   * When the server answered with its not-found page for a path that becomes a route once
   * its `.html` suffix is dropped (B22), that route is loaded now; hydration then matches
   * the server HTML and the route is committed right after. If it cannot be loaded, a
   * reload would get the same answer, so the page shows the error and a Retry button
   * instead (B53).
   */
  async prepare(): Promise<void> {
    const id = this.view.page.sidebarId;
    if (id && !this.view.sidebars[id]) {
      try {
        this.view = {
          ...this.view,
          sidebars: {
            ...this.view.sidebars,
            [id]: await fetchSidebar(withBaseUrl('/' + encodeURI(sidebarFileOf(id)), this.base)),
          },
        };
      } catch (error) {
        console.warn(error);
      }
    }
    const route = routeOfPathname(location.pathname, this.base);
    if (this.view.page.kind !== 'notFound' || stripHtmlSuffix(route) === route) return;
    this.pending = await this.loadNavigation()
      .then((nav) => nav.loader.load(location.pathname, this.view.sidebars, { exactMissing: true }))
      .catch((error: unknown) => ({ error }));
  }

  /** Starts routing (in the app's first layout effect, after hydration). */
  start(listener: (v: View) => void): void {
    this.listener = listener;
    history.scrollRestoration = 'manual';
    const state = history.state as EntryState | null;
    this.key = state?.key ?? newKey();
    if (!state?.key) history.replaceState({ ...state, key: this.key }, '');
    document.addEventListener('click', this.onClick);
    addEventListener('popstate', this.onPop);
    addEventListener('scroll', () => this.positions.set(this.key, scrollY), { passive: true });
    addEventListener('pagehide', () => {
      // Native restoration for a reload or a return from another site (B20: first load is native),
      // except for our own reload after a failed preload, which lands on a new page.
      if (!this.reloading) history.scrollRestoration = 'auto';
      history.replaceState({ ...history.state, scroll: scrollY }, '');
    });
    addEventListener('pageshow', () => (history.scrollRestoration = 'manual'));
    // `dfdocs dev` patched a body after an edit: content kept in memory may be stale.
    addEventListener('dfdocs:body-updated', () => this.nav?.loader.clear());
    // Hydrated: the navigation chunk comes now, and prefetching (B29) starts once it is here.
    void this.loadNavigation().catch(() => {});
    const pending = this.pending;
    this.pending = undefined;
    if (pending && 'error' in pending) this.set({ lazy: { error: pending.error } });
    else if (pending)
      this.commit(
        { ...pending, loc: this.view.loc, action: 'replace', scroll: hashScroll() },
        this.key,
      );
  }

  /** Navigates to a route or URL (the base URL is added to routes). */
  navigate = (href: string): void => {
    this.push(new URL(withBaseUrl(href, this.base), location.href));
  };

  /** B53: loads the current URL's route again after a lazy-load failure. */
  retry = (): void => {
    const token = ++this.token;
    this.set({ lazy: {} });
    this.loadNavigation()
      .then((nav) =>
        nav.loader.load(location.pathname, this.view.sidebars, {
          exactMissing: this.view.page.kind === 'notFound',
        }),
      )
      .then(
        (next) =>
          token === this.token &&
          this.commit(
            { ...next, loc: locOf(location), action: 'replace', scroll: hashScroll() },
            this.key,
          ),
      )
      .catch((error: unknown) => token === this.token && this.set({ lazy: { error } }));
  };

  /** In the commit's layout effect: head, scroll (B20), then "route did update" (B18 steps 6–7). */
  afterCommit(v: View): void {
    if (v.action === 'initial') return;
    // A commit of another page comes after a load, so the navigation chunk is here; a
    // query- or hash-only change keeps the page, and its head.
    this.nav?.committed(v.page, this.config); // tabs restored before scrolling: they may change the height above the target
    applyScroll(v.scroll);
    this.nav?.progress.done();
  }

  /** After paint: focus (B25) and the links to prefetch (B29). */
  afterPaint(v: View): void {
    if (v.action === 'push' && !v.loc.hash) resetFocus();
    this.nav?.watch(v.page, v.sidebars);
  }

  /** B34: a timer that starts the bar unless the route is ready first (the chunk arms it if it arrives later). */
  private armProgress(): void {
    this.progressArmed = true;
    this.nav?.progress.arm();
  }

  private clearProgress(): void {
    this.progressArmed = false;
    this.nav?.progress.clear();
  }

  private onClick = (e: MouseEvent): void => {
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
    this.push(url);
  };

  private onPop = (e: PopStateEvent): void => {
    const state = e.state as EntryState | null;
    let key = state?.key;
    // A `#x` plain anchor made this entry natively: give it a key.
    if (!key) history.replaceState({ ...state, key: (key = newKey()) }, '');
    void this.go(locOf(location), 'pop', key, this.positions.get(key) ?? state?.scroll);
  };

  private push(url: URL): void {
    const same = url.href === location.href;
    this.positions.set(this.key, scrollY);
    history.replaceState({ ...history.state, scroll: scrollY }, '');
    const key = newKey();
    // A link to the URL shown adds no history entry.
    history[same ? 'replaceState' : 'pushState']({ key }, '', url.href);
    void this.go(locOf(url), same ? 'replace' : 'push', key);
  }

  /** B17–B19: the URL has changed; load everything, then commit once. */
  private async go(loc: Loc, action: NavAction, key: string, saved?: number): Promise<void> {
    const token = ++this.token;
    const prev = this.view.loc;
    const scroll = scrollActionFor(prev, loc, action, saved);
    if (routeOfPathname(loc.pathname, this.base) === routeOfPathname(prev.pathname, this.base)) {
      this.clearProgress();
      this.commit({ ...this.view, loc, action, scroll }, key);
      return;
    }
    this.armProgress();
    let next: LoadedRoute;
    try {
      next = await (await this.loadNavigation()).loader.load(loc.pathname, this.view.sidebars);
    } catch (error) {
      if (token !== this.token) return;
      this.clearProgress();
      console.warn(error);
      this.reloading = true;
      location.reload();
      return;
    }
    if (token !== this.token) return;
    this.clearProgress();
    this.commit({ ...next, loc, action, scroll, lazy: undefined }, key);
  }

  private commit(v: Omit<View, 'count'>, key: string): void {
    this.key = key;
    this.view = { ...v, count: this.view.count + 1 };
    this.listener?.(this.view);
  }

  /** A change of the page slot that is not a navigation. */
  private set(patch: Partial<View>): void {
    // While the slot stands in for a page, the tab shows the site, not the page left behind.
    if (patch.lazy) document.title = this.config.title;
    this.view = { ...this.view, ...patch };
    this.listener?.(this.view);
  }
}

/** A sidebar file (the first page's sidebar when it was too large to inline). */
async function fetchSidebar(url: string): Promise<SidebarItem[]> {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`Failed to load ${url}: HTTP ${res.status}`);
  return (await res.json()) as SidebarItem[];
}
