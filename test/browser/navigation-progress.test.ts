/**
 * The route progress bar (issue 5; behaviours B18, B34–B36) on the nav-site fixture
 * under `/` and `/sub/`. Times are taken inside the page (see RECORD_TIMES).
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { collectErrors, type Page, type TestBrowser } from '../helpers/browser';
import {
  BASES,
  RECORD_TIMES,
  withNavSite,
  open,
  waitH1,
  domClick,
  times,
  h1Time,
  holdContent,
  installClock,
  pauseClock,
  resumeClock,
  type NavSite,
} from './navigation-fixture';

const SIDEBAR = 'nav[aria-label="Docs sidebar"]';

for (const base of BASES) {
  describe(`progress bar with base URL ${base}`, () => {
    let site: NavSite;
    let browser: TestBrowser;
    let page: Page;
    let errors: string[];

    withNavSite(base, (s, b) => {
      site = s;
      browser = b;
    });
    const fresh = async () => {
      await page?.close();
      page = await browser.newPage();
      errors = collectErrors(page);
      await page.addInitScript(RECORD_TIMES);
      // The bar's delay is a timer: page time is Playwright's clock here (see installClock).
      await installClock(page);
      return page;
    };

    test('a slow navigation shows the bar after 200 ms and removes it after the new page (B34–B36)', async () => {
      await open(await fresh(), site, '/docs/guide');
      // A first navigation loads the navigation chunk, which sets the bar's timer: with page
      // time paused, a click that still had to load it would set the timer after runFor.
      await domClick(page, `${SIDEBAR} a[href$="/alpha"]`);
      await waitH1(page, 'Alpha');
      await page.goBack();
      await waitH1(page, 'Guide');
      // On a loaded machine those navigations may have shown the bar: it must be gone
      // before page time stops, or the next navigation reuses it and none is added.
      await page.waitForFunction(() => !document.getElementById('nprogress'), undefined, {
        timeout: 5000,
      });
      await page.evaluate(() => {
        const rec = (window as unknown as { __times: Record<string, unknown> }).__times;
        Object.assign(rec, { click: -1, bar: [], barGone: [], loading: [], h1: [] });
      });
      const release = await holdContent(page, '/docs/guide/beta');
      await pauseClock(page);
      try {
        await domClick(page, `${SIDEBAR} a[href$="/beta"]`);
        // Page time stands still until the test moves it on: no bar at 199 ms, the bar at 200 ms.
        await page.clock.runFor(199);
        assert.deepEqual((await times(page)).bar, [], 'no bar before 200 ms');
        await page.clock.runFor(1);
        await page.waitForSelector('#nprogress .bar');
        const shown = await page.evaluate(() => {
          const bar = document.querySelector<HTMLElement>('#nprogress .bar')!;
          const cs = getComputedStyle(bar);
          const probe = document.createElement('div');
          probe.style.background = 'var(--c-primary)';
          document.body.appendChild(probe);
          const primary = getComputedStyle(probe).backgroundColor;
          probe.remove();
          return {
            position: cs.position,
            top: cs.top,
            left: cs.left,
            height: cs.height,
            fullWidth:
              Math.round(bar.getBoundingClientRect().width) ===
              document.documentElement.clientWidth,
            primary: cs.backgroundColor === primary,
            role: bar.getAttribute('role'),
            peg: !!bar.querySelector('.peg'),
            spinner: !!document.querySelector('#nprogress .spinner'),
            busy: document.documentElement.classList.contains('nprogress-busy'),
            h1: document.querySelector('h1')!.textContent,
          };
        });
        assert.deepEqual(shown, {
          position: 'fixed',
          top: '0px',
          left: '0px',
          height: '2px',
          fullWidth: true,
          primary: true,
          role: 'bar',
          peg: true,
          spinner: false,
          busy: true,
          h1: 'Guide',
        });
        // The content was held until the bar had been looked at: a slow network, ended now.
        release();
        await waitH1(page, 'Beta');
        // done() completes the bar, holds it, then fades it out on timers of its own (B36).
        await page.clock.runFor(1000);
        await page.waitForFunction(() => !document.getElementById('nprogress'), undefined, {
          timeout: 5000,
        });
        const t = await times(page);
        assert.equal(t.bar.length, 1);
        const startedAfter = t.bar[0]! - t.click;
        assert.ok(
          startedAfter >= 195 && startedAfter < 400,
          `bar started ${startedAfter} ms after the click`,
        );
        const goneAfter = t.barGone[0]! - h1Time(t, 'Beta');
        assert.ok(goneAfter > 0 && goneAfter <= 1000, `bar gone ${goneAfter} ms after the new h1`);
        assert.equal(
          await page.evaluate(() => document.documentElement.classList.contains('nprogress-busy')),
          false,
        );
        assert.deepEqual(errors, []);
      } finally {
        release();
        await resumeClock(page);
      }
    });

    test('a navigation faster than 200 ms shows no bar (B34, B36)', async () => {
      await open(await fresh(), site, '/docs/guide');
      // Page time stands still while the content loads, however long a loaded machine takes:
      // in page time the navigation ends within the delay.
      await pauseClock(page);
      try {
        await domClick(page, `${SIDEBAR} a[href$="/beta"]`);
        await waitH1(page, 'Beta');
        // Well past the delay: a start timer left armed would fire now.
        await page.clock.runFor(1000);
        const t = await times(page);
        assert.ok(h1Time(t, 'Beta') - t.click < 190, 'the navigation ended within the delay');
        assert.deepEqual(t.bar, [], 'no bar for a fast navigation');
        assert.equal(await page.locator('html.nprogress-busy').count(), 0);
        assert.deepEqual(errors, []);
      } finally {
        await resumeClock(page);
      }
    });

    test('query-only and hash-only changes and the first load show no bar (B34)', async () => {
      await open(await fresh(), site, '/docs/other');
      await pauseClock(page);
      try {
        for (const suffix of ['?q=1', '?q=1#far-heading', '#near-heading']) {
          await page.evaluate(
            (h) => {
              history.pushState(null, '', h);
              dispatchEvent(new PopStateEvent('popstate'));
            },
            site.path('/docs/other') + suffix,
          );
        }
        await page.click('main a:text-is("the far heading")');
        await page.waitForFunction(() => location.hash === '#far-heading');
        // Well past the delay: a start timer armed by any of these would fire now.
        await page.clock.runFor(1000);
        assert.deepEqual((await times(page)).bar, []);
        assert.deepEqual(errors, []);
      } finally {
        await resumeClock(page);
      }
    });
  });
}
