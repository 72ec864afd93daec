/**
 * Colour mode (behaviours B1–B9, B28): bootstrap before paint, toggle, storage, other
 * tabs, the system preference, a disabled switch, themed images, unavailable storage.
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launchBrowser, collectErrors, type TestBrowser } from '../helpers/browser';
import { serveFixture, open, hydrated, type ServedSite } from './shell-helpers';

let site: ServedSite;
let noSwitch: ServedSite;
let noRespect: ServedSite;
let browser: TestBrowser;

const LIGHT = 'Switch between dark and light mode (currently light mode)';
const DARK = 'Switch between dark and light mode (currently dark mode)';
const DOC = '/docs/getting-started/installation';

before(async () => {
  [site, noSwitch, noRespect] = await Promise.all([
    serveFixture('shell-site'),
    serveFixture('shell-nodark'),
    serveFixture('shell-norespect'),
  ]);
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await Promise.all([site?.close(), noSwitch?.close(), noRespect?.close()]);
});

/** A fresh page with empty storage (pages of one context share localStorage). */
async function freshPage(url = site.url) {
  const page = await browser.newPage();
  await page.emulateMedia({ colorScheme: 'light', media: 'screen' });
  await page.goto(url + '/robots.txt');
  await page.evaluate(() => localStorage.clear());
  return page;
}

const theme = (page: import('playwright-core').Page) =>
  page.evaluate(() => document.documentElement.getAttribute('data-theme'));
const stored = (page: import('playwright-core').Page) =>
  page.evaluate(() => localStorage.getItem('theme'));

test('B1: the inline script sets the stored theme before any JavaScript file runs', async () => {
  const page = await freshPage();
  await page.evaluate(() => localStorage.setItem('theme', 'dark'));
  await page.route('**/*.js', (r) => r.abort());
  await page.goto(site.url + '/docs/intro');
  assert.equal(await theme(page), 'dark');
  const first = await page.evaluate(() => document.body.firstElementChild?.tagName);
  assert.equal(first, 'SCRIPT', 'the bootstrap script is the first child of <body>');
  await page.close();
});

test('B2/B3: the query parameter wins, is coerced after hydration and is never stored', async () => {
  const page = await freshPage();
  await open(page, site.url + '/?docusaurus-theme=dark');
  assert.equal(await theme(page), 'dark');
  assert.equal(await stored(page), null);
  await open(page, site.url + '/?docusaurus-theme=foo');
  assert.equal(await theme(page), 'light');
  assert.equal(await stored(page), null);
  await page.close();
});

test('B4: the toggle is disabled in the server HTML, flips the mode, stores it, and dark survives a reload', async () => {
  const page = await freshPage();
  const errors = collectErrors(page);
  const raw = await (await fetch(site.url + DOC)).text();
  assert.match(
    raw,
    /<button[^>]*class="color-toggle[^"]*"[^>]*disabled=""/,
    'disabled before hydration',
  );
  await open(page, site.url + DOC);
  const toggle = page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('button', { name: LIGHT });
  assert.equal(await toggle.isEnabled(), true);
  assert.equal(await toggle.getAttribute('title'), LIGHT);
  await toggle.click();
  assert.equal(await theme(page), 'dark');
  assert.equal(await stored(page), 'dark');
  const darkToggle = page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('button', { name: DARK });
  assert.equal(await darkToggle.getAttribute('title'), DARK);
  await page.reload();
  await hydrated(page);
  assert.equal(await theme(page), 'dark');
  assert.equal(await page.getByRole('button', { name: DARK }).count(), 1);
  await page.getByRole('button', { name: DARK }).click();
  assert.equal(await theme(page), 'light');
  assert.equal(await stored(page), 'light');
  assert.deepEqual(errors, []);
  await page.close();
});

test('B6: a second tab follows a stored change; removing the key is ignored', async () => {
  const a = await freshPage();
  await open(a, site.url + DOC);
  const b = await browser.newPage();
  await open(b, site.url + '/');
  await b.getByRole('button', { name: LIGHT }).click();
  await a.waitForFunction(() => document.documentElement.getAttribute('data-theme') === 'dark');
  assert.equal(await a.getByRole('button', { name: DARK }).count(), 1);
  // The removal reaches tab A as a storage event; a listener added now runs after the page's own.
  await a.evaluate(() =>
    addEventListener('storage', (e) => {
      if (e.key === 'theme' && e.newValue === null)
        (window as unknown as { themeRemoved: boolean }).themeRemoved = true;
    }),
  );
  await b.evaluate(() => localStorage.removeItem('theme'));
  await a.waitForFunction(() => (window as unknown as { themeRemoved?: boolean }).themeRemoved);
  assert.equal(await theme(a), 'dark', 'a removed key changes nothing');
  await a.close();
  await b.close();
});

