#!/usr/bin/env node
// Lighthouse 12 on the built TinyFrame site (issue 29): the site is built, served locally by
// `dfdocs serve`, and each page is audited with the mobile and the desktop configuration,
// LH_RUNS times each (3 by default); the table gives the medians of the four category scores
// and of the cumulative layout shift. Lighthouse drives Debian's Chromium (/usr/bin/chromium,
// or CHROMIUM_PATH); no browser is ever downloaded. Lighthouse is a dependency of bench/ only.
//
//   node bench/lighthouse.mjs                 all pages, mobile and desktop, 3 runs each
//   LH_RUNS=1 LH_FORM=desktop LH_PAGES=/docs/api/classes/DataFrame node bench/lighthouse.mjs
//   LH_DIST=dist node bench/lighthouse.mjs    audit an existing build instead of building
//   LH_JSON=out.json …                        also write every run's figures as JSON
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, dirname, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const repo = join(dirname(fileURLToPath(import.meta.url)), '..');
const bench = join(repo, 'bench');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const RUNS = Number(process.env.LH_RUNS ?? 3);
const FORMS = (process.env.LH_FORM ?? 'mobile,desktop').split(',');
const PAGES = process.env.LH_PAGES
  ? process.env.LH_PAGES.split(',').map((route) => ({ name: route, route }))
  : [
      { name: 'home', route: '/' },
      { name: 'getting started', route: '/docs/getting-started' },
      { name: 'a tutorial', route: '/docs/getting-started/tutorials/filtering' },
      { name: 'plotting tutorial', route: '/docs/getting-started/tutorials/plotting' },
      { name: 'DataFrame page', route: '/docs/api/classes/DataFrame' },
      { name: 'a function page', route: '/docs/api/functions/readCsv' },
      { name: 'release notes', route: '/docs/release-notes' },
    ];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];

if (!existsSync(CHROMIUM)) {
  console.error(
    `bench/lighthouse.mjs: no Chromium at ${CHROMIUM} (run scripts/ensure-chromium.sh)`,
  );
  process.exit(1);
}
const lighthouseDir = join(bench, 'node_modules', 'lighthouse');
if (!existsSync(lighthouseDir)) {
  console.log('installing the bench dependencies (lighthouse) into bench/node_modules …');
  const res = spawnSync('npm', ['install', '--prefix', bench, '--no-audit', '--no-fund'], {
    stdio: 'inherit',
  });
  if (res.status !== 0 || !existsSync(lighthouseDir)) {
    console.error(
      'bench/lighthouse.mjs: could not install lighthouse (npm install --prefix bench)',
    );
    process.exit(1);
  }
}
const fromBench = (spec) => import(pathToFileURL(join(bench, 'node_modules', spec)).href);
const { default: lighthouse } = await fromBench('lighthouse/core/index.js');
const { default: desktopConfig } = await fromBench('lighthouse/core/config/desktop-config.js');
const chromeLauncher = await fromBench('chrome-launcher/dist/index.js');

// The site, built afresh (or an existing build), served by `dfdocs serve` on a free port.
let dist = process.env.LH_DIST ? resolve(process.env.LH_DIST) : undefined;
if (!dist) {
  dist = join(bench, '.work', 'lighthouse-dist');
  rmSync(dist, { recursive: true, force: true });
  mkdirSync(dirname(dist), { recursive: true });
  const built = spawnSync(
    process.execPath,
    [join(repo, 'bin', 'dfdocs.js'), 'build', '--root', repo, '--out', dist],
    { encoding: 'utf8' },
  );
  if (built.status !== 0) {
    console.error(built.stdout + built.stderr);
    process.exit(1);
  }
}
const port = await new Promise((done) => {
  const probe = createServer().listen(0, '127.0.0.1', () => {
    const { port: p } = probe.address();
    probe.close(() => done(p));
  });
});
const server = spawn(
  process.execPath,
  [join(repo, 'bin', 'dfdocs.js'), 'serve', '--dir', dist, '--port', String(port)],
  { stdio: ['ignore', 'pipe', 'inherit'] },
);
await new Promise((done, fail) => {
  server.stdout.on('data', (chunk) => {
    if (String(chunk).includes(String(port))) done();
  });
  server.on('exit', (code) => fail(new Error(`dfdocs serve exited with ${code}`)));
});
const base = `http://127.0.0.1:${port}`;

const chrome = await chromeLauncher.launch({
  chromePath: CHROMIUM,
  chromeFlags: [
    '--headless=new',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

const rows = [];
const runs = [];
try {
  for (const page of PAGES) {
    for (const form of FORMS) {
      const figures = [];
      for (let i = 0; i < RUNS; i++) {
        const result = await lighthouse(
          base + page.route,
          { port: chrome.port, output: 'json', logLevel: 'error' },
          form === 'desktop' ? desktopConfig : undefined,
        );
        const { categories, audits } = result.lhr;
        const figure = {
          ...Object.fromEntries(CATEGORIES.map((c) => [c, Math.round(categories[c].score * 100)])),
          cls: audits['cumulative-layout-shift'].numericValue,
          failing: CATEGORIES.filter((c) => c !== 'performance').flatMap((c) =>
            categories[c].auditRefs
              .filter((r) => r.weight > 0 && audits[r.id].score !== null && audits[r.id].score < 1)
              .map((r) => r.id),
          ),
        };
        figures.push(figure);
        runs.push({ page: page.route, form, run: i + 1, ...figure });
      }
      rows.push({
        page: page.name,
        route: page.route,
        form,
        ...Object.fromEntries(CATEGORIES.map((c) => [c, median(figures.map((f) => f[c]))])),
        cls: median(figures.map((f) => f.cls)),
        failing: [...new Set(figures.flatMap((f) => f.failing))],
      });
      const r = rows.at(-1);
      console.error(`  ${page.route} (${form}): ${CATEGORIES.map((c) => r[c]).join(' / ')}`);
    }
  }
} finally {
  await chrome.kill();
  server.kill();
}

const header = ['page', 'form', 'perf', 'a11y', 'best pr.', 'SEO', 'CLS', 'audits below 1'];
const table = rows.map((r) => [
  r.page,
  r.form,
  ...CATEGORIES.map((c) => String(r[c])),
  r.cls.toFixed(3),
  r.failing.join(' ') || '—',
]);
const widths = header.map((h, i) => Math.max(h.length, ...table.map((row) => row[i].length)));
const line = (cells) => '| ' + cells.map((c, i) => c.padEnd(widths[i])).join(' | ') + ' |';
console.log(
  `\nLighthouse 12 (median of ${RUNS} run${RUNS === 1 ? '' : 's'}), ${base} serving ${dist}\n`,
);
console.log(line(header));
console.log('|' + widths.map((w) => '-'.repeat(w + 2)).join('|') + '|');
for (const row of table) console.log(line(row));
if (process.env.LH_JSON)
  writeFileSync(process.env.LH_JSON, JSON.stringify({ rows, runs }, null, 2));
