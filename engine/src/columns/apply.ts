import type { DataFrame } from '../DataFrame.js';
import { type CellValue, inferColumn, userValue } from '../column.js';
import { entries, getColumn, makeFrame, indexOf } from './internal.js';

/**
 * Replaces one column by `fn` applied to each of its values. The function receives the value
 * (missing values as `null`) and the row position; the new column's dtype is inferred from
 * what it returns (return `null` for a missing value).
 *
 * @param df - the input frame (not modified)
 * @param column - the column to transform
 * @param fn - `(value, i) => newValue`
 * @returns a new frame with the column replaced, in the same position
 * @throws {RangeError} when the column does not exist
 * @throws {TypeError} when `fn` is not a function
 * @category Columns
 * @example
 * ```ts
 * import { DataFrame, apply } from 'tinyframejs';
 *
 * const df = new DataFrame({ name: ['ada', 'grace', null] });
 * const out = apply(df, 'name', (v) => (v === null ? null : String(v).toUpperCase()));
 * console.log(out.get('name')); // ['ADA', 'GRACE', null]
 * ```
 */
export function apply(
  df: DataFrame,
  column: string,
  fn: (value: CellValue, i: number) => unknown,
): DataFrame {
  const col = getColumn(df, column, 'apply');
  if (typeof fn !== 'function')
    throw new TypeError(`apply: expected a function for column "${column}", got ${typeof fn}`);
  const n = df.rowCount;
  const out = new Array<unknown>(n);
  for (let i = 0; i < n; i++) out[i] = fn(userValue(col, i), i);
  const s = inferColumn(out);
  return makeFrame(
    df,
    entries(df).map((e) => (e[0] === column ? ([column, s.data, s.dtype] as const) : e)),
    indexOf(df),
  );
}
