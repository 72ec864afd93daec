#!/usr/bin/env node
// Builds the published package into dist/ (run by `prepare`, `prepack` and the repository's install):
//   1. tsc: one ES module and one .d.ts per source file (tsconfig.build.json, strict flags on);
//   2. esbuild: dist/tinyframe.browser.js, the whole library as one minified ES module for a
//      <script type="module"> or a Web Worker. The file readers reach `node:fs` only through a
//      dynamic import made when they are given a path in Node, so the bundle has no Node import.
// The output is written to a temporary folder and swapped in, so an interrupted build never
// leaves half a dist/ behind, and a failed one keeps the last good build.
// `--if-stale` (the repository's test, build and start scripts) skips the build when dist/ is
// newer than every input, so running the site or the tests after an edit of src/ uses it.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(join(root, 'package.json'));
const dist = join(root, 'dist');
const next = join(root, `.dist-${process.pid}`);

function fail(message) {
  rmSync(next, { recursive: true, force: true });
  console.error(`tinyframejs build: ${message}`);
  process.exit(1);
}

/** The newest modification time among the build's inputs. */
function newestInput() {
  let newest = 0;
  const visit = (p) => {
    const s = statSync(p);
    if (s.isDirectory()) for (const name of readdirSync(p)) visit(join(p, name));
    else newest = Math.max(newest, s.mtimeMs);
  };
  for (const p of ['src', 'scripts', 'tsconfig.build.json', 'package.json']) visit(join(root, p));
  return newest;
}

if (process.argv.includes('--if-stale')) {
  const built = join(dist, 'tinyframe.browser.js');
  if (existsSync(built) && statSync(built).mtimeMs > newestInput()) process.exit(0);
}

rmSync(next, { recursive: true, force: true });
const tsc = require.resolve('typescript/bin/tsc');
const compiled = spawnSync(
  process.execPath,
  [tsc, '-p', join(root, 'tsconfig.build.json'), '--outDir', next],
  { stdio: 'inherit' },
);
if (compiled.status !== 0) fail('tsc reported errors (above).');

const { build } = await import('esbuild');
try {
  await build({
    absWorkingDir: root,
    entryPoints: [join(next, 'index.js')],
    outfile: join(next, 'tinyframe.browser.js'),
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    target: ['es2022'],
    legalComments: 'none',
    logLevel: 'warning',
  });
} catch (err) {
  fail(`esbuild could not bundle the browser build: ${err.message}`);
}

const old = join(root, `.dist-old-${process.pid}`);
if (existsSync(dist)) renameSync(dist, old);
renameSync(next, dist);
rmSync(old, { recursive: true, force: true });
