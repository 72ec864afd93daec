import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launchBrowser, collectErrors, type TestBrowser } from '../helpers/browser';
import { buildRepoSite, serveDir, type RunningServer } from '../helpers/site';

let browser: TestBrowser;
let server: RunningServer;

before(async () => {
  const { outDir } = await buildRepoSite();
  server = await serveDir(outDir);
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await server?.close();
});

test('API pages hydrate without errors; the index links to a function page client-side', async () => {
  const page = await browser.newPage();
  const errors = collectErrors(page);
  await page.goto(server.url + '/docs/api/');
  await page.waitForSelector('html[data-has-hydrated="true"]');
  assert.equal(await page.locator('h1').textContent(), 'API Reference');
  await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 1));
  await page.locator('.api-index__name', { hasText: /^readCsv$/ }).click();
  await page.waitForURL('**/docs/api/functions/readCsv');
  await page.waitForFunction(() => document.querySelector('h1')?.textContent === 'readCsv');
  assert.equal(
    await page.evaluate(() => (window as unknown as { __marker?: number }).__marker),
    1,
    'no document load',
  );
  assert.match(
    (await page.locator('pre.api-signature').first().textContent()) ?? '',
    /^function readCsv\(/,
  );
  // A linked type in the signature leads to its page.
  await page
    .locator('pre.api-signature a', { hasText: /^DataFrame$/ })
    .first()
    .click();
  await page.waitForFunction(() => document.querySelector('h1')?.textContent === 'DataFrame');
  assert.deepEqual(errors, []);
  await page.close();
});

test('a member anchor on the DataFrame page scrolls its heading below the navbar', async () => {
  const page = await browser.newPage();
  await page.goto(server.url + '/docs/api/classes/DataFrame#fromRows');
  await page.waitForSelector('html[data-has-hydrated="true"]');
  const top = await page.evaluate(
    () => document.getElementById('fromRows')!.getBoundingClientRect().top,
  );
  assert.ok(top >= 50 && top <= 90, `heading top ${top}`);
  const tocLinks = await page
    .locator('.doc-layout__toc a.table-of-contents__link')
    .allTextContents();
  assert.ok(
    tocLinks.includes('fromRows()') && tocLinks.includes('Constructor'),
    'the TOC lists the members',
  );
  await page.close();
});
