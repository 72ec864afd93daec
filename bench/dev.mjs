#!/usr/bin/env node
// `dfdocs dev` on the synthetic corpus (1,000 pages, ../shared/tools/gen-corpus.mjs):
// - start: from spawning `dfdocs dev` until the first page answers 200 (median of 3 starts),
//   for the corpus and for this repository's own site, with the CPU time the dev process
//   used by then (a figure that depends less on what else the machine is running);
// - edit-to-browser: a markdown edit on disk until the open page in Chromium shows it
//   (median of 10 edits; body-only edits are patched in place, without a reload).
import { spawn, spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const repo = join(dirname(fileURLToPath(import.meta.url)), '..');
// The shared folder beside the repository (or beside the folder of its worktrees), as bench/site.mjs finds it.
const generator =
  [join(repo, '..'), join(repo, '..', '..')]
    .map((d) => join(d, 'shared', 'tools', 'gen-corpus.mjs'))
    .find((f) => existsSync(f)) ?? join(repo, '..', 'shared', 'tools', 'gen-corpus.mjs');
const PAGES = Number(process.env.DEV_BENCH_PAGES ?? 1000);
const EDITS = 10;
const STARTS = 3;

if (!existsSync(generator)) {
  console.error(
    `bench/dev.mjs: the corpus generator is missing: ${generator} (it lives in the shared folder beside the repository, at ../shared/tools/gen-corpus.mjs)`,
  );
  process.exit(1);
}
const root = join(repo, 'bench', '.work', `dev-corpus-${PAGES}`);
mkdirSync(root, { recursive: true });
spawnSync(process.execPath, [generator, root, String(PAGES)], { stdio: 'ignore' }); // fresh copy: edits below change it

const freePort = () =>
  new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const target = '/docs/section-3/page-170';

/** User + system CPU seconds of a process so far (Linux /proc), or NaN. */
function cpuSeconds(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return NaN;
  }
}

/** The processes a process started, and theirs (esbuild's service), by /proc's children lists. */
function descendants(pid) {
  const out = [];
  let tasks = [];
  try {
    tasks = readdirSync(`/proc/${pid}/task`);
  } catch {
    return out;
  }
  for (const tid of tasks) {
    let children = '';
    try {
      children = readFileSync(`/proc/${pid}/task/${tid}/children`, 'utf8');
    } catch {
      continue;
    }
    for (const child of children.split(' ').filter(Boolean))
      out.push(Number(child), ...descendants(Number(child)));
  }
  return out;
}

/** CPU seconds of a process and the processes it started that still run. */
const treeCpuSeconds = (pid) =>
  [pid, ...descendants(pid)].reduce((sum, p) => sum + (cpuSeconds(p) || 0), 0);

/** Polls `url` until it answers 200 (the dev server may not listen yet); false after 60 s or when the process ended. */
async function answers(child, url, t0) {
  for (;;) {
    if (child.exitCode !== null) return false;
    try {
      const res = await fetch(url);
      if (res.status === 200) {
        await res.text();
        return true;
      }
    } catch {
      // not listening yet
    }
    if (performance.now() - t0 > 60_000) return false;
    await new Promise((r) => setTimeout(r, 10));
  }
}

/**
 * Starts `dfdocs dev` and waits for `path` to answer. `cold`: with an empty cache of its
 * own (DFDOCS_CACHE_DIR), as on a fresh clone. `then`: a second path to wait for after
 * the first (the API reference, which may follow the first page), timed from the start too.
 */
async function startDev(siteRoot = root, path = target, { cold = false, then } = {}) {
  const port = await freePort();
  const env = { ...process.env };
  if (cold) {
    mkdirSync(join(repo, 'bench', '.work'), { recursive: true });
    env.DFDOCS_CACHE_DIR = mkdtempSync(join(repo, 'bench', '.work', 'dev-cold-cache-'));
  }
  env.DFDOCS_PROFILE = '1'; // when each part of dev's start was ready (DFDOCS_DEV lines)
  const t0 = performance.now();
  const child = spawn(
    process.execPath,
    [join(repo, 'bin', 'dfdocs.js'), 'dev', '--root', siteRoot, '--port', String(port)],
    { stdio: ['ignore', 'pipe', 'pipe'], env },
  );
  let listening;
  child.stdout.on('data', (d) => {
    if (listening === undefined && /dfdocs dev: http/.test(String(d)))
      listening = performance.now() - t0;
  });
  let stderr = '';
  child.stderr.on('data', (d) => (stderr += d));
  const milestones = () =>
    Object.fromEntries(
      [...stderr.matchAll(/^DFDOCS_DEV (\S+) (\d+)$/gm)].map((m) => [m[1], +m[2]]),
    );
  const base = `http://127.0.0.1:${port}`;
  if (!(await answers(child, base + path, t0)))
    throw new Error(`dfdocs dev did not answer ${path} within 60 s: ${stderr}`);
  const firstPage = performance.now() - t0;
  const cpu = cpuSeconds(child.pid);
  const treeCpu = treeCpuSeconds(child.pid);
  const second = then && (await answers(child, base + then, t0)) ? performance.now() - t0 : NaN;
  return {
    base,
    firstPage,
    listening,
    cpu,
    treeCpu,
    second,
    milestones: milestones(),
    stop: () =>
      new Promise((r) => (child.once('exit', r), child.kill('SIGTERM'))).then(() => {
        if (cold) rmSync(env.DFDOCS_CACHE_DIR, { recursive: true, force: true });
      }),
  };
}

