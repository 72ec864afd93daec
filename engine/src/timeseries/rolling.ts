import type { DataFrame } from '../DataFrame.js';
import { dtypeOf, getColumn } from '../columns/internal.js';
import { isNumericDType } from '../dtypes.js';
import {
  rollingExtremeKernel,
  rollingSumKernel,
  rollingVarKernel,
  checkWindow,
} from './windowKernels.js';

/** Options of {@link rolling}. @category Time series */
export interface RollingOptions {
  /**
   * The fewest present (non-missing) values a window needs to give a result (default: the
   * window size, so the first `window − 1` rows and any window with a gap are `NaN`).
   */
  minPeriods?: number;
}

/**
 * A sliding window over one numeric column, made by {@link rolling}. Each method returns one
 * value per row (a `Float64Array`, `NaN` where the window is too short or too sparse), ready to
 * {@link assign} as a new column. Every method runs in O(n) whatever the window size.
 * @category Time series
 * @example
 * ```ts
 * import { DataFrame } from 'tinyframejs';
 *
 * const df = new DataFrame({ temp: [3, 5, 4, 8] });
 * const w = df.rolling('temp', 2);
 * console.log(Array.from(w.sum()), Array.from(w.min())); // [NaN, 8, 9, 12] [NaN, 3, 4, 4]
 * ```
 */
function ddofOf(options: { ddof?: number }): number {
  const ddof = options.ddof ?? 1;
  if (!Number.isInteger(ddof) || ddof < 0)
    throw new RangeError(`rolling: ddof must be a non-negative integer, got ${String(ddof)}`);
  return ddof;
}

export class Rolling {
  readonly #values: ArrayLike<number>;
  readonly #window: number;
  readonly #minPeriods: number;

  /** @internal Use {@link rolling}. */
  constructor(values: ArrayLike<number>, window: number, minPeriods: number) {
    checkWindow(window, minPeriods);
    this.#values = values;
    this.#window = window;
    this.#minPeriods = minPeriods;
  }

  /** Mean of each window (running compensated sums). @returns one value per row */
  mean(): Float64Array {
    return rollingSumKernel(this.#values, this.#window, this.#minPeriods, true);
  }

  /** Sum of each window (running compensated sums). @returns one value per row */
  sum(): Float64Array {
    return rollingSumKernel(this.#values, this.#window, this.#minPeriods, false);
  }

  /** Minimum of each window (monotonic deque). @returns one value per row */
  min(): Float64Array {
    return rollingExtremeKernel(this.#values, this.#window, this.#minPeriods, false);
  }

  /** Maximum of each window (monotonic deque). @returns one value per row */
  max(): Float64Array {
    return rollingExtremeKernel(this.#values, this.#window, this.#minPeriods, true);
  }

  /**
   * Standard deviation of each window, the sample statistic (n − 1) by default; a window with
   * one value gives `NaN`. Numerically stable for any window: a large value leaving the window
   * leaves no trace in the windows after it.
   * @param options - `ddof: 0` for the population statistic
   * @returns one value per row
   */
  std(options: { ddof?: number } = {}): Float64Array {
    return rollingVarKernel(this.#values, this.#window, this.#minPeriods, ddofOf(options), true);
  }

  /**
   * Variance of each window, the sample statistic (n − 1) by default — the square of
   * {@link Rolling.std}, computed the same stable way.
   * @param options - `ddof: 0` for the population statistic
   * @returns one value per row
   */
  variance(options: { ddof?: number } = {}): Float64Array {
    return rollingVarKernel(this.#values, this.#window, this.#minPeriods, ddofOf(options), false);
  }
}

/**
 * A trailing window of `window` rows over a numeric column: the window for row i holds rows
 * i − window + 1 … i. Missing values are skipped inside a window; a window with fewer than
 * `minPeriods` present values (default: `window`) gives `NaN`, so with a window larger than the
 * data every result is `NaN` unless `minPeriods` is lowered. Windows count rows, not time: sort
 * by date first and fill gaps (e.g. with {@link resample}) for calendar windows.
 *
 * @param df - the input frame
 * @param column - a numeric column
 * @param window - the window size in rows (a positive integer)
 * @param options - `minPeriods`
 * @returns a {@link Rolling} with `mean()`, `sum()`, `min()`, `max()`, `std()`, `variance()`
 * @throws {RangeError} when the column does not exist, or window/minPeriods are not valid
 * @throws {TypeError} when the column is not numeric
 * @category Time series
 * @example
 * ```ts
 * import { DataFrame, rolling, assign } from 'tinyframejs';
 *
 * const df = new DataFrame({ price: [10, 11, 13, 12, 15] });
 * const out = assign(df, { ma3: rolling(df, 'price', 3).mean() });
 * console.log(Array.from(out.get('ma3'))); // [NaN, NaN, 11.333333333333334, 12, 13.333333333333334]
 * console.log(Array.from(rolling(df, 'price', 2, { minPeriods: 1 }).max())); // [10, 11, 13, 13, 15]
 * ```
 */
export function rolling(
  df: DataFrame,
  column: string,
  window: number,
  options: RollingOptions = {},
): Rolling {
  const col = getColumn(df, column, 'rolling');
  const dt = dtypeOf(df, column);
  if (!isNumericDType(dt))
    throw new TypeError(`rolling: column "${column}" must be numeric, but its dtype is ${dt}`);
  return new Rolling(col as ArrayLike<number>, window, options.minPeriods ?? window);
}
