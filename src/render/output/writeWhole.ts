import { renameSync, writeFileSync } from 'node:fs';

/**
 * A name beside `file` for it to be made under, then renamed. Unique to the writer: the
 * render threads share the process's id, and two builds may share a cache folder.
 */
export const tmpNameOf = (file: string): string =>
  `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;

/**
 * Writes `file` whole: under a name of its own first, then renamed over it, so a reader
 * (another build, a build interrupted mid-write) sees the old file or the new one, never
 * half of one. The folder must exist.
 */
export function writeWhole(file: string, data: string | NodeJS.ArrayBufferView): void {
  const tmp = tmpNameOf(file);
  writeFileSync(tmp, data);
  renameSync(tmp, file);
}
