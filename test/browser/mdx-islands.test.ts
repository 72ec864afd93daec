/**
 * MDX islands (issue 31) in a real browser: a `client:load` counter is the build's HTML
 * (its props in it), hydrates with those props without a hydration warning and then
 * counts; its chunk is fetched by the pages that show it and by no other; it hydrates
 * after a client-side navigation to its page and unmounts when the reader leaves; a
 * `client:visible` island's chunk is fetched only once it is scrolled into view.
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { launchBrowser, screenshot, type TestBrowser } from '../helpers/browser';
import { buildSite, fixture, removeDir, serveDir, type RunningServer } from '../helpers/site';
import { open } from './shell-helpers';

let server: RunningServer;
let outDir: string;
let browser: TestBrowser;
let islandChunk: string;
const cache = mkdtempSync(join(tmpdir(), 'dfdocs-mdx-cache-'));

before(async () => {
  process.env.DFDOCS_CACHE_DIR = cache;
  outDir = (await buildSite(fixture('mdx-site'))).outDir;
  server = await serveDir(outDir);
  browser = await launchBrowser();
  const html = readFileSync(join(outDir, 'docs/counter/index.html'), 'utf8');
  const id = /<dfdocs-island data-island="([0-9a-f]+)"/.exec(html)![1]!;
  islandChunk = readdirSync(join(outDir, 'assets/chunks')).find((f) => f.startsWith(`${id}.`))!;
  assert.ok(islandChunk, `the island ${id} has a chunk of its own`);
});
after(async () => {
  await browser?.close();
  await server?.close();
  delete process.env.DFDOCS_CACHE_DIR;
  removeDir(cache);
  if (outDir) removeDir(outDir);
});

/** A page with its console's errors and warnings and the scripts it fetched. */
async function watched(
  from: TestBrowser = browser,
): Promise<{ page: Page; messages: string[]; scripts: string[] }> {
  const page = await from.newPage();
  const messages: string[] = [];
  const scripts: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') messages.push(m.text());
  });
  page.on('pageerror', (e) => messages.push(String(e)));
  page.on('request', (r) => {
    if (r.url().endsWith('.js')) scripts.push(new URL(r.url()).pathname);
  });
  return { page, messages, scripts };
}

const counter = (page: Page, n = 0) => page.locator('[data-testid="counter"]').nth(n);
const mounted = (page: Page) =>
  page.evaluate(() => Number(document.documentElement.dataset.counters ?? 0));

test('a client:load island is the build HTML with its props, hydrates with them without a warning, then works', async () => {
  const { page, messages, scripts } = await watched();
  // What the server sent, before any script ran: the component's HTML and its props.
  const response = await fetch(`${server.url}/docs/counter`);
  const sent = await response.text();
  assert.match(
    sent,
    /data-props="\{&quot;start&quot;:3,&quot;label&quot;:&quot;Tasks queued&quot;\}"/,
  );
  assert.match(sent, /<output class="counter__value">3<\/output>/);

  await open(page, `${server.url}/docs/counter`);
  await page.waitForFunction(() => document.documentElement.dataset.counters === '1');
  assert.equal(
    await counter(page).locator('output').textContent(),
    '3',
    'hydrated with the build-time props',
  );
  await counter(page).getByRole('button', { name: 'Add one' }).click();
  await counter(page).getByRole('button', { name: 'Add one' }).click();
  assert.equal(await counter(page).locator('output').textContent(), '5', 'it counts once hydrated');
  assert.ok(
    scripts.some((s) => s.endsWith(islandChunk)),
    'its chunk was fetched',
  );
  assert.deepEqual(messages, [], 'no hydration warning or error in the console');
  await screenshot(page, 'mdx-island-counter');
  await page.close();
});

test('a page without islands fetches no island code; after navigating to the island page it hydrates, and it unmounts when the reader leaves', async () => {
  const { page, messages, scripts } = await watched();
  await open(page, `${server.url}/docs/intro`);
  // The navigation chunk (which would hydrate islands) has loaded, and found none.
  await page.waitForFunction(() =>
    performance.getEntriesByType('resource').some((e) => e.name.includes('/navigation.')),
  );
  assert.ok(
    !scripts.some((s) => s.endsWith(islandChunk)),
    'no island chunk on a page without islands',
  );
  assert.ok(!scripts.some((s) => s.includes('/hydrateIslands.')), 'nor the hydrating code');

  await page.getByRole('link', { name: 'the counter' }).click();
  await page.waitForURL('**/docs/counter');
  await page.waitForFunction(() => document.documentElement.dataset.counters === '1');
  await counter(page).getByRole('button', { name: 'Add one' }).click();
  assert.equal(await counter(page).locator('output').textContent(), '4');

  await page.goBack();
  await page.waitForURL('**/docs/intro');
  await page.waitForFunction(() => document.documentElement.dataset.counters === '0');
  assert.equal(await mounted(page), 0, 'the island left behind is unmounted');
  await page.goForward();
  await page.waitForFunction(() => document.documentElement.dataset.counters === '1');
  assert.equal(
    await counter(page).locator('output').textContent(),
    '3',
    'back on its page, the island hydrates again from the build-time props',
  );
  assert.deepEqual(messages, []);
  await page.close();
});

test('a client:visible island is fetched only when scrolled into view', async () => {
  // A browser of its own: nothing cached from the tests before.
  const fresh = await launchBrowser();
  const { page, messages, scripts } = await watched(fresh);
  await open(page, `${server.url}/docs/visible`);
  await page.waitForFunction(() =>
    performance.getEntriesByType('resource').some((e) => e.name.includes('/navigation.')),
  );
  assert.equal(await mounted(page), 0);
  assert.ok(!scripts.some((s) => s.endsWith(islandChunk)), 'not fetched while out of view');
  const chunkFetched = page.waitForRequest((r) => r.url().endsWith(islandChunk));
  await counter(page).scrollIntoViewIfNeeded();
  await chunkFetched;
  await page.waitForFunction(() => document.documentElement.dataset.counters === '1');
  assert.equal(await counter(page).locator('output').textContent(), '10');
  await counter(page).getByRole('button', { name: 'Add one' }).click();
  assert.equal(await counter(page).locator('output').textContent(), '11');
  assert.deepEqual(messages, []);
  await fresh.close();
});
