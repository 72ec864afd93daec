import type { DataFrame } from '../DataFrame.js';
import { isNumericDType } from '../dtypes.js';
import { cellValue } from '../column.js';
import { factorize } from '../grouping/factorize.js';
import { entries, makeFrame, type ColumnSpec } from '../columns/internal.js';
import { quantileSorted, sortedNumbers } from './kernels.js';

/** Options of {@link describe}. @category Statistics */
export interface DescribeOptions {
  /**
   * Which columns to summarise: `'numeric'` (the default when the frame has a numeric column),
   * `'other'` (the non-numeric ones; the default when there is no numeric column) or `'all'`.
   */
  include?: 'numeric' | 'other' | 'all';
}

const NUMERIC_STATS = ['count', 'mean', 'std', 'min', '25%', '50%', '75%', 'max'] as const;
const OTHER_STATS = ['count', 'unique', 'top', 'freq'] as const;

/**
 * Summary statistics, one column per described column and one row per statistic (the row
 * labels are the frame's index). Numeric columns get `count, mean, std, min, 25%, 50%, 75%,
 * max` (missing values skipped; `std` is the sample standard deviation, n − 1; quartiles by
 * linear interpolation as in {@link quantile}). Other columns get `count` (present values),
 * `unique` (distinct present values), `top` (the most frequent value; on a tie, the one that
 * appears first) and `freq` (its count). With `include: 'all'` the rows are the union, and a
 * statistic that does not apply to a column is missing.
 *
 * @param df - the input frame
 * @param options - `include`
 * @returns a new frame of statistics indexed by statistic name
 * @throws {RangeError} when `include` is unknown
 * @category Statistics
 * @example
 * ```ts
 * import { DataFrame, describe } from 'tinyframejs';
 *
 * const df = new DataFrame({ price: [3, 1, 4, 1, 5], shop: ['a', 'b', 'a', 'a', null] });
 * const stats = describe(df);
 * console.log(stats.index); // ['count', 'mean', 'std', 'min', '25%', '50%', '75%', 'max']
 * console.log(stats.get('price')[1]); // 2.8
 * console.log(describe(df, { include: 'other' }).get('shop')); // [4, 2, 'a', 3]
 * ```
 */
export function describe(df: DataFrame, options: DescribeOptions = {}): DataFrame {
  const all = entries(df);
  const hasNumeric = all.some((e) => isNumericDType(e[2]!));
  const include = options.include ?? (hasNumeric ? 'numeric' : 'other');
  if (include !== 'numeric' && include !== 'other' && include !== 'all') {
    throw new RangeError(
      `describe: include must be 'numeric', 'other' or 'all', got ${JSON.stringify(include)}`,
    );
  }
  const chosen = all.filter(
    (e) => include === 'all' || (include === 'numeric') === isNumericDType(e[2]!),
  );
  const labels: string[] =
    include === 'all'
      ? [...OTHER_STATS, ...NUMERIC_STATS.slice(1)]
      : [...(include === 'numeric' ? NUMERIC_STATS : OTHER_STATS)];
  const cols: ColumnSpec[] = chosen.map(([name, data, dtype]) => {
    const stats: Record<string, unknown> = isNumericDType(dtype!)
      ? numericStats(data as ArrayLike<number>)
      : otherStats(data);
    const values = labels.map((l) => (l in stats ? stats[l] : null));
    const allNumbers = values.every((v) => typeof v === 'number' || v === null);
    return [
      name,
      allNumbers
        ? Float64Array.from(values, (v) => (v === null ? NaN : (v as number)))
        : Object.freeze(values),
      allNumbers ? 'f64' : 'mixed',
    ] as const;
  });
  return makeFrame(df, cols, { data: Object.freeze(labels), dtype: 'str', name: null });
}

function numericStats(col: ArrayLike<number>): Record<string, number> {
  const sorted = sortedNumbers(col);
  const n = sorted.length;
  let sum = 0;
  for (let i = 0; i < n; i++) sum += sorted[i]!;
  const mean = n ? sum / n : NaN;
  let ss = 0;
  for (let i = 0; i < n; i++) ss += (sorted[i]! - mean) ** 2;
  return {
    count: n,
    mean,
    std: n > 1 ? Math.sqrt(ss / (n - 1)) : NaN,
    min: n ? sorted[0]! : NaN,
    '25%': quantileSorted(sorted, 0.25),
    '50%': quantileSorted(sorted, 0.5),
    '75%': quantileSorted(sorted, 0.75),
    max: n ? sorted[n - 1]! : NaN,
  };
}

function otherStats(col: ArrayLike<unknown>): Record<string, unknown> {
  const { ids, count, firstRow } = factorize([col], col.length, false);
  const counts = new Int32Array(count);
  let present = 0;
  for (let i = 0; i < ids.length; i++) {
    const g = ids[i]!;
    if (g >= 0) {
      counts[g]!++;
      present++;
    }
  }
  let best = -1;
  for (let g = 0; g < count; g++) if (best < 0 || counts[g]! > counts[best]!) best = g;
  return {
    count: present,
    unique: count,
    top: best < 0 ? null : cellValue(col as never, firstRow[best]!),
    freq: best < 0 ? NaN : counts[best]!,
  };
}
