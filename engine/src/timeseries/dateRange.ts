import { addSteps, parseStep, toTime } from './calendar.js';

const LIMIT = 10_000_000;

/**
 * A list of dates from `start` to `end` (both included when `end` falls on a step), every
 * `step`. All arithmetic is in UTC. Steps are a unit with an optional count: `'day'`,
 * `'3 days'`, `'2w'`, `'month'`, `'quarter'` is `'3 months'`, `'year'`, `'6h'`, `'15min'`,
 * `'30s'` (units: ms, s/second, min/minute, h/hour, d/day, w/week, mo/month, y/year, plural or
 * not). Month and year steps keep the start's day of the month, clamped to the month's length
 * (Jan 31 + 1 month = Feb 28 or 29, then Mar 31), so they do not drift.
 *
 * @param start - first date: a `Date`, epoch milliseconds, or an ISO 8601 string (a date-time without an offset is UTC)
 * @param end - last date (inclusive)
 * @param step - the step (default `'day'`)
 * @returns an array of `Date`s, empty when `end` is before `start`
 * @throws {TypeError} when `start` or `end` is not a valid date
 * @throws {RangeError} when the step is not understood, or the range would exceed ten million dates
 * @category Time series
 * @example
 * ```ts
 * import { DataFrame, dateRange } from 'tinyframejs';
 *
 * const days = dateRange('2024-01-30', '2024-02-02');
 * console.log(days.map((d) => d.toISOString().slice(0, 10))); // ['2024-01-30', '2024-01-31', '2024-02-01', '2024-02-02']
 * const months = dateRange('2024-01-31', '2024-04-30', 'month');
 * console.log(months.map((d) => d.toISOString().slice(0, 10))); // ['2024-01-31', '2024-02-29', '2024-03-31', '2024-04-30']
 * const df = new DataFrame({ day: dateRange('2024-01-01', '2024-01-07') });
 * console.log(df.dtypes); // { day: 'date' }
 * ```
 */
export function dateRange(
  start: Date | string | number,
  end: Date | string | number,
  step = 'day',
): Date[] {
  const t0 = toTime(start);
  const t1 = toTime(end);
  if (t0 !== t0)
    throw new TypeError(`dateRange: start ${JSON.stringify(start)} is not a valid date`);
  if (t1 !== t1) throw new TypeError(`dateRange: end ${JSON.stringify(end)} is not a valid date`);
  const s = /^\s*quarters?\s*$/i.test(step) ? parseStep('3 months') : parseStep(step);
  // Refuse huge ranges before allocating anything (months and years by their mean length).
  const approxStep = addSteps(0, s, 1) || 1;
  if ((t1 - t0) / approxStep > LIMIT + 2)
    throw new RangeError(`dateRange: more than ${LIMIT} dates; use a larger step`);
  const out: Date[] = [];
  for (let k = 0; ; k++) {
    const t = addSteps(t0, s, k);
    if (t > t1) break;
    if (out.length >= LIMIT)
      throw new RangeError(`dateRange: more than ${LIMIT} dates; use a larger step`);
    out.push(new Date(t));
  }
  return out;
}
