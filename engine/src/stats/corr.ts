import type { DataFrame } from '../DataFrame.js';
import { numericColumn } from '../columns/internal.js';
import { pearson } from './kernels.js';

/**
 * Pearson correlation coefficient of two numeric columns, over the rows where both values are
 * present. Fewer than two such rows, or a column that is constant over them, give `NaN`.
 *
 * @param df - the input frame
 * @param a - first numeric column
 * @param b - second numeric column
 * @returns a number from −1 to 1, or `NaN`
 * @throws {RangeError} when a column does not exist
 * @throws {TypeError} when a column is not numeric
 * @category Statistics
 * @example
 * ```ts
 * import { DataFrame, corr } from 'tinyframejs';
 *
 * const df = new DataFrame({ hours: [1, 2, 3, 4], score: [52, 60, 71, 80] });
 * console.log(corr(df, 'hours', 'score').toFixed(3)); // 0.998
 * ```
 */
export function corr(df: DataFrame, a: string, b: string): number {
  return pearson(numericColumn(df, a, 'corr'), numericColumn(df, b, 'corr'));
}