const loadavg = () => readFileSync('/proc/loadavg', 'utf8').split(' ')[0] ?? '?';
const describe = (runs) =>
  `median ${median(runs.map((s) => s.firstPage)).toFixed(0)} ms (${runs.map((s) => s.firstPage.toFixed(0)).join(', ')} ms; listening after ${median(runs.map((s) => s.listening ?? NaN)).toFixed(0)} ms; dev process CPU ${median(runs.map((s) => s.cpu)).toFixed(2)} s, with esbuild's ${median(runs.map((s) => s.treeCpu)).toFixed(2)} s)`;
/** Median ms since the dev process started at which each part of its start was ready. */
const milestones = (runs) =>
  Object.keys(runs[0]?.milestones ?? {})
    .map((k) => `${k} ${median(runs.map((s) => s.milestones[k] ?? NaN)).toFixed(0)}`)
    .join(', ');

const own = [];
for (let i = 0; i < STARTS; i++) {
  const run = await startDev(repo, '/docs/intro');
  own.push(run);
  await run.stop();
}
console.log(
  `dev start until the first page answers, this site: ${describe(own)} [load average ${loadavg()}]`,
);
// Cold: an empty cache, so TypeDoc runs (issue 32, target 4: the first page ≤ 1 s, the API reference may follow).
const cold = [];
for (let i = 0; i < STARTS; i++) {
  const run = await startDev(repo, '/docs/intro', { cold: true, then: '/docs/api' });
  cold.push(run);
  await run.stop();
}
console.log(
  `dev start on a cold cache until the first page answers, this site: ${describe(cold)}; the API index answered after median ${median(cold.map((s) => s.second)).toFixed(0)} ms (${cold.map((s) => s.second.toFixed(0)).join(', ')} ms) [load average ${loadavg()}]`,
);
console.log(`  ready (median ms since the process started): ${milestones(cold)}`);

const starts = [];
for (let i = 0; i < STARTS; i++) {
  const dev = await startDev();
  starts.push(dev);
  if (i < STARTS - 1) await dev.stop();
}
const dev = starts[starts.length - 1];
console.log(
  `dev start until the first page answers, synthetic corpus (${PAGES + 1} pages): ${describe(starts)} [load average ${loadavg()}]`,
);

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox', '--disable-gpu'],
});
try {
  const page = await browser.newPage();
  const connected = page.waitForResponse((r) => r.url().endsWith('/__dfdocs/events'));
  await page.goto(dev.base + target);
  await page.waitForSelector('html[data-has-hydrated="true"]', { timeout: 60_000 });
  await connected;
  await page.evaluate(() => (window.__notReloaded = true));
  const file = join(root, 'docs', 'section-3', 'page-170.md');
  const original = readFileSync(file, 'utf8');
  // A list item far down the page: a body-only change (title, TOC and description stay).
  const anchor = original.split('\n').find((l) => l.startsWith('- '));
  const edit = async (marker) => {
    const t0 = performance.now();
    writeFileSync(file, original.replace(anchor, `${anchor} ${marker}`));
    await page.waitForFunction(
      (m) => document.querySelector('[data-page-body]')?.textContent.includes(m),
      marker,
      { polling: 'raf', timeout: 30_000 },
    );
    return performance.now() - t0;
  };
  await edit('warm-up-edit'); // the watcher has finished its first scan once this shows
  const times = [];
  for (let i = 0; i < EDITS; i++) {
    await new Promise((r) => setTimeout(r, 300));
    times.push(await edit(`bench-edit-${i}`));
  }
  const patched = await page.evaluate(() => window.__notReloaded === true);
  console.log(
    `[load average ${loadavg()}] edit-to-browser-updated latency: median ${median(times).toFixed(0)} ms over ${EDITS} edits (${times.map((t) => t.toFixed(0)).join(', ')} ms; ${patched ? 'patched in place, no reload' : 'the page reloaded'})`,
  );
  writeFileSync(file, original);
} finally {
  await browser.close();
  await dev.stop();
}
