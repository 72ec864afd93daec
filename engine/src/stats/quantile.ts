import type { DataFrame } from '../DataFrame.js';
import { numericColumn } from '../columns/internal.js';
import { quantileSorted, sortedNumbers } from './kernels.js';

/**
 * The q-th quantile of a numeric column, skipping missing values, by linear interpolation
 * between the two nearest ranks: with the n present values sorted as x₀ … xₙ₋₁ and
 * h = (n − 1)·q, the result is x⌊h⌋ + (h − ⌊h⌋)·(x⌊h⌋₊₁ − x⌊h⌋) — the default of numpy and
 * pandas. `q = 0.5` is the median; a column with no present value gives `NaN`.
 *
 * @param df - the input frame
 * @param column - a numeric column
 * @param q - a probability from 0 to 1, or an array of them
 * @returns the quantile (a number), or one number per requested probability
 * @throws {RangeError} when the column does not exist or a probability is outside [0, 1]
 * @throws {TypeError} when the column is not numeric
 * @category Statistics
 * @example
 * ```ts
 * import { DataFrame, quantile } from 'tinyframejs';
 *
 * const df = new DataFrame({ x: [1, 2, 3, 4, null] });
 * console.log(quantile(df, 'x', 0.5)); // 2.5
 * console.log(quantile(df, 'x', [0.25, 0.75])); // [1.75, 3.25]
 * ```
 */
export function quantile(df: DataFrame, column: string, q: number): number;
export function quantile(df: DataFrame, column: string, q: readonly number[]): number[];
export function quantile(
  df: DataFrame,
  column: string,
  q: number | readonly number[],
): number | number[] {
  const col = numericColumn(df, column, 'quantile');
  const qs = typeof q === 'number' ? [q] : q;
  for (const p of qs) {
    if (typeof p !== 'number' || !(p >= 0 && p <= 1))
      throw new RangeError(`quantile: q must be a number from 0 to 1, got ${String(p)}`);
  }
  const sorted = sortedNumbers(col);
  const out = qs.map((p) => quantileSorted(sorted, p));
  return typeof q === 'number' ? out[0]! : out;
}
