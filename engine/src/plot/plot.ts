import { columnOf } from '../storage.js';
import type { DataFrame } from '../DataFrame.js';
import { isNumericDType } from '../dtypes.js';
import { cellValue } from '../column.js';
import { dtypeOf, getColumn, toNumbers } from '../columns/internal.js';
import { formatNumber, formatTime } from './ticks.js';
import { renderChart, type ChartSpec, type SeriesSpec, type XSpec } from './render.js';

/** Options of {@link plot}. @category Plotting */
export interface PlotOptions {
  /** `'line'` (default), `'bar'`, `'scatter'` or `'histogram'`. */
  kind?: 'line' | 'bar' | 'scatter' | 'histogram';
  /**
   * The x column: numbers and dates give a continuous axis (dates in UTC), other values one
   * category each (a bar chart always uses categories). Default: the row position (bar: the
   * row index labels). Unused by histograms.
   */
  x?: string;
  /**
   * The numeric column(s) to draw; several give several series and a legend. Default: every
   * numeric column except `x`. For a histogram, the column(s) whose distribution is shown.
   */
  y?: string | readonly string[];
  /** Chart title, shown on top and used as the SVG's accessible name. */
  title?: string;
  /** Accessible description (`<desc>`); by default one is written from the data. */
  description?: string;
  /** Axis titles (default: the x column's name; the y column's name when there is one series). */
  xLabel?: string;
  /** See `xLabel`. */
  yLabel?: string;
  /** Width and height of the SVG's coordinate system in px (default 640 × 360; the SVG scales down to fit). */
  width?: number;
  /** See `width`. */
  height?: number;
  /** Histogram bin count (default 10), equal-width bins from the minimum to the maximum. */
  bins?: number;
  /** Show a legend (default: when there are several series). */
  legend?: boolean;
  /** Prefix of the element ids (for `aria-labelledby`); by default derived from a hash of the chart, so equal charts get equal ids. */
  id?: string;
}

function hash(s: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(36);
}

const KIND_NAMES = {
  line: 'Line chart',
  bar: 'Bar chart',
  scatter: 'Scatter plot',
  histogram: 'Histogram',
} as const;

/**
 * Draws a chart of a frame as a self-contained SVG string — no chart library, no script, no
 * external file, so it can be embedded in a page at build time. The SVG is accessible
 * (`role="img"`, `<title>` and `<desc>` referenced by `aria-labelledby`, a generated
 * description of the data unless you give one), has axes with "nice" tick values (1, 2, 2.5 or
 * 5 × 10ⁿ; calendar-aligned for dates), grid lines, and a legend when there are several series.
 *
 * Colours come only from CSS custom properties with fallbacks, so an inline SVG follows the
 * page's light or dark theme: series `--tf-plot-1` … `--tf-plot-8` (colour-blind-safe Okabe–Ito
 * fallbacks), text `--tf-plot-fg` (default `currentColor`), grid `--tf-plot-grid`, axes
 * `--tf-plot-axis`, font `--tf-plot-font`. The output is deterministic: the same frame and
 * options give the same bytes. Missing values are skipped (a line breaks at a gap).
 *
 * @param df - the frame to draw
 * @param options - `kind`, `x`, `y`, `title` and the other {@link PlotOptions}
 * @returns the SVG markup
 * @throws {RangeError} when a column does not exist, the kind is unknown, or a size or bin count is not a positive number
 * @throws {TypeError} when a y column is not numeric
 * @category Plotting
 * @example
 * ```ts
 * import { DataFrame, plot } from 'tinyframejs';
 *
 * const df = new DataFrame({ month: ['Jan', 'Feb', 'Mar'], north: [12, 15, 11], south: [9, 14, 16] });
 * const svg = plot(df, { kind: 'bar', x: 'month', y: ['north', 'south'], title: 'Sales by month' });
 * console.log(svg.startsWith('<svg')); // true
 * console.log(svg.includes('role="img"') && svg.includes('var(--tf-plot-1, #0072b2)')); // true
 * ```
 */
