import type { DataFrame } from '../DataFrame.js';
import { copyColumn, describeValue } from '../column.js';
import { adopt, storageOf } from '../storage.js';

/**
 * Deep-copies a frame: every column's storage, the index, and any `Date` or
 * object values. Frames are immutable and what you read out of one is a copy,
 * so you rarely need this; it gives a frame that shares no memory with `df`
 * (say, before `df`'s large source frame is dropped).
 *
 * @param df - The frame to copy.
 * @returns An equal frame that shares no storage with `df`.
 * @throws {TypeError} when `df` is not a DataFrame.
 * @category Creation
 * @example
 * ```ts
 * import { DataFrame, cloneFrame } from 'tinyframejs';
 *
 * const df = new DataFrame({ x: [1, 2, 3] });
 * const copy = cloneFrame(df);
 * console.log(copy.toArray().length === df.rowCount); // true
 * ```
 */
export function cloneFrame(df: DataFrame): DataFrame {
  let s;
  try {
    s = storageOf(df);
  } catch {
    throw new TypeError(`cloneFrame(): expected a DataFrame; received ${describeValue(df)}.`);
  }
  if (!s) throw new TypeError(`cloneFrame(): expected a DataFrame; received ${describeValue(df)}.`);
  return adopt(df, {
    names: [...s.names],
    columns: s.columns.map(copyColumn),
    dtypes: [...s.dtypes],
    rowCount: s.rowCount,
    index: s.index ? { ...s.index, data: copyColumn(s.index.data) } : null,
  });
}