test('B7: a system change deletes the stored choice and follows the system (with respect)', async () => {
  const page = await freshPage();
  await open(page, site.url + DOC);
  await page.getByRole('button', { name: LIGHT }).click();
  await page.getByRole('button', { name: DARK }).click();
  assert.equal(await stored(page), 'light');
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.waitForFunction(() => document.documentElement.getAttribute('data-theme') === 'dark');
  assert.equal(await stored(page), null, 'the stored theme is deleted');
  await page.emulateMedia({ colorScheme: 'light' });
  await page.waitForFunction(() => document.documentElement.getAttribute('data-theme') === 'light');
  await page.close();
});

test('B1/B7: with nothing stored the system preference is followed on load', async () => {
  const page = await freshPage();
  await page.emulateMedia({ colorScheme: 'dark' });
  await open(page, site.url + DOC);
  assert.equal(await theme(page), 'dark');
  assert.equal(await page.getByRole('button', { name: DARK }).count(), 1);
  await page.close();
});

test('B7: while printing a system change is ignored', async () => {
  const page = await freshPage();
  await open(page, site.url + DOC);
  await page.getByRole('button', { name: LIGHT }).click();
  assert.equal(await stored(page), 'dark');
  await page.emulateMedia({ media: 'print' });
  // A system change (the page was emulated light: to dark, or it would be no change at all)
  // reaches the page as a media query change event; a listener added now runs after the
  // page's own (lists made earlier are told first).
  await page.evaluate(() =>
    matchMedia('(prefers-color-scheme: dark)').addEventListener(
      'change',
      () => ((window as unknown as { schemeChanged: boolean }).schemeChanged = true),
      { once: true },
    ),
  );
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.waitForFunction(
    () => (window as unknown as { schemeChanged?: boolean }).schemeChanged,
  );
  assert.equal(await theme(page), 'dark');
  assert.equal(await stored(page), 'dark', 'nothing is deleted while printing');
  await page.close();
});

test('B7: without respectPrefersColorScheme a system change resets to the default mode', async () => {
  const page = await freshPage(noRespect.url);
  await open(page, noRespect.url + '/docs/intro');
  await page.getByRole('button', { name: LIGHT }).click();
  assert.equal(await stored(page), 'dark');
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.waitForFunction(() => document.documentElement.getAttribute('data-theme') === 'light');
  assert.equal(await stored(page), null);
  await page.close();
});

test('B8: disableSwitch shows no toggle and deletes the stored theme after hydration', async () => {
  const page = await freshPage(noSwitch.url);
  await page.evaluate(() => localStorage.setItem('theme', 'dark'));
  await open(page, noSwitch.url + '/docs/intro');
  assert.equal(
    await page.getByRole('button', { name: /Switch between dark and light mode/ }).count(),
    0,
  );
  assert.equal(await theme(page), 'dark', 'the page keeps the bootstrap mode until the next load');
  await page.waitForFunction(() => localStorage.getItem('theme') === null);
  await page.reload();
  await hydrated(page);
  assert.equal(await theme(page), 'light');
  await page.close();
});

test('B9: both logo variants are in the server HTML; one after hydration; the toggle swaps it', async () => {
  const page = await freshPage();
  const raw = await (await fetch(site.url + '/')).text();
  const logos = raw.match(/<img[^>]*class="themed-image[^"]*navbar__logo[^"]*"[^>]*>/g) ?? [];
  assert.equal(logos.length, 2, 'two logo imgs in the server HTML');
  assert.ok(
    logos.some((l) => l.includes('/img/logo.svg')) &&
      logos.some((l) => l.includes('/img/logo-dark.svg')),
  );
  assert.doesNotMatch(
    raw,
    /<link rel="preload" as="image"/,
    'no image preload inside the app markup',
  );
  await open(page, site.url + '/');
  const logo = page.getByRole('navigation', { name: 'Main' }).locator('img.navbar__logo');
  assert.equal(await logo.count(), 1);
  assert.match((await logo.getAttribute('src'))!, /\/img\/logo\.svg$/);
  await page.getByRole('button', { name: LIGHT }).click();
  assert.equal(await logo.count(), 1);
  assert.match((await logo.getAttribute('src'))!, /\/img\/logo-dark\.svg$/);
  assert.equal(await logo.evaluate((img) => getComputedStyle(img).display !== 'none'), true);
  await page.close();
});

test('B28: when localStorage throws, one warning is logged and the toggle still works', async () => {
  const page = await browser.newPage();
  await page.addInitScript(() => {
    Object.defineProperty(window, 'localStorage', {
      get() {
        throw new DOMException('denied', 'SecurityError');
      },
    });
  });
  const warnings: string[] = [];
  const errors = collectErrors(page);
  page.on('console', (m) => m.type() === 'warning' && warnings.push(m.text()));
  await open(page, site.url + DOC);
  await page.getByRole('button', { name: LIGHT }).click();
  assert.equal(await theme(page), 'dark');
  await page.getByRole('button', { name: 'Close' }).click();
  assert.equal(await page.getByRole('banner').count(), 0);
  assert.equal(warnings.filter((w) => w.includes('storage')).length, 1, warnings.join('\n'));
  assert.deepEqual(errors, []);
  await page.close();
});
