import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Message } from 'esbuild';
import type { ComponentType } from 'react';
import { DfdocsError } from '../diagnostics';
import { registerCompiledModule } from '../diagnostics/sourcePosition';
import { siteImports, SITE_MODULE_OPTIONS } from '../modules/siteImports';
import type { ReactPageSource } from '../content/sources';

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
 * where the site has them, React from dfdocs's own copy (see siteImports.ts).
 */
export async function loadReactPages(
  root: string,
  pages: ReactPageSource[],
): Promise<Map<string, ReactPageModule>> {
  const out = new Map<string, ReactPageModule>();
  if (!pages.length) return out;
  const dir = mkdtempSync(join(tmpdir(), 'dfdocs-pages-'));
  const entryPoints: Record<string, string> = {};
  pages.forEach((p, i) => (entryPoints[`page${i}`] = p.absPath));
  try {
    const { build } = await import('esbuild'); // only when the site has React pages
    await build({
      ...SITE_MODULE_OPTIONS,
      entryPoints,
      outdir: dir,
      outExtension: { '.js': '.mjs' },
      absWorkingDir: root,
      plugins: [siteImports()],
      // So that an error a page throws while rendering is reported at its line (sourcePosition.ts).
      sourcemap: 'inline',
    });
    for (let i = 0; i < pages.length; i++) {
      const file = join(dir, `page${i}.mjs`);
      const code = readFileSync(file, 'utf8');
      registerCompiledModule(file, code, root);
      const mod = (await import(pathToFileURL(file).href)) as ReactPageModule;
      // Without the inline source map, which names the temporary folder.
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
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return out;
}
