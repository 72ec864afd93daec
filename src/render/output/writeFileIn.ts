import { mkdirSync, unlinkSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { containedPath } from './containedPath';

/**
 * Writes a file at `rel` under `dir`, making its folders; `rel` must stay inside `dir`.
 * Always a new file: one already there (a recycled stage holds the files of an older
 * output, and pages share theirs with the cache's blobs) is unlinked, never written into.
 */
export function writeFileIn(dir: string, rel: string, content: string | Buffer): void {
  const abs = containedPath(dir, rel);
  mkdirSync(dirname(abs), { recursive: true });
  try {
    writeFileSync(abs, content, { flag: 'wx' });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    unlinkSync(abs);
    writeFileSync(abs, content, { flag: 'wx' });
  }
}
