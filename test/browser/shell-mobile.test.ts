/**
 * Responsive layout and the mobile navigation panel (behaviours B37–B42, B47 on mobile).
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { launchBrowser, collectErrors, type TestBrowser } from '../helpers/browser';
import { serveFixture, open, type ServedSite } from './shell-helpers';

let site: ServedSite;
let browser: TestBrowser;
const DOC = '/docs/getting-started/installation';

before(async () => {
  site = await serveFixture('shell-site');
  browser = await launchBrowser({ viewport: { width: 800, height: 800 } });
});
after(async () => {
  await browser?.close();
  await site?.close();
});

const hamburger = (page: Page) => page.getByRole('button', { name: 'Toggle navigation bar' });
const panel = (page: Page) => page.locator('.navbar-sidebar');
const isOpen = (page: Page) =>
  page
    .locator('.navbar-sidebar--open')
    .count()
    .then((n) => n === 1);
const bodyOverflow = (page: Page) => page.evaluate(() => document.body.style.overflow);

async function mobilePage(): Promise<Page> {
  const page = await browser.newPage();
  await page.setViewportSize({ width: 800, height: 800 });
  return page;
}

test('B37: the hamburger shows at 996 px and hides at 997 px', async () => {
  const page = await mobilePage();
  await open(page, site.url + DOC);
  await page.setViewportSize({ width: 996, height: 800 });
  assert.equal(await hamburger(page).isVisible(), true);
  await page.setViewportSize({ width: 997, height: 800 });
  assert.equal(await hamburger(page).isVisible(), false);
  await page.close();
});

test('B38: at 800 px the navbar items and its colour toggle are hidden, the search stays; at 1280 px the reverse', async () => {
  const page = await mobilePage();
  await open(page, site.url + DOC);
  const nav = page.getByRole('navigation', { name: 'Main' });
  assert.equal(await nav.getByRole('link', { name: 'User Guide' }).isVisible(), false);
  assert.equal(await nav.getByRole('link', { name: 'GitHub repository' }).isVisible(), false);
  assert.equal(await page.locator('.navbar__color-toggle').isVisible(), false);
  assert.equal(await nav.getByRole('button', { name: 'Search' }).isVisible(), true);
  assert.equal(await hamburger(page).getAttribute('aria-expanded'), 'false');
  await page.setViewportSize({ width: 1280, height: 800 });
  assert.equal(await nav.getByRole('link', { name: 'User Guide' }).isVisible(), true);
  assert.equal(await page.locator('.navbar__color-toggle').isVisible(), true);
  assert.equal(await hamburger(page).isVisible(), false);
  await page.close();
});

test('B39/B40: the panel opens with the docs sidebar first, goes back to the main menu, locks scrolling, and the backdrop closes it', async () => {
  const page = await mobilePage();
  const errors = collectErrors(page);
  await open(page, site.url + DOC);
  assert.equal(await panel(page).count(), 1, 'rendered at mobile width after hydration');
  assert.equal(
    await page.getByRole('navigation', { name: 'Docs sidebar' }).count(),
    0,
    'the page sidebar moved into the panel',
  );
  await hamburger(page).click();
  assert.equal(await isOpen(page), true);
  assert.equal(await hamburger(page).getAttribute('aria-expanded'), 'true');
  assert.equal(await bodyOverflow(page), 'hidden');
  // It slides in (a 0.25 s transition, visibility included): visible from its first frame, which a loaded machine may not have drawn yet.
  await panel(page).waitFor({ state: 'visible', timeout: 5000 });
  // Header: logo, colour toggle, close.
  assert.equal(
    await panel(page)
      .getByRole('button', { name: /Switch between dark and light mode/ })
      .isVisible(),
    true,
  );
  assert.equal(
    await panel(page).getByRole('button', { name: 'Close navigation bar' }).isVisible(),
    true,
  );
  // Secondary menu first.
  const docs = panel(page).getByRole('navigation', { name: 'Docs sidebar' });
  await docs.waitFor({ state: 'visible', timeout: 5000 });
  assert.equal(
    await docs.getByRole('link', { name: 'Installation' }).getAttribute('aria-current'),
    'page',
  );
  assert.equal(await panel(page).getByRole('link', { name: 'User Guide' }).isVisible(), false);
  await panel(page).getByRole('button', { name: '← Back to main menu' }).click();
  // Primary menu: every navbar item, left and right.
  for (const name of [
    'Getting Started',
    'User Guide',
    'API Reference',
    'GitHub repository',
    'TinyFrameJS on X',
  ]) {
    assert.equal(await panel(page).getByRole('link', { name }).isVisible(), true, name);
  }
  assert.equal(await docs.isVisible(), false);
  // Backdrop closes it.
  await page.mouse.click(780, 400);
  assert.equal(await isOpen(page), false);
  assert.equal(await bodyOverflow(page), 'visible');
  await panel(page).waitFor({ state: 'hidden' });
  // The secondary menu comes back on the next opening.
  await hamburger(page).click();
  await docs.waitFor({ state: 'visible', timeout: 5000 }); // throws if the secondary menu does not come back
  await panel(page).getByRole('button', { name: 'Close navigation bar' }).click();
  assert.equal(await isOpen(page), false);
  assert.deepEqual(errors, []);
  await page.close();
});

test('B40: on a page without a sidebar the panel shows the main menu and no back button', async () => {
  const page = await mobilePage();
  await open(page, site.url + '/docs/intro');
  await hamburger(page).click();
  // The panel slides in; its visibility flips on the transition's first frame (wait, do not sample once).
  await panel(page)
    .getByRole('link', { name: 'User Guide' })
    .waitFor({ state: 'visible', timeout: 5000 });
  assert.equal(await panel(page).getByRole('button', { name: '← Back to main menu' }).count(), 0);
  await page.close();
});

test('B41: following a link in the panel closes it; browser Back while open closes it and keeps the URL', async () => {
  const page = await mobilePage();
  await open(page, site.url + DOC);
  await hamburger(page).click();
  await panel(page)
    .getByRole('navigation', { name: 'Docs sidebar' })
    .getByRole('link', { name: 'Getting Started' })
    .click();
  await page.waitForURL('**/docs/getting-started');
  await page.getByRole('heading', { level: 1, name: 'Getting Started' }).waitFor();
  assert.equal(await isOpen(page), false);
  await hamburger(page).click();
  assert.equal(await isOpen(page), true);
  const url = page.url();
  // The panel cancels the back navigation with a forward one: two history traversals, each
  // a `currententrychange` of the Navigation API (which page listeners cannot stop).
  await page.evaluate(() => {
    const w = window as unknown as {
      navigation: EventTarget;
      traversals: number;
    };
    w.traversals = 0;
    w.navigation.addEventListener('currententrychange', () => w.traversals++);
    history.back();
  });
  await page.waitForFunction(() => !document.querySelector('.navbar-sidebar--open'));
  await page.waitForFunction(() => (window as unknown as { traversals: number }).traversals === 2);
  assert.equal(page.url(), url, 'the back navigation was cancelled');
  assert.equal(await page.getByRole('heading', { level: 1 }).textContent(), 'Getting Started');
  assert.equal(await bodyOverflow(page), 'visible');
  // Back works normally once the panel is closed.
  await page.evaluate(() => history.back());
  await page.waitForURL('**' + DOC);
  await page.close();
});

