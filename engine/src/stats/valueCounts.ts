import type { DataFrame } from '../DataFrame.js';
import { factorize } from '../grouping/factorize.js';
import { dtypeOf, getColumn, makeFrame, takeRows } from '../columns/internal.js';

/** Options of {@link valueCounts}. @category Statistics */
export interface ValueCountsOptions {
  /** Give shares of the counted rows (summing to 1) in a `proportion` column instead of counts. */
  normalize?: boolean;
  /** Leave missing values out (default `true`); `false` counts them as one more value. */
  dropna?: boolean;
}

/**
 * How often each distinct value occurs in a column: a frame with the value column and a
 * `count` column (`i32`), most frequent first; ties keep the order in which the values first
 * appear. Missing values are not counted unless `dropna: false`.
 *
 * @param df - the input frame
 * @param column - the column to count
 * @param options - `normalize`, `dropna`
 * @returns a frame `{ [column], count }` (or `{ [column], proportion }`)
 * @throws {RangeError} when the column does not exist
 * @category Statistics
 * @example
 * ```ts
 * import { DataFrame, valueCounts } from 'tinyframejs';
 *
 * const df = new DataFrame({ city: ['Oslo', 'Rome', 'Oslo', null, 'Oslo'] });
 * const counts = valueCounts(df, 'city');
 * console.log(counts.toArray()); // [{ city: 'Oslo', count: 3 }, { city: 'Rome', count: 1 }]
 * ```
 */
export function valueCounts(
  df: DataFrame,
  column: string,
  options: ValueCountsOptions = {},
): DataFrame {
  const col = getColumn(df, column, 'valueCounts');
  const dropna = options.dropna ?? true;
  const { ids, count, firstRow } = factorize([col], col.length, !dropna);
  const counts = new Int32Array(count);
  let total = 0;
  for (let i = 0; i < ids.length; i++) {
    const g = ids[i]!;
    if (g >= 0) {
      counts[g]!++;
      total++;
    }
  }
  const order = Array.from({ length: count }, (_, g) => g).sort(
    (a, b) => counts[b]! - counts[a]! || a - b,
  );
  const rows = Int32Array.from(order, (g) => firstRow[g]!);
  const values = takeRows(col, rows);
  const dtype = dtypeOf(df, column);
  const valueCol = [column, values, ArrayBuffer.isView(values) ? undefined : dtype] as const;
  if (options.normalize) {
    return makeFrame(df, [
      valueCol,
      ['proportion', Float64Array.from(order, (g) => counts[g]! / total), 'f64'],
    ]);
  }
  return makeFrame(df, [valueCol, ['count', Int32Array.from(order, (g) => counts[g]!), 'i32']]);
}
