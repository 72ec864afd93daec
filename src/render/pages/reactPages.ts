import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Message, Metafile } from 'esbuild';
import type { ComponentType } from 'react';
import { DfdocsError } from '../diagnostics';
import { registerCompiledModule } from '../diagnostics/sourcePosition';
import { siteImports, SITE_MODULE_OPTIONS } from '../modules/siteImports';
import type { ReactPageSource } from '../content/sources';
import { inputsUnchanged, keptInputsOf, type KeptIn, type KeptInputs } from '../cache/keptInputs';
import { writeWhole } from '../output/writeWhole';

/** Each loaded page module's compiled code, hashed: what its render is made from (see `PageCache.keyOf`). */
const compiledHashes = new WeakMap<ReactPageModule, string>();

/** The hash of a React page's compiled module (its imports of the site's files bundled in). */
export const compiledHashOf = (mod: ReactPageModule): string | undefined => compiledHashes.get(mod);

/** What a React page module exports: a default component and optional metadata. */
export interface ReactPageModule {
  default: ComponentType<Record<string, never>>;
  title?: string;
  description?: string;
}

/**
 * Compiles the React pages of `pages/` (e.g. `pages/index.tsx` for `/`) with esbuild and
 * imports them. They are rendered to static HTML at build time; packages are imported from
 * where the site has them, React from dfdocs's own copy (see siteImports.ts). With `kept`
 * (a build's cache folder and dfdocs's code key), the compiled pages are kept there and
 * used again while every file esbuild read for them is unchanged: the compile was ~90 ms
 * of every rebuild of a 170-page site with a React home page, most of it waiting for esbuild.
 */
