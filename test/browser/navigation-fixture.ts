/**
 * Shared set-up for the navigation browser tests (issue 5): the `nav-site` fixture
 * built and served under a base URL, and small page helpers. Every suite runs once
 * with base `/` and once with `/sub/`.
 */
import { withBaseUrl } from '../../src/shared/baseUrl';
import { before, after } from 'node:test';
import { launchBrowser, type Page, type TestBrowser } from '../helpers/browser';
import { buildSite, copyFixture, removeDir, serveDir } from '../helpers/site';

export const BASES = ['/', '/sub/'] as const;

export interface NavSite {
  base: string;
  outDir: string;
  /** Absolute URL of a route (base URL added). */
  url(route: string): string;
  /** Pathname of a route (base URL added). */
  path(route: string): string;
  close(): Promise<void>;
}

export async function startNavSite(base: string): Promise<NavSite> {
  const root = copyFixture('nav-site');
  const { outDir } = await buildSite(root, { baseUrl: base });
  const server = await serveDir(outDir, base);
  const path = (route: string) => withBaseUrl(route, base);
  return {
    base,
    outDir,
    url: (route) => server.url + path(route),
    path,
    close: async () => {
      await server.close();
      removeDir(root);
    },
  };
}

/**
 * Registers the suite's hooks: before its tests, the nav-site is built and served under
 * `base` and a browser launched (handed to `ready`); after them, both are closed.
 */
export function withNavSite(
  base: string,
  ready: (site: NavSite, browser: TestBrowser) => void,
): void {
  let site: NavSite | undefined;
  let browser: TestBrowser | undefined;
  before(async () => {
    [site, browser] = await Promise.all([startNavSite(base), launchBrowser()]);
    ready(site, browser);
  });
  after(async () => {
    await browser?.close();
    await site?.close();
  });
}

export async function waitHydrated(page: Page): Promise<void> {
  await page.waitForSelector('html[data-has-hydrated="true"]');
}

/** Opens a route and waits for hydration. */
export async function open(page: Page, site: NavSite, route: string): Promise<Page> {
  await page.goto(site.url(route));
  await waitHydrated(page);
  return page;
}

export const h1 = (page: Page) =>
  page.evaluate(() => document.querySelector('h1')?.textContent ?? null);

export async function waitH1(page: Page, text: string): Promise<void> {
  await page.waitForFunction((t) => document.querySelector('h1')?.textContent === t, text);
}

/** Clicks a link through the DOM (no scrolling it into view, no hover). */
export async function domClick(page: Page, selector: string): Promise<void> {
  await page.evaluate((s) => (document.querySelector(s) as HTMLElement).click(), selector);
}

/** Scrolls and waits until the scroll event has been dispatched. */
export async function scrollToY(page: Page, y: number): Promise<void> {
  await page.evaluate(
    (to) =>
      new Promise<void>((resolve) => {
        if (Math.round(scrollY) === to) return resolve();
        addEventListener('scroll', () => resolve(), { once: true });
        scrollTo(0, to);
      }),
    y,
  );
}

export const pageScrollY = (page: Page) => page.evaluate(() => Math.round(window.scrollY));

/** The content file URL pattern of a route, for page.route(). */
export const contentGlob = (route: string) => `**/assets/data${route}.json`;

/**
 * Holds a content file until the returned function is called: a slow network, ended by
 * the test when it has seen what the wait is for (page.route also turns the HTTP cache
 * off, so every load of the file waits).
 */
export async function holdContent(page: Page, route: string): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  await page.route(contentGlob(route), async (r) => {
    await held;
    await r.continue().catch(() => {});
  });
  return release;
}

/**
 * Playwright's clock, for tests of a timer (B34's 200 ms bar delay, B53's 200 ms loader
 * delay). `installClock` (before the page loads) fakes the page's timers but keeps them
 * running, so the page loads as usual; `pauseClock` then stops page time, so a timer fires
 * only when `page.clock.runFor` moves time on, and a loaded machine cannot stretch page
 * time while the test waits on the browser. The clock is the whole browser context's: a
 * test that pauses it resumes it when done (`resumeClock`), and `installClock` resumes it too.
 */
export async function installClock(page: Page): Promise<void> {
  await page.clock.install();
  await page.clock.resume();
}

export async function pauseClock(page: Page): Promise<void> {
  // pauseAt takes a wall time; a second ahead only fires what was due by then on a loaded page.
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
}

export const resumeClock = (page: Page) => page.clock.resume();

/**
 * An init script recording, in page time (performance.now()), the last click, each
 * appearance and removal of `#nprogress` and of `.lazy-loading`, and each new `h1`
 * text. In-page times keep the timing checks free of test-harness latency.
 * A string: tsx would rewrite a function's inner names with a helper the page lacks.
 */
export const RECORD_TIMES = `(function () {
  var rec = window.__times = { click: -1, bar: [], barGone: [], loading: [], h1: [] };
  var lastH1 = null;
  document.addEventListener('click', function () { rec.click = performance.now(); }, true);
  new MutationObserver(function (muts) {
    var t = performance.now();
    muts.forEach(function (m) {
      m.addedNodes.forEach(function (n) {
        if (n.nodeType !== 1) return;
        if (n.id === 'nprogress') rec.bar.push(t);
        if (n.matches('.lazy-loading') || n.querySelector('.lazy-loading')) rec.loading.push(t);
      });
      m.removedNodes.forEach(function (n) { if (n.id === 'nprogress') rec.barGone.push(t); });
    });
    var h = document.querySelector('h1');
    var text = h ? h.textContent : null;
    if (text !== lastH1) { lastH1 = text; rec.h1.push([text, t]); }
  }).observe(document, { childList: true, subtree: true, characterData: true });
})();`;

export interface Times {
  click: number;
  bar: number[];
  barGone: number[];
  loading: number[];
  h1: [string | null, number][];
}

export const times = (page: Page) =>
  page.evaluate(() => (window as unknown as { __times: Times }).__times);

/** Page time at which the first h1 reading `text` appeared. */
export function h1Time(t: Times, text: string): number {
  const hit = t.h1.find(([s]) => s === text);
  if (!hit) throw new Error(`no h1 "${text}" recorded: ${JSON.stringify(t.h1)}`);
  return hit[1];
}

/** pushState + a synthetic popstate, as B20's check does. */
export const pushPop = (page: Page, href: string) =>
  page.evaluate((h) => {
    history.pushState(null, '', h);
    dispatchEvent(new PopStateEvent('popstate', { state: null }));
  }, href);
