import type { DataFrame } from '../DataFrame.js';
import type { Row } from '../creation/frameOptions.js';
import type { CellValue } from '../column.js';
import { storageOf, columnOf } from '../storage.js';
import { rowAt } from '../frameRows.js';
import { describeValue } from '../column.js';

/**
 * One row as a plain object, by position; a negative position counts from
 * the end (`-1` is the last row), as with `Array.prototype.at`.
 *
 * @param df - The source frame.
 * @param i - The row position; `-1` is the last row.
 * @returns The row object (missing values as `null`).
 * @throws {TypeError} when `i` is not an integer.
 * @throws {RangeError} when the position is out of range, naming it and the row count.
 * @category Selection
 * @example
 * ```ts
 * import { DataFrame, at } from 'tinyframejs';
 *
 * const df = new DataFrame({ city: ['Oslo', 'Rome', 'Lima'], temp: [4, 18, 22] });
 * console.log(at(df, 0));  // { city: 'Oslo', temp: 4 }
 * console.log(df.at(-1));  // { city: 'Lima', temp: 22 }
 * ```
 */
export function at(df: DataFrame, i: number): Row {
  if (typeof i !== 'number' || !Number.isInteger(i))
    throw new TypeError(`at(): position must be an integer; received ${describeValue(i)}.`);
  const n = df.rowCount;
  const p = i < 0 ? n + i : i;
  if (p < 0 || p >= n) {
    throw new RangeError(
      n === 0
        ? `at(): position ${i} is out of range; the frame has no rows.`
        : `at(): position ${i} is out of range; expected ${-n} to ${n - 1} for a frame of ${n} row${n === 1 ? '' : 's'}.`,
    );
  }
  return rowAt(storageOf(df), p);
}

function pick(
  df: DataFrame,
  p: number,
  column: string | undefined,
  fn: string,
): Row | CellValue | undefined {
  if (column !== undefined) {
    const col = columnOf(df, column); // throws for an unknown column
    if (df.rowCount === 0) return undefined;
    const v = col[p];
    if (v === undefined || v === null || (typeof v === 'number' && v !== v)) return null;
    return v instanceof Date ? new Date(v.getTime()) : (v as CellValue);
  }
  void fn;
  return df.rowCount === 0 ? undefined : rowAt(storageOf(df), p);
}

/**
 * The first row as a plain object, or with `column` the first value of that
 * column. An empty frame gives `undefined`.
 *
 * @param df - The source frame.
 * @param column - Optional column name.
 * @returns The first row (or value), or `undefined` when there are no rows.
 * @throws {RangeError} when `column` does not exist.
 * @category Selection
 * @example
 * ```ts
 * import { DataFrame, first } from 'tinyframejs';
 *
 * const df = new DataFrame({ day: ['Mon', 'Tue'], sales: [120, 95] });
 * console.log(first(df));           // { day: 'Mon', sales: 120 }
 * console.log(df.first('sales'));   // 120
 * ```
 */
export function first(df: DataFrame): Row | undefined;
export function first(df: DataFrame, column: string): CellValue | undefined;
export function first(df: DataFrame, column?: string): Row | CellValue | undefined {
  return pick(df, 0, column, 'first');
}

/**
 * The last row as a plain object, or with `column` the last value of that
 * column. An empty frame gives `undefined`.
 *
 * @param df - The source frame.
 * @param column - Optional column name.
 * @returns The last row (or value), or `undefined` when there are no rows.
 * @throws {RangeError} when `column` does not exist.
 * @category Selection
 * @example
 * ```ts
 * import { DataFrame, last } from 'tinyframejs';
 *
 * const df = new DataFrame({ day: ['Mon', 'Tue'], sales: [120, 95] });
 * console.log(last(df));          // { day: 'Tue', sales: 95 }
 * console.log(df.last('day'));    // 'Tue'
 * ```
 */
export function last(df: DataFrame): Row | undefined;
export function last(df: DataFrame, column: string): CellValue | undefined;
export function last(df: DataFrame, column?: string): Row | CellValue | undefined {
  return pick(df, df.rowCount - 1, column, 'last');
}
