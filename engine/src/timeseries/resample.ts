import type { DataFrame } from '../DataFrame.js';
import { isNumericDType } from '../dtypes.js';
import { GroupIndex, reduceGroups, reducerName, type Reducer } from '../grouping/reduce.js';
import { dtypeOf, getColumn, makeFrame, type ColumnSpec } from '../columns/internal.js';
import { floorTo, nextBucket, toTime } from './calendar.js';

/** Options of {@link resample}. @category Time series */
export interface ResampleOptions {
  /**
   * Column → reducer (as in {@link GroupBy.agg}: `'sum' | 'mean' | 'count' | 'min' | 'max' |
   * 'median' | 'std'` or a function), or several reducers. Default: `'mean'` of every numeric column.
   */
  agg?: Readonly<Record<string, Reducer | readonly Reducer[]>>;
}

const MAX_BUCKETS = 10_000_000;

/**
 * Aggregates rows into calendar buckets of a date column: `'day'` (UTC midnight to midnight),
 * `'week'` (ISO weeks: Monday 00:00 UTC to the next Monday) or `'month'` (the 1st, UTC). The
 * result has one row per bucket from the earliest to the latest date, empty buckets included
 * (their `count` is 0 and every other reduction is missing), with the bucket's start in the date
 * column, in time order. Rows with a missing date are left out. The date column may hold `Date`s,
 * ISO 8601 strings or epoch milliseconds.
 *
 * @param df - the input frame
 * @param dateColumn - the column with the dates
 * @param freq - `'day'`, `'week'` or `'month'`
 * @param options - `agg`
 * @returns a new frame: the bucket start dates, then one column per reduction
 * @throws {RangeError} when a column does not exist, the frequency is unknown, or a reducer is unknown
 * @throws {TypeError} when a reducer does not apply to a column's dtype, or a date cannot be read
 * @category Time series
 * @example
 * ```ts
 * import { DataFrame, resample } from 'tinyframejs';
 *
 * const df = new DataFrame({
 *   day: ['2024-01-01', '2024-01-02', '2024-01-09', '2024-01-24'],
 *   sales: [5, 7, 3, 4],
 * });
 * const weekly = resample(df, 'day', 'week', { agg: { sales: 'sum' } });
 * console.log(weekly.toArray().map((r) => [r.day.toISOString().slice(0, 10), r.sales]));
 * // [['2024-01-01', 12], ['2024-01-08', 3], ['2024-01-15', null], ['2024-01-22', 4]]
 * ```
 */
export function resample(
  df: DataFrame,
  dateColumn: string,
  freq: 'day' | 'week' | 'month',
  options: ResampleOptions = {},
): DataFrame {
  const dates = getColumn(df, dateColumn, 'resample');
  if (freq !== 'day' && freq !== 'week' && freq !== 'month')
    throw new RangeError(
      `resample: freq must be 'day', 'week' or 'month', got ${JSON.stringify(freq)}`,
    );
  const n = df.rowCount;
  const starts = new Float64Array(n);
  let lo = Infinity;
  let hi = -Infinity;
  for (let i = 0; i < n; i++) {
    const v = dates[i];
    const t = toTime(v);
    if (t !== t && v !== null && v !== undefined && !(typeof v === 'number')) {
      throw new TypeError(
        `resample: column "${dateColumn}" row ${i} holds ${JSON.stringify(v)}, which is not a date`,
      );
    }
    const b = t === t ? floorTo(t, freq) : NaN;
    starts[i] = b;
    if (b === b) {
      if (b < lo) lo = b;
      if (b > hi) hi = b;
    }
  }
  const bucketStarts: number[] = [];
  const bucketOf = new Map<number, number>();
  if (lo !== Infinity) {
    for (let t = lo; t <= hi; t = nextBucket(t, freq)) {
      if (bucketStarts.length >= MAX_BUCKETS)
        throw new RangeError(`resample: more than ${MAX_BUCKETS} buckets`);
      bucketOf.set(t, bucketStarts.length);
      bucketStarts.push(t);
    }
  }
  const ids = new Int32Array(n);
  for (let i = 0; i < n; i++) ids[i] = starts[i] === starts[i] ? bucketOf.get(starts[i]!)! : -1;
  const groups = new GroupIndex(ids, bucketStarts.length);
  const agg =
    options.agg ??
    Object.fromEntries(
      df.columns
        .filter((c) => c !== dateColumn && isNumericDType(dtypeOf(df, c)))
        .map((c) => [c, 'mean' as Reducer]),
    );
  const out: ColumnSpec[] = [
    [dateColumn, Object.freeze(bucketStarts.map((t) => new Date(t))), 'date'],
  ];
  const taken = new Set([dateColumn]);
  for (const [column, how] of Object.entries(agg)) {
    const data = getColumn(df, column, 'resample');
    const list: readonly Reducer[] = Array.isArray(how) ? how : [how as Reducer];
    list.forEach((r, i) => {
      let name = list.length === 1 ? column : `${column}_${reducerName(r, i)}`;
      if (taken.has(name)) name = `${column}_${reducerName(r, i)}`;
      if (taken.has(name))
        throw new RangeError(`resample: two result columns would be named "${name}"`);
      taken.add(name);
      const res = reduceGroups(data, dtypeOf(df, column), groups, r, column, 'resample');
      out.push([name, res.data, res.dtype]);
    });
  }
  return makeFrame(df, out);
}
