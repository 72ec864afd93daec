import type { DataFrame } from '../DataFrame.js';
import { isNumericDType, type DType } from '../dtypes.js';
import { type CellValue, cellValue } from '../column.js';
import { compareValues } from '../ordering/compare.js';
import { columnRef, numericView, perColumn, type ColumnRef } from './columns.js';
import { maxOf, medianOf, minOf } from './kernels.js';

/**
 * The median of a numeric (or boolean) column, skipping missing values; the
 * mean of the two middle values when the count is even; `NaN` when the
 * column has no values.
 *
 * @param df - The source frame.
 * @param column - A column name, or an array of names; omit for all numeric columns.
 * @returns The median, or `{ column: median }` for several columns.
 * @throws {RangeError} when a column does not exist.
 * @throws {TypeError} when a named column is not numeric or boolean.
 * @category Aggregation
 * @example
 * ```ts
 * import { DataFrame, median } from 'tinyframejs';
 *
 * const df = new DataFrame({ rent: [900, 1200, null, 700, 1500] });
 * console.log(median(df, 'rent')); // 1050
 * ```
 */
export function median(df: DataFrame, column: string): number;
export function median(df: DataFrame, columns?: readonly string[]): Record<string, number>;
export function median(
  df: DataFrame,
  columns?: string | readonly string[],
): number | Record<string, number> {
  return perColumn(df, columns, 'median', isNumericDType, (ref) =>
    medianOf(numericView(ref, 'median')),
  );
}

const ORDERED = (d: DType) => isNumericDType(d) || d === 'date' || d === 'str' || d === 'bool';

function extreme(ref: ColumnRef, sign: 1 | -1, fn: string): CellValue {
  if (isNumericDType(ref.dtype)) {
    const a = ref.data as ArrayLike<number>;
    return sign < 0 ? minOf(a) : maxOf(a);
  }
  if (ref.dtype === 'mixed')
    throw new TypeError(
      `${fn}(): column "${ref.name}" has dtype mixed; expected a numeric, date, str or bool column.`,
    );
  let best: CellValue = null;
  for (let i = 0; i < ref.data.length; i++) {
    const v = cellValue(ref.data, i);
    if (v === null) continue;
    if (best === null || sign * compareValues(v, best) > 0) best = v;
  }
  return best instanceof Date ? new Date(best.getTime()) : best;
}

/**
 * The smallest value of a column, skipping missing values. Numeric columns
 * give a number (`NaN` when empty); date columns the earliest `Date`, string
 * columns the first string in code-point order, boolean columns `false`
 * before `true` (each `null` when empty). Without a column, returns an object
 * for every numeric, date, string and boolean column.
 *
 * @typeParam T - The value type you expect (default `number`).
 * @param df - The source frame.
 * @param column - A column name, or an array of names; omit for all columns.
 * @returns The minimum, or `{ column: minimum }` for several columns.
 * @throws {RangeError} when a column does not exist.
 * @throws {TypeError} when a named column has dtype `mixed`.
 * @category Aggregation
 * @example
 * ```ts
 * import { DataFrame, min } from 'tinyframejs';
 *
 * const df = new DataFrame({ temp: [3, -2, null, 8], city: ['Rome', 'Oslo', 'Lima', null] });
 * console.log(min(df, 'temp'));           // -2
 * console.log(df.min<string>('city'));    // 'Lima'
 * ```
 */
export function min<T extends CellValue = number>(df: DataFrame, column: string): T;
export function min(df: DataFrame, columns?: readonly string[]): Record<string, CellValue>;
export function min(
  df: DataFrame,
  columns?: string | readonly string[],
): CellValue | Record<string, CellValue> {
  return perColumn(df, columns, 'min', ORDERED, (ref) => extreme(ref, -1, 'min'));
}

/**
 * The largest value of a column, skipping missing values. Numeric columns
 * give a number (`NaN` when empty); date columns the latest `Date`, string
 * columns the last string in code-point order, boolean columns `true` over
 * `false` (each `null` when empty). Without a column, returns an object for
 * every numeric, date, string and boolean column.
 *
 * @typeParam T - The value type you expect (default `number`).
 * @param df - The source frame.
 * @param column - A column name, or an array of names; omit for all columns.
 * @returns The maximum, or `{ column: maximum }` for several columns.
 * @throws {RangeError} when a column does not exist.
 * @throws {TypeError} when a named column has dtype `mixed`.
 * @category Aggregation
 * @example
 * ```ts
 * import { DataFrame, max } from 'tinyframejs';
 *
 * const df = new DataFrame({ temp: [3, -2, null, 8], day: [new Date('2024-05-01'), new Date('2024-05-03'), null, null] });
 * console.log(max(df, 'temp'));                          // 8
 * console.log(df.max<Date>('day').toISOString());        // '2024-05-03T00:00:00.000Z'
 * ```
 */
export function max<T extends CellValue = number>(df: DataFrame, column: string): T;
export function max(df: DataFrame, columns?: readonly string[]): Record<string, CellValue>;
export function max(
  df: DataFrame,
  columns?: string | readonly string[],
): CellValue | Record<string, CellValue> {
  return perColumn(df, columns, 'max', ORDERED, (ref) => extreme(ref, 1, 'max'));
}

/**
 * Every most-frequent value of a column, sorted (numbers numerically, strings
 * by code point, dates by time, `false` before `true`). Missing values are
 * skipped; an empty column gives `[]`. Ties all appear, so the result is
 * always an array.
 *
 * @param df - The source frame.
 * @param column - The column name.
 * @returns The modes, sorted ascending.
 * @throws {RangeError} when the column does not exist.
 * @category Aggregation
 * @example
 * ```ts
 * import { DataFrame, mode } from 'tinyframejs';
 *
 * const df = new DataFrame({ size: ['M', 'L', 'S', 'L', 'M', null, null, null] });
 * console.log(mode(df, 'size'));                              // [ 'L', 'M' ]
 * console.log(new DataFrame({ n: [3, 1, 3] }).mode('n'));     // [ 3 ]
 * ```
 */
export function mode(df: DataFrame, column: string): CellValue[] {
  const ref = columnRef(df, column, 'mode');
  const counts = new Map<unknown, { value: CellValue; n: number }>();
  let top = 0;
  for (let i = 0; i < ref.data.length; i++) {
    const v = cellValue(ref.data, i);
    if (v === null) continue;
    const k = v instanceof Date ? `\u0000date:${v.getTime()}` : v;
    let e = counts.get(k);
    if (!e) counts.set(k, (e = { value: v, n: 0 }));
    if (++e.n > top) top = e.n;
  }
  const out: CellValue[] = [];
  for (const e of counts.values())
    if (e.n === top) out.push(e.value instanceof Date ? new Date(e.value.getTime()) : e.value);
  return out.sort(compareValues);
}
