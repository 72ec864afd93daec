/**
 * Accessibility: axe-core finds no serious or critical violation on the home page, a docs
 * page, a page without sidebar (API-like) and the 404 page, in light and dark mode, at
 * desktop and mobile width. No console errors. Screenshots of the same views, for a reader
 * to look at, are taken by `node scripts/screenshots.mjs` (test-results/screenshots/shell-*.png).
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { launchBrowser, collectErrors, type TestBrowser } from '../helpers/browser';
import {
  serveFixture,
  hydrated,
  seriousViolations,
  animationsDone,
  type ServedSite,
} from './shell-helpers';

let site: ServedSite;
let browser: TestBrowser;

before(async () => {
  site = await serveFixture('shell-site');
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await site?.close();
});

const PAGES = [
  { name: 'home', path: '/', h1: 'TinyFrameJS' },
  {
    name: 'tutorial',
    path: '/docs/getting-started/tutorials/dataframe-basics',
    h1: 'How do I create and inspect a frame?',
  },
  { name: 'api', path: '/docs/api/', h1: 'API Reference' },
  { name: '404', path: '/no/such/page', h1: 'Page Not Found' },
] as const;
const MODES = ['light', 'dark'] as const;
const WIDTHS = [1280, 390] as const;

async function view(
  origin: string,
  path: string,
  mode: 'light' | 'dark',
  width: number,
): Promise<{ page: Page; errors: string[] }> {
  const page = await browser.newPage();
  const errors = collectErrors(page);
  await page.setViewportSize({ width, height: 800 });
  await page.emulateMedia({ colorScheme: mode, reducedMotion: 'reduce' });
  await page.goto(origin + path);
  await hydrated(page);
  assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), mode);
  return { page, errors };
}

function explain(violations: Awaited<ReturnType<typeof seriousViolations>>): string {
  return violations
    .map((v) => `${v.impact} ${v.id}: ${v.help}\n  ${v.nodes.slice(0, 5).join('\n  ')}`)
    .join('\n');
}

for (const p of PAGES) {
  test(`axe: ${p.name} page, light and dark, 1280 and 390 px`, async () => {
    for (const mode of MODES) {
      for (const width of WIDTHS) {
        const { page, errors } = await view(site.url, p.path, mode, width);
        assert.equal(await page.getByRole('heading', { level: 1 }).first().textContent(), p.h1);
        const violations = await seriousViolations(page);
        assert.deepEqual(violations, [], `${p.name} ${mode} ${width}:\n${explain(violations)}`);
        assert.deepEqual(
          errors.filter((e) => !(p.name === '404' && /404/.test(e))),
          [],
          `${p.name} ${mode} ${width}`,
        );
        await page.close();
      }
    }
  });
}

test('axe: the open mobile panel, the open mobile TOC and an open dropdown, in both modes', async () => {
  for (const mode of MODES) {
    const mobile = await view(site.url, PAGES[1].path, mode, 390);
    await mobile.page.getByRole('button', { name: 'On this page' }).click();
    await mobile.page.locator('.toc-mobile a').first().waitFor();
    assert.deepEqual(explain(await seriousViolations(mobile.page)), '', `mobile TOC ${mode}`);
    await mobile.page.getByRole('button', { name: 'Toggle navigation bar' }).click();
    await mobile.page.locator('.navbar-sidebar--open').waitFor();
    // The panel slides in and its items become visible a level per frame: axe skips hidden parts.
    await animationsDone(mobile.page);
    assert.deepEqual(explain(await seriousViolations(mobile.page)), '', `mobile panel ${mode}`);
    await mobile.page.close();

    const desktop = await view(site.url, '/docs/user-guide', mode, 1280);
    const nav = desktop.page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('button', { name: 'More' }).click();
    await nav.getByRole('link', { name: 'Release Notes' }).waitFor();
    assert.deepEqual(explain(await seriousViolations(desktop.page)), '', `dropdown ${mode}`);
    await desktop.page.close();
  }
});
