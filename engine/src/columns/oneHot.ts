import { compareValues } from '../ordering/compare.js';
import type { DataFrame } from '../DataFrame.js';
import { cellValue } from '../column.js';
import { factorize } from '../grouping/factorize.js';
import { entries, getColumn, makeFrame, type ColumnSpec, indexOf } from './internal.js';

/** Options of {@link oneHot}. @category Columns */
export interface OneHotOptions {
  /** Prefix of the new columns' names (default: the column name); names are `prefix_value`. */
  prefix?: string;
}

/**
 * One-hot encodes a column: one `u8` indicator column per distinct value (1 where the row has
 * that value, else 0), named `column_value`, in the order {@link sort} gives the values
 * (numbers numerically, strings by code point), placed where the column was. A row whose value is missing is
 * unknown in every indicator: those columns become `f64` with `NaN` on that row.
 *
 * @param df - the input frame (not modified)
 * @param column - the categorical column to encode
 * @param options - `prefix` for the new names
 * @returns a new frame with the column replaced by its indicators
 * @throws {RangeError} when the column does not exist or a new name collides with another column
 * @category Columns
 * @example
 * ```ts
 * import { DataFrame, oneHot } from 'tinyframejs';
 *
 * const df = new DataFrame({ id: [1, 2, 3], color: ['red', 'blue', 'red'] });
 * const out = oneHot(df, 'color');
 * console.log(out.columns); // ['id', 'color_blue', 'color_red']
 * console.log(Array.from(out.get('color_red'))); // [1, 0, 1]
 * ```
 */
export function oneHot(df: DataFrame, column: string, options: OneHotOptions = {}): DataFrame {
  const col = getColumn(df, column, 'oneHot');
  const n = df.rowCount;
  const { ids, count, firstRow } = factorize([col], n, false);
  const values = Array.from(firstRow, (r) => cellValue(col, r));
  const order = values.map((_, i) => i).sort((a, b) => compareValues(values[a], values[b]));
  const hasMissing = ids.some((g) => g < 0);
  const prefix = options.prefix ?? column;
  const dummies: ColumnSpec[] = order.map((g) => {
    const arr = hasMissing ? new Float64Array(n) : new Uint8Array(n);
    for (let i = 0; i < n; i++) {
      const id = ids[i]!;
      arr[i] = id < 0 ? NaN : id === g ? 1 : 0;
    }
    const v = values[g];
    return [
      `${prefix}_${v instanceof Date ? v.toISOString() : String(v)}`,
      arr,
      hasMissing ? 'f64' : 'u8',
    ] as const;
  });
  void count;
  const cols = entries(df);
  const pos = cols.findIndex((e) => e[0] === column);
  cols.splice(pos, 1, ...dummies);
  return makeFrame(df, cols, indexOf(df));
}
