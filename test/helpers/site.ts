import { mkdtempSync, cpSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { AddressInfo } from 'node:net';
import { build, type BuildOptions, type BuildResult } from '../../src/render/build';
import { createSiteHandler } from '../../src/serve/siteHandler';

export const REPO_ROOT = resolve(import.meta.dirname, '..', '..');
export const fixture = (name: string) => join(REPO_ROOT, 'test', 'fixtures', name);

/** Copies a fixture site to a temporary folder (tests may edit or break it). */
export function copyFixture(name: string): string {
  const dir = mkdtempSync(join(tmpdir(), `dfdocs-${name}-`));
  cpSync(fixture(name), dir, { recursive: true });
  return dir;
}

/** Builds a site into a temporary output folder. */
export async function buildSite(
  root: string,
  options: Omit<BuildOptions, 'root'> = {},
): Promise<BuildResult> {
  const outDir = options.outDir ?? mkdtempSync(join(tmpdir(), 'dfdocs-out-'));
  return build({ root, ...options, outDir });
}

export interface RunningServer {
  url: string;
  server: Server;
  close: () => Promise<void>;
}

/** Serves a built folder on 127.0.0.1 with a free port, as `dfdocs serve` does. */
export async function serveDir(dir: string, baseUrl?: string): Promise<RunningServer> {
  const server = createServer(createSiteHandler({ dir, baseUrl }));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    server,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

export function removeDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}

/** Builds the repository's own site once per test process (shared by browser tests). */
let repoBuild: Promise<{ outDir: string; result: BuildResult }> | undefined;
export function buildRepoSite(baseUrl?: string): Promise<{ outDir: string; result: BuildResult }> {
  if (baseUrl) {
    const outDir = mkdtempSync(join(tmpdir(), 'dfdocs-repo-sub-'));
    return build({ root: REPO_ROOT, outDir, baseUrl }).then((result) => ({ outDir, result }));
  }
  repoBuild ??= (async () => {
    const outDir = mkdtempSync(join(tmpdir(), 'dfdocs-repo-'));
    const result = await build({ root: REPO_ROOT, outDir });
    return { outDir, result };
  })();
  return repoBuild;
}
