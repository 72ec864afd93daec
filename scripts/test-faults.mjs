#!/usr/bin/env node
// `npm run test:faults` (not part of `npm test`: it takes a few minutes): kills `dfdocs build`
// with SIGKILL at random moments on the 1,000-page corpus and checks after each kill that
// the output is wholly the old site or wholly the new one, that the next build succeeds and
// leaves no staging folder, and that it equals a `--no-cache` build of the same sources.
// Options: --runs N (default 20), --pages N (default 1000), --seed N.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  appendFileSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = join(dirname(fileURLToPath(import.meta.url)), '..');
const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const runs = arg('runs', 20);
const pages = arg('pages', 1000);
let seed = arg('seed', Date.now() % 1_000_000);
const firstSeed = seed;
/** A small seeded generator (mulberry32), so a failing run can be repeated with --seed. */
function random() {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = seed;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}

const generator = [join(repo, '..'), join(repo, '..', '..')]
  .map((d) => join(d, 'shared', 'tools', 'gen-corpus.mjs'))
  .find((f) => existsSync(f));
if (!generator) {
  console.error('test:faults: the corpus generator (shared/tools/gen-corpus.mjs) was not found');
  process.exit(1);
}
const built = spawnSync(process.execPath, [join(repo, 'scripts', 'build-cli.mjs')], {
  stdio: 'inherit',
});
if (built.status !== 0) process.exit(1);

const root = mkdtempSync(join(tmpdir(), 'dfdocs-faults-'));
spawnSync(process.execPath, [generator, root, String(pages)], { stdio: 'ignore' });
const dist = join(root, 'dist');
const env = { ...process.env, NODE_ENV: 'production', DFDOCS_SYNC_CLEANUP: '1' };
const cli = join(repo, 'bin', 'dfdocs.js');

function buildSync(args = []) {
  const t0 = performance.now();
  const res = spawnSync(process.execPath, [cli, 'build', '--root', root, ...args], {
    env,
    encoding: 'utf8',
  });
  return { ...res, ms: performance.now() - t0 };
}

/** Runs a build and kills it (SIGKILL) after `delayMs`; whether it had finished first. */
function buildKilledAfter(delayMs) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [cli, 'build', '--root', root], {
      env,
      stdio: 'ignore',
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), delayMs);
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      resolve({ finished: signal === null, code });
    });
  });
}

/** Every file of a folder with its bytes' hash (what a reader of the output sees). */
function snapshot(dir) {
  const out = new Map();
  if (!existsSync(dir)) return out;
  const walk = (d, rel) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const r = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) walk(join(d, e.name), r);
      else
        out.set(
          r,
          createHash('sha256')
            .update(readFileSync(join(d, e.name)))
            .digest('hex'),
        );
    }
  };
  walk(dir, '');
  return out;
}

function same(a, b) {
  if (a.size !== b.size) return false;
  for (const [k, v] of a) if (b.get(k) !== v) return false;
  return true;
}

function differences(a, b) {
  const keys = new Set([...a.keys(), ...b.keys()]);
  return [...keys].filter((k) => a.get(k) !== b.get(k)).slice(0, 5);
}

const docs = join(root, 'docs');
const sections = readdirSync(docs).filter((n) => n.startsWith('section-'));
const pageIn = (section) => readdirSync(join(docs, section)).filter((n) => n.endsWith('.md'));
const added = [];

