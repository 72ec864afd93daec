import type { DataFrame } from '../DataFrame.js';
import { entries, indexOf, makeFrame, numericColumn } from '../columns/internal.js';

/**
 * Fills the missing values of a numeric column by linear interpolation between the nearest
 * present values before and after, by row position. Missing values before the first or after
 * the last present value have nothing on one side and stay missing (no extrapolation). The
 * result is an `f64` column.
 *
 * @param df - the input frame (not modified)
 * @param column - the numeric column to fill
 * @returns a new frame with the column interpolated
 * @throws {RangeError} when the column does not exist
 * @throws {TypeError} when the column is not numeric
 * @category Missing data
 * @example
 * ```ts
 * import { DataFrame, interpolate } from 'tinyframejs';
 *
 * const df = new DataFrame({ temp: [null, 10, null, null, 16, null] });
 * console.log(Array.from(interpolate(df, 'temp').get('temp'))); // [NaN, 10, 12, 14, 16, NaN]
 * ```
 */
export function interpolate(df: DataFrame, column: string): DataFrame {
  const col = numericColumn(df, column, 'interpolate');
  const n = col.length;
  const out = Float64Array.from(col);
  let prev = -1;
  for (let i = 0; i < n; i++) {
    const v = out[i]!;
    if (v !== v) continue;
    if (prev >= 0 && i - prev > 1) {
      const a = out[prev]!;
      const step = (v - a) / (i - prev);
      for (let k = prev + 1; k < i; k++) out[k] = a + step * (k - prev);
    }
    prev = i;
  }
  return makeFrame(
    df,
    entries(df).map((e) => (e[0] === column ? ([column, out, 'f64'] as const) : e)),
    indexOf(df),
  );
}
