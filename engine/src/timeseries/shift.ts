import type { DataFrame } from '../DataFrame.js';
import { isTypedColumn } from '../column.js';
import {
  dtypeOf,
  entries,
  getColumn,
  indexOf,
  makeFrame,
  type ColumnSpec,
} from '../columns/internal.js';

/** Options of {@link shift}. @category Time series */
export interface ShiftOptions {
  /** Put the shifted values in a new column of this name instead of replacing the column. */
  name?: string;
}

/**
 * Moves a column's values `n` rows down (positive `n`: each row gets the value from `n` rows
 * earlier) or up (negative `n`); the rows left without a value become missing. Useful for
 * changes between periods: `price - previous price`. Integer columns become `f64` when rows
 * become missing.
 *
 * @param df - the input frame (not modified)
 * @param column - the column to shift
 * @param n - how many rows (default 1); may be negative
 * @param options - `name` to add the result as a new column
 * @returns a new frame with the column shifted (or the new column added)
 * @throws {RangeError} when the column does not exist or `n` is not an integer
 * @category Time series
 * @example
 * ```ts
 * import { DataFrame, shift } from 'tinyframejs';
 *
 * const df = new DataFrame({ price: [10, 11, 13] });
 * const out = shift(df, 'price', 1, { name: 'prev' });
 * console.log(out.toArray()); // [{ price: 10, prev: null }, { price: 11, prev: 10 }, { price: 13, prev: 11 }]
 * ```
 */
export function shift(df: DataFrame, column: string, n = 1, options: ShiftOptions = {}): DataFrame {
  const col = getColumn(df, column, 'shift');
  if (!Number.isInteger(n)) throw new RangeError(`shift: n must be an integer, got ${String(n)}`);
  const len = col.length;
  let data: ColumnSpec[1];
  let dtype: ColumnSpec[2];
  if (isTypedColumn(col)) {
    const out = n === 0 ? col.slice() : new Float64Array(len).fill(NaN);
    if (n !== 0)
      for (let i = 0; i < len; i++) {
        const j = i - n;
        if (j >= 0 && j < len) out[i] = col[j]!;
      }
    data = out;
  } else {
    const out = new Array<unknown>(len).fill(null);
    for (let i = 0; i < len; i++) {
      const j = i - n;
      if (j >= 0 && j < len) out[i] = col[j];
    }
    data = Object.freeze(out);
    dtype = dtypeOf(df, column);
  }
  const cols = entries(df);
  const target = options.name ?? column;
  const spec: ColumnSpec = [target, data, dtype];
  const pos = cols.findIndex((e) => e[0] === target);
  if (pos >= 0) cols[pos] = spec;
  else cols.push(spec);
  return makeFrame(df, cols, indexOf(df));
}
