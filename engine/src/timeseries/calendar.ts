/**
 * UTC calendar arithmetic for dateRange and resample: parsing steps, adding months without
 * drift, and flooring a time to its day, week (weeks start on Monday, ISO 8601) or month.
 * @internal
 * @module
 */

/** @internal A calendar unit. */
export type CalendarUnit =
  'millisecond' | 'second' | 'minute' | 'hour' | 'day' | 'week' | 'month' | 'year';

const MS: Record<string, number> = {
  millisecond: 1,
  second: 1000,
  minute: 60_000,
  hour: 3_600_000,
  day: 86_400_000,
  week: 604_800_000,
};

const ALIASES: Record<string, CalendarUnit> = {
  ms: 'millisecond',
  millisecond: 'millisecond',
  milliseconds: 'millisecond',
  s: 'second',
  sec: 'second',
  second: 'second',
  seconds: 'second',
  min: 'minute',
  minute: 'minute',
  minutes: 'minute',
  h: 'hour',
  hour: 'hour',
  hours: 'hour',
  d: 'day',
  day: 'day',
  days: 'day',
  w: 'week',
  week: 'week',
  weeks: 'week',
  mo: 'month',
  month: 'month',
  months: 'month',
  y: 'year',
  year: 'year',
  years: 'year',
};

/** @internal A parsed step: `count` units. */
export interface Step {
  readonly count: number;
  readonly unit: CalendarUnit;
}

/**
 * Parses a step such as `'day'`, `'3 days'`, `'2w'`, `'1 month'` or `'6h'`.
 * @throws {RangeError} when the step is not understood or its count is not a positive integer
 * @internal
 */
export function parseStep(step: string): Step {
  const m = /^\s*(\d+)?\s*([a-zA-Z]+)\s*$/.exec(step);
  const unit = m ? ALIASES[m[2]!.toLowerCase()] : undefined;
  if (!m || !unit) {
    throw new RangeError(
      `dateRange: unknown step "${step}"; expected e.g. 'day', '3 days', '2w', '1 month', '6h', '15min'`,
    );
  }
  const count = m[1] === undefined ? 1 : Number(m[1]);
  if (count < 1) throw new RangeError(`dateRange: step count must be at least 1, got "${step}"`);
  return { count, unit };
}

/** @internal Adds `k` steps to the time `t0` (ms since epoch); months and years clamp the day of month. */
export function addSteps(t0: number, step: Step, k: number): number {
  const fixed = MS[step.unit];
  if (fixed !== undefined) return t0 + fixed * step.count * k;
  const d = new Date(t0);
  const months = (step.unit === 'year' ? 12 : 1) * step.count * k;
  const y = d.getUTCFullYear();
  const m = d.getUTCMonth() + months;
  const ty = y + Math.floor(m / 12);
  const tm = ((m % 12) + 12) % 12;
  const lastDay = new Date(Date.UTC(ty, tm + 1, 0)).getUTCDate();
  const day = Math.min(d.getUTCDate(), lastDay);
  return Date.UTC(
    ty,
    tm,
    day,
    d.getUTCHours(),
    d.getUTCMinutes(),
    d.getUTCSeconds(),
    d.getUTCMilliseconds(),
  );
}

/** @internal Resample frequency. */
export type Frequency = 'day' | 'week' | 'month';

/**
 * Floors a time to the start of its UTC day, ISO week (Monday 00:00 UTC) or month.
 * @internal
 */
export function floorTo(t: number, freq: Frequency): number {
  const day = 86_400_000;
  if (freq === 'day') return Math.floor(t / day) * day;
  if (freq === 'week') {
    const d = Math.floor(t / day); // days since 1970-01-01, a Thursday
    const dow = (((d + 3) % 7) + 7) % 7; // 0 = Monday
    return (d - dow) * day;
  }
  const dt = new Date(t);
  return Date.UTC(dt.getUTCFullYear(), dt.getUTCMonth(), 1);
}

/** @internal The start of the bucket after the one starting at `t`. */
export function nextBucket(t: number, freq: Frequency): number {
  if (freq === 'day') return t + 86_400_000;
  if (freq === 'week') return t + 604_800_000;
  const dt = new Date(t);
  return Date.UTC(dt.getUTCFullYear(), dt.getUTCMonth() + 1, 1);
}

/**
 * Converts a date-like value to ms since epoch: a `Date`, a number (ms), or an ISO 8601 string.
 * Missing or unparseable values give `NaN`.
 * @internal
 */
export function toTime(v: unknown): number {
  if (v instanceof Date) return v.getTime();
  if (typeof v === 'number') return v;
  if (typeof v === 'string') {
    const s = v.trim();
    if (s === '') return NaN;
    // A bare date (YYYY-MM-DD) is UTC midnight, as in the ECMAScript spec; a date-time without
    // an offset is read as UTC too (ECMAScript would read it as local time).
    if (/^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/.test(s))
      return Date.parse(s.replace(' ', 'T') + 'Z');
    return Date.parse(s);
  }
  return NaN;
}
