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
  sleep,
  type NavSite,
} from './navigation-fixture';

const SIDEBAR = 'nav[aria-label="Docs sidebar"]';

/** Delays a route's content file by `ms` (page.route also turns the HTTP cache off, so every load waits). */
async function delayContent(page: Page, file: string, ms: number) {
  await page.route(`**/assets/data/docs/guide/${file}`, async (route) => {
    await sleep(ms);
    await route.continue().catch(() => {});
  });
}

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
      return page;
    };

    test('a navigation that takes 1 s shows the bar after 200 ms and removes it after the new page (B34–B36)', async () => {
      await open(await fresh(), site, '/docs/guide');
      await delayContent(page, 'beta.json', 1000);
      await domClick(page, `${SIDEBAR} a[href$="/beta"]`);
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
            Math.round(bar.getBoundingClientRect().width) === document.documentElement.clientWidth,
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
      await waitH1(page, 'Beta');
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
    });

    test('a navigation faster than 200 ms shows no bar (B34, B36)', async () => {
      // The check needs a navigation that really ends within the delay; a loaded machine may need another try.
      let fast = 0;
      for (let attempt = 0; attempt < 4 && fast === 0; attempt++) {
        await open(await fresh(), site, '/docs/guide');
        await delayContent(page, 'beta.json', 100);
        await domClick(page, `${SIDEBAR} a[href$="/beta"]`);
        await waitH1(page, 'Beta');
        await page.waitForTimeout(400);
        const t = await times(page);
        if (h1Time(t, 'Beta') - t.click >= 190) continue;
        fast++;
        assert.deepEqual(t.bar, [], 'no bar for a fast navigation');
        assert.equal(await page.locator('html.nprogress-busy').count(), 0);
      }
      assert.equal(fast, 1, 'no navigation finished within 190 ms');
      assert.deepEqual(errors, []);
    });

    test('query-only and hash-only changes and the first load show no bar (B34)', async () => {
      await open(await fresh(), site, '/docs/other');
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
      await page.waitForTimeout(400);
      assert.deepEqual((await times(page)).bar, []);
      assert.deepEqual(errors, []);
    });
  });
}
