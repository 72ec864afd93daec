/**
 * A sidebar too large to inline (over INLINE_SIDEBAR_LIMIT of JSON): the page's inline data
 * lacks it, the head preloads its file, and the client loads it before hydrating (B33), so
 * hydration matches the server HTML with no console error and the sidebar works.
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launchBrowser, collectErrors, type TestBrowser } from '../helpers/browser';
import { buildSite, serveDir, removeDir, type RunningServer } from '../helpers/site';
import { makeSite } from '../helpers/tempSite';
import { open, type InlineData } from './shell-helpers';
import { INLINE_SIDEBAR_LIMIT } from '../../src/render/ssr/renderDocument';

const CATEGORIES = 10;
const PER_CATEGORY = 40;

const inlineData = (html: string) =>
  JSON.parse(
    /<script id="dfdocs-data" type="application\/json">([\s\S]*?)<\/script>/.exec(html)![1]!,
  ) as InlineData;

let root: string;
let outDir: string;
let server: RunningServer;
let browser: TestBrowser;

before(async () => {
  const files: Record<string, string> = {
    'docs/intro.md':
      '---\nsidebar_position: 0\n---\n\n# Introduction\n\nStart with [the first page](./cat-0/p0.md).\n',
  };
  for (let c = 0; c < CATEGORIES; c++) {
    files[`docs/cat-${c}/_category_.json`] = JSON.stringify({
      label: `Category ${c}`,
      position: c + 1,
    });
    for (let i = 0; i < PER_CATEGORY; i++) {
      files[`docs/cat-${c}/p${i}.md`] =
        `---\ntitle: Page ${c}.${i}\nsidebar_position: ${i}\n---\n\n# Page ${c}.${i}\n\nBody of page ${c}.${i}. Next: [page ${c}.${(i + 1) % PER_CATEGORY}](./p${(i + 1) % PER_CATEGORY}.md).\n`;
    }
  }
  // The browser asks for /favicon.ico: answer it, so the only console errors would be the client's.
  files['static/favicon.ico'] = '';
  root = makeSite(files);
  const result = await buildSite(root);
  outDir = result.outDir;
  server = await serveDir(outDir);
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await server?.close();
  if (outDir) removeDir(outDir);
  if (root) removeDir(root);
});

test('a sidebar over the inline limit is not inlined: the head preloads its file', async () => {
  const page = await browser.newPage();
  const raw = await (await fetch(server.url + '/docs/cat-0/p1')).text();
  const data = inlineData(raw);
  const id = data.page.sidebarId as string;
  assert.ok(id, 'the page has a sidebar');
  assert.equal(data.sidebars[id], undefined, 'the sidebar is not inlined');
  const m = /<link rel="preload" as="fetch" crossorigin href="([^"]+)">/.exec(raw);
  assert.ok(m, 'a preload link for the sidebar file');
  const res = await fetch(server.url + m[1]);
  assert.equal(res.status, 200);
  const body = await res.text();
  assert.ok(body.length > INLINE_SIDEBAR_LIMIT, `sidebar JSON is ${body.length} bytes`);
  assert.match(
    raw,
    /<nav[^>]*aria-label="Docs sidebar"/,
    'the server HTML still renders the sidebar',
  );
  assert.match(raw, /Category 9/);
  await page.close();
});

test('the page hydrates with the fetched sidebar: no console error, sidebar interactive, navigation works', async () => {
  const page = await browser.newPage();
  const errors = collectErrors(page);
  const sidebarRequests: string[] = [];
  const missing: string[] = [];
  const warnings: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'warning') warnings.push(m.text());
  });
  page.on('request', (r) => {
    if (r.url().includes('/_sidebars/')) sidebarRequests.push(r.url());
  });
  page.on('response', (r) => {
    if (r.status() >= 400) missing.push(`${r.status()} ${r.url()}`);
  });
  await open(page, server.url + '/docs/cat-0/p1');
  const sidebar = page.getByRole('navigation', { name: 'Docs sidebar' });
  assert.equal(
    await sidebar.getByRole('link', { name: 'Page 0.1', exact: true }).getAttribute('aria-current'),
    'page',
  );
  // A collapsed category expands on click (event handlers are attached: hydrated, not static).
  const category = sidebar.getByRole('button', { name: 'Category 5', exact: true });
  assert.equal(await category.getAttribute('aria-expanded'), 'false');
  await category.click();
  assert.equal(await category.getAttribute('aria-expanded'), 'true');
  await sidebar.getByRole('link', { name: 'Page 5.3', exact: true }).waitFor({ state: 'visible' });
  // In-place navigation into the expanded category, then by a body link.
  await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 1));
  await sidebar.getByRole('link', { name: 'Page 5.3', exact: true }).click();
  await page.waitForFunction(() => document.querySelector('h1')?.textContent === 'Page 5.3');
  assert.equal(new URL(page.url()).pathname, '/docs/cat-5/p3');
  await page.locator('article, main').getByRole('link', { name: 'page 5.4' }).first().click();
  await page.waitForFunction(() => document.querySelector('h1')?.textContent === 'Page 5.4');
  assert.equal(
    await page.evaluate(() => (window as unknown as { __marker?: number }).__marker),
    1,
    'no document load',
  );
  assert.equal(
    await sidebar.getByRole('link', { name: 'Page 5.4', exact: true }).getAttribute('aria-current'),
    'page',
  );
  // Back to the first page.
  await page.goBack();
  await page.goBack();
  await page.waitForFunction(() => document.querySelector('h1')?.textContent === 'Page 0.1');
  assert.deepEqual(missing, []);
  // The preload matched the client's request (Chromium warns about a preload left unused).
  assert.deepEqual(
    warnings.filter((w) => /preload/i.test(w)),
    [],
  );
  assert.equal(sidebarRequests.length, 1, 'one request for the sidebar file: the preload');
  assert.deepEqual(errors, []);
  await page.close();
});
