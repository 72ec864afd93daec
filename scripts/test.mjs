#!/usr/bin/env node
// Runs every *.test.ts under test/ and engine/test/ with node's test runner (TypeScript through tsx).
// Node 20's --test takes no globs, so the files are collected here.
//   node scripts/test.mjs [--concurrency=N] [files or folders...]
// Test files run as separate processes, several at a time: each serves on its own port
// (port 0) and builds into its own temporary folder, and builds that share a site's cache
// folder are safe side by side (the cache is written by rename, pruned by age). Node's
// default on this 2-core machine is one at a time (availableParallelism - 1), which left a
// core idle while a file waited on Chromium or a child process.
import { readdirSync, statSync, existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';

function collect(dir, out = []) {
  if (!existsSync(dir)) return out;
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'fixtures') continue;
    const p = join(dir, name);
    if (statSync(p).isDirectory()) collect(p, out);
    else if (name.endsWith('.test.ts') || name.endsWith('.test.tsx')) out.push(p);
  }
  return out;
}

const args = process.argv.slice(2);
const flag = args.find((a) => a.startsWith('--concurrency='));
// One more than the cores: a file waiting on a browser or a child process leaves its core to another.
const concurrency = flag ? Number(flag.split('=')[1]) : availableParallelism() + 1;
const only = args.filter((a) => a !== flag);
const roots = only.length ? only : ['engine/test', 'test'];
const files = roots
  .flatMap((r) => (r.endsWith('.ts') || r.endsWith('.tsx') ? [r] : collect(r)))
  .sort();
if (files.length === 0) {
  console.error('no test files found');
  process.exit(1);
}
const res = spawnSync(
  process.execPath,
  [
    '--import',
    'tsx',
    '--test',
    // A file whose tests have all finished ends then, whatever handle is still being torn
    // down: once in ~930 tests at load 13, a dev test file passed every test and its process
    // stayed alive (two esbuild service processes still attached), and the suite waited on it.
    '--test-force-exit',
    // A test that waits on something that never comes fails after 3 minutes (the longest
    // takes ~30 s) instead of holding the suite, and CI, until it is killed.
    '--test-timeout=180000',
    '--test-reporter=spec',
    `--test-concurrency=${Math.min(concurrency, files.length)}`,
    ...files,
  ],
  { stdio: 'inherit' },
);
process.exit(res.status ?? 1);
