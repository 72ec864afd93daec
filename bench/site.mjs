#!/usr/bin/env node
// Build-speed benchmark of dfdocs on the synthetic corpus (../shared/tools/gen-corpus.mjs):
// cold builds at several sizes with pages/s and peak memory, one worker vs all cores,
// an incremental rebuild after editing one page, first-load JavaScript, and where the
// time goes (per-phase profile and the remark-parse floor).
import { spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  readFileSync,
  appendFileSync,
  readdirSync,
  writeFileSync,
} from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { availableParallelism } from 'node:os';
import { firstLoadJs } from '../scripts/firstLoadJs.mjs';
import { setAside } from './setAside.mjs';
import { mean, median } from './stats.mjs';

const repo = join(dirname(fileURLToPath(import.meta.url)), '..');
const work = join(repo, 'bench', '.work');
// The shared folder beside the repository (or beside the folder of its worktrees).
const generator =
  [join(repo, '..'), join(repo, '..', '..')]
    .map((d) => join(d, 'shared', 'tools', 'gen-corpus.mjs'))
    .find((f) => existsSync(f)) ?? join(repo, '..', 'shared', 'tools', 'gen-corpus.mjs');

export function corpus(n) {
  if (!existsSync(generator))
    throw new Error(
      `the corpus generator is missing: ${generator} (it lives in the shared folder beside the repository)`,
    );
  const dir = join(work, `corpus-${n}`);
  if (!existsSync(join(dir, 'docs'))) {
    mkdirSync(dir, { recursive: true });
    spawnSync(process.execPath, [generator, dir, String(n)], { stdio: 'ignore' });
  }
  return dir;
}

/** One `dfdocs build` in a child process: wall time, peak RSS, its summary line. */
export function timedBuild(
  root,
  { workers, out = join(root, 'dist'), clearCache = true, env: extraEnv = {} } = {},
) {
  // A cold build starts from nothing: no cache and no previous output (removing that is not build work; see setAside.mjs).
  if (clearCache) for (const dir of [join(root, '.dfdocs'), out]) setAside(dir);
  const env = { ...process.env, NODE_ENV: 'production', DFDOCS_PROFILE: '1', ...extraEnv };
  if (workers !== undefined) env.DFDOCS_WORKERS = String(workers);
  const t0 = performance.now();
  const res = spawnSync(
    process.execPath,
    [
      '--import',
      join(repo, 'bench', 'rss-probe.mjs'),
      join(repo, 'bin', 'dfdocs.js'),
      'build',
      '--root',
      root,
      '--out',
      out,
    ],
    { env, encoding: 'utf8' },
  );
  const seconds = (performance.now() - t0) / 1000;
  if (res.status !== 0) throw new Error(`build of ${root} failed:\n${res.stderr}`);
  const rss = Number(/BENCH_MAX_RSS_KB=(\d+)/.exec(res.stderr)?.[1] ?? 0) / 1024;
  const profile = /DFDOCS_PROFILE (.*)/.exec(res.stderr)?.[1];
  const memory = /DFDOCS_MEMORY (.*)/.exec(res.stderr)?.[1];
  const notes = /DFDOCS_NOTES (.*)/.exec(res.stderr)?.[1];
  return {
    seconds,
    rssMiB: rss,
    profile: profile ? JSON.parse(profile) : undefined,
    memory: memory ? JSON.parse(memory) : undefined,
    notes: notes ? JSON.parse(notes) : undefined,
    stdout: res.stdout,
  };
}

