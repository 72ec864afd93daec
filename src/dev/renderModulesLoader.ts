import { mkdirSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Message } from 'esbuild';
import { DfdocsError } from '../render/diagnostics';
import { packageRoot } from '../render/bundle/bundleClient';
import * as bundled from './renderModules';

export type RenderModules = typeof bundled;

/** The rendering code as loaded with the process (used until a template changes). */
export function initialRenderModules(): RenderModules {
  return bundled;
}

/**
 * Bundles `src/dev/renderModules.ts` (templates included, npm packages external so React
 * stays one shared copy) into `cacheDir` and imports it: the current templates, with an
 * inline source map so a template that throws is reported at its own file and line.
 * A syntax error becomes a DfdocsError naming the file, line and column.
 */
export async function freshRenderModules(
  cacheDir: string,
  generation: number,
): Promise<RenderModules> {
  const root = packageRoot();
  mkdirSync(cacheDir, { recursive: true });
  const outfile = join(cacheDir, `render-${generation}.mjs`);
  try {
    // Imported here: this module is part of the CLI bundle, whose start should not load esbuild.
    const { build } = await import('esbuild');
    await build({
      absWorkingDir: root,
      entryPoints: [join(root, 'src', 'dev', 'renderModules.ts')],
      outfile,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      jsx: 'automatic',
      packages: 'external',
      sourcemap: 'inline',
      logLevel: 'silent',
      write: true,
    });
  } catch (err) {
    const errors: Message[] = (err as { errors?: Message[] }).errors ?? [];
    if (!errors.length) throw err;
    throw new DfdocsError(
      errors.map((m) => ({
        code: 'TemplateSyntax',
        severity: 'error' as const,
        message: m.text,
        hint: 'fix the syntax of the template; the dev server reloads it on save',
        file: m.location ? relative(root, join(root, m.location.file)) : undefined,
        line: m.location?.line,
        column: m.location ? m.location.column + 1 : undefined,
      })),
    );
  }
  try {
    return (await import(pathToFileURL(outfile).href)) as RenderModules;
  } finally {
    // The module stays in memory; the file is not needed once imported.
    rmSync(outfile, { force: true });
  }
}
