/**
 * Announcement bar (behaviours B10–B14): storage keys, no flash when dismissed, a new id
 * resets the dismissal, the misspelt legacy value migrates, the only banner landmark.
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { launchBrowser, type TestBrowser } from '../helpers/browser';
import { serveFixture, open, hydrated, type ServedSite } from './shell-helpers';

let site: ServedSite;
let defaultId: ServedSite;
let browser: TestBrowser;

const DISMISS = 'docusaurus.announcement.dismiss';
const ID = 'docusaurus.announcement.id';
const DOC = '/docs/getting-started/installation';

before(async () => {
  [site, defaultId] = await Promise.all([
    serveFixture('shell-site'),
    serveFixture('shell-norespect'),
  ]);
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await Promise.all([site?.close(), defaultId?.close()]);
});

async function pageWithStorage(origin: string, values: Record<string, string>): Promise<Page> {
  const page = await browser.newPage();
  await page.goto(origin + '/robots.txt');
  await page.evaluate((v) => {
    localStorage.clear();
    for (const [k, val] of Object.entries(v)) localStorage.setItem(k, val);
  }, values);
  return page;
}

const read = (page: Page, key: string) => page.evaluate((k) => localStorage.getItem(k), key);

test('B10/B14: the configured bar is the only banner landmark and stores its id', async () => {
  const page = await pageWithStorage(site.url, {});
  await open(page, site.url + DOC);
  const banner = page.getByRole('banner');
  assert.equal(await banner.count(), 1);
  assert.match((await banner.textContent())!, /Every example in these docs now runs in CI/);
  assert.equal(await banner.getByRole('button', { name: 'Close' }).count(), 1);
  assert.equal(await page.locator('nav.navbar').getAttribute('aria-label'), 'Main');
  assert.equal(await read(page, ID), 'shell-2026');
  assert.equal(await read(page, DISMISS), 'false');
  await page.close();
});

test('B13: Close stores the dismissal; the bar stays closed after reload and on other pages', async () => {
  const page = await pageWithStorage(site.url, {});
  await open(page, site.url + DOC);
  await page.getByRole('banner').getByRole('button', { name: 'Close' }).click();
  assert.equal(await page.getByRole('banner').count(), 0);
  assert.equal(await read(page, DISMISS), 'true');
  await page.reload();
  await hydrated(page);
  assert.equal(await page.getByRole('banner').count(), 0);
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'User Guide' })
    .click();
  await page.waitForURL('**/docs/user-guide');
  assert.equal(await page.getByRole('banner').count(), 0);
  await open(page, site.url + '/docs/intro');
  assert.equal(await page.getByRole('banner').count(), 0);
  await page.close();
});

test('B11: a dismissed bar is hidden before any script runs (no flash)', async () => {
  const page = await pageWithStorage(site.url, { [DISMISS]: 'true', [ID]: 'shell-2026' });
  await page.route('**/*.js', (r) => r.abort());
  await page.goto(site.url + DOC);
  const bar = page.locator('.announcement-bar');
  assert.equal(await bar.count(), 1, 'the bar is in the server HTML');
  assert.equal(await bar.isVisible(), false);
  assert.equal(
    await page.evaluate(() =>
      document.documentElement.getAttribute('data-announcement-bar-initially-dismissed'),
    ),
    'true',
  );
  await page.close();
});

test('B12a: a new configured id shows the bar again and resets the dismissal', async () => {
  const page = await pageWithStorage(site.url, { [DISMISS]: 'true', [ID]: 'old' });
  await open(page, site.url + DOC);
  await page.getByRole('banner').waitFor();
  assert.equal(await page.getByRole('banner').isVisible(), true);
  assert.equal(await read(page, DISMISS), 'false');
  assert.equal(await read(page, ID), 'shell-2026');
  await page.close();
});

test('B12b: the misspelt legacy id migrates to the default id and the dismissal holds', async () => {
  const page = await pageWithStorage(defaultId.url, { [DISMISS]: 'true', [ID]: 'annoucement-bar' });
  await open(page, defaultId.url + '/docs/intro');
  assert.equal(await page.getByRole('banner').count(), 0);
  assert.equal(await read(page, ID), 'announcement-bar');
  assert.equal(await read(page, DISMISS), 'true');
  await page.close();
});

test('B13: the bar is hidden in print', async () => {
  const page = await pageWithStorage(site.url, {});
  await open(page, site.url + DOC);
  await page.emulateMedia({ media: 'print' });
  assert.equal(await page.locator('.announcement-bar').isVisible(), false);
  await page.close();
});