test('B41: a primary item closes the panel and navigates', async () => {
  const page = await mobilePage();
  await open(page, site.url + '/docs/intro');
  await hamburger(page).click();
  await panel(page).getByRole('link', { name: 'User Guide' }).click();
  await page.waitForURL('**/docs/user-guide');
  assert.equal(await isOpen(page), false);
  await page.close();
});

test('B42: a desktop-wide window forces the panel closed and unmounted; it stays closed when narrow again', async () => {
  const page = await mobilePage();
  await open(page, site.url + DOC);
  await hamburger(page).click();
  assert.equal(await isOpen(page), true);
  await page.setViewportSize({ width: 1200, height: 800 });
  await page.waitForFunction(() => !document.querySelector('.navbar-sidebar'));
  assert.equal(await bodyOverflow(page), 'visible');
  assert.equal(
    await page.getByRole('navigation', { name: 'Docs sidebar' }).isVisible(),
    true,
    'the desktop sidebar is back',
  );
  await page.setViewportSize({ width: 800, height: 800 });
  await panel(page).waitFor({ state: 'attached' });
  assert.equal(await isOpen(page), false);
  assert.equal(await hamburger(page).getAttribute('aria-expanded'), 'false');
  await page.close();
});

test('B47: on mobile a dropdown is a collapsible sublist of the main menu', async () => {
  const page = await mobilePage();
  await open(page, site.url + '/docs/intro');
  await hamburger(page).click();
  const more = panel(page).getByRole('button', { name: 'More' });
  // It holds the current page (/docs/intro), so it starts open.
  assert.equal(await more.getAttribute('aria-expanded'), 'true');
  await panel(page)
    .getByRole('link', { name: 'Release Notes' })
    .waitFor({ state: 'visible', timeout: 5000 }); // once the panel has slid in
  await more.click();
  assert.equal(await more.getAttribute('aria-expanded'), 'false');
  await panel(page).getByRole('link', { name: 'Release Notes' }).waitFor({ state: 'hidden' });
  await page.close();
});
