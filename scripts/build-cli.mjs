#!/usr/bin/env node
// Compiles the TypeScript CLI (src/cli, src/render, templates, src/shared) into dist-cli/ with esbuild.
// Runs on `npm install` (prepare) and before tests, so users never run a compile step by hand.
// The markdown toolchain (unified, remark, rehype, micromark: hundreds of small ES modules)
// is bundled in: resolving and loading them one by one took most of the CLI's 0.5 s start,
// which is a third of an incremental rebuild. Packages that must stay one shared copy
// (React: the site's own React pages import it), carry binaries or wasm (esbuild, shiki)
// or are large and loaded only on demand (TypeDoc) stay external.
import { build } from 'esbuild';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { dirname, join } from 'node:path';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';

const EXTERNAL = [
  'react',
  'react/*',
  'react-dom',
  'react-dom/*',
  'esbuild',
  'typedoc',
  'shiki',
  'shiki/*',
  '@shikijs/*',
  'fsevents',
  'playwright-core',
  'typescript',
];

/**
 * React's packages are CommonJS. Imported with `import`, Node runs its CommonJS export
 * lexer over each file (react-dom's server builds are ~0.5 MB) in every thread, and the
 * lexer gets hot enough to be optimised in each: ~40 ms of CPU per thread plus the compile.
 * Loaded with require() instead they are evaluated as they are; it is the same module
 * instance the site's own React pages get through `import`, so there is still one React.
 */
const requireReact = {
  name: 'require-react',
  setup(b) {
    b.onResolve({ filter: /^react(-dom)?(\/.*)?$/ }, (args) =>
      args.namespace === 'require-react'
        ? { path: args.path, external: true }
        : { path: args.path, namespace: 'require-react' },
    );
    b.onLoad({ filter: /.*/, namespace: 'require-react' }, (args) => ({
      contents: `module.exports = require(${JSON.stringify(args.path)});`,
      loader: 'js',
    }));
  },
};

// `npm pack` runs prepack, then prepare: the second finds the CLI just compiled.
if (
  process.env.npm_lifecycle_event === 'prepare' &&
  /^(pack|publish)$/.test(process.env.npm_command ?? '')
)
  process.exit(0);

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
await build({
  absWorkingDir: root,
  entryPoints: {
    cli: 'src/cli/main.ts',
    'render-worker': 'src/render/executor/pool/renderWorker.ts',
    'search-worker': 'src/render/search/searchWorker.ts',
    'typedoc-worker': 'src/render/api/typedocWorker.ts',
    'client-worker': 'src/dev/clientWorker.ts',
  },
  outdir: 'dist-cli',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  external: EXTERNAL,
  // Bundled CommonJS dependencies call require() for Node's built-ins.
  banner: {
    js: "import { createRequire as __dfdocsCreateRequire } from 'node:module'; const require = __dfdocsCreateRequire(import.meta.url);",
  },
  plugins: [requireReact],
  jsx: 'automatic',
  sourcemap: 'linked',
  logLevel: 'warning',
  define: { 'process.env.DFDOCS_BUNDLED': '"1"' },
});

/**
 * The bundles as ASCII: esbuild escapes non-ASCII characters in code, but keeps them in
 * the comments it preserves (our prose: "—", "→"). One such character makes V8 hold the
 * whole source as a two-byte string, in every thread that loads it: cli.js was 6 MB of
 * heap instead of 3. A character becomes its `\uXXXX` escape, which means the same
 * character in a string, a regular expression or an identifier, and is inert in a
 * comment; only columns after it on its line move in the source map.
 */
for (const name of readdirSync(join(root, 'dist-cli'))) {
  if (!name.endsWith('.js')) continue;
  const file = join(root, 'dist-cli', name);
  const text = readFileSync(file, 'utf8');
  // A line separator in a comment ends the comment: escaped, the code after it would not be.
  if (/[\u2028\u2029]/.test(text)) throw new Error(`${name}: a U+2028/U+2029 outside a string`);
  if (/[\u0080-\uffff]/.test(text))
    writeFileSync(
      file,
      text.replace(
        /[\u0080-\uffff]/g,
        (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
      ),
    );
}

/**
 * The package's entry (`import … from 'dfdocs'`, src/index.ts): `defineConfig` and small
 * wrappers whose implementation is imported from cli.js on first use, so that a config
 * file importing `defineConfig` loads nothing else, and a program using the API runs the
 * one copy of the code the CLI runs.
 */
const commandsFromCli = {
  name: 'commands-from-cli',
  setup(b) {
    b.onResolve({ filter: /^\.\/api\/commands$/ }, () => ({ path: './cli.js', external: true }));
  },
};
await build({
  absWorkingDir: root,
  entryPoints: { index: 'src/index.ts' },
  outdir: 'dist-cli',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  plugins: [commandsFromCli],
  logLevel: 'warning',
});

// The public API's declarations (dist-cli/types/), for editors and TypeScript users.
const { buildTypes } = await import('./build-types.mjs');
await buildTypes(root);

// The production client, bundled once here for every site this installation builds: it
// depends on dfdocs alone (see prebuildClient in src/render/bundle/bundleClient.ts).
const { prebuildClient } = await import(pathToFileURL(join(root, 'dist-cli', 'cli.js')).href);
await prebuildClient();
