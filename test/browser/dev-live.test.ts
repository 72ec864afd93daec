import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { launchBrowser, screenshot, type TestBrowser, type Page } from '../helpers/browser';
import { copyFixture, removeDir } from '../helpers/site';
import { startDevServer, type DevServer } from '../../src/dev/devServer';
import { packageRoot } from '../../src/render/bundle/bundleClient';

let root: string;
let dev: DevServer;
let browser: TestBrowser;
const doc = (rel: string) => join(root, 'docs', rel);

before(async () => {
  root = copyFixture('dev-site');
  // dfdocs's own templates are not watched here: other work in this tree must not reload these pages.
  dev = await startDevServer({ root, port: 0, host: '127.0.0.1', watchPackage: false });
  await dev.watching;
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await dev?.close();
  removeDir(root);
});

/** Opens a page of the dev server and waits for hydration and the event stream. */
async function open(path: string): Promise<{ page: Page; pageErrors: string[] }> {
  const page = await browser.newPage();
  const pageErrors: string[] = [];
  page.on('pageerror', (err) => pageErrors.push(String(err)));
  const connected = page.waitForResponse((r) => r.url().endsWith('/__dfdocs/events'));
  await page.goto(new URL(path, dev.url).href);
  await page.waitForSelector('html[data-has-hydrated="true"]');
  await connected;
  return { page, pageErrors };
}

test('a markdown edit shows up in the open page without a reload, keeping the scroll position', async () => {
  const { page, pageErrors } = await open('/docs/guide/long-page');
  await page.evaluate(() => {
    (window as unknown as { __notReloaded: boolean }).__notReloaded = true;
    window.scrollTo(0, 1500);
  });
  await page.waitForFunction(() => Math.abs(window.scrollY - 1500) < 2);
  const file = doc('guide/long-page.md');
  writeFileSync(
    file,
    readFileSync(file, 'utf8').replace(
      'Paragraph 12 of the long page.',
      'Paragraph 12, edited live, of the long page.',
    ),
  );
  await page.getByText('Paragraph 12, edited live, of the long page.').waitFor();
  assert.equal(
    await page.evaluate(() => (window as unknown as { __notReloaded?: boolean }).__notReloaded),
    true,
    'patched in place, not reloaded',
  );
  assert.ok(
    Math.abs((await page.evaluate(() => window.scrollY)) - 1500) < 2,
    'scroll position kept',
  );
  assert.deepEqual(pageErrors, []);
  await page.close();
});

test('broken front matter shows an overlay naming the file and line; fixing the file removes it', async () => {
  const { page, pageErrors } = await open('/docs/guide/first-steps');
  const file = doc('guide/first-steps.md');
  const good = readFileSync(file, 'utf8');
  writeFileSync(file, good.replace('title: First steps', 'title: First: steps'));
  try {
    const overlay = page.getByRole('dialog', { name: 'dfdocs dev: 1 error' });
    await overlay.waitFor();
    const text = await overlay.textContent();
    assert.match(text!, /docs\/guide\/first-steps\.md:2:1/);
    assert.match(text!, /malformed front matter/);
    assert.match(text!, /title: First: steps/, 'the code frame shows the line');
    await screenshot(page, 'dev-overlay-light-1280');
    await page.setViewportSize({ width: 390, height: 800 });
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.reload();
    await page.getByRole('dialog', { name: 'dfdocs dev: 1 error' }).waitFor();
    assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), 'dark');
    await screenshot(page, 'dev-overlay-dark-390');
    // The page under the overlay is still the last good version, so the writer keeps their place.
    assert.match((await page.locator('[data-page-body]').textContent())!, /Install the package/);
  } finally {
    writeFileSync(file, good.replace('Continue with the', 'Then continue with the'));
  }
  await page.getByRole('dialog').waitFor({ state: 'detached' });
  await page.getByText('Then continue with the').waitFor();
  assert.deepEqual(pageErrors, []);
  await page.close();
});

test('a new page appears in the sidebar of the open page, and disappears when deleted', async () => {
  const { page, pageErrors } = await open('/docs/guide/first-steps');
  const sidebar = page.getByRole('navigation', { name: 'Docs sidebar' });
  const file = doc('guide/brand-new.md');
  writeFileSync(
    file,
    '---\ntitle: Brand new page\nsidebar_position: 5\n---\n\n# Brand new page\n\nJust written.\n',
  );
  try {
    await sidebar.getByRole('link', { name: 'Brand new page' }).waitFor();
    await screenshot(page, 'dev-sidebar-new-page');
  } finally {
    rmSync(file);
  }
  await sidebar.getByRole('link', { name: 'Brand new page' }).waitFor({ state: 'detached' });
  // The rest of the sidebar is still there once it settles (checked at once, this read the
  // sidebar mid-update in one clean-clone run under load).
  await sidebar.getByRole('link', { name: 'A long page' }).waitFor({ state: 'visible' });
  assert.deepEqual(pageErrors, []);
  await page.close();
});

test('a template or client change reloads the open page', async () => {
  const { page } = await open('/docs/intro');
  await page.evaluate(
    () => ((window as unknown as { __notReloaded: boolean }).__notReloaded = true),
  );
  const reloaded = page.waitForEvent('load');
  dev.change({
    kind: 'client',
    event: 'change',
    path: join(packageRoot(), 'src', 'client', 'hydrate.tsx'),
  });
  await reloaded;
  await page.waitForSelector('html[data-has-hydrated="true"]');
  assert.equal(
    await page.evaluate(() => (window as unknown as { __notReloaded?: boolean }).__notReloaded),
    undefined,
  );
  await page.close();
});
