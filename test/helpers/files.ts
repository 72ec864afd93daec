import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { cacheDir } from '../../src/render/cache/cacheDir';
import { BLOCK_PACK } from '../../src/render/cache/pageCache';

/** Files below `dir` whose name `matches`, skipping node_modules and dot-folders, in a stable order. */
export function filesUnder(
  dir: string,
  matches: (name: string) => boolean,
  out: string[] = [],
): string[] {
  for (const name of readdirSync(dir).sort()) {
    if (name === 'node_modules' || name.startsWith('.')) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) filesUnder(path, matches, out);
    else if (matches(name)) out.push(path);
  }
  return out;
}

/** Every file of a folder with its bytes, by relative path. */
export function snapshot(
  dir: string,
  base = dir,
  out = new Map<string, Buffer>(),
): Map<string, Buffer> {
  for (const name of readdirSync(dir).sort()) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) snapshot(p, base, out);
    else out.set(p.slice(base.length + 1), readFileSync(p));
  }
  return out;
}

/** Asserts two folders hold the same files with the same bytes. */
export function assertSameTree(a: string, b: string): void {
  const sa = snapshot(a);
  const sb = snapshot(b);
  assert.deepEqual([...sa.keys()], [...sb.keys()], 'same files');
  for (const [k, v] of sa) assert.ok(v.equals(sb.get(k)!), `${k} has the same bytes`);
}

/** The highlighted code blocks a site's cache keeps (every block pack's lines), sorted. */
export function blockLines(root: string): string[] {
  const packs = join(cacheDir(root), 'pages');
  return readdirSync(packs)
    .filter((f) => BLOCK_PACK.test(f))
    .flatMap((f) => readFileSync(join(packs, f), 'utf8').split('\n').filter(Boolean))
    .sort();
}
