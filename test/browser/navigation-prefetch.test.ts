/**
 * Prefetch (issue 5; behaviours B29–B32) on the nav-site fixture under `/` and `/sub/`.
 * `/docs/far` has one link, far below the fold, to `/docs/guide/gamma`.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { collectErrors, type Page, type TestBrowser } from '../helpers/browser';
import { BASES, withNavSite, open, waitH1, type NavSite } from './navigation-fixture';

/** Records fetch() calls (URL and credentials mode) before any page script runs. A string: tsx would rewrite a function. */
const RECORD_FETCH = `(function () {
  var f = window.fetch; window.__fetches = [];
  window.fetch = function (input, init) { window.__fetches.push([String(input), init && init.credentials || '']); return f.apply(this, arguments); };
})();`;
const connection = (value: string) =>
  `Object.defineProperty(Navigator.prototype, 'connection', { configurable: true, get: function () { return ${value}; } });`;

const prefetchLinks = (page: Page, file: string) =>
  page.evaluate(
    (f) =>
      [...document.querySelectorAll('head link[rel="prefetch"]')].filter((l) =>
        l.getAttribute('href')!.endsWith(f),
      ).length,
    file,
  );
const fetches = (page: Page, file: string) =>
  page.evaluate(
    (f) =>
      ((window as unknown as { __fetches: [string, string][] }).__fetches ?? []).filter(([u]) =>
        u.endsWith(f),
      ),
    file,
  );
/**
 * Counts the IntersectionObservers the page makes (the prefetcher's) and keeps the original
 * constructor for the test's own. A string, as RECORD_FETCH.
 */
const RECORD_OBSERVERS = `(function () {
  var IO = window.IntersectionObserver; window.__IO = IO; window.__observers = 0;
  window.IntersectionObserver = function (cb, options) { window.__observers++; return new IO(cb, options); };
  window.IntersectionObserver.prototype = IO.prototype;
})();`;

/**
 * Resolves once the prefetcher has acted on what is in view now (B29) and on any hover
 * (B31), and the requests it made have reached the test: the prefetcher watches, an
 * observer made after its own reports (observers are told in the order they were made, so
 * the prefetcher's callback has run), and a request the page makes after that has been
 * seen (the page's requests reach the test in order).
 */
async function settle(page: Page): Promise<void> {
  await page.waitForFunction(() => (window as unknown as { __observers: number }).__observers > 0);
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const IO = (window as unknown as { __IO: typeof IntersectionObserver }).__IO;
        const io = new IO(() => {
          io.disconnect();
          resolve();
        });
        io.observe(document.body);
      }),
  );
  await Promise.all([
    page.waitForRequest((r) => r.url().endsWith('?settled')),
    page.evaluate(() => fetch(location.pathname + '?settled').then(() => {})),
  ]);
}
const toBottom = (page: Page) => page.evaluate(() => scrollTo(0, document.body.scrollHeight));

