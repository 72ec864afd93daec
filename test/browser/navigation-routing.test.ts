/**
 * Client-side routing (issue 5; behaviours B16–B26) on the nav-site fixture,
 * built and served with base URL `/` and `/sub/`.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { collectErrors, pageIdle, type Page, type TestBrowser } from '../helpers/browser';
import {
  BASES,
  withNavSite,
  open,
  waitHydrated,
  waitH1,
  h1,
  domClick,
  scrollToY,
  pageScrollY,
  type NavSite,
  pushPop,
} from './navigation-fixture';

const SIDEBAR = 'nav[aria-label="Docs sidebar"]';
const headingTop = (page: Page, id: string) =>
  page.evaluate((i) => Math.round(document.getElementById(i)!.getBoundingClientRect().top), id);
const marker = (page: Page) =>
  page.evaluate(() => (window as unknown as { __navMarker?: number }).__navMarker);
const setMarker = (page: Page) =>
  page.evaluate(() => ((window as unknown as { __navMarker?: number }).__navMarker = 1));

for (const base of BASES) {
  describe(`routing with base URL ${base}`, () => {
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

    test('a sidebar click swaps the page without a document load and updates the head (B16, B26)', async () => {
      await open(await fresh(), site, '/docs/guide');
      await setMarker(page);
      await page.click(`${SIDEBAR} a:text-is("Alpha")`);
      await waitH1(page, 'Alpha');
      assert.equal(await marker(page), 1, 'no document load');
      assert.equal(new URL(page.url()).pathname, site.path('/docs/guide/alpha'));
      const head = await page.evaluate(() => ({
        title: document.title,
        ogTitle: document.querySelector('meta[property="og:title"]')?.getAttribute('content'),
        description: document.querySelector('meta[name="description"]')?.getAttribute('content'),
        ogDescription: document
          .querySelector('meta[property="og:description"]')
          ?.getAttribute('content'),
        canonical: document.querySelector('link[rel="canonical"]')?.getAttribute('href'),
        ogUrl: document.querySelector('meta[property="og:url"]')?.getAttribute('content'),
        alternates: [...document.querySelectorAll('link[rel="alternate"][hreflang]')].map((l) =>
          l.getAttribute('href'),
        ),
      }));
      const canonical = 'https://nav.example' + site.path('/docs/guide/alpha');
      assert.deepEqual(head, {
        title: 'Alpha | NavSite',
        ogTitle: 'Alpha | NavSite',
        description: 'Alpha, a long page with a deep section.',
        ogDescription: 'Alpha, a long page with a deep section.',
        canonical,
        ogUrl: canonical,
        alternates: [canonical, canonical],
      });
      assert.equal(
        await page.getAttribute(`${SIDEBAR} a[aria-current="page"]`, 'href'),
        site.path('/docs/guide/alpha'),
      );
      assert.deepEqual(errors, []);
    });

    test('a page without a sidebar leads to one with it: the sidebar file comes with the content', async () => {
      await open(await fresh(), site, '/');
      await setMarker(page);
      assert.equal(await page.locator(SIDEBAR).count(), 0);
      await page.click('main a:text-is("the guide")');
      await waitH1(page, 'Guide');
      assert.equal(await page.locator(`${SIDEBAR} a`).count(), 4);
      assert.equal(await page.evaluate(() => document.title), 'Guide | NavSite');
      // Home again: the site title alone (B26).
      await page.click('.navbar__brand');
      await waitH1(page, 'NavSite');
      assert.equal(await page.evaluate(() => document.title), 'NavSite');
      assert.equal(await marker(page), 1);
      assert.deepEqual(errors, []);
    });

    test('the old page stays until the new content is in (B17)', async () => {
      await open(await fresh(), site, '/docs/guide');
      let release!: () => void;
      const held = new Promise<void>((r) => (release = r));
      await page.route('**/assets/data/docs/guide/beta.json', async (route) => {
        await held;
        await route.continue();
      });
      // Every h1 text the page shows from the click on (a MutationObserver misses no moment).
      await page.evaluate(() => {
        const shown: (string | null)[] = ((window as unknown as { __h1s: unknown }).__h1s = []);
        new MutationObserver(() => {
          const text = document.querySelector('h1')?.textContent ?? null;
          if (text !== (shown.length ? shown[shown.length - 1] : 'Guide')) shown.push(text);
        }).observe(document, { childList: true, subtree: true, characterData: true });
      });
      await domClick(page, `${SIDEBAR} a[href$="/beta"]`);
      await page.waitForURL(site.url('/docs/guide/beta'));
      // The router's own sign that it is still waiting for the content: the progress bar, 200 ms in (B34).
      await page.waitForSelector('#nprogress .bar');
      assert.equal(await h1(page), 'Guide', 'old page still shown while the content loads');
      release();
      await waitH1(page, 'Beta');
      assert.deepEqual(
        await page.evaluate(() => (window as unknown as { __h1s: unknown }).__h1s),
        ['Beta'],
        'from the old page straight to the new one',
      );
      assert.deepEqual(errors, []);
    });

    test('back and forward restore the pages and the positions they were left at (B20)', async () => {
      await open(await fresh(), site, '/docs/other');
      await setMarker(page);
      await scrollToY(page, 600);
      await domClick(page, 'main a[href$="/docs/guide/alpha"]');
      await waitH1(page, 'Alpha');
      assert.equal(await pageScrollY(page), 0, 'a new page starts at the top');
      await scrollToY(page, 300);
      await page.evaluate(() => history.back());
      await waitH1(page, 'Other');
      assert.equal(await pageScrollY(page), 600);
      await page.evaluate(() => history.forward());
      await waitH1(page, 'Alpha');
      assert.equal(await pageScrollY(page), 300);
      assert.equal(await marker(page), 1);
      assert.deepEqual(errors, []);
    });

    test('scroll rules on popstate: query only stays, hash goes to the heading, another path goes to the top (B20)', async () => {
      await open(await fresh(), site, '/docs/other');
      await scrollToY(page, 500);
      await pushPop(page, site.path('/docs/other') + '?q=1');
      // The router commits the change in tasks of its own: once the page is idle, they have run.
      await pageIdle(page);
      assert.equal(await pageScrollY(page), 500, 'a query-only change does not scroll');
      await pushPop(page, site.path('/docs/other') + '?q=1#far-heading');
      await page.waitForFunction(
        () =>
          Math.abs(document.getElementById('far-heading')!.getBoundingClientRect().top - 68) <= 2,
      );
      await pushPop(page, site.path('/docs/guide/beta'));
      await waitH1(page, 'Beta');
      assert.equal(await pageScrollY(page), 0);
      assert.deepEqual(errors, []);
    });

    test('a link with a hash lands on the heading below the navbar (B20, B21)', async () => {
      await open(await fresh(), site, '/docs/other');
      await page.click('main a:text-is("Alpha\'s deep section")');
      await waitH1(page, 'Alpha');
      const top = await headingTop(page, 'deep-section');
      assert.ok(Math.abs(top - 68) <= 2, `heading top ${top}`);
      assert.equal(new URL(page.url()).hash, '#deep-section');
      // A first load with a hash: the browser's own scroll honours the same margin.
      await open(await fresh(), site, '/docs/guide/alpha#deep-section');
      const loadedTop = await headingTop(page, 'deep-section');
      assert.ok(Math.abs(loadedTop - 68) <= 2, `heading top ${loadedTop}`);
      assert.deepEqual(errors, []);
    });

    test('a same-page hash link scrolls to its heading and back returns to where the reader was', async () => {
      await open(await fresh(), site, '/docs/other');
      await setMarker(page);
      await page.click('main a:text-is("the far heading")');
      await page.waitForFunction(
        () =>
          Math.abs(document.getElementById('far-heading')!.getBoundingClientRect().top - 68) <= 2,
      );
      assert.equal(new URL(page.url()).hash, '#far-heading');
      // The same heading through a router link (path and hash).
      await scrollToY(page, 0);
      await page.evaluate(
        (href) => {
          const a = document.createElement('a');
          a.href = href;
          a.textContent = 'router link';
          document.querySelector('main')!.prepend(a);
          a.click();
        },
        site.path('/docs/other') + '#near-heading',
      );
      await page.waitForFunction(
        () =>
          Math.abs(document.getElementById('near-heading')!.getBoundingClientRect().top - 68) <= 2,
      );
      assert.equal(await marker(page), 1);
      assert.deepEqual(errors, []);
    });

    test('an unknown path shows the not-found page with its title (B23)', async () => {
      await open(await fresh(), site, '/docs/other');
      await setMarker(page);
      await page.click('main a:text-is("a missing page")');
      await waitH1(page, 'Page Not Found');
      assert.equal(await page.evaluate(() => document.title), 'Page Not Found | NavSite');
      assert.equal(
        await page.locator('text=We could not find what you were looking for.').count(),
        1,
      );
      assert.equal(await page.locator('link[rel="canonical"]').count(), 0);
      assert.equal(await marker(page), 1);
      // Back to a real page: its canonical returns.
      await page.evaluate(() => history.back());
      await waitH1(page, 'Other');
      assert.equal(
        await page.getAttribute('link[rel="canonical"]', 'href'),
        'https://nav.example' + site.path('/docs/other'),
      );
      // A direct load answers 404.
      const res = await (await fresh()).goto(site.url('/nope'));
      assert.equal(res?.status(), 404);
      await waitHydrated(page);
      assert.equal(await page.evaluate(() => document.title), 'Page Not Found | NavSite');
    });

    test('after a push the skip link is the next Tab stop (B25)', async () => {
      await open(await fresh(), site, '/docs/guide');
      await page.click(`${SIDEBAR} a:text-is("Beta")`);
      await waitH1(page, 'Beta');
      // Focus moves after paint (an effect of the commit): a reader's Tab comes after it.
      await pageIdle(page);
      await page.keyboard.press('Tab');
      assert.equal(
        await page.evaluate(() => document.activeElement?.textContent),
        'Skip to main content',
      );
    });
  });
}
