import type { DataFrame } from '../DataFrame.js';
import { isNumericDType } from '../dtypes.js';
import { validateOptions } from '../validation/validateOptions.js';
import { numericView, perColumn } from './columns.js';
import { countOf, meanOf, sumOf, varianceOf } from './kernels.js';

/**
 * Options of {@link std} and {@link variance}.
 *
 * @category Aggregation
 */
export interface DispersionOptions {
  /**
   * Delta degrees of freedom: the divisor is `n − ddof`. Default `1` (the
   * sample statistic); use `0` for the population statistic.
   */
  ddof?: number;
}

/**
 * Counts the non-missing values of a column (`NaN` and `null` are not
 * counted). Without a column, counts every column and returns an object.
 *
 * @param df - The source frame.
 * @param column - A column name, or an array of names; omit for all columns.
 * @returns The count, or `{ column: count }` for several columns.
 * @throws {RangeError} when a column does not exist.
 * @category Aggregation
 * @example
 * ```ts
 * import { DataFrame, count } from 'tinyframejs';
 *
 * const df = new DataFrame({ score: [3, null, 5, NaN], name: ['a', 'b', null, 'd'] });
 * console.log(count(df, 'score')); // 2
 * console.log(df.count());         // { score: 2, name: 3 }
 * ```
 */
export function count(df: DataFrame, column: string): number;
export function count(df: DataFrame, columns?: readonly string[]): Record<string, number>;
export function count(
  df: DataFrame,
  columns?: string | readonly string[],
): number | Record<string, number> {
  return perColumn(
    df,
    columns,
    'count',
    () => true,
    (ref) => {
      if (isNumericDType(ref.dtype)) return countOf(ref.data as ArrayLike<number>);
      let c = 0;
      for (let i = 0; i < ref.data.length; i++)
        if (ref.data[i] !== null && ref.data[i] !== undefined) c++;
      return c;
    },
  );
}

/**
 * Sums a numeric (or boolean, counted as 0/1) column, skipping missing
 * values. A column with no values sums to `0`. Without a column, sums every
 * numeric column and returns an object.
 *
 * @param df - The source frame.
 * @param column - A column name, or an array of names; omit for all numeric columns.
 * @returns The sum, or `{ column: sum }` for several columns.
 * @throws {RangeError} when a column does not exist.
 * @throws {TypeError} when a named column is not numeric or boolean.
 * @category Aggregation
 * @example
 * ```ts
 * import { DataFrame, sum } from 'tinyframejs';
 *
 * const df = new DataFrame({ qty: [2, 5, null], price: [1.5, 2, 4] });
 * console.log(sum(df, 'qty')); // 7
 * console.log(df.sum());       // { qty: 7, price: 7.5 }
 * ```
 */
export function sum(df: DataFrame, column: string): number;
export function sum(df: DataFrame, columns?: readonly string[]): Record<string, number>;
export function sum(
  df: DataFrame,
  columns?: string | readonly string[],
): number | Record<string, number> {
  return perColumn(df, columns, 'sum', isNumericDType, (ref) => sumOf(numericView(ref, 'sum')));
}

/**
 * The arithmetic mean of a numeric (or boolean) column, skipping missing
 * values; `NaN` when the column has no values. Without a column, averages
 * every numeric column and returns an object.
 *
 * @param df - The source frame.
 * @param column - A column name, or an array of names; omit for all numeric columns.
 * @returns The mean, or `{ column: mean }` for several columns.
 * @throws {RangeError} when a column does not exist.
 * @throws {TypeError} when a named column is not numeric or boolean.
 * @category Aggregation
 * @example
 * ```ts
 * import { DataFrame, mean } from 'tinyframejs';
 *
 * const df = new DataFrame({ temp: [12, 15, null, 17] });
 * console.log(mean(df, 'temp'));  // 14.666666666666666
 * console.log(df.mean());         // { temp: 14.666666666666666 }
 * console.log(new DataFrame({ x: [] as number[] }).mean('x')); // NaN
 * ```
 */
