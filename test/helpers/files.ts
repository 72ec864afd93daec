import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

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
