import type { DataFrame } from '../DataFrame.js';
import { entries, getColumn, makeFrame, indexOf } from './internal.js';

/**
 * Renames columns, keeping their order and storage (no copy).
 *
 * @param df - the input frame (not modified)
 * @param mapping - old name → new name
 * @returns a new frame with the columns renamed
 * @throws {RangeError} when an old name does not exist, or two columns would share a name
 * @throws {TypeError} when a new name is not a non-empty string
 * @category Columns
 * @example
 * ```ts
 * import { DataFrame, rename } from 'tinyframejs';
 *
 * const df = new DataFrame({ a: [1, 2], b: ['x', 'y'] });
 * console.log(rename(df, { a: 'id' }).columns); // ['id', 'b']
 * ```
 */
export function rename(df: DataFrame, mapping: Record<string, string>): DataFrame {
  if (mapping === null || typeof mapping !== 'object')
    throw new TypeError('rename: expected an object of old name → new name');
  for (const [from, to] of Object.entries(mapping)) {
    getColumn(df, from, 'rename');
    if (typeof to !== 'string' || to === '')
      throw new TypeError(
        `rename: the new name for "${from}" must be a non-empty string, got ${JSON.stringify(to)}`,
      );
  }
  const cols = entries(df).map(
    ([name, data, dtype]) =>
      [Object.hasOwn(mapping, name) ? mapping[name]! : name, data, dtype] as const,
  );
  const seen = new Set<string>();
  for (const [name] of cols) {
    if (seen.has(name)) throw new RangeError(`rename: two columns would be named "${name}"`);
    seen.add(name);
  }
  return makeFrame(df, cols, indexOf(df));
}
