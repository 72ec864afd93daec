import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';

/** Where a build keeps what it made for the next one: its cache folder, and the key of dfdocs's code that made it. */
export interface KeptIn {
  dir: string;
  code: string;
}

/** Every file esbuild read for an output kept in the cache (its metafile's inputs on disk), with the hash of its bytes. */
export type KeptInputs = [path: string, sha: string][];

const fileSha = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');

/** Whether the files a kept output was made from are all as they were. */
export function inputsUnchanged(inputs: KeptInputs): boolean {
  try {
    return inputs.every(([file, sha]) => fileSha(file) === sha);
  } catch {
    return false; // one is gone
  }
}

/**
 * The inputs of an esbuild metafile (paths relative to `workingDir` unless absolute) that
 * are files, with their hashes; `skip` leaves out files the output's key hashes already.
 * Generated modules (`namespace:path`) are not files and are left out.
 */
export function keptInputsOf(
  metafileInputs: Record<string, unknown>,
  workingDir: string,
  skip: (file: string) => boolean = () => false,
): KeptInputs {
  return Object.keys(metafileInputs)
    .map((p) => (isAbsolute(p) ? p : join(workingDir, p)))
    .filter((file) => existsSync(file) && !skip(file))
    .map((file) => [file, fileSha(file)]);
}
