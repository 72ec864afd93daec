import type { DataFrame } from '../DataFrame.js';
import { numericColumn } from '../columns/internal.js';
import { covariance } from './kernels.js';

/** Options of {@link cov}. @category Statistics */
export interface CovOptions {
  /** Delta degrees of freedom: 1 (default) gives the sample covariance, 0 the population one. */
  ddof?: number;
}

/**
 * Covariance of two numeric columns over the rows where both values are present: the sample
 * covariance (divided by n − 1) by default, the population one with `{ ddof: 0 }`. Too few
 * rows give `NaN`.
 *
 * @param df - the input frame
 * @param a - first numeric column
 * @param b - second numeric column
 * @param options - `ddof`
 * @returns the covariance, or `NaN`
 * @throws {RangeError} when a column does not exist or ddof is not a non-negative integer
 * @throws {TypeError} when a column is not numeric
 * @category Statistics
 * @example
 * ```ts
 * import { DataFrame, cov } from 'tinyframejs';
 *
 * const df = new DataFrame({ x: [1, 2, 3, 4], y: [2, 4, 6, 8] });
 * console.log(cov(df, 'x', 'y')); // 3.3333333333333335
 * console.log(cov(df, 'x', 'y', { ddof: 0 })); // 2.5
 * ```
 */
export function cov(df: DataFrame, a: string, b: string, options: CovOptions = {}): number {
  const ddof = options.ddof ?? 1;
  if (!Number.isInteger(ddof) || ddof < 0)
    throw new RangeError(`cov: ddof must be a non-negative integer, got ${String(ddof)}`);
  return covariance(numericColumn(df, a, 'cov'), numericColumn(df, b, 'cov'), ddof);
}