/** First-load JavaScript of a built route, in KB of 1,000 bytes (as the first-load test and the 80 KB budget count). */
function firstLoadJsOf(outDir, route) {
  const { files, raw, gzip } = firstLoadJs(outDir, join(route.replace(/^\//, ''), 'index.html'));
  return { files: files.length, rawKB: raw / 1000, gzipKB: gzip / 1000 };
}

const fmt = (n, d = 1) => n.toFixed(d);

export async function runSiteBench({ sizes = [100, 1000], large = 10000 } = {}) {
  const rows = [];
  console.log(
    `\n## dfdocs build — synthetic corpus, cold builds (${availableParallelism()} cores, Node ${process.versions.node})\n`,
  );
  console.log('| pages | seconds | pages/s | peak RSS MiB | first-load JS (gzip) |');
  console.log('|---:|---:|---:|---:|---:|');
  for (const n of [...sizes, ...(large ? [large] : [])]) {
    const root = corpus(n);
    const r = timedBuild(root);
    const js = firstLoadJsOf(join(root, 'dist'), '/docs/section-0/page-0');
    rows.push({ n, ...r, js });
    console.log(
      `| ${n} | ${fmt(r.seconds, 2)} | ${fmt(n / r.seconds, 0)} | ${fmt(r.rssMiB, 0)} | ${fmt(js.gzipKB)} KB (${fmt(js.rawKB)} KB raw) |`,
    );
  }
  const at = (n) => rows.find((r) => r.n === n);
  for (const r of rows)
    if (r.memory)
      console.log(
        `Memory at the end of each phase, ${r.n} pages (process RSS / main-thread heap, MiB): ${Object.entries(
          r.memory,
        )
          .map(([k, v]) => `${k} ${v.rss}/${v.heap}`)
          .join(', ')}`,
      );
  for (const r of rows)
    if (r.notes?.['worker peak heaps (MiB)']?.length)
      console.log(
        `Render workers' peak heaps, ${r.n} pages (MiB): ${r.notes['worker peak heaps (MiB)'].join(', ')}`,
      );

  const root = corpus(1000);
  // Each configuration twice, in one order then the other, keeping the faster: on this
  // shared machine the speed of back-to-back builds drifts.
  // Two workers make a pipeline (markdown, then code and search); `whole` is two workers
  // rendering whole pages each (DFDOCS_PIPELINE=0), as before the pipeline.
  const threads = { none: Infinity, one: Infinity, two: Infinity, whole: Infinity };
  const workersOf = { none: 0, one: 1, two: 2, whole: 2 };
  for (const order of [
    ['none', 'one', 'two', 'whole'],
    ['whole', 'two', 'one', 'none'],
  ])
    for (const k of order)
      threads[k] = Math.min(
        threads[k],
        timedBuild(root, {
          workers: workersOf[k],
          env: k === 'whole' ? { DFDOCS_PIPELINE: '0' } : {},
        }).seconds,
      );
  const { none, one, two, whole } = threads;
  const all = timedBuild(root); // the default pool, cold: the profile below, and the cache for the rebuild
  // Peak RSS varies from build to build as the workers' collections fall (1,000 pages:
  // 358-430 MiB in identical builds), so the 1,000-page side is the mean of the default
  // pool's two cold builds there, each shown.
  if (at(1000) && at(large)) {
    const peaks = [at(1000).rssMiB, all.rssMiB];
    const peak = mean(peaks);
    console.log(
      `\nRSS at ${large} pages / RSS at 1,000 pages: ${fmt(at(large).rssMiB / peak, 2)}× (${fmt(at(large).rssMiB, 0)} MiB / ${fmt(peak, 0)} MiB, the mean of ${peaks.map((p) => fmt(p, 0)).join(' and ')} MiB) (target ≤ 1.5×, peak ≤ 1024 MiB)`,
    );
  }
  console.log(
    `\nThreads at 1,000 pages (faster of two builds each): main thread only ${fmt(none, 2)} s; 1 worker ${fmt(one, 2)} s (${fmt(none / one, 2)}× over main only); 2 workers as a pipeline ${fmt(two, 2)} s (${fmt(one / two, 2)}× over one worker); 2 workers rendering whole pages ${fmt(whole, 2)} s (${fmt(one / whole, 2)}×); default pool (${availableParallelism()} workers here) ${fmt(all.seconds, 2)} s`,
  );

  // Incremental: edit one page, rebuild with the warm cache; three times (a new edit each
  // time), against the default pool's cold builds at this size (the table's and the one above).
  const page = join(root, 'docs', 'section-3', 'page-150.md');
  const rebuilds = [];
  for (let i = 0; i < 3; i++) {
    appendFileSync(page, `\nEdited at ${Date.now()}.\n`);
    rebuilds.push(timedBuild(root, { clearCache: false }).seconds);
  }
  const colds = [all.seconds, ...(at(1000) ? [at(1000).seconds] : [])];
  const cold = mean(colds);
  const warm = median(rebuilds);
  console.log(
    `Incremental rebuild after editing one page: ${fmt(warm, 2)} s (median of ${rebuilds.map((x) => fmt(x, 2)).join(', ')} s) = ${fmt((warm / cold) * 100, 1)} % of the cold build (${colds.map((x) => fmt(x, 2)).join(' and ')} s) (target ≤ 10 %)`,
  );

  if (all.profile) {
    console.log('\nWhere the time goes (1,000 pages, cold, ms summed over threads):');
    for (const [k, v] of Object.entries(all.profile)) console.log(`  ${k.padEnd(12)} ${fmt(v, 0)}`);
  }
  await parseFloor(root);
  largePageMemory(root);
  return rows;
}

/**
 * Memory per page: peak RSS of a build of a two-page site whose second page is 2 MB of
 * markdown (the corpus's pages, one after another: prose, lists and ~2,000 highlighted
 * code blocks, 10 MB of HTML), less that of the same site with a 4 KB page, per MB of
 * markdown; and the same with a 2 MB page of prose alone. Each build three times, the median.
 */
export function largePageMemory(corpusRoot) {
  const source = join(corpusRoot, 'docs', 'section-0');
  const pages = readdirSync(source).filter((n) => n.endsWith('.md'));
  const corpusText = (bytes) => {
    let text = '---\ntitle: Big\n---\n\n# Big\n\n';
    for (let i = 0; text.length < bytes; i++)
      text +=
        readFileSync(join(source, pages[i % pages.length]), 'utf8')
          .replace(/^---[\s\S]*?---\n/, '')
          .replace(/^(#+ .*)$/gm, `$1 ${i}`) + '\n';
    return text;
  };
  const proseText = (bytes) => {
    const words =
      'frame select mean value engine count median expression sum csv sort typed json'.split(' ');
    let text = '# Prose\n\n';
    for (let i = 0; text.length < bytes; i++)
      text += `## Section ${i}\n\n${Array.from({ length: 80 }, (_, k) => words[(i + k * 3) % words.length]).join(' ')} with **bold**, \`code\` and [a link](#section-${i}).\n\n`;
    return text;
  };
  const site = (name, page) => {
    const dir = join(work, `large-page-${name}`);
    mkdirSync(join(dir, 'docs'), { recursive: true });
    writeFileSync(join(dir, 'docs', 'intro.md'), '# Intro\n\nHello.\n');
    writeFileSync(join(dir, 'docs', 'big.md'), page);
    return dir;
  };
  const peak = (dir) =>
    median([0, 1, 2].map(() => timedBuild(dir, { env: { DFDOCS_BUILD_HEAP_MB: '0' } }).rssMiB));
  const small = peak(site('small', corpusText(4000)));
  for (const [name, text] of [
    ['corpus pages (prose and code)', corpusText(2e6)],
    ['prose only', proseText(2e6)],
  ]) {
    const big = peak(site(name.split(' ')[0], text));
    console.log(
      `Memory per page, a 2 MB page of ${name}: ${fmt((big - small) / (text.length / 1e6), 0)} MiB per MB of markdown (peak RSS ${fmt(big, 0)} MiB against ${fmt(small, 0)} MiB with a 4 KB page; target ≤ 50)`,
    );
  }
}

/** The floor: remark parsing alone of every page, single-threaded. */
export async function parseFloor(root) {
  const { unified } = await import('unified');
  const { default: remarkParse } = await import('remark-parse');
  const files = [];
  const walk = (d) =>
    readdirSync(d, { withFileTypes: true }).forEach((e) =>
      e.isDirectory() ? walk(join(d, e.name)) : files.push(join(d, e.name)),
    );
  walk(join(root, 'docs'));
  const p = unified().use(remarkParse);
  const t0 = performance.now();
  for (const f of files) p.parse(readFileSync(f, 'utf8'));
  const ms = performance.now() - t0;
  console.log(
    `Floor: remark-parse alone of ${files.length} pages on one thread: ${fmt(ms / 1000, 2)} s (${fmt(ms / files.length, 2)} ms/page)`,
  );
  return { pages: files.length, ms, msPerPage: ms / files.length };
}

/**
 * The floor of a small site: a fresh Node process that imports remark-parse and parses
 * every page of the corpus once, JIT cold, as a build's markdown thread must (without
 * GFM, which dfdocs parses too). Its wall time bounds what any build of that corpus with these
 * parsers can take on one core, whatever else it does.
 */
export function coldParseFloor(root) {
  const script = `
    import { readdirSync, readFileSync } from 'node:fs';
    import { join } from 'node:path';
    const { unified } = await import('unified');
    const { default: remarkParse } = await import('remark-parse');
    const files = [];
    const walk = (d) => readdirSync(d, { withFileTypes: true }).forEach((e) =>
      e.isDirectory() ? walk(join(d, e.name)) : files.push(join(d, e.name)));
    walk(join(${JSON.stringify(root)}, 'docs'));
    const p = unified().use(remarkParse);
    const t0 = performance.now();
    for (const f of files) p.parse(readFileSync(f, 'utf8'));
    console.log(JSON.stringify({ pages: files.length, parseMs: performance.now() - t0 }));
  `;
  const t0 = performance.now();
  const res = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    cwd: repo,
    encoding: 'utf8',
  });
  const wallMs = performance.now() - t0;
  if (res.status !== 0) throw new Error(`the cold parse floor failed: ${res.stderr}`);
  const { pages, parseMs } = JSON.parse(res.stdout.trim());
  return { pages, parseMs, wallMs };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  // `--memory`: the memory per page part alone (a 100-page corpus supplies its pages).
  if (process.argv.includes('--memory')) largePageMemory(corpus(100));
  else {
    const large = process.env.BENCH_LARGE === '0' ? 0 : 10000;
    await runSiteBench({ large });
  }
}
