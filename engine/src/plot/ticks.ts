/**
 * "Nice" axis ticks (Heckbert's algorithm: steps of 1, 2, 2.5 or 5 × 10ᵏ) for numbers, and
 * calendar-aligned ticks for times, plus the deterministic number/date formatting the SVG uses.
 * @internal
 * @module
 */
import { addSteps, type Step } from '../timeseries/calendar.js';

/** @internal Ticks of an axis and the domain they cover. */
export interface Ticks {
  readonly min: number;
  readonly max: number;
  readonly values: number[];
  readonly labels: string[];
}

function niceNum(x: number, round: boolean): number {
  const e = Math.floor(Math.log10(x));
  const f = x / 10 ** e;
  let nf: number;
  if (round) nf = f < 1.5 ? 1 : f < 2.25 ? 2 : f < 3.5 ? 2.5 : f < 7.5 ? 5 : 10;
  else nf = f <= 1 ? 1 : f <= 2 ? 2 : f <= 2.5 ? 2.5 : f <= 5 ? 5 : 10;
  return nf * 10 ** e;
}

/**
 * Formats a number deterministically with at most `decimals` decimals, no trailing zeros, no
 * `-0`, and thousands separated by commas.
 * @internal
 */
export function formatNumber(v: number, decimals: number): string {
  if (!Number.isFinite(v)) return String(v);
  if (Math.abs(v) >= 1e15 || (v !== 0 && Math.abs(v) < 1e-6)) return v.toExponential(2);
  let s = v.toFixed(Math.max(0, Math.min(decimals, 10)));
  if (s.includes('.')) s = s.replace(/0+$/, '').replace(/\.$/, '');
  if (s === '-0') s = '0';
  const neg = s.startsWith('-');
  const body = neg ? s.slice(1) : s;
  const [int, frac] = body.split('.');
  const grouped = int!.length > 4 ? int!.replace(/\B(?=(\d{3})+(?!\d))/g, ',') : int!;
  return (neg ? '-' : '') + grouped + (frac ? '.' + frac : '');
}

/**
 * Nice ticks covering [lo, hi] with about `count` intervals. A degenerate range is widened.
 * @internal
 */
export function niceTicks(lo: number, hi: number, count = 5): Ticks {
  if (!Number.isFinite(lo) || !Number.isFinite(hi)) {
    lo = 0;
    hi = 1;
  }
  if (lo > hi) [lo, hi] = [hi, lo];
  if (lo === hi) {
    const pad = lo === 0 ? 1 : Math.abs(lo) * 0.1;
    lo -= pad;
    hi += pad;
  }
  const range = niceNum(hi - lo, false);
  const step = niceNum(range / Math.max(1, count), true);
  const min = Math.floor(lo / step + 1e-9) * step;
  const max = Math.ceil(hi / step - 1e-9) * step;
  const decimals =
    Math.max(0, -Math.floor(Math.log10(step) + 1e-9)) +
    (step / 10 ** Math.floor(Math.log10(step) + 1e-9) === 2.5 ? 1 : 0);
  const values: number[] = [];
  const n = Math.round((max - min) / step);
  for (let i = 0; i <= n; i++) {
    const v = Number((min + i * step).toFixed(12));
    values.push(v === 0 ? 0 : v);
  }
  return {
    min: values[0]!,
    max: values[values.length - 1]!,
    values,
    labels: values.map((v) => formatNumber(v, decimals)),
  };
}

const TIME_STEPS: Array<[number, Step]> = [
  [1000, { count: 1, unit: 'second' }],
  [5000, { count: 5, unit: 'second' }],
  [15000, { count: 15, unit: 'second' }],
  [30000, { count: 30, unit: 'second' }],
  [60000, { count: 1, unit: 'minute' }],
  [300000, { count: 5, unit: 'minute' }],
  [900000, { count: 15, unit: 'minute' }],
  [1800000, { count: 30, unit: 'minute' }],
  [3600000, { count: 1, unit: 'hour' }],
  [10800000, { count: 3, unit: 'hour' }],
  [21600000, { count: 6, unit: 'hour' }],
  [43200000, { count: 12, unit: 'hour' }],
  [86400000, { count: 1, unit: 'day' }],
  [172800000, { count: 2, unit: 'day' }],
  [604800000, { count: 1, unit: 'week' }],
  [1209600000, { count: 2, unit: 'week' }],
  [2629746000, { count: 1, unit: 'month' }],
  [7889238000, { count: 3, unit: 'month' }],
  [15778476000, { count: 6, unit: 'month' }],
  [31556952000, { count: 1, unit: 'year' }],
];

const pad2 = (n: number): string => String(n).padStart(2, '0');

/** @internal Formats a UTC time at the precision that suits a tick step. */
export function formatTime(t: number, step: Step): string {
  const d = new Date(t);
  const ymd = `${d.getUTCFullYear()}-${pad2(d.getUTCMonth() + 1)}-${pad2(d.getUTCDate())}`;
  switch (step.unit) {
    case 'year':
      return String(d.getUTCFullYear());
    case 'month':
      return ymd.slice(0, 7);
    case 'week':
    case 'day':
      return ymd;
    case 'hour':
    case 'minute':
      return `${ymd.slice(5)} ${pad2(d.getUTCHours())}:${pad2(d.getUTCMinutes())}`;
    default:
      return `${pad2(d.getUTCHours())}:${pad2(d.getUTCMinutes())}:${pad2(d.getUTCSeconds())}`;
  }
}

function floorToStep(t: number, step: Step): number {
  const d = new Date(t);
  switch (step.unit) {
    case 'year':
      return Date.UTC(Math.floor(d.getUTCFullYear() / step.count) * step.count, 0, 1);
    case 'month':
      return Date.UTC(d.getUTCFullYear(), Math.floor(d.getUTCMonth() / step.count) * step.count, 1);
    case 'week': {
      const day = Math.floor(t / 86400000);
      return (day - ((((day + 3) % 7) + 7) % 7)) * 86400000; // Monday
    }
    default: {
      const ms =
        step.unit === 'day'
          ? 86400000
          : step.unit === 'hour'
            ? 3600000
            : step.unit === 'minute'
              ? 60000
              : 1000;
      const size = ms * step.count;
      return Math.floor(t / size) * size;
    }
  }
}

/**
 * Calendar-aligned ticks for a time domain (ms since epoch, UTC): whole seconds, minutes, hours,
 * days, Monday-start weeks, months or years, whichever gives about `count` intervals. The domain
 * stays the data's extent; the ticks are the calendar boundaries inside it.
 * @internal
 */
export function timeTicks(lo: number, hi: number, count = 5): Ticks {
  if (!Number.isFinite(lo) || !Number.isFinite(hi)) {
    lo = 0;
    hi = 86400000;
  }
  if (lo === hi) {
    lo -= 43200000;
    hi += 43200000;
  }
  const target = (hi - lo) / Math.max(1, count);
  let step = TIME_STEPS[TIME_STEPS.length - 1]![1];
  for (const [ms, s] of TIME_STEPS) {
    if (ms >= target) {
      step = s;
      break;
    }
  }
  if (TIME_STEPS[TIME_STEPS.length - 1]![0] < target) {
    const years = niceNum(target / 31556952000, true);
    step = { count: Math.max(1, Math.round(years)), unit: 'year' };
  }
  const first = floorToStep(lo, step);
  const values: number[] = [];
  for (let k = 0; k < 1000; k++) {
    const t = addSteps(first, step, k);
    if (t > hi) break;
    if (t >= lo) values.push(t);
  }
  return { min: lo, max: hi, values, labels: values.map((t) => formatTime(t, step)) };
}
