/**
 * Recovery from failures (issue 5; behaviours B19, B53) on the nav-site fixture under
 * `/` and `/sub/`: a failed preload reloads the target URL; a route loaded after the
 * page is shown (a `.html` URL answered with the server's 404 page, B22) shows the
 * error and a Retry button instead, since a reload would get the same answer.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Page, type TestBrowser } from '../helpers/browser';
import {
  BASES,
  RECORD_TIMES,
  withNavSite,
  open,
  waitHydrated,
  waitH1,
  domClick,
  times,
  h1Time,
  contentGlob,
  installClock,
  pauseClock,
  resumeClock,
  type NavSite,
} from './navigation-fixture';

const SIDEBAR = 'nav[aria-label="Docs sidebar"]';

for (const base of BASES) {
  describe(`failure recovery with base URL ${base}`, () => {
    let site: NavSite;
    let browser: TestBrowser;
    let page: Page;
    let events: string[];

    withNavSite(base, (s, b) => {
      site = s;
      browser = b;
    });
    /**
     * `dfdocs serve` redirects `/x.html` to `/x` (301); many static hosts answer such a
     * URL with their 404 page instead, which is the case B22 and B53 are about.
     */
    const hostAnswers404 = (route: string) =>
      page.route(site.url(route), (r) =>
        r.fulfill({
          status: 404,
          contentType: 'text/html; charset=utf-8',
          body: readFileSync(join(site.outDir, '404.html')),
        }),
      );
    const fresh = async () => {
      await page?.close();
      page = await browser.newPage();
      events = [];
      page.on('console', (m) => {
        if (m.type() === 'warning' || m.type() === 'error') events.push(`${m.type()}: ${m.text()}`);
      });
      page.on('pageerror', (e) => void events.push(`pageerror: ${e}`));
      page.on('load', () => void events.push('load'));
      await page.addInitScript(RECORD_TIMES);
      return page;
    };

    test('a failed preload logs a warning, then loads the new URL as a document (B19)', async () => {
      await fresh();
      // The warning is logged by a document about to unload, so it is kept in sessionStorage to be read after.
      await page.addInitScript(`(function () {
        var warn = console.warn;
        console.warn = function (x) { sessionStorage.setItem('warned', String(x) + ' @ ' + location.pathname); return warn.apply(this, arguments); };
      })();`);
      await open(page, site, '/docs/guide');
      await page.route(contentGlob('/docs/guide/alpha'), (r) => r.abort());
      await page.evaluate(() => ((window as unknown as { __navMarker: number }).__navMarker = 1));
      const loaded = page.waitForEvent('load');
      await domClick(page, `${SIDEBAR} a[href$="/alpha"]`);
      await loaded;
      await waitHydrated(page);
      assert.equal(new URL(page.url()).pathname, site.path('/docs/guide/alpha'));
      assert.equal(await page.evaluate(() => document.querySelector('h1')?.textContent), 'Alpha');
      assert.equal(
        await page.evaluate(() => (window as unknown as { __navMarker?: number }).__navMarker),
        undefined,
        'a new document',
      );
      // Logged by the old document, on the pushed URL, before the reload.
      assert.equal(
        await page.evaluate(() => sessionStorage.getItem('warned')),
        'TypeError: Failed to fetch @ ' + site.path('/docs/guide/alpha'),
      );
      assert.equal(await page.evaluate(() => scrollY), 0);
    });

    test('a route loaded after the page is shown shows the error and Retry, which loads it again (B53)', async () => {
      await fresh();
      // The loader's delay is a timer: page time is Playwright's clock here (see installClock).
      await installClock(page);
      let mode: 'abort' | 'hold' = 'abort';
      let release!: () => void;
      const held = new Promise<void>((r) => (release = r));
      await page.route(contentGlob('/docs/guide/alpha'), async (r) => {
        if (mode === 'abort') return r.abort();
        await held;
        await r.continue().catch(() => {});
      });
      await hostAnswers404('/docs/guide/alpha.html');
      await page.goto(site.url('/docs/guide/alpha.html'));
      await waitHydrated(page);
      const error = page.locator('.lazy-error');
      await error.waitFor();
      assert.match((await error.textContent())!, /TypeError: Failed to fetch/);
      assert.equal(await page.locator('nav[aria-label="Main"]').count(), 1, 'the navbar stays');
      assert.equal(await page.locator('h1').count(), 0, 'no page content');
      assert.equal(await page.evaluate(() => document.title), 'NavSite');
      // Still failing: Retry shows the error again (a new element).
      await page.evaluate(() =>
        document.querySelector<HTMLElement>('.lazy-error')!.setAttribute('data-old', ''),
      );
      await page.getByRole('button', { name: 'Retry' }).click();
      await page.waitForSelector('.lazy-error:not([data-old])');
      // Unblocked (and slow, until the test has seen the indicator): nothing for 200 ms, then
      // the loading indicator, then the page. Page time stands still until the test moves it on.
      mode = 'hold';
      await pauseClock(page);
      try {
        await page.getByRole('button', { name: 'Retry' }).click();
        await page.clock.runFor(199);
        assert.deepEqual((await times(page)).loading, [], 'nothing before 200 ms');
        await page.clock.runFor(1);
        await page.getByRole('status').waitFor();
        assert.match((await page.getByRole('status').textContent())!, /Loading/);
        await resumeClock(page);
        release();
        await waitH1(page, 'Alpha');
      } finally {
        release();
        await resumeClock(page);
      }
      const t = await times(page);
      const loadingAfter = t.loading[0]! - t.click;
      assert.ok(
        loadingAfter >= 195 && loadingAfter < 600,
        `loading indicator ${loadingAfter} ms after Retry`,
      );
      assert.ok(h1Time(t, 'Alpha') > t.loading[0]!);
      assert.equal(await page.evaluate(() => document.title), 'Alpha | NavSite');
      assert.equal(await page.locator('.lazy-error, .lazy-loading').count(), 0);
      assert.deepEqual(
        events.filter((e) => e.startsWith('pageerror')),
        [],
      );
    });

    test('a route loaded after the page is shown needs no Retry when its content arrives (B22, B33)', async () => {
      await fresh();
      await hostAnswers404('/docs/guide/index.html');
      await page.goto(site.url('/docs/guide/index.html'));
      await waitH1(page, 'Guide');
      assert.equal(await page.locator('.lazy-error').count(), 0);
      assert.equal(await page.evaluate(() => document.title), 'Guide | NavSite');
    });
  });
}
