#!/usr/bin/env node
// Site search benchmark (issue 7): the size of the search index (raw, gzip, brotli) and
// the time from focusing the navbar search to the first result on screen, in Debian's
// Chromium with the CPU slowed down 4× (CDP Emulation.setCPUThrottlingRate), for the
// repository's site and the 1,000-page synthetic corpus. Figures are printed, never asserted.
//
//   node bench/search.mjs                  repo site + 1,000-page corpus
//   node bench/search.mjs --site DIR ...   other site roots (built into a temporary folder)
//   BENCH_RUNS=7 BENCH_CPU=4               runs per site (median reported), CPU slowdown
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync, brotliCompressSync, constants } from 'node:zlib';
import { chromium } from 'playwright-core';
import { corpus, timedBuild } from './site.mjs';

const repo = join(dirname(fileURLToPath(import.meta.url)), '..');
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const CPU = Number(process.env.BENCH_CPU ?? 4);
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const kb = (n) => (n / 1024).toFixed(1);
const gzip = (b) => gzipSync(b, { level: 6 }).length; // what a server compressing on the fly sends
const brotli = (b) =>
  brotliCompressSync(b, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } }).length; // what `dfdocs build` precompresses
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

function sizes(outDir) {
  const manifest = JSON.parse(readFileSync(join(outDir, 'assets', 'search-manifest.json'), 'utf8'));
  const index = readFileSync(join(outDir, manifest.index));
  const texts = manifest.texts.map((t) => readFileSync(join(outDir, t)));
  const textRaw = texts.reduce((s, b) => s + b.length, 0);
  const textGz = texts.reduce((s, b) => s + gzip(b), 0);
  return {
    manifest,
    index: { raw: index.length, gzip: gzip(index), brotli: brotli(index) },
    texts: {
      files: texts.length,
      raw: textRaw,
      gzip: textGz,
      perFileGzip: texts.length ? textGz / texts.length : 0,
    },
  };
}

function freePort() {
  return new Promise((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

async function serve(dir) {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [join(repo, 'bin', 'dfdocs.js'), 'serve', '--dir', dir, '--port', String(port)],
    { stdio: 'ignore' },
  );
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 100; i++) {
    try {
      await fetch(url + '/');
      return { url, close: () => child.kill() };
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  child.kill();
  throw new Error(`dfdocs serve did not start for ${dir}`);
}

/** One cold run: a fresh browser profile, page loaded, CPU throttled, focus → first option. */
async function timeToFirstResult(url, { route, query, next }) {
  const userDataDir = mkdtempSync(join(tmpdir(), 'dfdocs-bench-chromium-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
    ],
    viewport: { width: 1280, height: 800 },
  });
  try {
    const page = await context.newPage();
    await page.goto(url + route);
    await page.waitForSelector('html[data-has-hydrated="true"]');
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU });
    await page.evaluate(() => {
      const t = (window.__searchBench = {});
      new MutationObserver(() => {
        if (t.first === undefined && document.querySelector('.search-dialog [role="option"]'))
          t.first = performance.now();
      }).observe(document.body, { childList: true, subtree: true });
      t.focus = performance.now();
      document.querySelector('.search-button').focus();
    });
    // The reader opens the dialog and types at once; the result appears when the index is in.
    await page.keyboard.press('Enter');
    await page.keyboard.type(query);
    await page.waitForFunction(() => window.__searchBench.first !== undefined, null, {
      timeout: 60000,
    });
    const cold = await page.evaluate(() => window.__searchBench.first - window.__searchBench.focus);
    // Warm: another query once everything is loaded (one keystroke's work).
    const warm = await page.evaluate(async (q) => {
      const input = document.querySelector('.search-dialog [role="combobox"]');
      const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set;
      const before = document.querySelector('.search-dialog [role="option"]')?.getAttribute('href');
      const t0 = performance.now();
      setter.call(input, q);
      input.dispatchEvent(new Event('input', { bubbles: true }));
      await new Promise((resolve) => {
        const check = () =>
          document.querySelector('.search-dialog [role="option"]')?.getAttribute('href') !== before
            ? resolve()
            : requestAnimationFrame(check);
        check();
      });
      return performance.now() - t0;
    }, next);
    return { cold, warm };
  } finally {
    await context.close();
    rmSync(userDataDir, { recursive: true, force: true });
  }
}

async function benchSite(label, root, queries) {
  const outDir = mkdtempSync(join(tmpdir(), 'dfdocs-bench-search-'));
  try {
    const build = timedBuild(root, { out: outDir });
    const s = sizes(outDir);
    const server = await serve(outDir);
    const runs = [];
    try {
      for (let i = 0; i < RUNS; i++) runs.push(await timeToFirstResult(server.url, queries));
    } finally {
      server.close();
    }
    return {
      label,
      build,
      s,
      cold: median(runs.map((r) => r.cold)),
      coldMax: Math.max(...runs.map((r) => r.cold)),
      warm: median(runs.map((r) => r.warm)),
    };
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}

const args = process.argv.slice(2);
const sites = [];
for (let i = 0; i < args.length; i++)
  if (args[i] === '--site')
    sites.push({ label: args[i + 1], root: args[++i], route: '/', query: 'page', next: 'intro' });
if (!sites.length) {
  sites.push({
    label: 'repo site',
    root: repo,
    route: '/docs/intro',
    query: 'readCsv',
    next: 'join',
  });
  sites.push({
    label: '1,000-page corpus',
    root: corpus(1000),
    route: '/docs/intro',
    query: 'rolling mean',
    next: 'join',
  });
}

console.log(
  `\n## Site search — index size and time to first result (CPU ${CPU}× slower, median of ${RUNS} cold runs, Chromium ${CHROMIUM})\n`,
);
console.log(
  '| site | pages | sections | index raw KB | index gzip KB | index brotli KB | snippet files (gzip KB each) | focus → first result ms (max) | next query ms |',
);
console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|');
for (const site of sites) {
  if (!existsSync(site.root)) {
    console.log(`| ${site.label} | missing: ${site.root} |`);
    continue;
  }
  const r = await benchSite(site.label, site.root, site);
  const { manifest, index, texts } = r.s;
  console.log(
    `| ${r.label} | ${manifest.pages} | ${manifest.sections} | ${kb(index.raw)} | ${kb(index.gzip)} | ${kb(index.brotli)} | ${texts.files} (${kb(texts.perFileGzip)}) | ${r.cold.toFixed(0)} (${r.coldMax.toFixed(0)}) | ${r.warm.toFixed(0)} |`,
  );
}
console.log(
  '\nThe index (and the search chunks) load on first focus of the search, never with the page; snippet files load per result shown.',
);
