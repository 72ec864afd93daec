/**
 * Site modules that worker threads need too (markdown plugins, component overrides):
 * compiled once into one module whose `default` is the list of their namespaces, written
 * to `<cache dir>/modules/<kind>-<hash>.mjs` and imported by URL on every thread. Local
 * files are bundled (TypeScript and JSX work); packages are imported from where the site
 * has them (see siteImports.ts).
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Message } from 'esbuild';
import { DfdocsError, type Diagnostic, type DiagnosticCode } from '../diagnostics';
import { cacheDir } from '../cache/cacheDir';
import { isPathReference } from '../config/checkPaths';
import { siteImports, SITE_MODULE_OPTIONS } from './siteImports';

export interface SiteBundleProblem {
  code: DiagnosticCode;
  /** What could not be loaded, e.g. "a markdown plugin". */
  what: string;
  hint: string;
}

/** Compiles `specs` (paths relative to the root, or package names) and returns the module's URL. */
export async function compileSiteBundle(
  root: string,
  kind: string,
  specs: string[],
  configFile: string | undefined,
  problem: SiteBundleProblem,
): Promise<string> {
  const imports = specs.map((spec, i) => {
    const path = isPathReference(spec) ? join(root, spec) : spec;
    return `import * as m${i} from ${JSON.stringify(path)};`;
  });
  const contents = `${imports.join('\n')}\nexport default [${specs.map((_, i) => `m${i}`).join(', ')}];\n`;
  const stdinName = `${kind}.js`;
  const { build } = await import('esbuild');
  let text: string;
  try {
    const result = await build({
      ...SITE_MODULE_OPTIONS,
      stdin: { contents, resolveDir: root, sourcefile: stdinName, loader: 'js' },
      write: false,
      outfile: `${kind}.mjs`,
      plugins: [siteImports()],
    });
    text = result.outputFiles[0]!.text;
  } catch (err) {
    const errors: Message[] = (err as { errors?: Message[] }).errors ?? [];
    if (!errors.length) throw err;
    throw new DfdocsError(
      errors.map((m): Diagnostic => {
        // A problem in one of the site's files is shown there; one in the generated entry
        // (a package that is not installed) at the config.
        const inSite =
          m.location &&
          !m.location.file.endsWith(stdinName) &&
          existsSync(join(root, m.location.file));
        return {
          code: problem.code,
          severity: 'error',
          message: `${problem.what} could not be loaded: ${m.text}`,
          hint: problem.hint,
          file: inSite ? relative(root, join(root, m.location!.file)) : configFile,
          line: inSite ? m.location!.line : undefined,
          column: inSite ? m.location!.column + 1 : undefined,
        };
      }),
    );
  }
  const dir = join(cacheDir(root), 'modules');
  mkdirSync(dir, { recursive: true });
  const name = `${kind}-${createHash('sha256').update(text).digest('hex').slice(0, 16)}.mjs`;
  writeFileSync(join(dir, name), text);
  // Older compilations are of no use (a running build keeps its module loaded).
  for (const old of readdirSync(dir))
    if (old.startsWith(`${kind}-`) && old !== name) rmSync(join(dir, old), { force: true });
  return pathToFileURL(join(dir, name)).href;
}

/** A module namespace's default export (or, for CommonJS compiled from ESM, its `default.default`). */
export function defaultExport(namespace: Record<string, unknown>): unknown {
  const d = namespace.default;
  if (typeof d === 'function') return d;
  const inner = (d as Record<string, unknown> | undefined)?.default;
  return typeof inner === 'function' ? inner : d;
}
