#!/usr/bin/env node
// TinyFrame (engine/) against arquero and danfojs on the same CSV, in one run:
// readCsv, filter, sort and mean per column on a generated 1,000,000-row × 5-column file,
// then the same work at 100,000 rows with danfojs too (danfojs is far too slow at a million
// rows: building that frame did not finish in 10 minutes). Every library runs in its own
// child process (fresh heap, no cross-library GC noise); each figure is the median of
// REPEATS runs. Figures are printed, never asserted.
//
//   node bench/engine.mjs                      # 1,000,000 rows (+ the 100,000-row table)
//   ENGINE_BENCH_ROWS=200000 node bench/engine.mjs
//   import { runEngineBench } from './engine.mjs'; await runEngineBench({ rows: 1_000_000 })
//
// Extension point: OPERATIONS below lists the measured operations; add an entry (with one
// function per library) to measure more, e.g. groupBy-sum and inner join (issue 9).
import { spawn, spawnSync } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const repo = join(here, '..');
const work = join(here, '.work');
const REPEATS = Number(process.env.ENGINE_BENCH_REPEATS ?? 3);
const DANFO_ROWS = 100_000;
const WORKER_TIMEOUT_MS = Number(process.env.ENGINE_BENCH_TIMEOUT_MS ?? 300_000);
const LIBRARIES = ['tinyframe', 'arquero', 'danfojs'];

/**
 * The measured operations. Each entry has a name and one function per library; a function
 * receives the library's context ({ lib, frame, file }) and must do the whole work (arquero
 * is lazy: call .reify()). `frame` is the frame read by the readCsv operation, which runs first.
 * Return a value to keep the work from being optimised away.
 */
export const OPERATIONS = [
  {
    name: 'readCsv',
    note: 'read + parse + type a CSV file',
    tinyframe: ({ lib, file }) => lib.readCsv(file),
    arquero: ({ lib, file }) => lib.loadCSV(file),
    // danfojs 1.2's readCSV needs a browser (XMLHttpRequest/FileReaderSync) in Node; this is
    // what it does inside: papaparse with dynamic typing, then new DataFrame(rows).
    danfojs: ({ lib, papa, text }) =>
      new lib.DataFrame(
        papa.parse(text(), { header: true, dynamicTyping: true, skipEmptyLines: true }).data,
      ),
  },
  {
    name: 'filter',
    note: 'rows with value > 500 (about half)',
    tinyframe: ({ frame }) => frame.query('value > 500'),
    arquero: ({ frame }) => frame.filter((d) => d.value > 500).reify(),
    danfojs: ({ frame }) => frame.query(frame['value'].gt(500)),
  },
  {
    name: 'filter (row callback)',
    note: 'the same with a JS function per row',
    tinyframe: ({ frame }) => frame.filter((r) => r.value > 500),
    arquero: null,
    danfojs: null,
  },
  {
    name: 'sort',
    note: 'by value, ascending',
    tinyframe: ({ frame }) => frame.sort('value'),
    arquero: ({ frame }) => frame.orderby('value').reify(),
    danfojs: ({ frame }) => frame.sortValues('value'),
  },
  {
    name: 'mean per column',
    note: 'id, value, qty',
    tinyframe: ({ frame }) => frame.mean(['id', 'value', 'qty']),
    arquero: ({ lib, frame }) =>
      frame
        .rollup({ id: lib.op.mean('id'), value: lib.op.mean('value'), qty: lib.op.mean('qty') })
        .objects()[0],
    danfojs: ({ frame }) => ({
      id: frame['id'].mean(),
      value: frame['value'].mean(),
      qty: frame['qty'].mean(),
    }),
  },
  // --- extension point: groupBy-sum and inner join (issue 9) go here ---
  {
    name: 'groupBy-sum',
    note: 'sum of value per category (50 groups)',
    tinyframe: ({ frame }) => frame.groupBy('category').agg({ value: 'sum' }),
    arquero: ({ lib, frame }) =>
      frame
        .groupby('category')
        .rollup({ value: lib.op.sum('value') })
        .reify(),
    danfojs: ({ frame }) => frame.groupby(['category']).col(['value']).sum(),
  },
  {
    name: 'inner join (lookup)',
    note: 'every row × a 50-row table, on category',
    tinyframe: ({ lib, frame }) =>
      lib.join(frame, new lib.DataFrame(categoryTable()), { on: 'category', how: 'inner' }),
    arquero: ({ lib, frame }) => frame.join(lib.table(categoryTable()), 'category').reify(),
    danfojs: ({ lib, frame }) =>
      lib.merge({
        left: frame,
        right: new lib.DataFrame(categoryTable()),
        on: ['category'],
        how: 'inner',
      }),
  },
  {
    name: 'inner join (1:1, same order)',
    note: "(id, value) × (id, qty), on id: every row matches one row, both sides in id order (TinyFrame then shares both sides' columns instead of gathering them)",
    tinyframe: ({ frame }) =>
      frame.select(['id', 'value']).join(frame.select(['id', 'qty']), { on: 'id', how: 'inner' }),
    arquero: ({ frame }) =>
      frame.select('id', 'value').join(frame.select('id', 'qty'), 'id').reify(),
    // danfojs 1.2's merge is quadratic on unique keys: one 1:1 merge of 100,000 rows takes about
    // 110 s here (danfojs runs each operation once; a timeout keeps the figures before it).
    danfojs: ({ lib, frame }) =>
      lib.merge({
        left: frame.loc({ columns: ['id', 'value'] }),
        right: frame.loc({ columns: ['id', 'qty'] }),
        on: ['id'],
        how: 'inner',
      }),
  },
];

