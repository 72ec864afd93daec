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

/**
 * The config of a site documenting a small library in `lib/` (its API reference made from
 * `lib/src/index.ts`) and the library's package.json, for `makeSite`: the caller adds the
 * docs and the library's sources. `config` is more of the config's keys, as source.
 */
export function librarySite(name: string, config = ''): Record<string, string> {
  const title = name[0]!.toUpperCase() + name.slice(1);
  return {
    'dfdocs.config.ts': `import { defineConfig } from 'dfdocs';
export default defineConfig({
  title: '${title}', tagline: 'A fixture library', url: 'https://${name}.dev',
  docs: { version: { name: 'current', label: 'Next', path: '/docs', mainDocId: 'intro' } },
  api: { entry: 'lib/src/index.ts' },${config ? `\n  ${config}` : ''}
});
`,
    'lib/package.json': `{ "name": "${name}", "version": "1.0.0" }`,
  };
}
