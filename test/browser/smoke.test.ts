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

test('a docs page hydrates without console errors', async () => {
  const page = await browser.newPage();
  const errors = collectErrors(page);
  await page.goto(server.url + '/docs/intro');
  await page.waitForSelector('html[data-has-hydrated="true"]');
  assert.equal(await page.locator('h1').first().textContent(), 'Introduction');
  assert.deepEqual(errors, []);
  await page.close();
});

test('the home page hydrates without console errors', async () => {
  const page = await browser.newPage();
  const errors = collectErrors(page);
  await page.goto(server.url + '/');
  await page.waitForSelector('html[data-has-hydrated="true"]');
  assert.deepEqual(errors, []);
  await page.close();
});
