/**
 * Docusaurus tab groups (issue 27): tabs with the same `groupId` switch together, the
 * choice is stored under `docusaurus.tab.<groupId>` and survives a reload, a visit to
 * another page of the site and a URL without the query parameter; `queryString` puts it
 * in the URL and reads it from there.
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { Locator, Page } from 'playwright-core';
import { launchBrowser, collectErrors, screenshot, type TestBrowser } from '../helpers/browser';
import { serveFixture, open, type ServedSite } from './shell-helpers';

let site: ServedSite;
let browser: TestBrowser;
const INSTALL = '/docs/guides/install';

before(async () => {
  site = await serveFixture('compat-docusaurus');
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await site?.close();
});

const groups = (page: Page): Locator =>
  page.locator('[data-tabs][data-group-id="package-manager"]');

/** The label of the selected tab of each package-manager group, and whether its panel shows. */
async function chosen(page: Page): Promise<string[]> {
  return groups(page).evaluateAll((lists) =>
    lists.map((list) => {
      const tab = list.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]')!;
      const panel = document.getElementById(tab.getAttribute('aria-controls')!)!;
      return `${tab.textContent}${panel.hidden ? ' (hidden)' : ''}`;
    }),
  );
}

/** Waits until each package-manager group shows `label` (a group follows a choice asynchronously: its module loads on demand). */
async function expectChosen(page: Page, label: string, what: string): Promise<void> {
  try {
    await page.waitForFunction(
      (wanted) =>
        [...document.querySelectorAll('[data-tabs][data-group-id="package-manager"]')].every(
          (list) =>
            list.querySelector('[role="tab"][aria-selected="true"]')?.textContent === wanted,
        ),
      label,
      { timeout: 5000 },
    );
  } catch {
    // reported below with what each group shows
  }
  assert.deepEqual(await chosen(page), [label, label], what);
}

test('a groupId tab group follows the other one, and the choice survives a reload and a visit to another page', async () => {
  const page = await browser.newPage();
  const errors = collectErrors(page);
  await open(page, site.url + INSTALL);
  assert.deepEqual(await chosen(page), ['npm', 'npm'], 'the default tab first');

  await groups(page).first().getByRole('tab', { name: 'Yarn' }).click();
  await expectChosen(page, 'Yarn', 'the second group follows the first');
  assert.equal(
    await page.evaluate(() => localStorage.getItem('docusaurus.tab.package-manager')),
    'yarn',
    'stored under Docusaurus’s key',
  );
  assert.equal(new URL(page.url()).searchParams.get('package-manager'), 'yarn');
  await screenshot(page, 'compat-tabs-yarn');

  await page.reload();
  await page.waitForSelector('html[data-has-hydrated="true"]');
  await expectChosen(page, 'Yarn', 'after a reload');

  // Without the query parameter, the stored choice is shown.
  await open(page, site.url + INSTALL);
  await expectChosen(page, 'Yarn', 'from storage');

  // Keyboard: arrow keys choose too, and the other group follows.
  await groups(page).nth(1).getByRole('tab', { name: 'Yarn' }).focus();
  await page.keyboard.press('ArrowRight');
  await expectChosen(page, 'pnpm', 'the first group follows the second');

  // A client-side navigation away and back shows the stored choice on the new render.
  await open(page, site.url + '/docs/intro');
  await page.getByRole('link', { name: 'install guide' }).click();
  await page.waitForURL((url) => url.pathname === INSTALL);
  await groups(page).first().waitFor();
  await expectChosen(page, 'pnpm', 'after a client-side navigation');
  assert.deepEqual(errors, []);
  await page.close();
});

test('a queryString in the URL chooses the tab, over the stored choice', async () => {
  const page = await browser.newPage();
  await open(page, site.url + INSTALL);
  await page.evaluate(() => localStorage.setItem('docusaurus.tab.package-manager', 'pnpm'));
  await open(page, site.url + INSTALL + '?package-manager=yarn');
  await expectChosen(page, 'Yarn', 'the query parameter wins');
  await page.close();
});
