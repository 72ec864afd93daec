import type { BuildOptions, Metafile, Plugin } from 'esbuild';
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { dirname, isAbsolute, join, relative, sep } from 'node:path';
import {
  existsSync,
  readdirSync,
  statSync,
  readFileSync,
  writeFileSync,
  rmSync,
  renameSync,
  cpSync,
} from 'node:fs';
import type { ClientAssets } from '../ssr/renderDocument';
import type { ComponentSlot } from '../../shared/config';
import type { IslandModule } from '../mdx/islands';
import { prebuiltClientOff } from '../tuning';
import { inputsUnchanged, keptInputsOf, type KeptInputs } from '../cache/keptInputs';

/** The package root (where src/client and templates live), from dist-cli/ or src/render/bundle/. */
export function packageRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, 'package.json'))) {
    const up = dirname(dir);
    if (up === dir) throw new Error('dfdocs: cannot find its package root');
    dir = up;
  }
  return dir;
}

const toPosix = (p: string) => p.split(sep).join('/');

/**
 * Bundles the hydration client (src/client/hydrate.tsx) and the stylesheet with esbuild
 * into `<outDir>/assets/`: minified, tree-shaken, code-split, content-hashed names.
 * Returns the entry, the chunks it imports statically (for modulepreload) and the CSS.
 */
export async function bundleClient(
  outDir: string,
  options: {
    dev?: boolean;
    cacheDir?: string;
    /** The site's component overrides by slot (absolute paths): bundled into its client. */
    components?: SiteComponents;
    /** The site's stylesheets (absolute paths), linked after the theme's. */
    customCss?: string[];
    /** The components its MDX pages hydrate in the browser (src/render/mdx/islands.ts). */
    islands?: IslandModuleWithId[];
  } = {},
): Promise<ClientAssets> {
  const assets = await bundleScripts(outDir, options);
  if (!options.customCss?.length) return assets;
  return { ...assets, extraCss: await bundleCustomCss(options.customCss, outDir, options.dev) };
}

async function bundleScripts(
  outDir: string,
  options: {
    dev?: boolean;
    cacheDir?: string;
    components?: SiteComponents;
    islands?: IslandModuleWithId[];
  },
): Promise<ClientAssets> {
  const dev = Boolean(options.dev);
  // A site with its own components or islands gets a client of its own (see `slotsModule`, `islandsModule`).
  if (hasClientSlots(options.components) || options.islands?.length)
    return options.cacheDir
      ? copyBundle(
          await siteBundleDir(options.cacheDir, dev, options.components, options.islands),
          outDir,
        )
      : bundleInto(outDir, dev, options.components, options.islands);
  const name = `bundle-${bundleKey(dev)}`; // hashes every client source: once
  if (!dev && !prebuiltClientOff()) {
    const prebuilt = join(prebuiltClientDir(), name);
    if (existsSync(join(prebuilt, 'assets.json'))) return copyBundle(prebuilt, outDir);
  }
  if (options.cacheDir)
    return copyBundle(await bundleDir(join(options.cacheDir, name), dev), outDir);
  return bundleInto(outDir, dev);
}

/** Component overrides by slot: absolute paths of modules whose default export is the component. */
export type SiteComponents = Partial<Record<ComponentSlot, string>>;

/** The slots the browser renders (the 404 page's content is rendered at build time only). */
const CLIENT_SLOTS: ComponentSlot[] = ['navbarBrand', 'footer', 'docFooter'];

const hasClientSlots = (components: SiteComponents | undefined) =>
  CLIENT_SLOTS.some((slot) => components?.[slot]);

/**
 * The site's components in place of templates/slots.ts's empty registry, and
 * `__DFDOCS_SLOTS__` true so the templates look there (for every other site it is false and
 * the lookups compile away: their first-load JavaScript stays as it was).
 */
function slotsModule(components: SiteComponents): Plugin {
  const file = join(packageRoot(), 'templates', 'slots.ts');
  return {
    name: 'dfdocs-site-slots',
    setup(b) {
      b.onLoad({ filter: new RegExp(`^${escapeRegExp(file)}$`) }, () => {
        const used = CLIENT_SLOTS.filter((slot) => components[slot]);
        return {
          contents:
            used
              .map((slot, i) => `import c${i} from ${JSON.stringify(components[slot])};`)
              .join('\n') +
            `\nexport const slotOverrides = { ${used.map((slot, i) => `${slot}: c${i}`).join(', ')} };\n`,
          loader: 'ts',
          resolveDir: dirname(file),
        };
      });
    },
  };
}

/** An island's module and export, with its id (see src/render/mdx/islands.ts). */
export type IslandModuleWithId = IslandModule & { id: string };

