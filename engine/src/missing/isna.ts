import type { DataFrame } from '../DataFrame.js';
import { isMissingValue } from '../column.js';
import { entries, getColumn, indexOf, makeFrame } from '../columns/internal.js';

/**
 * Which values are missing. With a column name, returns one boolean per row (`true` where the
 * value is missing: `NaN` in numeric columns, `null` elsewhere); without one, returns a frame
 * of `bool` columns with the same names and shape.
 *
 * @param df - the input frame
 * @param column - the column to test (optional)
 * @returns an array of booleans, or a frame of booleans when no column is given
 * @throws {RangeError} when the column does not exist
 * @category Missing data
 * @example
 * ```ts
 * import { DataFrame, isna } from 'tinyframejs';
 *
 * const df = new DataFrame({ price: [1.5, null, 3], city: ['Oslo', null, 'Rome'] });
 * console.log(isna(df, 'price')); // [false, true, false]
 * console.log(isna(df).get('city')); // [false, true, false]
 * ```
 */
export function isna(df: DataFrame): DataFrame;
export function isna(df: DataFrame, column: string): boolean[];
export function isna(df: DataFrame, column?: string): boolean[] | DataFrame {
  if (column !== undefined) return mask(getColumn(df, column, 'isna'));
  return makeFrame(
    df,
    entries(df).map(([name, data]) => [name, Object.freeze(mask(data)), 'bool'] as const),
    indexOf(df),
  );
}

function mask(col: ArrayLike<unknown>): boolean[] {
  const n = col.length;
  const out = new Array<boolean>(n);
  for (let i = 0; i < n; i++) out[i] = isMissingValue(col[i]);
  return out;
}
