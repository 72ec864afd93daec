#!/usr/bin/env node
// Compiles the TypeScript CLI (src/cli, src/render, templates, src/shared) into dist-cli/ with esbuild.
// Runs on `npm install` (prepare) and before tests, so users never run a compile step by hand.
// The markdown toolchain (unified, remark, rehype, micromark: hundreds of small ES modules)
// is bundled in: resolving and loading them one by one took most of the CLI's 0.5 s start,
// which is a third of an incremental rebuild. Packages that must stay one shared copy
// (React: the site's own React pages import it), carry binaries or wasm (esbuild, shiki)
// or are large and loaded only on demand (TypeDoc) stay external.
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';

const EXTERNAL = ['react', 'react/*', 'react-dom', 'react-dom/*', 'esbuild', 'typedoc', 'shiki', 'shiki/*', '@shikijs/*', 'fsevents', 'tinyframejs', 'tinyframejs/*', 'playwright-core', 'typescript'];

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
await build({
  absWorkingDir: root,
  entryPoints: { cli: 'src/cli/main.ts', 'render-worker': 'src/render/renderWorker.ts' },
  outdir: 'dist-cli',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  external: EXTERNAL,
  // Bundled CommonJS dependencies call require() for Node's built-ins.
  banner: { js: "import { createRequire as __dfdocsCreateRequire } from 'node:module'; const require = __dfdocsCreateRequire(import.meta.url);" },
  jsx: 'automatic',
  sourcemap: 'linked',
  logLevel: 'warning',
  define: { 'process.env.DFDOCS_BUNDLED': '"1"' },
});