// ---------------------------------------------------------------- data

/** The 50-row lookup table the join measures use: category → a label and a weight. */
function categoryTable() {
  const category = Array.from({ length: 50 }, (_, i) => `cat${String(i).padStart(2, '0')}`);
  return {
    category,
    label: category.map((c) => c.toUpperCase()),
    weight: category.map((_, i) => 1 + i / 10),
  };
}

/** A small deterministic generator, so every run and every library reads the same file. */
function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Writes bench/.work/engine-<rows>.csv: id,category,value,qty,date (ints, 50 categories, floats, ints, ISO days). */
export async function generateCsv(rows) {
  mkdirSync(work, { recursive: true });
  const file = join(work, `engine-${rows}.csv`);
  if (existsSync(file) && statSync(file).size > 0) return file;
  const rand = rng(20240601);
  const out = createWriteStream(`${file}.tmp`);
  const write = (s) =>
    out.write(s) ? Promise.resolve() : new Promise((r) => out.once('drain', r));
  await write('id,category,value,qty,date\n');
  const day0 = Date.UTC(2023, 0, 1);
  let chunk = '';
  for (let i = 0; i < rows; i++) {
    const category = `cat${String(Math.floor(rand() * 50)).padStart(2, '0')}`;
    const value = (rand() * 1000).toFixed(2);
    const qty = 1 + Math.floor(rand() * 20);
    const date = new Date(day0 + Math.floor(rand() * 365) * 86400000).toISOString().slice(0, 10);
    chunk += `${i},${category},${value},${qty},${date}\n`;
    if (chunk.length > 1 << 20) {
      await write(chunk);
      chunk = '';
    }
  }
  await write(chunk);
  await new Promise((r) => out.end(r));
  const { renameSync } = await import('node:fs');
  renameSync(`${file}.tmp`, file);
  return file;
}

// ---------------------------------------------------------------- setup

function ensureBenchDeps() {
  const need = ['arquero', 'danfojs'].filter(
    (p) => !existsSync(join(here, 'node_modules', p, 'package.json')),
  );
  if (need.length === 0) return;
  console.log(`installing the bench dependencies (${need.join(', ')}) into bench/node_modules …`);
  const res = spawnSync('npm', ['install', '--prefix', here, '--no-audit', '--no-fund'], {
    stdio: 'inherit',
  });
  if (res.status !== 0) throw new Error('bench/engine.mjs: npm install --prefix bench failed');
}

/** Bundles engine/src/index.ts into bench/.work/tinyframe.mjs with esbuild (the way an app would ship it). */
async function bundleEngine() {
  const esbuild = await import('esbuild');
  const outfile = join(work, 'tinyframe.mjs');
  mkdirSync(work, { recursive: true });
  await esbuild.build({
    entryPoints: [join(repo, 'engine', 'src', 'index.ts')],
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    outfile,
    logLevel: 'warning',
  });
  return outfile;
}

// ---------------------------------------------------------------- worker (one library, one process)

async function loadLibrary(name, engineBundle) {
  const req = createRequire(join(here, 'package.json'));
  if (name === 'tinyframe') return { lib: await import(pathToFileURL(engineBundle).href) };
  if (name === 'arquero') return { lib: await import(pathToFileURL(req.resolve('arquero')).href) };
  return { lib: req('danfojs'), papa: req('papaparse') };
}

function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

async function worker({ library, file, engineBundle, repeats }) {
  const ctx = await loadLibrary(library, engineBundle);
  ctx.file = file;
  let textCache;
  ctx.text = () => (textCache ??= readFileSync(file, 'utf8'));
  const results = {};
  for (const op of OPERATIONS) {
    const fn = op[library];
    if (!fn) continue;
    const times = [];
    let value;
    for (let r = 0; r < repeats; r++) {
      if (op.name === 'readCsv') textCache = undefined;
      const t = performance.now();
      value = await fn(ctx);
      times.push(performance.now() - t);
    }
    if (op.name === 'readCsv') ctx.frame = value;
    results[op.name] = median(times);
    // One line per operation, so the figures measured before a timeout are kept.
    process.stdout.write(`\n@@OP ${JSON.stringify({ name: op.name, ms: results[op.name] })}\n`);
  }
  process.stdout.write(`\n@@DONE\n`);
}

