/**
 * What `dfdocs init` writes, and a folder holding only docs/, as readers see them: axe-core
 * finds no serious or critical violation on the starter's home, intro and guide pages and
 * on the home page generated for a docs-only site, in light and dark mode at 1280 and 390
 * px (screenshots in test-results/screenshots/starter-*.png and generated-home-*.png); and
 * a footer override is rendered on the server and hydrated without a mismatch, then kept
 * across a client-side navigation.
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { init } from '../../src/api/commands';
import type { Page } from 'playwright-core';
import { launchBrowser, screenshot, type TestBrowser } from '../helpers/browser';
import { buildSite, removeDir, serveDir, type RunningServer } from '../helpers/site';
import { makeSite } from '../helpers/tempSite';
import { hydrated, seriousViolations } from './shell-helpers';

let browser: TestBrowser;

/** Console errors and page errors, but for the browser's own request of /favicon.ico (a site without an icon). */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error' && !msg.location().url.endsWith('/favicon.ico'))
      errors.push(`${msg.text()} (${msg.location().url})`);
  });
  page.on('pageerror', (err) => errors.push(String(err)));
  return errors;
}
let starter: RunningServer;
let docsOnly: RunningServer;
const dirs: string[] = [];

before(async () => {
  const root = join(mkdtempSync(join(tmpdir(), 'dfdocs-starter-')), 'my-docs');
  dirs.push(join(root, '..'));
  await init({ dir: root });
  // A footer of the site's own, to see it hydrate.
  mkdirSync(join(root, 'components'));
  writeFileSync(
    join(root, 'components', 'Footer.tsx'),
    `import { useState } from 'react';
export default function Footer({ config }: { config: { title: string } }) {
  const [clicks, setClicks] = useState(0);
  return (
    <footer className="footer footer--dark">
      <div className="footer__inner">
        <p className="footer__copyright">
          {config.title} footer{' '}
          <button type="button" className="button button--secondary" onClick={() => setClicks(clicks + 1)}>
            Clicked {clicks} times
          </button>
        </p>
      </div>
    </footer>
  );
}
`,
  );
  const config = join(root, 'dfdocs.config.ts');
  writeFileSync(
    config,
    readFileSync(config, 'utf8').replace(
      /\}\);\n$/,
      "  components: { footer: './components/Footer.tsx' },\n});\n",
    ),
  );
  const built = await buildSite(root, { strict: true });
  dirs.push(built.outDir);
  starter = await serveDir(built.outDir);
  const only = makeSite({
    'docs/intro.md': '# Introduction\n\nWhat this project is, in a paragraph.\n',
    'docs/guide/install.md': '# Install\n\nGet it running on your machine.\n',
    'docs/guide/usage.md': '# Usage\n\nThe everyday tasks.\n',
    'docs/reference.md': '# Reference\n\nEvery option, in one place.\n',
  });
  dirs.push(only);
  const builtOnly = await buildSite(only, { strict: true });
  dirs.push(builtOnly.outDir);
  docsOnly = await serveDir(builtOnly.outDir);
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await starter?.close();
  await docsOnly?.close();
  dirs.forEach(removeDir);
});

const VIEWS = [
  { name: 'starter-home', site: () => starter, path: '/', h1: 'My docs' },
  { name: 'starter-intro', site: () => starter, path: '/docs/intro', h1: 'Introduction' },
  {
    name: 'starter-guide',
    site: () => starter,
    path: '/docs/guides/first-page',
    h1: 'Write a page',
  },
  { name: 'generated-home', site: () => docsOnly, path: '/', h1: 'Documentation' },
] as const;

for (const v of VIEWS) {
  test(`axe and screenshots: ${v.name}, light and dark, 1280 and 390 px`, async () => {
    for (const mode of ['light', 'dark'] as const) {
      for (const width of [1280, 390]) {
        const page = await browser.newPage();
        const errors = collectErrors(page);
        await page.setViewportSize({ width, height: 800 });
        await page.emulateMedia({ colorScheme: mode, reducedMotion: 'reduce' });
        await page.goto(v.site().url + v.path);
        await hydrated(page);
        assert.equal(await page.getByRole('heading', { level: 1 }).first().textContent(), v.h1);
        const violations = await seriousViolations(page);
        assert.deepEqual(
          violations,
          [],
          `${v.name} ${mode} ${width}: ${JSON.stringify(violations)}`,
        );
        await screenshot(page, `${v.name}-${mode}-${width}`);
        assert.deepEqual(errors, [], `${v.name} ${mode} ${width}`);
        await page.close();
      }
    }
  });
}

test('a footer override hydrates (its state works) and stays across client-side navigation', async () => {
  const page = await browser.newPage();
  const errors = collectErrors(page);
  await page.goto(starter.url + '/docs/intro');
  await hydrated(page);
  const button = page.getByRole('button', { name: /Clicked \d+ times/ });
  await button.click();
  await button.click();
  assert.equal(await button.textContent(), 'Clicked 2 times');
  await page.getByRole('link', { name: 'Next Write a page' }).click();
  await page.waitForURL(/\/docs\/guides\/first-page$/);
  await page.getByRole('heading', { level: 1, name: 'Write a page' }).waitFor();
  assert.equal(await button.textContent(), 'Clicked 2 times', 'the layout was kept, not reloaded');
  assert.deepEqual(errors, []);
  await page.close();
});
