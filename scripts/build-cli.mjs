#!/usr/bin/env node
// Compiles the TypeScript CLI (src/cli, src/render, templates, src/shared) into dist-cli/ with esbuild.
// Runs on `npm install` (prepare) and before tests, so users never run a compile step by hand.
// npm packages stay external: they are resolved from node_modules at run time.
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
await build({
  absWorkingDir: root,
  entryPoints: { cli: 'src/cli/main.ts', 'render-worker': 'src/render/renderWorker.ts' },
  outdir: 'dist-cli',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  jsx: 'automatic',
  sourcemap: 'linked',
  logLevel: 'warning',
  define: { 'process.env.DFDOCS_BUNDLED': '"1"' },
});
