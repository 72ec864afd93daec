/**
 * How a site's own modules (its config, React pages, component overrides, markdown plugins
 * written in TypeScript) are compiled with esbuild and imported: the compiled file lives
 * in a temporary folder, so every package it imports is resolved here, from the importing
 * file's folder as Node would, and written into the output as an absolute URL (or compiled
 * in, when it is TypeScript or linked from outside node_modules). React and
 * dfdocs itself resolve to the copies this dfdocs runs with: a site's components must
 * share its React, and `import { defineConfig } from 'dfdocs'` gets the real package.
 */
import { existsSync } from 'node:fs';
import { builtinModules, createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { BuildOptions, Plugin } from 'esbuild';
import { packageRoot } from '../bundle/bundleClient';

const SKIP = 'dfdocs:resolve-as-node';
const BUILTIN = new Set(builtinModules);
const OWN_REACT = /^(react|react-dom)(\/.*)?$/;

/** The module `import 'dfdocs'` names: the package's entry (compiled, or its source when running from a clone's src/). */
export function dfdocsEntry(): string {
  const compiled = join(packageRoot(), 'dist-cli', 'index.js');
  return existsSync(compiled) ? compiled : join(packageRoot(), 'src', 'index.ts');
}

/** A package's entry as dfdocs resolves it (React: the one copy the server renderer uses). */
export function ownModule(spec: string): string {
  return createRequire(import.meta.url).resolve(spec);
}

/** The esbuild plugin: bare imports become absolute URLs resolved from the importer (see above). */
export function siteImports(): Plugin {
  return {
    name: 'dfdocs-site-imports',
    setup(b) {
      b.onResolve({ filter: /^[^./]/ }, async (args) => {
        if (args.pluginData === SKIP) return undefined;
        const spec = args.path;
        if (spec.startsWith('node:') || BUILTIN.has(spec.split('/')[0]!))
          return { path: spec, external: true };
        if (spec === 'dfdocs') return { path: pathToFileURL(dfdocsEntry()).href, external: true };
        if (OWN_REACT.test(spec))
          return { path: pathToFileURL(ownModule(spec)).href, external: true };
        const found = await b.resolve(spec, {
          kind: args.kind,
          importer: args.importer,
          resolveDir: args.resolveDir,
          pluginData: SKIP,
        });
        if (found.errors.length) return { errors: found.errors };
        // An installed JavaScript package is imported from where it is; a linked one (an
        // npm workspace, `file:`) or one that ships TypeScript is compiled in, as Node could
        // not run it.
        const installed =
          /[\\/]node_modules[\\/]/.test(found.path) && /\.(c|m)?js$/.test(found.path);
        return installed
          ? { path: pathToFileURL(found.path).href, external: true }
          : { path: found.path };
      });
    },
  };
}

/** The esbuild options every site module is compiled with (Node's resolution: no `module` field or condition). */
export const SITE_MODULE_OPTIONS: BuildOptions = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  jsx: 'automatic',
  mainFields: ['main'],
  conditions: [],
  loader: { '.css': 'empty' },
  logLevel: 'silent',
  write: true,
};
