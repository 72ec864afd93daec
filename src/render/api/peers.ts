/**
 * TypeDoc and TypeScript are optional peer dependencies of dfdocs: only a site that
 * configures an API reference (`api` in its config) needs them. They are looked up from
 * the site first (what the site installed), then from dfdocs's own location, and loaded
 * only when the reference is generated.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { DfdocsError } from '../diagnostics';

export type ApiPeer = 'typedoc' | 'typescript';

const INSTALL = 'npm install --save-dev typedoc typescript';

/** The entry file of `name` as the site (else dfdocs) resolves it, or undefined when neither has it. */
export function resolvePeer(name: ApiPeer, root: string): string | undefined {
  for (const from of [join(root, 'package.json'), import.meta.url]) {
    try {
      return createRequire(from).resolve(name);
    } catch {
      // not installed there
    }
  }
  return undefined;
}

/** The installed version of `name` (for cache keys), or '-' when it is missing. */
export function peerVersion(name: ApiPeer, root: string): string {
  const entry = resolvePeer(name, root);
  if (!entry) return '-';
  let dir = dirname(entry);
  while (!existsSync(join(dir, 'package.json')) && dirname(dir) !== dir) dir = dirname(dir);
  try {
    return (JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { version?: string })
      .version!;
  } catch {
    return '?';
  }
}

/** Imports a peer, or throws a diagnostic naming what to install and why. */
export async function importPeer<T>(
  name: ApiPeer,
  root: string,
  configFile: string | undefined,
): Promise<T> {
  const entry = resolvePeer(name, root);
  if (!entry) {
    throw new DfdocsError({
      code: 'ApiPeerMissing',
      severity: 'error',
      message: `the site configures an API reference (\`api\`), which is generated with TypeDoc, but "${name}" is not installed`,
      hint: `install them in the site with \`${INSTALL}\`, or remove \`api\` from the config`,
      file: configFile,
    });
  }
  return (await import(pathToFileURL(entry).href)) as T;
}