export function mean(df: DataFrame, column: string): number;
export function mean(df: DataFrame, columns?: readonly string[]): Record<string, number>;
export function mean(
  df: DataFrame,
  columns?: string | readonly string[],
): number | Record<string, number> {
  return perColumn(df, columns, 'mean', isNumericDType, (ref) => meanOf(numericView(ref, 'mean')));
}

function checkDdof(options: DispersionOptions | undefined, fn: string): number {
  validateOptions(options, { ddof: 'number' }, fn);
  const ddof = options?.ddof ?? 1;
  if (!Number.isInteger(ddof) || ddof < 0)
    throw new RangeError(`${fn}(): ddof must be a non-negative integer; received ${ddof}.`);
  return ddof;
}

/**
 * The variance of a numeric column, skipping missing values. By default this
 * is the **sample** variance (divisor `n − 1`); pass `{ ddof: 0 }` for the
 * population variance (divisor `n`). `NaN` when `n − ddof ≤ 0` (for example a
 * single value with the default `ddof`).
 *
 * @param df - The source frame.
 * @param column - A column name, or an array of names; omit for all numeric columns.
 * @param options - {@link DispersionOptions}.
 * @returns The variance, or `{ column: variance }` for several columns.
 * @throws {RangeError} when a column does not exist or `ddof` is not a non-negative integer.
 * @throws {TypeError} when a named column is not numeric or boolean.
 * @category Aggregation
 * @example
 * ```ts
 * import { DataFrame, variance } from 'tinyframejs';
 *
 * const df = new DataFrame({ x: [2, 4, 4, 4, 5, 5, 7, 9] });
 * console.log(variance(df, 'x'));              // 4.571428571428571 (sample, n − 1)
 * console.log(df.variance('x', { ddof: 0 }));  // 4 (population, n)
 * ```
 */
export function variance(df: DataFrame, column: string, options?: DispersionOptions): number;
export function variance(
  df: DataFrame,
  columns?: readonly string[],
  options?: DispersionOptions,
): Record<string, number>;
export function variance(
  df: DataFrame,
  columns?: string | readonly string[],
  options?: DispersionOptions,
): number | Record<string, number> {
  const ddof = checkDdof(options, 'variance');
  return perColumn(df, columns, 'variance', isNumericDType, (ref) =>
    varianceOf(numericView(ref, 'variance'), ddof),
  );
}

/**
 * The standard deviation of a numeric column, skipping missing values. By
 * default this is the **sample** standard deviation (divisor `n − 1`); pass
 * `{ ddof: 0 }` for the population standard deviation. `NaN` when
 * `n − ddof ≤ 0`.
 *
 * @param df - The source frame.
 * @param column - A column name, or an array of names; omit for all numeric columns.
 * @param options - {@link DispersionOptions}.
 * @returns The standard deviation, or `{ column: std }` for several columns.
 * @throws {RangeError} when a column does not exist or `ddof` is not a non-negative integer.
 * @throws {TypeError} when a named column is not numeric or boolean.
 * @category Aggregation
 * @example
 * ```ts
 * import { DataFrame, std } from 'tinyframejs';
 *
 * const df = new DataFrame({ x: [2, 4, 4, 4, 5, 5, 7, 9] });
 * console.log(std(df, 'x'));              // 2.138089935299395 (sample)
 * console.log(df.std('x', { ddof: 0 }));  // 2 (population)
 * ```
 */
export function std(df: DataFrame, column: string, options?: DispersionOptions): number;
export function std(
  df: DataFrame,
  columns?: readonly string[],
  options?: DispersionOptions,
): Record<string, number>;
export function std(
  df: DataFrame,
  columns?: string | readonly string[],
  options?: DispersionOptions,
): number | Record<string, number> {
  const ddof = checkDdof(options, 'std');
  return perColumn(df, columns, 'std', isNumericDType, (ref) =>
    Math.sqrt(varianceOf(numericView(ref, 'std'), ddof)),
  );
}
