/**
 * Document loads around the client router (issue 5; behaviours B15, B20, B22, B27,
 * B28, B33, B59) on the nav-site fixture, built and served with base URL `/` and `/sub/`.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { collectErrors, type Page, type TestBrowser } from '../helpers/browser';
import {
  BASES,
  withNavSite,
  open,
  waitHydrated,
  waitH1,
  domClick,
  scrollToY,
  pageScrollY,
  type NavSite,
  pushPop,
} from './navigation-fixture';

const SIDEBAR = 'nav[aria-label="Docs sidebar"]';

for (const base of BASES) {
  describe(`page loads with base URL ${base}`, () => {
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
      return page;
    };

    test('a reload and a return from another document keep the positions too (B20: native on first load)', async () => {
      await open(await fresh(), site, '/docs/other');
      await scrollToY(page, 700);
      await page.reload();
      await waitHydrated(page);
      assert.equal(await pageScrollY(page), 700, 'the browser restores a reloaded page');
      await domClick(page, 'main a[href$="/docs/guide/alpha"]');
      await waitH1(page, 'Alpha');
      await scrollToY(page, 400);
      await page.goto(site.url('/docs/far'));
      await waitHydrated(page);
      await page.goBack();
      await waitHydrated(page);
      await waitH1(page, 'Alpha');
      await page.waitForFunction(() => Math.round(scrollY) === 400);
      // Back again within the page that was reloaded: the position kept in the history entry.
      await page.evaluate(() => history.back());
      await waitH1(page, 'Other');
      assert.equal(await pageScrollY(page), 700);
      assert.deepEqual(errors, []);
    });

    test('/x.html and /x/index.html land on /x (B22)', async () => {
      for (const suffix of ['.html', '/index.html']) {
        await fresh();
        await page.goto(site.url('/docs/guide/alpha') + suffix);
        await waitHydrated(page);
        await waitH1(page, 'Alpha');
        assert.equal(await page.evaluate(() => document.title), 'Alpha | NavSite');
        assert.equal(await page.locator('text=Page Not Found').count(), 0);
        // The server may answer `/x.html` with its 404 page (B22): that response is the only error allowed.
        assert.deepEqual(
          errors.filter((e) => !/status of 404/.test(e)),
          [],
        );
      }
      // In the client too.
      await open(await fresh(), site, '/docs/other');
      await pushPop(page, site.path('/docs/guide/beta.html'));
      await waitH1(page, 'Beta');
      await pushPop(page, site.path('/docs/guide/index.html'));
      await waitH1(page, 'Guide');
      assert.deepEqual(errors, []);
    });

    test('every page hydrates with no console error (B15, B33)', async () => {
      const manifest = JSON.parse(
        readFileSync(join(site.outDir, 'route-manifest.json'), 'utf8'),
      ) as { routes: Record<string, unknown> };
      const routes = Object.keys(manifest.routes);
      assert.ok(routes.length >= 7);
      for (const route of routes) {
        await fresh();
        const res = await page.goto(site.url(route));
        assert.match((await res!.text()).slice(0, 400), /data-has-hydrated="false"/);
        await waitHydrated(page);
        assert.deepEqual(errors, [], route);
      }
    });

    test('the base-URL banner shows only on the home page when scripts and styles fail (B59)', async () => {
      const blocked = async (route: string) => {
        await fresh();
        await page.route(/\.(js|css)(\?|$)/, (r) => r.abort());
        await page.goto(site.url(route));
        await page.waitForLoadState('load');
        return page.locator('#__docusaurus-base-url-issue-banner-container');
      };
      const home = await blocked('/');
      assert.equal(await home.isVisible(), true);
      const text = await home.textContent();
      assert.match(text!, /did not load properly/);
      assert.ok(text!.includes(base === '/' ? '/ (default value)' : base), text!);
      assert.equal(await (await blocked('/docs/intro')).count(), 0);
      assert.equal(await (await blocked('/docs/guide')).count(), 0);
      await open(await fresh(), site, '/');
      await page.waitForLoadState('load');
      assert.equal(await page.locator('#__docusaurus-base-url-issue-banner-container').count(), 0);
    });

    test('a stored preferred version that does not exist is deleted on mount (B27)', async () => {
      await open(await fresh(), site, '/docs/guide');
      const after = async (value: string) => {
        await page.evaluate(
          (v) => localStorage.setItem('docs-preferred-version-default', v),
          value,
        );
        await page.reload();
        await waitHydrated(page);
        return page.evaluate(() => localStorage.getItem('docs-preferred-version-default'));
      };
      assert.equal(await after('1.0'), null);
      assert.equal(await after('current'), 'current');
    });

    test('navigation works when localStorage throws (B28)', async () => {
      await fresh();
      // A string: tsx would wrap a function's inner names in a helper the page lacks.
      await page.addInitScript(
        `Object.defineProperty(window, 'localStorage', { get: function () { throw new Error('denied'); } });`,
      );
      const warnings: string[] = [];
      page.on('console', (m) => void (m.type() === 'warning' && warnings.push(m.text())));
      await open(page, site, '/docs/guide');
      await page.click(`${SIDEBAR} a:text-is("Alpha")`);
      await waitH1(page, 'Alpha');
      assert.deepEqual(errors, []);
      assert.ok(
        warnings.filter((w) => /storage/i.test(w)).length <= 1,
        'at most one storage warning',
      );
    });
  });
}