function runWorker(library, file, engineBundle) {
  return new Promise((resolve) => {
    // danfojs is slow enough that one run per operation is all the time budget allows.
    const repeats = library === 'danfojs' ? 1 : REPEATS;
    const child = spawn(
      process.execPath,
      [
        '--max-old-space-size=8192',
        fileURLToPath(import.meta.url),
        '--worker',
        JSON.stringify({ library, file, engineBundle, repeats }),
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (err += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), WORKER_TIMEOUT_MS);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      const results = {};
      for (const l of out.split('\n'))
        if (l.startsWith('@@OP ')) {
          const { name, ms } = JSON.parse(l.slice(5));
          results[name] = ms;
        }
      const done = out.includes('\n@@DONE');
      const reason = done
        ? undefined
        : signal === 'SIGKILL'
          ? `timed out after ${WORKER_TIMEOUT_MS / 1000} s`
          : `exited ${code}: ${err.trim().split('\n').slice(-3).join(' ')}`;
      resolve({ ok: true, results, reason, repeats });
    });
  });
}

// ---------------------------------------------------------------- report

const fmtMs = (ms) =>
  ms === undefined
    ? '—'
    : ms >= 100
      ? `${Math.round(ms).toLocaleString('en-US')} ms`
      : `${ms.toFixed(1)} ms`;
const fmtRatio = (other, mine) =>
  other === undefined || mine === undefined ? '' : `${(other / mine).toFixed(1)}×`;

function table(title, libs, runs) {
  const lines = [title];
  const head = ['operation', ...libs.flatMap((l, i) => (i === 0 ? [l] : [l, 'vs TinyFrame']))];
  const rows = OPERATIONS.map((op) => {
    const mine = runs.tinyframe?.results?.[op.name];
    return [
      op.name,
      ...libs.flatMap((l, i) => {
        const r = runs[l];
        const v = r?.results?.[op.name];
        const cell = !op[l]
          ? 'n/a'
          : v !== undefined
            ? fmtMs(v)
            : r?.reason
              ? `(${r.reason})`
              : '—';
        return i === 0 ? [cell] : [cell, op[l] ? fmtRatio(v, mine) : ''];
      }),
    ];
  });
  const widths = head.map((h, k) => Math.max(h.length, ...rows.map((r) => r[k].length)));
  const fmt = (r) =>
    r.map((c, k) => (k === 0 ? c.padEnd(widths[k]) : c.padStart(widths[k]))).join('  ');
  lines.push(fmt(head), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(fmt));
  return lines.join('\n');
}

/**
 * Runs the engine benchmark and prints two tables: TinyFrame vs arquero at `rows` rows, and
 * TinyFrame vs arquero vs danfojs at 100,000 rows. Returns every figure (milliseconds, median
 * of REPEATS) so the main bench can reuse them.
 */
export async function runEngineBench({ rows = 1_000_000, log = console.log } = {}) {
  ensureBenchDeps();
  const engineBundle = await bundleEngine();
  const bigFile = await generateCsv(rows);
  const smallRows = Math.min(rows, DANFO_ROWS);
  const smallFile = await generateCsv(smallRows);
  const size = (f) => `${(statSync(f).size / 1e6).toFixed(1)} MB`;
  log(
    `TinyFrame ${JSON.parse(readFileSync(join(repo, 'engine', 'package.json'), 'utf8')).version} (esbuild bundle of engine/src), arquero ${pkgVersion('arquero')}, danfojs ${pkgVersion('danfojs')}; Node ${process.version}; median of ${REPEATS} runs, each library in its own process.`,
  );
  const big = {};
  for (const lib of ['tinyframe', 'arquero'])
    big[lib] = await runWorker(lib, bigFile, engineBundle);
  log('');
  log(
    table(
      `${rows.toLocaleString('en-US')} rows × 5 columns (${size(bigFile)}): bench/.work/engine-${rows}.csv`,
      ['tinyframe', 'arquero'],
      big,
    ),
  );
  const small = {};
  for (const lib of LIBRARIES) small[lib] = await runWorker(lib, smallFile, engineBundle);
  log('');
  log(
    table(
      `${smallRows.toLocaleString('en-US')} rows × 5 columns (${size(smallFile)}), with danfojs (too slow at a million rows; one run per operation)`,
      LIBRARIES,
      small,
    ),
  );
  log('');
  log(
    '"vs TinyFrame" = that library\'s time ÷ TinyFrame\'s time (above 1× means TinyFrame is faster).',
  );
  return { rows, danfoRows: smallRows, big, small };
}

function pkgVersion(name) {
  try {
    return JSON.parse(readFileSync(join(here, 'node_modules', name, 'package.json'), 'utf8'))
      .version;
  } catch {
    return '(not installed)';
  }
}

// ---------------------------------------------------------------- entry

const isMain = process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1];
if (isMain) {
  const w = process.argv.indexOf('--worker');
  if (w >= 0) await worker(JSON.parse(process.argv[w + 1]));
  else await runEngineBench({ rows: Number(process.env.ENGINE_BENCH_ROWS ?? 1_000_000) });
}