export async function loadReactPages(
  root: string,
  pages: ReactPageSource[],
  kept?: KeptIn,
): Promise<Map<string, ReactPageModule>> {
  const out = new Map<string, ReactPageModule>();
  if (!pages.length) return out;
  const temporary = !kept;
  const dir = kept
    ? (keptPagesDir(kept, root, pages) ?? (await compileKept(kept, root, pages)))
    : mkdtempSync(join(tmpdir(), 'dfdocs-pages-'));
  try {
    if (temporary) await compilePages(root, pages, dir);
    for (let i = 0; i < pages.length; i++) {
      const file = join(dir, `page${i}.mjs`);
      const code = readFileSync(file, 'utf8');
      registerCompiledModule(file, code, root);
      const mod = (await import(pathToFileURL(file).href)) as ReactPageModule;
      // Without the inline source map, which names the folder it was compiled in.
      compiledHashes.set(
        mod,
        createHash('sha256')
          .update(code.replace(/\/\/# sourceMappingURL=.*$/m, ''))
          .digest('hex'),
      );
      if (typeof mod.default !== 'function') {
        throw new DfdocsError({
          code: 'ReactPageNoDefault',
          severity: 'error',
          message: 'a React page must export its component as default',
          hint: 'write `export default function Page() { … }`',
          file: pages[i]!.sourcePath,
          line: 1,
          column: 1,
        });
      }
      out.set(pages[i]!.route, mod);
    }
  } finally {
    if (temporary) rmSync(dir, { recursive: true, force: true });
  }
  return out;
}

/** Compiles `pages` into `dir` (`page<i>.mjs`); returns esbuild's metafile. A syntax error is reported at its place. */
async function compilePages(
  root: string,
  pages: ReactPageSource[],
  dir: string,
): Promise<Metafile> {
  const entryPoints: Record<string, string> = {};
  pages.forEach((p, i) => (entryPoints[`page${i}`] = p.absPath));
  try {
    const { build } = await import('esbuild'); // only when the site has React pages
    const result = await build({
      ...SITE_MODULE_OPTIONS,
      entryPoints,
      outdir: dir,
      outExtension: { '.js': '.mjs' },
      absWorkingDir: root,
      plugins: [siteImports()],
      // So that an error a page throws while rendering is reported at its line (sourcePosition.ts).
      sourcemap: 'inline',
      metafile: true,
    });
    return result.metafile;
  } catch (err) {
    const errors: Message[] = (err as { errors?: Message[] }).errors ?? [];
    if (!errors.length) throw err;
    throw new DfdocsError(
      errors.map((m) => ({
        code: 'ReactPageSyntax',
        severity: 'error' as const,
        message: m.text,
        hint: 'fix the syntax of the page',
        file: m.location ? relative(root, join(root, m.location.file)) : undefined,
        line: m.location?.line,
        column: m.location ? m.location.column + 1 : undefined,
      })),
    );
  }
}

/** What the kept pages are recorded as: which pages, compiled into which folder, from which files. */
interface KeptPages {
  key: string;
  dir: string;
  inputs: KeptInputs;
}

const RECORD = 'react-pages.json';
const keyOf = (kept: KeptIn, root: string, pages: ReactPageSource[]) =>
  createHash('sha256')
    .update(JSON.stringify([kept.code, root, pages.map((p) => [p.route, p.absPath])]))
    .digest('hex');

/** The name of a folder holding these compiled pages: the hash of their code. */
function compiledName(dir: string, count: number): string {
  const hash = createHash('sha256');
  for (let i = 0; i < count; i++) hash.update(readFileSync(join(dir, `page${i}.mjs`)));
  return `react-pages-${hash.digest('hex').slice(0, 24)}`;
}

/** Whether `dir` holds the pages its name says (false when a file is changed or gone). */
function sameCompile(dir: string, name: string, count: number): boolean {
  try {
    return compiledName(dir, count) === name;
  } catch {
    return false;
  }
}

/**
 * The folder of pages compiled before from the same files, or undefined. Its files are
 * checked against its name (the hash of their code), so a cache whose files were changed
 * or lost compiles them again instead of failing the build.
 */
function keptPagesDir(kept: KeptIn, root: string, pages: ReactPageSource[]): string | undefined {
  try {
    const record = JSON.parse(readFileSync(join(kept.dir, RECORD), 'utf8')) as KeptPages;
    const dir = join(kept.dir, record.dir);
    if (
      record.key === keyOf(kept, root, pages) &&
      /^react-pages-[0-9a-f]{24}$/.test(record.dir) &&
      inputsUnchanged(record.inputs) &&
      sameCompile(dir, record.dir, pages.length)
    )
      return dir;
  } catch {
    // none kept, or a torn record: compiled again
  }
  return undefined;
}

/**
 * Compiles the pages into the cache and records them. The folder is named by the compiled
 * code, so a page changed in a long-lived process (tests, several builds) is imported from
 * a new address, never as the module loaded before; earlier compiles are removed.
 */
async function compileKept(kept: KeptIn, root: string, pages: ReactPageSource[]): Promise<string> {
  mkdirSync(kept.dir, { recursive: true });
  const tmp = mkdtempSync(join(kept.dir, 'react-pages-tmp-'));
  try {
    const metafile = await compilePages(root, pages, tmp);
    const name = compiledName(tmp, pages.length);
    const dir = join(kept.dir, name);
    // Compiled in a sibling folder: the source maps' relative paths hold after the rename.
    // A folder of that name whose files were changed since is replaced.
    if (existsSync(dir) && !sameCompile(dir, name, pages.length))
      rmSync(dir, { recursive: true, force: true });
    if (existsSync(dir)) rmSync(tmp, { recursive: true, force: true });
    else renameSync(tmp, dir);
    const record: KeptPages = {
      key: keyOf(kept, root, pages),
      dir: name,
      inputs: keptInputsOf(metafile.inputs, root),
    };
    writeWhole(join(kept.dir, RECORD), JSON.stringify(record));
    for (const old of readdirSync(kept.dir))
      if (/^react-pages-[0-9a-f]{24}$/.test(old) && old !== name)
        rmSync(join(kept.dir, old), { recursive: true, force: true });
    return dir;
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}