const ISLAND = 'dfdocs-island';

/**
 * The site's islands in place of src/client/islands/registry.ts's empty list: a loader per
 * island, each a dynamic import of a module re-exporting the component (resolved from the
 * page that imports it), so each island is a chunk of its own, fetched only where it is
 * shown. Each also imports the first load's graph (see `oneFirstLoadChunk`): what an
 * island shares with it (React) stays in the first-load chunk, which stays as it was.
 */
function islandsModule(islands: IslandModuleWithId[]): Plugin {
  const file = join(packageRoot(), 'src', 'client', 'islands', 'registry.ts');
  const byId = new Map(islands.map((i) => [i.id, i]));
  return {
    name: 'dfdocs-site-islands',
    setup(b) {
      b.onLoad({ filter: new RegExp(`^${escapeRegExp(file)}$`) }, () => ({
        contents: `export const loadHydrator = () => import('./hydrateIslands');\nexport const islandLoaders = {\n${islands
          .map(
            (i) =>
              `  ${JSON.stringify(i.id)}: () => import(${JSON.stringify(`${ISLAND}:${i.id}`)}),`,
          )
          .join('\n')}\n};\n`,
        loader: 'ts',
        resolveDir: dirname(file),
      }));
      b.onResolve({ filter: new RegExp(`^${ISLAND}:`) }, (args) => ({
        path: args.path.slice(ISLAND.length + 1),
        namespace: ISLAND,
      }));
      b.onLoad({ filter: /.*/, namespace: ISLAND }, (args) => {
        const island = byId.get(args.path)!;
        const from = JSON.stringify(island.source);
        const name = JSON.stringify(island.exportName);
        return {
          contents:
            (island.exportName === 'default'
              ? `export { default } from ${from};\n`
              : `import * as m from ${from};\nexport default m[${name}] ?? m.default?.[${name}];\n`) +
            `import ${JSON.stringify(FIRST_LOAD)};\n`,
          loader: 'js',
          resolveDir: island.resolveDir,
        };
      });
    },
  };
}

const escapeRegExp = (s: string) => s.replace(/[\\^$.*+?()[\]{}|/]/g, '\\$&');

/**
 * The site's stylesheets (config `customCss`), each bundled (its `@import`s inlined, the
 * files its `url()`s name copied beside it with hashed names; URLs starting with `/` are
 * the site's own, left as they are) into `assets/custom/`.
 */
