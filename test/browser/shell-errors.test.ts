/**
 * Page crash (behaviours B52): the client checks the data it renders and throws an error
 * with a cause chain when it is malformed. The tests deliver malformed inline data by
 * rewriting the served HTML, as a corrupted or stale file would.
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { launchBrowser, type TestBrowser } from '../helpers/browser';
import {
  serveFixture,
  hydrated,
  rewriteInlineData,
  type InlineData,
  type ServedSite,
} from './shell-helpers';

let site: ServedSite;
let browser: TestBrowser;
const DOC = '/docs/getting-started/installation';

before(async () => {
  site = await serveFixture('shell-site');
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await site?.close();
});

interface Item {
  type: string;
  label: string;
  href?: unknown;
  items?: Item[];
}

/** The "Tutorials" category of the fixture's docs sidebar (collapsed on the installation page). */
function tutorials(data: InlineData): Item {
  const root = data.sidebars.docs![0] as Item;
  return root.items!.find((i) => i.label === 'Tutorials')!;
}

const message = (page: Page) => page.locator('main p').filter({ hasText: 'Cause:' });

test('a crash in the page shows "Page Error", the message chain and keeps the layout; "Try again" recovers', async () => {
  const page = await browser.newPage();
  await rewriteInlineData(page, site.url + DOC, (data) => {
    tutorials(data).items![0]!.href = 42;
  });
  await page.goto(site.url + DOC);
  await hydrated(page);
  assert.equal(
    await page.title(),
    'Installation | TinyFrameJS',
    'the malformed item is in a collapsed category: no crash yet',
  );
  const sidebar = page.getByRole('navigation', { name: 'Docs sidebar' });
  await sidebar.getByRole('button', { name: 'Tutorials', exact: true }).click();

  await page.getByRole('heading', { level: 1, name: 'This page crashed.' }).waitFor();
  assert.equal(await page.title(), 'Page Error');
  assert.equal(
    await message(page).textContent(),
    'Could not show the sidebar category "Tutorials".\n\nCause:\nIts item 1 ("How do I create and inspect a frame?") is malformed.\n\nCause:\nexpected "href" to be a route starting with "/" or a URL, got 42',
  );
  assert.equal(await message(page).evaluate((p) => getComputedStyle(p).whiteSpace), 'pre-wrap');
  assert.equal(
    await page.getByRole('navigation', { name: 'Main' }).isVisible(),
    true,
    'the navbar stays',
  );
  assert.equal(await page.getByRole('contentinfo').isVisible(), true, 'the footer stays');
  assert.equal(await page.getByRole('navigation', { name: 'Docs sidebar' }).count(), 0);

  await page.getByRole('button', { name: 'Try again' }).click();
  await page.getByRole('heading', { level: 1, name: 'Installation' }).waitFor();
  assert.equal(await page.getByRole('heading', { name: 'This page crashed.' }).count(), 0);
  assert.equal(await page.title(), 'Installation | TinyFrameJS', 'the page title comes back');
  assert.equal(
    await sidebar
      .getByRole('button', { name: 'Tutorials', exact: true })
      .getAttribute('aria-expanded'),
    'false',
    're-rendered from scratch',
  );
  await page.close();
});

test('malformed page data crashes the page with its cause chain', async () => {
  const page = await browser.newPage();
  await rewriteInlineData(page, site.url + '/docs/intro', (data) => {
    data.page.toc = 'not a list';
  });
  await page.goto(site.url + '/docs/intro');
  await page.getByRole('heading', { level: 1, name: 'This page crashed.' }).waitFor();
  assert.equal(await page.title(), 'Page Error');
  assert.equal(
    await message(page).textContent(),
    'Could not show the page /docs/intro.\n\nCause:\nIts page data is malformed.\n\nCause:\nexpected "toc" to be a list, got string',
  );
  assert.equal(await page.getByRole('navigation', { name: 'Main' }).isVisible(), true);
  assert.equal(await page.getByRole('button', { name: 'Try again' }).isVisible(), true);
  await page.close();
});

test('a crash in the layout itself shows the same content without the layout', async () => {
  const page = await browser.newPage();
  await rewriteInlineData(page, site.url + DOC, (data) => {
    (data.config.navbar as { items: unknown }).items = 'not a list';
  });
  await page.goto(site.url + DOC);
  await page.getByRole('heading', { level: 1, name: 'This page crashed.' }).waitFor();
  assert.equal(await page.title(), 'Page Error');
  assert.equal(await page.getByRole('button', { name: 'Try again' }).isVisible(), true);
  assert.equal(await page.getByRole('navigation', { name: 'Main' }).count(), 0, 'no navbar');
  assert.equal(await page.getByRole('contentinfo').count(), 0, 'no footer');
  await page.close();
});
