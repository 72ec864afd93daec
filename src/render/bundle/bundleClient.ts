import { build, type Metafile } from 'esbuild';
import { fileURLToPath } from 'node:url';
import { dirname, join, relative, sep } from 'node:path';
import { existsSync } from 'node:fs';
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
export async function bundleClient(outDir: string, options: { dev?: boolean } = {}): Promise<ClientAssets> {
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