async function bundleCustomCss(files: string[], outDir: string, dev?: boolean): Promise<string[]> {
  const { build } = await import('esbuild');
  const fileLoaders = [
    '.png',
    '.jpg',
    '.jpeg',
    '.gif',
    '.webp',
    '.avif',
    '.svg',
    '.woff',
    '.woff2',
    '.ttf',
    '.otf',
    '.eot',
  ];
  const result = await build({
    entryPoints: files,
    outdir: join(outDir, 'assets', 'custom'),
    entryNames: '[name].[hash]',
    assetNames: '[name].[hash]',
    bundle: true,
    minify: !dev,
    metafile: true,
    logLevel: 'silent',
    loader: Object.fromEntries(fileLoaders.map((ext) => [ext, 'file' as const])),
    plugins: [
      {
        name: 'dfdocs-site-urls',
        setup(b) {
          b.onResolve({ filter: /^\// }, (args) =>
            args.kind === 'url-token' ? { path: args.path, external: true } : undefined,
          );
        },
      },
    ],
  });
  const byEntry = new Map(
    Object.entries(result.metafile.outputs).flatMap(([out, info]) =>
      info.entryPoint ? [[info.entryPoint, out] as const] : [],
    ),
  );
  const cwd = process.cwd();
  return files.map((f) => {
    const out = byEntry.get(toPosix(relative(cwd, f))) ?? byEntry.get(f);
    if (!out) throw new Error(`dfdocs: the bundle of ${f} is missing from esbuild's output`);
    return toPosix(relative(outDir, join(cwd, out)));
  });
}

/**
 * Where `npm install` leaves the production client (scripts/build-cli.mjs runs
 * `prebuildClient`). The client depends on dfdocs alone, never on the site, so every site
 * this installation builds uses it: a build (a site's first included) does not bundle it
 * again, which took ~0.3 s of CPU beside the render workers and held back the first pages.
 * DFDOCS_PREBUILT_CLIENT=0 leaves it aside (tests of the pages rendered meanwhile).
 */
function prebuiltClientDir(): string {
  return join(packageRoot(), 'dist-cli', 'client');
}

/** Bundles the production client for `bundleClient` to copy (see `prebuiltClientDir`); drops older ones. */
export async function prebuildClient(): Promise<void> {
  const name = `bundle-${bundleKey(false)}`;
  await bundleDir(join(prebuiltClientDir(), name), false);
  for (const old of readdirSync(prebuiltClientDir()))
    if (old !== name) rmSync(join(prebuiltClientDir(), old), { recursive: true, force: true });
}

/** Bump when how the client is bundled changes (this file's plugins): bundles made before are not reused. */
const BUNDLER_VERSION = 2;

/** A hash of everything that goes into the client bundle: its sources and the versions of esbuild and React. */
function bundleKey(dev: boolean): string {
  const root = packageRoot();
  // esbuild's version from its package file: importing esbuild costs ~35 ms, and a build
  // whose bundle is cached never runs it.
  const require = createRequire(import.meta.url);
  const esbuildVersion = (require('esbuild/package.json') as { version: string }).version;
  const h = createHash('sha256')
    .update(`bundler ${BUNDLER_VERSION}`)
    .update(esbuildVersion)
    .update(dev ? 'dev' : 'prod');
  const walk = (dir: string) => {
    if (!existsSync(dir)) return;
    for (const name of readdirSync(dir).sort()) {
      const p = join(dir, name);
      if (statSync(p).isDirectory()) walk(p);
      else h.update(p).update(readFileSync(p));
    }
  };
  for (const d of ['src/client', 'templates', 'src/shared']) walk(join(root, d));
  // Wherever the package manager put them (hoisted beside dfdocs, or nested in it).
  for (const pkg of ['react', 'react-dom'])
    h.update(readFileSync(require.resolve(`${pkg}/package.json`)));
  return h.digest('hex').slice(0, 24);
}

/** A folder holding the bundle of the current client sources (`assets/` and `assets.json`), bundled into it unless it already does. */
async function bundleDir(dir: string, dev: boolean): Promise<string> {
  if (!existsSync(join(dir, 'assets.json'))) {
    const tmp = `${dir}.${process.pid}.tmp`;
    rmSync(tmp, { recursive: true, force: true });
    const assets = await bundleInto(tmp, dev);
    writeFileSync(join(tmp, 'assets.json'), JSON.stringify(assets));
    rmSync(dir, { recursive: true, force: true });
    renameSync(tmp, dir);
  }
  return dir;
}

/**
 * A folder holding the client of a site with its own components or islands, bundled into
 * it unless the one there was made from the same client sources, slots and islands, and
 * every file esbuild read for it (the site's components and what they import) is
 * unchanged. A rebuild of such a site spent ~0.3 s waiting for esbuild.
 */
async function siteBundleDir(
  cacheDir: string,
  dev: boolean,
  components: SiteComponents | undefined,
  islands: IslandModuleWithId[] | undefined,
): Promise<string> {
  const key = createHash('sha256')
    .update(bundleKey(dev))
    .update(JSON.stringify(components ?? {}))
    .update(JSON.stringify(islands ?? []))
    .digest('hex')
    .slice(0, 24);
  const dir = join(cacheDir, `site-bundle-${key}`);
  const inputsFile = join(dir, 'inputs.json');
  if (existsSync(join(dir, 'assets.json')) && existsSync(inputsFile)) {
    try {
      if (inputsUnchanged(JSON.parse(readFileSync(inputsFile, 'utf8')) as KeptInputs)) return dir;
    } catch {
      // a torn record: bundle again
    }
  }
  const tmp = `${dir}.${process.pid}.tmp`;
  rmSync(tmp, { recursive: true, force: true });
  const metafile = await buildClient(tmp, dev, components, islands);
  // Not dfdocs's client sources, which `bundleKey` hashes already.
  const inputs = keptInputsOf(metafile.inputs, packageRoot(), (file) => OWN_SOURCE.test(file));
  writeFileSync(join(tmp, 'assets.json'), JSON.stringify(assetsFromMetafile(metafile, tmp)));
  writeFileSync(join(tmp, 'inputs.json'), JSON.stringify(inputs));
  // One site bundle kept: an older one is a change ago.
  for (const old of readdirSync(cacheDir))
    if (old.startsWith('site-bundle-') && !old.endsWith('.tmp'))
      rmSync(join(cacheDir, old), { recursive: true, force: true });
  renameSync(tmp, dir);
  return dir;
}

/** A bundle made by `bundleDir`, copied into the output. */
function copyBundle(dir: string, outDir: string): ClientAssets {
  cpSync(join(dir, 'assets'), join(outDir, 'assets'), { recursive: true });
  return JSON.parse(readFileSync(join(dir, 'assets.json'), 'utf8')) as ClientAssets;
}

const REACT_RESOLVED = 'dfdocs:react';

/**
 * Our `react` and `react/jsx-runtime` imports go through ES re-exports (src/client/shims):
 * smaller code than CommonJS interop at every call. The site's components (overrides,
 * islands) and the packages they use get the React dfdocs renders with, wherever they
 * are: one React in the page, whatever copy the site has installed.
 */
const reactShims: Plugin = {
  name: 'dfdocs-react-shims',
  setup(b) {
    const shims: Record<string, string> = {
      react: 'src/client/shims/react.ts',
      'react/jsx-runtime': 'src/client/shims/jsx-runtime.ts',
    };
    const root = packageRoot();
    b.onResolve({ filter: /^react(-dom)?(\/.*)?$/ }, (args) => {
      if (args.pluginData === REACT_RESOLVED) return undefined;
      const importer = toPosix(args.importer);
      if (importer.includes('/src/client/shims/')) return undefined;
      if (shims[args.path] && OWN_SOURCE.test(args.importer))
        return { path: join(root, shims[args.path]!) };
      if (importer.startsWith(toPosix(root) + '/')) return undefined; // dfdocs's own React, as found
      return b.resolve(args.path, {
        kind: args.kind,
        importer: args.importer,
        resolveDir: root,
        pluginData: REACT_RESOLVED,
      });
    });
  },
};

/**
 * The runnable examples' worker (src/client/runner/worker.ts) as the text of a classic
 * script (`import workerSource from 'dfdocs:runner-worker'`): the runner starts it from a
 * blob inside a sandboxed iframe, which cannot load a file of the site, so its code travels
 * inside the runner's chunk (loaded on demand).
 */
const runnerWorker = (dev: boolean, needed: boolean): Plugin => ({
  name: 'dfdocs-runner-worker',
  setup(b) {
    b.onResolve({ filter: /^dfdocs:runner-worker$/ }, () => ({
      path: 'runner-worker',
      namespace: 'dfdocs-runner-worker',
    }));
    b.onLoad({ filter: /.*/, namespace: 'dfdocs-runner-worker' }, async () => {
      // The first pass (see `lazyModules`) needs the graph, not the worker's code.
      if (!needed) return { contents: 'export default "";', loader: 'js' };
      const result = await b.esbuild.build({
        absWorkingDir: packageRoot(),
        entryPoints: ['src/client/runner/worker.ts'],
        bundle: true,
        format: 'iife',
        platform: 'browser',
        target: ['chrome100', 'firefox100', 'safari15'],
        minify: !dev,
        legalComments: 'none',
        write: false,
        logLevel: 'silent',
      });
      return {
        contents: `export default ${JSON.stringify(result.outputFiles[0]!.text)};`,
        loader: 'js',
        watchFiles: [join(packageRoot(), 'src/client/runner/worker.ts')],
      };
    });
  },
});

const ENTRY = 'src/client/hydrate.tsx';
/** dfdocs's own client sources (where every lazily loaded module is), not node_modules. */
const OWN_SOURCE = new RegExp(
  `^${packageRoot().replace(/[\\^$.*+?()[\]{}|/]/g, '\\$&')}[\\\\/](?:src|templates)[\\\\/].*\\.(?:tsx?|jsx?|mjs)$`,
);
const FIRST_LOAD = 'dfdocs:first-load';

/**
 * Keeps the first load in one chunk. esbuild puts a module shared by the entry and some
 * lazily loaded chunks into a chunk per set of importers, so each new `import()` would
 * cut what the entry needs into more files (each compressed on its own, and one more
 * request). Every lazily loaded module here also imports the entry's whole static graph
 * (already loaded by the time it runs, so nothing is fetched or run twice); all of that
 * graph then has the same importers and lands in one chunk beside the tiny entry file.
 */
const oneFirstLoadChunk = (lazy: Set<string>): Plugin => {
  return {
    name: 'dfdocs-one-first-load-chunk',
    setup(b) {
      b.onResolve({ filter: new RegExp(`^${FIRST_LOAD}$`) }, () => ({
        path: join(packageRoot(), ENTRY),
      }));
      b.onLoad({ filter: OWN_SOURCE }, (args) => {
        if (!lazy.has(args.path)) return undefined;
        const ext = args.path.slice(args.path.lastIndexOf('.') + 1);
        const loader = ext === 'mjs' ? 'js' : (ext as 'ts' | 'tsx' | 'js' | 'jsx');
        return {
          contents: `${readFileSync(args.path, 'utf8')}\nimport ${JSON.stringify(FIRST_LOAD)};\n`,
          loader,
          resolveDir: dirname(args.path),
        };
      });
    },
  };
};

/**
 * Every module of dfdocs's client sources that the client loads with `import()`: learnt
 * from a first pass of esbuild over the same graph (metafile only, nothing written), so
 * the bundle does not depend on timing. Learning them as esbuild resolved each `import()`
 * raced with its loading the same module through a static import: under load a site's
 * first load came out in two chunks instead of one (2 bundles of 12).
 */
async function lazyModules(options: BuildOptions & { metafile: true }): Promise<Set<string>> {
  const { build } = await import('esbuild');
  const { metafile } = await build({ ...options, write: false });
  const lazy = new Set<string>();
  for (const input of Object.values(metafile.inputs))
    for (const i of input.imports)
      if (i.kind === 'dynamic-import' && !i.external) {
        const file = isAbsolute(i.path) ? i.path : join(packageRoot(), i.path);
        if (OWN_SOURCE.test(file)) lazy.add(file);
      }
  return lazy;
}

/** Builds the client with esbuild: the lazily loaded modules first (see `lazyModules`), then the bundle. */
export async function buildClient(
  outDir: string,
  dev: boolean,
  components?: SiteComponents,
  islands?: IslandModuleWithId[],
): Promise<Metafile> {
  const { build } = await import('esbuild');
  const lazy = await lazyModules(clientBuildOptions(outDir, dev, components, islands));
  return (await build(clientBuildOptions(outDir, dev, components, islands, lazy))).metafile;
}

/** The esbuild options of the client bundle (also used by scripts/first-load-js.ts to see what the entry holds). */
export function clientBuildOptions(
  outDir: string,
  dev: boolean,
  components?: SiteComponents,
  islands?: IslandModuleWithId[],
  /** The lazily loaded modules (`lazyModules`); none for the first pass, which finds them. */
  lazy?: Set<string>,
): BuildOptions & { metafile: true } {
  const slots = hasClientSlots(components);
  const hasIslands = Boolean(islands?.length);
  return {
    absWorkingDir: packageRoot(),
    entryPoints: { client: ENTRY, styles: 'templates/styles.css' },
    outdir: join(outDir, 'assets'),
    entryNames: '[name].[hash]',
    chunkNames: 'chunks/[name].[hash]',
    assetNames: 'media/[name].[hash]',
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    // The browsers alone: an `es2020` entry would also lower class fields (a helper call per field).
    target: ['chrome100', 'firefox100', 'safari15'],
    minify: !dev,
    treeShaking: true,
    jsx: 'automatic',
    metafile: true,
    legalComments: 'none',
    plugins: [
      reactShims,
      oneFirstLoadChunk(lazy ?? new Set()),
      runnerWorker(dev, lazy !== undefined),
      ...(slots ? [slotsModule(components!)] : []),
      ...(hasIslands ? [islandsModule(islands!)] : []),
    ],
    define: {
      'process.env.NODE_ENV': dev ? '"development"' : '"production"',
      __DFDOCS_SLOTS__: slots ? 'true' : 'false',
      __DFDOCS_CLIENT__: 'true',
      __DFDOCS_ISLANDS__: hasIslands ? 'true' : 'false',
    },
    logLevel: 'silent',
    write: true,
  };
}

async function bundleInto(
  outDir: string,
  dev: boolean,
  components?: SiteComponents,
  islands?: IslandModuleWithId[],
): Promise<ClientAssets> {
  return assetsFromMetafile(await buildClient(outDir, dev, components, islands), outDir);
}

/** The chunks an output imports statically, directly or through other chunks (all needed before it runs). */
export function staticImportsOf(meta: Metafile, file: string): string[] {
  const seen = new Set<string>();
  const visit = (f: string) => {
    for (const i of meta.outputs[f]?.imports ?? []) {
      if (i.kind !== 'import-statement' || seen.has(i.path)) continue;
      seen.add(i.path);
      visit(i.path);
    }
  };
  visit(file);
  return [...seen];
}

function assetsFromMetafile(meta: Metafile, outDir: string): ClientAssets {
  let entry = '';
  let css = '';
  let imports: string[] = [];
  for (const [file, info] of Object.entries(meta.outputs)) {
    if (info.entryPoint === ENTRY) {
      entry = file;
      imports = staticImportsOf(meta, file);
    } else if (info.entryPoint === 'templates/styles.css' && file.endsWith('.css')) {
      css = file;
    }
  }
  const rel = (abs: string) => toPosix(relative(outDir, join(packageRoot(), abs)));
  return { entry: rel(entry), preload: imports.map(rel), css: rel(css) };
}
