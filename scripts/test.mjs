#!/usr/bin/env node
// Runs every *.test.ts under test/ and engine/test/ with node's test runner (TypeScript through tsx).
// Node 20's --test takes no globs, so the files are collected here.
import { readdirSync, statSync, existsSync } from 'node:fs';
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

const only = process.argv.slice(2);
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
  ['--import', 'tsx', '--test', '--test-reporter=spec', ...files],
  { stdio: 'inherit' },
);
process.exit(res.status ?? 1);
