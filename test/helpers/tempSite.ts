import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { REPO_ROOT } from './site';

/** Writes a small site from a map of relative paths to contents; returns its folder. */
export function makeSite(files: Record<string, string | Buffer>): string {
  const root = mkdtempSync(join(tmpdir(), 'dfdocs-site-'));
  for (const [rel, content] of Object.entries(files)) {
    const abs = join(root, rel);
    mkdirSync(dirname(abs), { recursive: true });
    writeFileSync(abs, content);
  }
  return root;
}

/** Runs the real executable (bin/dfdocs.js) and returns its exit code and output. */
export function runCli(
  args: string[],
  cwd = REPO_ROOT,
  env: Record<string, string> = {},
): { status: number; stdout: string; stderr: string } {
  const res = spawnSync(process.execPath, [join(REPO_ROOT, 'bin', 'dfdocs.js'), ...args], {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1', ...env },
  });
  return { status: res.status ?? -1, stdout: res.stdout, stderr: res.stderr };
}