export function plot(df: DataFrame, options: PlotOptions = {}): string {
  const kind = options.kind ?? 'line';
  if (!(kind in KIND_NAMES))
    throw new RangeError(
      `plot: kind must be 'line', 'bar', 'scatter' or 'histogram', got ${JSON.stringify(kind)}`,
    );
  const width = options.width ?? 640;
  const height = options.height ?? 360;
  for (const [k, v] of [
    ['width', width],
    ['height', height],
  ] as const) {
    if (typeof v !== 'number' || !(v >= 100) || !Number.isFinite(v))
      throw new RangeError(`plot: ${k} must be a number of at least 100, got ${String(v)}`);
  }
  const xName = kind === 'histogram' ? undefined : options.x;
  if (xName !== undefined) getColumn(df, xName, 'plot');
  const ys =
    options.y === undefined
      ? df.columns.filter((c) => c !== xName && isNumericDType(dtypeOf(df, c)))
      : typeof options.y === 'string'
        ? [options.y]
        : [...options.y];
  for (const y of ys) {
    getColumn(df, y, 'plot');
    if (!isNumericDType(dtypeOf(df, y)))
      throw new TypeError(
        `plot: y column "${y}" must be numeric, but its dtype is ${dtypeOf(df, y)}`,
      );
  }
  const n = df.rowCount;
  let x: XSpec;
  let series: SeriesSpec[];
  let edges: Float64Array | undefined;
  let xDesc = '';
  if (kind === 'histogram') {
    const bins = options.bins ?? 10;
    if (!Number.isInteger(bins) || bins < 1)
      throw new RangeError(`plot: bins must be a positive integer, got ${String(bins)}`);
    const data = ys.map((y) => toNumbers(columnOf(df, y)));
    let lo = Infinity;
    let hi = -Infinity;
    for (const a of data)
      for (const v of a)
        if (Number.isFinite(v)) {
          if (v < lo) lo = v;
          if (v > hi) hi = v;
        }
    if (lo === Infinity) {
      lo = 0;
      hi = 1;
    }
    if (lo === hi) {
      lo -= 0.5;
      hi += 0.5;
    }
    edges = Float64Array.from({ length: bins + 1 }, (_, i) =>
      i === bins ? hi : lo + ((hi - lo) * i) / bins,
    );
    series = ys.map((y, s) => {
      const counts = new Float64Array(bins);
      for (const v of data[s]!) {
        if (!Number.isFinite(v)) continue;
        counts[Math.min(bins - 1, Math.floor(((v - lo) / (hi - lo)) * bins))]!++;
      }
      return { name: y, values: counts };
    });
    x = { kind: 'number', values: edges };
    xDesc = `${bins} bins from ${formatNumber(lo, 6)} to ${formatNumber(hi, 6)}`;
  } else {
    series = ys.map((y) => ({ name: y, values: toNumbers(columnOf(df, y)) }));
    const xdt = xName === undefined ? undefined : dtypeOf(df, xName);
    if (kind === 'bar' || (xdt !== undefined && !isNumericDType(xdt) && xdt !== 'date')) {
      const labels =
        xName === undefined
          ? df.index.map((l) => (l instanceof Date ? l.toISOString() : String(l)))
          : Array.from({ length: n }, (_, i) => {
              const v = cellValue(columnOf(df, xName), i);
              return v === null ? '' : v instanceof Date ? v.toISOString().slice(0, 10) : String(v);
            });
      x = { kind: 'band', labels };
      xDesc =
        labels.length <= 12
          ? `categories ${labels.join(', ')}`
          : `${labels.length} categories from ${labels[0]} to ${labels[labels.length - 1]}`;
    } else {
      const values =
        xName === undefined
          ? Float64Array.from({ length: n }, (_, i) => i)
          : toNumbers(columnOf(df, xName));
      x = { kind: xdt === 'date' ? 'time' : 'number', values };
      let lo = Infinity;
      let hi = -Infinity;
      for (const v of values)
        if (Number.isFinite(v)) {
          if (v < lo) lo = v;
          if (v > hi) hi = v;
        }
      const f = (v: number): string =>
        xdt === 'date' ? formatTime(v, { count: 1, unit: 'day' }) : formatNumber(v, 6);
      xDesc = lo === Infinity ? 'no x values' : `${xName ?? 'position'} from ${f(lo)} to ${f(hi)}`;
    }
  }
  const title = options.title ?? '';
  let desc = options.description;
  if (desc === undefined) {
    let lo = Infinity;
    let hi = -Infinity;
    let points = 0;
    for (const s of series)
      for (const v of s.values)
        if (Number.isFinite(v)) {
          points++;
          if (v < lo) lo = v;
          if (v > hi) hi = v;
        }
    const what =
      kind === 'histogram'
        ? `the distribution of ${ys.join(', ')}`
        : ys.length
          ? ys.join(', ')
          : 'no series';
    const by = kind !== 'histogram' && xName ? ` by ${xName}` : '';
    desc = `${KIND_NAMES[kind]} of ${what}${by}. ${n === 0 || points === 0 ? 'No data.' : `${kind === 'histogram' ? `${n} rows in ${xDesc}; the tallest bin holds ${formatNumber(hi, 0)}` : `${points} values; ${xDesc}; values from ${formatNumber(lo, 6)} to ${formatNumber(hi, 6)}`}.`}`;
  }
  const xLabel =
    options.xLabel ?? (kind === 'histogram' ? (ys.length === 1 ? ys[0]! : '') : (xName ?? ''));
  const yLabel = options.yLabel ?? (kind === 'histogram' ? 'count' : ys.length === 1 ? ys[0]! : '');
  const legend = options.legend ?? series.length > 1;
  const base: Omit<ChartSpec, 'id'> = {
    kind,
    x,
    series,
    title,
    description: desc,
    xLabel,
    yLabel,
    width,
    height,
    legend,
    ...(edges ? { edges } : {}),
  };
  const id =
    options.id ??
    `tf-plot-${hash(JSON.stringify(base, (_k, v) => (ArrayBuffer.isView(v) ? Array.from(v as Float64Array) : v)))}`;
  if (!/^[A-Za-z][\w-]*$/.test(id))
    throw new RangeError(
      `plot: id must start with a letter and hold only letters, digits, '-' and '_', got ${JSON.stringify(id)}`,
    );
  return renderChart({ ...base, id });
}
