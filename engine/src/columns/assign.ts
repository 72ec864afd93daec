import type { DataFrame } from '../DataFrame.js';
import { inferColumn, isTypedColumn, userValue } from '../column.js';
import type { Row } from '../creation/frameOptions.js';
import { entries, makeFrame, type ColumnSpec, indexOf } from './internal.js';

/**
 * A row as handed to {@link assign}'s functions: column name → cell value (missing as `null`).
 * @category Columns
 */
export type RowObject = Row;

/**
 * How {@link assign} computes one column: a function of the row (and its position), an array
 * (or typed array) with one value per row, or a single value repeated on every row.
 * @category Columns
 */
export type AssignSpec =
  | ((row: RowObject, i: number) => unknown)
  | ArrayLike<unknown>
  | string
  | number
  | boolean
  | Date
  | null;

/**
 * Adds or replaces columns. Each entry of `spec` is computed in order, so a later entry's
 * function sees the columns assigned before it. Functions receive the row as a plain object
 * (missing values as `null`) and its position; arrays must have one value per row; a single
 * value is repeated. A replaced column keeps its position, new columns go to the end. The
 * result's dtype is inferred from the values (integers → `i32`, with a missing value → `f64`).
 *
 * @param df - the input frame (not modified)
 * @param spec - new column name → function, array or constant
 * @returns a new frame with the assigned columns
 * @throws {RangeError} when an array's length differs from the frame's row count
 * @throws {TypeError} when `spec` is not an object
 * @category Columns
 * @example
 * ```ts
 * import { DataFrame, assign } from 'tinyframejs';
 *
 * const df = new DataFrame({ price: [2.5, 4, 10], qty: [4, 1, null] });
 * const out = assign(df, {
 *   total: (row) => (row.qty === null ? null : row.price * row.qty),
 *   currency: 'EUR',
 * });
 * console.log(out.columns); // ['price', 'qty', 'total', 'currency']
 * console.log(Array.from(out.get('total'))); // [10, 4, NaN]
 * ```
 */
export function assign(df: DataFrame, spec: Record<string, AssignSpec>): DataFrame {
  if (spec === null || typeof spec !== 'object' || Array.isArray(spec)) {
    throw new TypeError(
      `assign: expected an object of column name → function, array or value, got ${spec === null ? 'null' : typeof spec}`,
    );
  }
  const cols: ColumnSpec[] = entries(df);
  const n = df.rowCount;
  for (const [name, how] of Object.entries(spec)) {
    let values: ArrayLike<unknown>;
    if (typeof how === 'function') {
      const names = cols.map((c) => c[0]);
      const datas = cols.map((c) => c[1]);
      const out = new Array<unknown>(n);
      for (let i = 0; i < n; i++) {
        const row: RowObject = {};
        for (let k = 0; k < names.length; k++) row[names[k]!] = userValue(datas[k] as never, i);
        out[i] = how(row, i);
      }
      values = out;
    } else if (
      how !== null &&
      typeof how === 'object' &&
      !(how instanceof Date) &&
      typeof (how as ArrayLike<unknown>).length === 'number'
    ) {
      const arr = how as ArrayLike<unknown>;
      if (arr.length !== n) {
        throw new RangeError(
          `assign: column "${name}" has ${arr.length} values but the frame has ${n} rows`,
        );
      }
      values = arr;
    } else {
      values = new Array<unknown>(n).fill(how);
    }
    const s = inferColumn(isTypedColumn(values as never) ? values : Array.from(values));
    const pos = cols.findIndex((c) => c[0] === name);
    const entry: ColumnSpec = [name, s.data, s.dtype];
    if (pos >= 0) cols[pos] = entry;
    else cols.push(entry);
  }
  return makeFrame(df, cols, indexOf(df));
}
