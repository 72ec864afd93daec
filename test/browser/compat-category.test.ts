/**
 * A Docusaurus category's generated index page in a browser: the sidebar's category label
 * leads to it (client-side) and is the current item there; its cards lead on; it has no
 * serious accessibility problem in light or dark at desktop and phone widths (screenshots
 * under test-results/screenshots/compat-category-*.png).
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launchBrowser, collectErrors, screenshot, type TestBrowser } from '../helpers/browser';
import {
  serveFixture,
  open,
  animationsDone,
  seriousViolations,
  type ServedSite,
} from './shell-helpers';

let site: ServedSite;
let browser: TestBrowser;
const INDEX = '/docs/category/tutorials';

before(async () => {
  site = await serveFixture('compat-docusaurus');
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await site?.close();
});

test('the category label in the sidebar opens its generated index, the current item there; a card leads on', async () => {
  const page = await browser.newPage();
  const errors = collectErrors(page);
  await open(page, site.url + '/docs/intro');
  // A client-side navigation: the document stays, the marker set on it survives.
  await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
  await page.locator('.doc-layout__sidebar a.menu__link', { hasText: 'Tutorials' }).click();
  await page.waitForURL(site.url + INDEX);
  await page.waitForSelector('h1:text("Tutorials")');
  assert.equal(await page.evaluate(() => (window as unknown as { marker?: number }).marker), 1);
  const current = page.locator('.doc-layout__sidebar [aria-current="page"]');
  assert.equal(await current.textContent(), 'Tutorials');
  const cards = page.locator('.category-card');
  assert.deepEqual(await cards.locator('.category-card__title').allTextContents(), [
    'First steps',
    'Retries',
    'Advanced',
    'Streaming responses',
  ]);
  await cards.filter({ hasText: 'Advanced' }).click();
  await page.waitForURL(site.url + '/docs/advanced-tutorials');
  await page.waitForSelector('h1:text("Advanced tutorials")');
  assert.deepEqual(
    await page.locator('.breadcrumbs__link').allTextContents(),
    ['', 'Tutorials', 'Advanced tutorials'],
    'home, the parent category, the page',
  );
  assert.deepEqual(errors, []);
  await page.close();
});

test('the generated index page in light and dark, at 1280 and 390 px: no serious axe violation', async () => {
  for (const colorScheme of ['light', 'dark'] as const)
    for (const width of [1280, 390]) {
      const b = await launchBrowser({ colorScheme, viewport: { width, height: 860 } });
      try {
        const page = await b.newPage();
        await open(page, site.url + INDEX);
        await animationsDone(page);
        await screenshot(page, `compat-category-${colorScheme}-${width}`);
        assert.deepEqual(await seriousViolations(page), [], `${colorScheme} ${width}px`);
      } finally {
        await b.close();
      }
    }
});