/** One change of the sources, of a kind picked at random: what a writer does between builds. */
function change(i) {
  const section = sections[Math.floor(random() * sections.length)];
  const kind = random();
  if (kind < 0.5) {
    const files = pageIn(section);
    const file = join(docs, section, files[Math.floor(random() * files.length)]);
    appendFileSync(file, `\nEdited in fault run ${i}.\n`);
    return { what: `edited ${file.slice(root.length + 1)}`, whole: false };
  }
  if (kind < 0.7) {
    const file = join(docs, section, `fault-${i}.md`);
    writeFileSync(file, `---\ntitle: Fault page ${i}\n---\n\n# Fault page ${i}\n\nAdded.\n`);
    added.push(file);
    return { what: `added ${file.slice(root.length + 1)}`, whole: true };
  }
  if (kind < 0.85 && added.length) {
    const file = added.splice(Math.floor(random() * added.length), 1)[0];
    rmSync(file);
    return { what: `removed ${file.slice(root.length + 1)}`, whole: true };
  }
  // A title every page shows in its sidebar: every page changes.
  const files = pageIn(section);
  const file = join(docs, section, files[Math.floor(random() * files.length)]);
  const text = readFileSync(file, 'utf8');
  writeFileSync(
    file,
    text.replace(/^title: (.*)$/m, (_, t) => `title: ${t} (retitled ${i})`),
  );
  return { what: `retitled ${file.slice(root.length + 1)} (every page changes)`, whole: true };
}

console.log(
  `test:faults — ${runs} builds of a ${pages}-page corpus killed at random moments (seed ${firstSeed}, in ${root})`,
);
let first = buildSync();
if (first.status !== 0) {
  console.error(first.stderr);
  process.exit(1);
}
let old = snapshot(dist);
// How long each kind of build takes (the last one's): a page edited renders one page; a
// page added, removed or retitled changes every page's sidebar, so all of them render.
const took = { one: first.ms / 4, whole: first.ms };
let failures = 0;
const outcomes = { old: 0, new: 0, finished: 0 };
for (let i = 1; i <= runs; i++) {
  const { what, whole } = change(i);
  const lastMs = whole ? took.whole : took.one;
  // A moment within the time such a build takes (the last one's, with a margin).
  const delay = Math.round(random() * lastMs * 1.1);
  const killed = await buildKilledAfter(delay);
  const after = snapshot(dist);
  const next = buildSync();
  const problems = [];
  if (next.status !== 0) problems.push(`the next build failed:\n${next.stderr}`);
  const fresh = snapshot(dist);
  let seen;
  if (same(after, old)) seen = 'old';
  else if (same(after, fresh)) seen = 'new';
  else
    problems.push(
      `the output after the kill is neither the old site nor the new one (first differences: ${differences(after, fresh).join(', ')})`,
    );
  if (killed.finished) outcomes.finished++;
  else if (seen) outcomes[seen]++;
  const leftovers = readdirSync(root).filter((n) => n.startsWith('.dist-'));
  if (leftovers.length) problems.push(`left beside the output: ${leftovers.join(', ')}`);
  const cold = buildSync(['--out', 'cold', '--no-cache']);
  if (cold.status !== 0) problems.push(`the --no-cache build failed:\n${cold.stderr}`);
  const coldFiles = snapshot(join(root, 'cold'));
  if (!same(fresh, coldFiles))
    problems.push(
      `the next build differs from a --no-cache build (${differences(fresh, coldFiles).join(', ')})`,
    );
  rmSync(join(root, 'cold'), { recursive: true, force: true });
  console.log(
    `${String(i).padStart(2)}. ${what}; killed at ${delay} ms (a build takes ~${Math.round(lastMs)} ms): ${killed.finished ? `it had finished (exit ${killed.code})` : `output ${seen ?? 'MIXED'}`}; next build ${next.status === 0 ? 'ok' : 'FAILED'} in ${Math.round(next.ms)} ms; equals --no-cache: ${problems.length ? 'NO' : 'yes'}`,
  );
  for (const p of problems) console.log(`    ✖ ${p}`);
  failures += problems.length ? 1 : 0;
  old = fresh;
  // The next build did what the killed one had left (all of it, if it was killed early).
  if (!whole) took.one = next.ms;
}
console.log(
  `\ntest:faults: ${runs - failures}/${runs} passed — after ${outcomes.old} kills the output was the old site, after ${outcomes.new} the new one, ${outcomes.finished} builds finished before their kill; never a mix${failures ? ' (BUT SEE THE FAILURES ABOVE)' : ''}.`,
);
if (!failures) rmSync(root, { recursive: true, force: true });
process.exit(failures ? 1 : 0);
