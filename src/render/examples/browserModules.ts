import { existsSync } from 'node:fs';
import { isAbsolute, join, relative, resolve, sep } from 'node:path';
import type { ClientExamplesConfig, SiteConfig } from '../../shared/config';
import { withBaseUrl } from '../../shared/baseUrl';
import { errorDiagnostic } from '../diagnostics';

/** Where the published modules go in the output. */
export const EXAMPLE_MODULES_DIR = 'assets/examples';
const DEFAULT_TIME_LIMIT_MS = 5000;

const toPosix = (p: string) => p.split(sep).join('/');

/** A file name for a package specifier: `'@scope/pkg'` → `scope-pkg`. */
const fileNameOf = (specifier: string) =>
  specifier.replace(/^@/, '').replace(/[^A-Za-z0-9._-]+/g, '-') || 'module';

/**
 * The URL of the folder a relative path in an example reads from, when the site publishes it:
 * `examples.cwd` under `static/` (`static/data` → `<base>data/`). Undefined otherwise (then a
 * relative read in the browser is refused with a message).
 */
export function publishedDataUrl(root: string, config: SiteConfig): string | undefined {
  const cwd = config.examples?.cwd;
  if (cwd === undefined) return undefined;
  const rel = relative(join(root, 'static'), resolve(root, cwd));
  if (rel.startsWith('..') || isAbsolute(rel)) return undefined;
  const path = toPosix(rel);
  return withBaseUrl(path ? `/${path}/` : '/', config.baseUrl);
}

/**
 * Publishes the modules of `examples.browser` into `<outDir>/assets/examples/`, each bundled
 * by esbuild into one self-contained ES module (so a module that imports its own files, or
 * other packages, still runs from one URL) with a content hash in its name, and returns what
 * the client's runner needs; undefined when the site does not run examples in the browser.
 */
export async function publishBrowserModules(
  root: string,
  config: SiteConfig,
  outDir: string,
  options: { dev?: boolean; configFile?: string } = {},
): Promise<ClientExamplesConfig | undefined> {
  const browser = config.examples?.browser;
  if (!browser) return undefined;
  const entries = Object.entries(browser.modules);
  const missing = entries.filter(([, path]) => !existsSync(resolve(root, path)));
  if (missing.length)
    throw errorDiagnostic({
      code: 'ExampleModuleMissing',
      file: options.configFile,
      message: missing
        .map(
          ([name, path]) =>
            `examples.browser.modules["${name}"]: the file ${path} does not exist (resolved from the site root ${root})`,
        )
        .join('; '),
      hint: 'build the browser module first (e.g. the package’s build script), or fix the path',
    });
  const modules: Record<string, string> = {};
  if (entries.length) {
    const { build } = await import('esbuild');
    const result = await build({
      absWorkingDir: root,
      entryPoints: entries.map(([name, path]) => ({
        in: resolve(root, path),
        out: fileNameOf(name),
      })),
      outdir: join(outDir, EXAMPLE_MODULES_DIR),
      entryNames: '[name].[hash]',
      bundle: true,
      splitting: false,
      format: 'esm',
      platform: 'browser',
      target: ['chrome100', 'firefox100', 'safari15'],
      minify: !options.dev,
      legalComments: 'none',
      metafile: true,
      logLevel: 'silent',
      write: true,
    });
    const outByEntry = new Map<string, string>();
    for (const [out, info] of Object.entries(result.metafile.outputs))
      if (info.entryPoint) outByEntry.set(resolve(root, info.entryPoint), resolve(root, out));
    for (const [name, path] of entries) {
      const out = outByEntry.get(resolve(root, path));
      if (!out) throw new Error(`dfdocs: esbuild wrote no bundle for ${path}`);
      modules[name] = withBaseUrl(`/${toPosix(relative(outDir, out))}`, config.baseUrl);
    }
  }
  const data = publishedDataUrl(root, config);
  return {
    modules,
    ...(data ? { data } : {}),
    timeLimitMs: browser.timeLimitMs ?? DEFAULT_TIME_LIMIT_MS,
  };
}
