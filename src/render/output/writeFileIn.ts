import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { containedPath } from './containedPath';

/** Writes a file at `rel` under `dir`, making its folders; `rel` must stay inside `dir`. */
export function writeFileIn(dir: string, rel: string, content: string | Buffer): void {
  const abs = containedPath(dir, rel);
  mkdirSync(dirname(abs), { recursive: true });
  writeFileSync(abs, content);
}
