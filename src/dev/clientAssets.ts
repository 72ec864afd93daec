import { mkdirSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { Message } from 'esbuild';
import {
  bundleClient,
  packageRoot,
  type IslandModuleWithId,
  type SiteComponents,
} from '../render/bundle/bundleClient';
import type { ClientAssets } from '../render/ssr/renderDocument';
import { DfdocsError, type DiagnosticCode } from '../render/diagnostics';

function esbuildError(err: unknown, code: DiagnosticCode, hint: string): unknown {
  const errors: Message[] = (err as { errors?: Message[] }).errors ?? [];
  if (!errors.length) return err;
  const root = packageRoot();
  return new DfdocsError(
    errors.map((m) => ({
      code,
      severity: 'error' as const,
      message: m.text,
      hint,
      file: m.location ? relative(root, join(root, m.location.file)) : undefined,
      line: m.location?.line,
      column: m.location ? m.location.column + 1 : undefined,
    })),
  );
}

/**
 * The dev client (event stream listener, body patching, error overlay), bundled in memory
 * when dev starts. It is never part of the site's client bundle: dev responses add it
 * as one extra `<script type="module">`.
 */
export async function bundleDevClient(): Promise<Uint8Array> {
  const { build } = await import('esbuild'); // here, not at the CLI's start
  const result = await build({
    absWorkingDir: packageRoot(),
    entryPoints: ['src/dev/client/devClient.ts'],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: ['es2020'],
    minify: true,
    write: false,
    logLevel: 'silent',
  });
  return result.outputFiles[0]!.contents;
}

/** The folder of a generation of the site's client (its assets, and the examples' modules beside them). */
export function clientDirOf(cacheDir: string, generation: number): string {
  return join(cacheDir, `client-${generation}`);
}

/** The site's client, bundled exactly as `dfdocs build` does, into a fresh folder per generation. */
export async function bundleSiteClient(
  cacheDir: string,
  generation: number,
  site: {
    components?: SiteComponents;
    customCss?: string[];
    islands?: IslandModuleWithId[];
    /** The site's cache folder: a client of the site's own made before (by a build too) is taken from there while its files are unchanged. */
    cacheDir?: string;
  } = {},
): Promise<{ dir: string; assets: ClientAssets }> {
  const dir = clientDirOf(cacheDir, generation);
  mkdirSync(dir, { recursive: true });
  try {
    const assets = await bundleClient(dir, site);
    return { dir, assets };
  } catch (err) {
    rmSync(dir, { recursive: true, force: true });
    throw esbuildError(
      err,
      'ClientSyntax',
      'fix the syntax of the client or template file; the dev server rebundles it on save',
    );
  }
}
