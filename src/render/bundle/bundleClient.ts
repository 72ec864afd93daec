import { build, version as esbuildVersion, type Metafile } from 'esbuild';
import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { dirname, join, relative, sep } from 'node:path';
import { existsSync, readdirSync, statSync, readFileSync, writeFileSync, rmSync, renameSync, cpSync } from 'node:fs';
import type { ClientAssets } from '../ssr/renderDocument';

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
export async function bundleClient(outDir: string, options: { dev?: boolean; cacheDir?: string } = {}): Promise<ClientAssets> {
  if (options.cacheDir) return cachedBundle(outDir, options.cacheDir, Boolean(options.dev));
  return bundleInto(outDir, Boolean(options.dev));
}

/** A hash of everything that goes into the client bundle: its sources and the versions of esbuild and React. */
function bundleKey(dev: boolean): string {
  const root = packageRoot();
  const h = createHash('sha256').update(esbuildVersion).update(dev ? 'dev' : 'prod');
  const walk = (dir: string) => {
    if (!existsSync(dir)) return;
    for (const name of readdirSync(dir).sort()) {
      const p = join(dir, name);
      if (statSync(p).isDirectory()) walk(p);
      else h.update(p).update(readFileSync(p));
    }
  };
  for (const d of ['src/client', 'templates', 'src/shared']) walk(join(root, d));
  for (const pkg of ['react', 'react-dom']) h.update(readFileSync(join(root, 'node_modules', pkg, 'package.json')));
  return h.digest('hex').slice(0, 24);
}

/** Reuses the bundle of unchanged client sources from the persistent cache (copied into the output). */
async function cachedBundle(outDir: string, cacheDir: string, dev: boolean): Promise<ClientAssets> {
  const dir = join(cacheDir, `bundle-${bundleKey(dev)}`);
  const metaFile = join(dir, 'assets.json');
  if (!existsSync(metaFile)) {
    const tmp = `${dir}.${process.pid}.tmp`;
    rmSync(tmp, { recursive: true, force: true });
    const assets = await bundleInto(tmp, dev);
    writeFileSync(join(tmp, 'assets.json'), JSON.stringify(assets));
    rmSync(dir, { recursive: true, force: true });
    renameSync(tmp, dir);
  }
  cpSync(join(dir, 'assets'), join(outDir, 'assets'), { recursive: true });
  return JSON.parse(readFileSync(metaFile, 'utf8')) as ClientAssets;
}

async function bundleInto(outDir: string, dev: boolean): Promise<ClientAssets> {
  const options = { dev };
  const root = packageRoot();
  const result = await build({
    absWorkingDir: root,
    entryPoints: { client: 'src/client/hydrate.tsx', styles: 'templates/styles.css' },
    outdir: join(outDir, 'assets'),
    entryNames: '[name].[hash]',
    chunkNames: 'chunks/[name].[hash]',
    assetNames: 'media/[name].[hash]',
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    target: ['es2020', 'chrome100', 'firefox100', 'safari15'],
    minify: !options.dev,
    treeShaking: true,
    jsx: 'automatic',
    metafile: true,
    legalComments: 'none',
    define: { 'process.env.NODE_ENV': options.dev ? '"development"' : '"production"' },
    logLevel: 'silent',
    write: true,
  });
  return assetsFromMetafile(result.metafile, outDir);
}

function assetsFromMetafile(meta: Metafile, outDir: string): ClientAssets {
  let entry = '';
  let css = '';
  let imports: string[] = [];
  for (const [file, info] of Object.entries(meta.outputs)) {
    if (info.entryPoint === 'src/client/hydrate.tsx') {
      entry = file;
      imports = info.imports.filter((i) => i.kind === 'import-statement').map((i) => i.path);
    } else if (info.entryPoint === 'templates/styles.css' && file.endsWith('.css')) {
      css = file;
    }
  }
  const rel = (abs: string) => toPosix(relative(outDir, join(packageRoot(), abs)));
  return { entry: rel(entry), preload: imports.map(rel), css: rel(css) };
}
