/**
 * The client router: in-place navigation with preload before show (behaviours
 * B16–B20, B25, B26). Outside React: the app subscribes to its `View` and calls
 * `afterCommit`/`afterPaint` from its effects, in the order B18 gives.
 */
import { withBaseUrl } from '../../shared/baseUrl';
import type { ClientSiteConfig } from '../../shared/config';
import type { SidebarsData } from '../../shared/pageData';
import { createPrefetcher, type Prefetcher } from '../prefetch/prefetcher';
import { createRouteProgress, type RouteProgress } from '../progress/progressBar';
import { createContentLoader, linkedRoutes, type ContentLoader, type LoadedPage, type LoadedRoute } from './contentLoader';
import { resetFocus } from './focus';
import { updateHead } from './head';
import { anchorOf, routeOfHref, routerClickUrl } from './links';
import { routeOfPathname, stripHtmlSuffix } from './routeMatch';
import { applyScroll, scrollActionFor, type Loc, type NavAction, type ScrollAction } from './scroll';

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
const hashScroll = (): ScrollAction => (location.hash.length > 1 ? scrollActionFor({ ...locOf(location), hash: '' }, locOf(location), 'push') : { kind: 'none' });
const locOf = (u: { pathname: string; search: string; hash: string }): Loc => ({ pathname: u.pathname, search: u.search, hash: u.hash });

export class ClientRouter {
  view: View;
  readonly loader: ContentLoader;
  private readonly base: string;
  private readonly progress: RouteProgress;
  private prefetcher?: Prefetcher;
  private listener?: (v: View) => void;
  private token = 0;
  /** History key of the entry whose page is shown, and the positions entries were left at. */
  private key = '';
  private readonly positions = new Map<string, number>();
  private pending?: LoadedRoute | { error: unknown };
  private reloading = false;

  constructor(private readonly config: ClientSiteConfig, page: LoadedPage, sidebars: SidebarsData, loader?: ContentLoader, progress?: RouteProgress) {
    this.base = config.baseUrl;
    this.loader = loader ?? createContentLoader(this.base);
    this.loader.seed(page, sidebars);
    this.progress = progress ?? createRouteProgress();
    this.view = { page, sidebars, loc: locOf(location), action: 'initial', scroll: { kind: 'none' }, count: 0 };
  }

  /**
   * Before hydration (B33). When the server answered with its not-found page for a
   * path that becomes a route once its `.html` suffix is dropped (B22), that route is
   * loaded now; hydration then matches the server HTML and the route is committed
   * right after. If it cannot be loaded, a reload would get the same answer, so the
   * page shows the error and a Retry button instead (B53).
   */
  async prepare(): Promise<void> {
    // A sidebar too large to inline (INLINE_SIDEBAR_LIMIT) is in the server HTML but not in the
    // inline data: load its file (preloaded by the page's head) so hydration matches. If it cannot
    // be loaded, hydration goes on without it (React re-renders on the client and the next
    // navigation to a page of that sidebar loads it again).
    try {
      this.view = { ...this.view, sidebars: await this.loader.withSidebar(this.view.page, this.view.sidebars) };
    } catch (error) {
      console.warn(error);
    }
    const route = routeOfPathname(location.pathname, this.base);
    if (this.view.page.kind !== 'notFound' || stripHtmlSuffix(route) === route) return;
    this.pending = await this.loader.load(location.pathname, this.view.sidebars, { exactMissing: true }).catch((error: unknown) => ({ error }));
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
    addEventListener('dfdocs:body-updated', () => this.loader.clear());
    this.prefetcher = createPrefetcher({
      routeOf: (href) => routeOfHref(href, location.href, this.base),
      urlOf: (r) => this.loader.urlOf(r),
      isLoaded: (r) => this.loader.isLoaded(r),
      warm: (r) => this.loader.warm(r),
    });
    const pending = this.pending;
    this.pending = undefined;
    if (pending && 'error' in pending) this.set({ lazy: { error: pending.error } });
    else if (pending) this.commit({ ...pending, loc: this.view.loc, action: 'replace', scroll: hashScroll() }, this.key);
  }

  /** Navigates to a route or URL (the base URL is added to routes). */
  navigate = (href: string): void => {
    this.push(new URL(withBaseUrl(href, this.base), location.href));
  };

  /** B53: loads the current URL's route again after a lazy-load failure. */
  retry = (): void => {
    const token = ++this.token;
    this.set({ lazy: {} });
    this.loader
      .load(location.pathname, this.view.sidebars, { exactMissing: this.view.page.kind === 'notFound' })
      .then((next) => token === this.token && this.commit({ ...next, loc: locOf(location), action: 'replace', scroll: hashScroll() }, this.key))
      .catch((error: unknown) => token === this.token && this.set({ lazy: { error } }));
  };

  /** In the commit's layout effect: head, scroll (B20), then "route did update" (B18 steps 6–7). */
  afterCommit(v: View): void {
    if (v.action === 'initial') return;
    updateHead(v.page, this.config);
    applyScroll(v.scroll);
    this.progress.done();
  }

  /** After paint: focus (B25) and the links to prefetch (B29). */
  afterPaint(v: View): void {
    if (v.action === 'push' && !v.loc.hash) resetFocus();
    const p = v.page;
    this.prefetcher?.watch(linkedRoutes(p, p.sidebarId ? v.sidebars[p.sidebarId] : undefined));
  }

  private onClick = (e: MouseEvent): void => {
    const a = anchorOf(e.target);
    if (!a) return;
    const url = routerClickUrl(e, { href: a.getAttribute('href'), target: a.getAttribute('target'), download: a.hasAttribute('download') }, location.href, this.base);
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
      this.progress.clear();
      this.commit({ ...this.view, loc, action, scroll }, key);
      return;
    }
    this.progress.arm();
    let next: LoadedRoute;
    try {
      next = await this.loader.load(loc.pathname, this.view.sidebars);
    } catch (error) {
      if (token !== this.token) return;
      this.progress.clear();
      console.warn(error);
      this.reloading = true;
      location.reload();
      return;
    }
    if (token !== this.token) return;
    this.progress.clear();
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
