import { columnOf } from '../storage.js';
import type { DataFrame } from '../DataFrame.js';
import { isMissingValue } from '../column.js';
import { columnList } from '../columns/internal.js';
import { takeFrame } from '../selection/takeRows.js';

/** Options of {@link dropna}. @category Missing data */
export interface DropnaOptions {
  /** Only look at these columns (default: all). */
  subset?: string | readonly string[];
  /** Drop a row when `'any'` (default) or `'all'` of the looked-at values are missing. */
  how?: 'any' | 'all';
}

/**
 * Drops the rows that have missing values. By default a row goes when any of its values is
 * missing; `subset` limits the check to some columns, `how: 'all'` drops only rows where every
 * checked value is missing. The rows left keep their order and their labels, as after
 * {@link filter}: dropping row 1 of three leaves the labels `[0, 2]` (pandas does the same).
 *
 * @param df - the input frame (not modified)
 * @param options - `subset` and `how`
 * @returns a new frame without those rows
 * @throws {RangeError} when a subset column does not exist or `how` is unknown
 * @category Missing data
 * @example
 * ```ts
 * import { DataFrame, dropna } from 'tinyframejs';
 *
 * const df = new DataFrame({ a: [1, null, 3], b: ['x', 'y', null] });
 * console.log(dropna(df).rowCount); // 1
 * console.log(dropna(df, { subset: ['a'] }).get('b')); // ['x', null]
 * console.log(dropna(df, { subset: ['a'] }).index); // [ 0, 2 ]
 * ```
 */
export function dropna(df: DataFrame, options: DropnaOptions = {}): DataFrame {
  const cols = columnList(df, options.subset, 'dropna').map(
    (c) => columnOf(df, c) as ArrayLike<unknown>,
  );
  const how = options.how ?? 'any';
  if (how !== 'any' && how !== 'all')
    throw new RangeError(`dropna: how must be 'any' or 'all', got ${JSON.stringify(how)}`);
  const n = df.rowCount;
  const keep = new Int32Array(n);
  let k = 0;
  for (let i = 0; i < n; i++) {
    let missing = 0;
    for (const c of cols) if (isMissingValue(c[i])) missing++;
    const drop = how === 'any' ? missing > 0 : cols.length > 0 && missing === cols.length;
    if (!drop) keep[k++] = i;
  }
  if (k === n) return df;
  return takeFrame(df, keep.subarray(0, k));
}
