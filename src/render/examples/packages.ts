import { existsSync, readFileSync, realpathSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { dirname, join, sep } from 'node:path';
import { treeFingerprint } from '../cache/cacheDir';

/**
 * The folder of an installed package as Node finds it from the site root: `node_modules/<name>`
 * of the root or of a folder above it (real path: a workspace package is a link to its source).
 */
export function packageDir(root: string, name: string): string | undefined {
  for (let dir = root; ; dir = dirname(dir)) {
    const candidate = join(dir, 'node_modules', name);
    if (existsSync(join(candidate, 'package.json'))) return realpathSync(candidate);
    if (dirname(dir) === dir) return undefined;
  }
}

/**
 * What an example's result depends on in the packages it imports: a package installed from a
 * registry by its name and version; a linked one (a workspace package, `npm link`) by the sizes
 * and times of its files, since its version does not change when it is rebuilt. Computed each
 * time (a few milliseconds, and only for pages whose `plot` results are cached): a long-lived dev
 * server must see a package rebuilt under it.
 */
export function packagesFingerprint(root: string, names: readonly string[]): string {
  const h = createHash('sha256');
  for (const name of [...names].sort()) {
    const dir = packageDir(root, name);
    let print: string;
    if (!dir) print = 'missing';
    else if (dir.split(sep).includes('node_modules')) {
      const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as {
        version?: string;
      };
      print = `${dir}@${pkg.version ?? ''}`;
    } else print = treeFingerprint([dir]);
    h.update(name).update('\0').update(print).update('\0');
  }
  return h.digest('hex').slice(0, 16);
}