for (const base of BASES) {
  describe(`prefetch with base URL ${base}`, () => {
    let site: NavSite;
    let browser: TestBrowser;
    let page: Page;
    let requests: string[];
    let errors: string[];

    withNavSite(base, (s, b) => {
      site = s;
      browser = b;
    });
    const fresh = async (...initScripts: string[]) => {
      await page?.close();
      page = await browser.newPage();
      errors = collectErrors(page);
      requests = [];
      page.on('request', (r) => void requests.push(new URL(r.url()).pathname));
      for (const s of [RECORD_FETCH, RECORD_OBSERVERS, ...initScripts]) await page.addInitScript(s);
      return page;
    };
    const requested = (file: string) => requests.filter((p) => p.endsWith(file)).length;

    test('a link prefetches its route once when it comes into view (B29, B30)', async () => {
      await open(await fresh(), site, '/docs/far');
      await settle(page);
      assert.equal(await prefetchLinks(page, '/gamma.json'), 0, 'not in view yet');
      assert.equal(requested('/gamma.json'), 0);
      await toBottom(page);
      await page.waitForFunction(() =>
        document.querySelector('head link[rel="prefetch"][href$="/gamma.json"]'),
      );
      assert.equal(
        await page.getAttribute('head link[rel="prefetch"][href$="/gamma.json"]', 'href'),
        site.path('/assets/data/docs/guide/gamma.json'),
      );
      await page.waitForFunction(() =>
        performance.getEntriesByType('resource').some((e) => e.name.endsWith('/gamma.json')),
      );
      await page.evaluate(() => scrollTo(0, 0));
      await settle(page);
      await toBottom(page);
      await settle(page);
      assert.equal(await prefetchLinks(page, '/gamma.json'), 1, 'once per route');
      assert.deepEqual(errors, []);
    });

    test('a route already loaded is not prefetched (B29)', async () => {
      await open(await fresh(), site, '/docs/other');
      await page.click('main a:text-is("Alpha")');
      await waitH1(page, 'Alpha');
      // Alpha's own observer has reported once its sidebar's Beta link is prefetched.
      await page.waitForFunction(() =>
        document.querySelector('head link[rel="prefetch"][href$="/docs/guide/beta.json"]'),
      );
      await settle(page);
      // Alpha links back to Other, shown and loaded already; its sidebar links are prefetched.
      assert.equal(await prefetchLinks(page, '/docs/other.json'), 0);
      assert.equal(await prefetchLinks(page, '/docs/guide/beta.json'), 1);
      assert.equal(
        await prefetchLinks(page, '/docs/guide/alpha.json'),
        1,
        'prefetched while Other showed its link, not again',
      );
    });

    test('without link prefetch support, a GET with credentials (B30)', async () => {
      await open(
        await fresh(`DOMTokenList.prototype.supports = function () { return false; };`),
        site,
        '/docs/far',
      );
      await toBottom(page);
      await page.waitForFunction(() =>
        (window as unknown as { __fetches: [string, string][] }).__fetches.some(([u]) =>
          u.endsWith('/gamma.json'),
        ),
      );
      assert.deepEqual(await fetches(page, '/gamma.json'), [
        [site.path('/assets/data/docs/guide/gamma.json'), 'include'],
      ]);
      assert.equal(await prefetchLinks(page, '/gamma.json'), 0);
      assert.deepEqual(errors, []);
    });

    test('hover loads the route before the click, once (B31)', async () => {
      await open(await fresh(), site, '/docs/other');
      await settle(page);
      assert.equal((await fetches(page, '/beta.json')).length, 0);
      await page.hover('main a:text-is("Beta")');
      await page.waitForFunction(() =>
        (window as unknown as { __fetches: [string, string][] }).__fetches.some(([u]) =>
          u.endsWith('/beta.json'),
        ),
      );
      await page.mouse.move(0, 0);
      await page.hover('main a:text-is("Beta")');
      await page.click('main a:text-is("Beta")');
      await waitH1(page, 'Beta');
      assert.equal(
        (await fetches(page, '/beta.json')).length,
        1,
        'the click used the loaded content',
      );
      // Focus counts as intent too (our addition to B31).
      await page.focus('main a[href$="/docs/guide"]');
      await page.waitForFunction(() =>
        (window as unknown as { __fetches: [string, string][] }).__fetches.some(([u]) =>
          /\/docs\/guide\.json$/.test(u),
        ),
      );
      assert.deepEqual(errors, []);
    });

    for (const [name, value] of [
      ['a 2g connection', `{ effectiveType: '2g', saveData: false }`],
      ['a slow-2g connection', `{ effectiveType: 'slow-2g', saveData: false }`],
      ['Save-Data', `{ effectiveType: '4g', saveData: true }`],
    ]) {
      test(`nothing is prefetched on ${name}, and clicks still navigate (B32)`, async () => {
        await open(await fresh(connection(value)), site, '/docs/far');
        await toBottom(page);
        await page.hover('main a:text-is("Gamma")');
        await settle(page);
        assert.equal(await prefetchLinks(page, '.json'), 0);
        assert.equal(requested('/gamma.json'), 0);
        await page.click('main a:text-is("Gamma")');
        await waitH1(page, 'Gamma');
        assert.equal(requested('/gamma.json'), 1, 'the navigation loads its content');
        assert.deepEqual(errors, []);
      });
    }
  });
}
