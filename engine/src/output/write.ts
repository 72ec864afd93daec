import type { DataFrame } from '../DataFrame.js';
import { toCsv, type ToCsvOptions } from './toCsv.js';
import { toJson, type ToJsonOptions } from './toJson.js';
import { nodeImport } from '../io/source.js';

async function writeText(path: string, text: string, fn: string): Promise<void> {
  if (typeof path !== 'string' || path === '')
    throw new TypeError(`${fn}: expected a file path, got ${JSON.stringify(path)}`);
  // Imported lazily, through a specifier bundlers cannot see, so browser bundles of TinyFrame never need node:fs.
  const fs = await nodeImport<typeof import('node:fs/promises')>('fs/promises');
  await fs.writeFile(path, text, 'utf8');
}

/**
 * Writes a frame to a CSV file (UTF-8), as {@link toCsv} formats it. Node.js only: `node:fs`
 * is loaded on first use, so browser bundles are not affected.
 *
 * @param df - the frame to write
 * @param path - the file path
 * @param options - as for {@link toCsv}
 * @returns a promise that resolves when the file is written
 * @throws {TypeError} when the path is not a non-empty string
 * @throws {Error} when the file cannot be written (the file-system error)
 * @category Output
 * @example
 * ```ts
 * import { DataFrame, writeCsv } from 'tinyframejs';
 * import { tmpdir } from 'node:os';
 * import { join } from 'node:path';
 *
 * const path = join(tmpdir(), 'tinyframe-example.csv');
 * await writeCsv(new DataFrame({ a: [1, 2] }), path);
 * ```
 */
export async function writeCsv(
  df: DataFrame,
  path: string,
  options: ToCsvOptions = {},
): Promise<void> {
  await writeText(path, toCsv(df, options), 'writeCsv');
}

/**
 * Writes a frame to a JSON file (UTF-8), as {@link toJson} formats it. Node.js only: `node:fs`
 * is loaded on first use.
 *
 * @param df - the frame to write
 * @param path - the file path
 * @param options - as for {@link toJson}
 * @returns a promise that resolves when the file is written
 * @throws {TypeError} when the path is not a non-empty string
 * @throws {Error} when the file cannot be written (the file-system error)
 * @category Output
 * @example
 * ```ts
 * import { DataFrame, writeJson } from 'tinyframejs';
 * import { tmpdir } from 'node:os';
 * import { join } from 'node:path';
 *
 * await writeJson(new DataFrame({ a: [1, 2] }), join(tmpdir(), 'tinyframe-example.json'), { orient: 'columns' });
 * ```
 */
export async function writeJson(
  df: DataFrame,
  path: string,
  options: ToJsonOptions = {},
): Promise<void> {
  await writeText(path, toJson(df, options), 'writeJson');
}
