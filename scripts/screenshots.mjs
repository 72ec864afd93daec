#!/usr/bin/env node
// Screenshots of the site shell for a reader to look at (not a test: it asserts nothing).
// Builds the shell fixture site with the real CLI, serves it with `dfdocs serve`, and
// saves each view in light and dark, at 1280 and 390 px, under test-results/screenshots/:
//   node scripts/screenshots.mjs [--site test/fixtures/shell-site] [--out test-results/screenshots]
// The accessibility checks of the same views are test/browser/shell-a11y.test.ts.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';

const ROOT = resolve(import.meta.dirname, '..');
const BIN = join(ROOT, 'bin', 'dfdocs.js');
const { values } = parseArgs({
  options: {
    site: { type: 'string', default: join(ROOT, 'test', 'fixtures', 'shell-site') },
    out: { type: 'string', default: join(ROOT, 'test-results', 'screenshots') },
  },
});

const TUTORIAL = '/docs/getting-started/tutorials/dataframe-basics';
const PAGES = [
  { name: 'home', path: '/' },
  { name: 'tutorial', path: TUTORIAL },
  { name: 'api', path: '/docs/api/' },
  { name: '404', path: '/no/such/page' },
];
const MODES = ['light', 'dark'];
const WIDTHS = [1280, 390];

/** Views beyond a page as it loads: an open control, or a part of the page scrolled to. */
const STATES = [
  {
    name: 'tutorial-toc',
    path: TUTORIAL,
    width: 390,
    act: async (page) => {
      await page.getByRole('button', { name: 'On this page' }).click();
      await page.locator('.toc-mobile a').first().waitFor();
    },
  },
  {
    name: 'tutorial-panel',
    path: TUTORIAL,
    width: 390,
    act: async (page) => {
      await page.getByRole('button', { name: 'Toggle navigation bar' }).click();
      await page.locator('.navbar-sidebar--open').waitFor();
    },
  },
  {
    name: 'tutorial-admonitions',
    path: TUTORIAL,
    width: 1280,
    act: (page) => scrollBelow(page, 'looking-at-the-data', 300),
  },
  {
    name: 'tutorial-table',
    path: TUTORIAL,
    width: 1280,
    act: (page) => scrollBelow(page, 'selecting', 250),
  },
];

function scrollBelow(page, id, by) {
  return page.evaluate(
    ([i, y]) => {
      document.getElementById(i).scrollIntoView();
      window.scrollBy(0, y);
    },
    [id, by],
  );
}

/**
 * Fonts loaded and transitions over (until a frame passes with none running: one can start
 * others, an inherited `visibility` moving down a level per frame), so the picture is the
 * settled page.
 */
async function settle(page) {
  await page.evaluate(async () => {
    await document.fonts.ready;
    const running = () =>
      document.getAnimations().filter((a) => a.effect?.getComputedTiming().endTime !== Infinity);
    for (let now = running(); now.length; now = running()) {
      await Promise.all(now.map((a) => a.finished.catch(() => {})));
      await new Promise((r) => requestAnimationFrame(r));
    }
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  });
}

function startServe(dir) {
  const child = spawn(process.execPath, [BIN, 'serve', '--dir', dir, '--port', '0'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolveUrl, reject) => {
    let out = '';
    child.once('exit', (code) => reject(new Error(`dfdocs serve exited ${code}: ${out}`)));
    child.stdout.on('data', (c) => {
      out += c;
      const m = /(http:\/\/\S+?)\/?(?:\s|$)/.exec(out);
      if (m) resolveUrl({ url: m[1], stop: () => child.kill('SIGTERM') });
    });
  });
}

const work = mkdtempSync(join(tmpdir(), 'dfdocs-screenshots-'));
const dist = join(work, 'dist');
let server;
let context;
try {
  const built = spawnSync(process.execPath, [BIN, 'build', '--root', values.site, '--out', dist], {
    stdio: 'inherit',
  });
  if (built.status !== 0) throw new Error(`dfdocs build exited ${built.status}`);
  server = await startServe(dist);
  context = await chromium.launchPersistentContext(join(work, 'profile'), {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  mkdirSync(values.out, { recursive: true });
  const shoot = async (name, path, mode, width, act) => {
    const page = await context.newPage();
    await page.setViewportSize({ width, height: 800 });
    await page.emulateMedia({ colorScheme: mode, reducedMotion: 'reduce' });
    await page.goto(server.url + path);
    await page.waitForSelector('html[data-has-hydrated="true"]');
    await act?.(page);
    await settle(page);
    const file = join(values.out, `shell-${name}-${mode}-${width}.png`);
    await page.screenshot({ path: file });
    await page.close();
    console.log(file);
  };
  for (const p of PAGES)
    for (const mode of MODES) for (const width of WIDTHS) await shoot(p.name, p.path, mode, width);
  for (const s of STATES)
    for (const mode of MODES) await shoot(s.name, s.path, mode, s.width, s.act);
} finally {
  await context?.close();
  server?.stop();
  rmSync(work, { recursive: true, force: true });
}
