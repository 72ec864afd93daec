import type { DataFrame } from '../DataFrame.js';
import {
  entries,
  getColumn,
  makeFrame,
  dtypeOf,
  isNumeric,
  type ColumnSpec,
  indexOf,
} from './internal.js';
import { formatNumber } from '../plot/ticks.js';

/** Options of {@link cut}. @category Columns */
export interface CutOptions {
  /**
   * Bin edges in strictly increasing order (`[0, 18, 65, Infinity]` gives three bins), or a
   * number of equal-width bins spanning the column's minimum to maximum.
   */
  bins: readonly number[] | number;
  /** One label per bin; by default `"(a, b]"` (or `"[a, b)"` with `right: false`). */
  labels?: readonly string[];
  /** Whether bins include their right edge (default `true`: `(a, b]`); `false` gives `[a, b)`. */
  right?: boolean;
  /**
   * Whether the outermost closed-off edge is included too (default `true`): with `right: true`
   * the first bin is `[e0, e1]`, with `right: false` the last bin is `[en-1, en]`.
   */
  includeLowest?: boolean;
  /** Name of the new column; by default the binned column is replaced. */
  name?: string;
}

/**
 * Bins a numeric column into labelled intervals. By default bins are closed on the right,
 * `(e0, e1], (e1, e2], …`, and the lowest edge is included, so the first bin is `[e0, e1]` —
 * a value equal to the first edge lands in the first bin. Values outside every bin and
 * missing values become missing. The result is a `str` column of labels.
 *
 * @param df - the input frame (not modified)
 * @param column - the numeric column to bin
 * @param options - `bins` (edges or a count), `labels`, `right`, `includeLowest`, `name`
 * @returns a new frame with the labels replacing the column (or added as `options.name`)
 * @throws {RangeError} when the column does not exist, the edges are not strictly increasing, or the labels do not match the bins
 * @throws {TypeError} when the column is not numeric
 * @category Columns
 * @example
 * ```ts
 * import { DataFrame, cut } from 'tinyframejs';
 *
 * const df = new DataFrame({ age: [5, 18, 30, 70, null] });
 * const out = cut(df, 'age', { bins: [0, 18, 65, 120], labels: ['child', 'adult', 'senior'], name: 'group' });
 * console.log(out.get('group')); // ['child', 'child', 'adult', 'senior', null]
 * ```
 */
export function cut(df: DataFrame, column: string, options: CutOptions): DataFrame {
  const col = getColumn(df, column, 'cut');
  if (!isNumeric(dtypeOf(df, column)))
    throw new TypeError(
      `cut: column "${column}" must be numeric, but its dtype is ${dtypeOf(df, column)}`,
    );
  if (!options || options.bins === undefined)
    throw new TypeError('cut: options.bins is required (edges or a number of bins)');
  const right = options.right ?? true;
  const includeLowest = options.includeLowest ?? true;
  const nums = col as ArrayLike<number>;
  let edges: number[];
  if (typeof options.bins === 'number') {
    const k = options.bins;
    if (!Number.isInteger(k) || k < 1)
      throw new RangeError(`cut: bins must be a positive integer or an array of edges, got ${k}`);
    let lo = Infinity;
    let hi = -Infinity;
    for (let i = 0; i < nums.length; i++) {
      const v = nums[i]!;
      if (Number.isFinite(v)) {
        if (v < lo) lo = v;
        if (v > hi) hi = v;
      }
    }
    if (lo === Infinity) {
      lo = 0;
      hi = 1;
    }
    if (lo === hi) {
      lo -= 0.5;
      hi += 0.5;
    }
    edges = Array.from({ length: k + 1 }, (_, i) => (i === k ? hi : lo + ((hi - lo) * i) / k));
  } else {
    edges = [...options.bins];
    if (edges.length < 2) throw new RangeError('cut: bins needs at least two edges');
    for (let i = 1; i < edges.length; i++) {
      if (!(edges[i]! > edges[i - 1]!))
        throw new RangeError(
          `cut: bin edges must be strictly increasing, got ${edges[i - 1]} then ${edges[i]}`,
        );
    }
  }
  const nb = edges.length - 1;
  const fmt = (v: number): string =>
    Number.isFinite(v) ? formatNumber(v, 6).replace(/,/g, '') : v > 0 ? 'inf' : '-inf';
  const labels = options.labels
    ? [...options.labels]
    : Array.from({ length: nb }, (_, i) =>
        right
          ? `(${fmt(edges[i]!)}, ${fmt(edges[i + 1]!)}]`
          : `[${fmt(edges[i]!)}, ${fmt(edges[i + 1]!)})`,
      );
  if (labels.length !== nb)
    throw new RangeError(`cut: ${nb} bins need ${nb} labels, got ${labels.length}`);
  const n = nums.length;
  const out = new Array<string | null>(n);
  for (let i = 0; i < n; i++) {
    const v = nums[i]!;
    out[i] = v !== v ? null : binOf(v, edges, right, includeLowest, labels);
  }
  const result: ColumnSpec = [options.name ?? column, Object.freeze(out), 'str'];
  const cols = entries(df);
  if (options.name === undefined || options.name === column)
    return makeFrame(
      df,
      cols.map((e) => (e[0] === column ? result : e)),
      indexOf(df),
    );
  const pos = cols.findIndex((e) => e[0] === options.name);
  if (pos >= 0) cols[pos] = result;
  else cols.push(result);
  return makeFrame(df, cols, indexOf(df));
}

function binOf(
  v: number,
  edges: number[],
  right: boolean,
  includeLowest: boolean,
  labels: string[],
): string | null {
  const nb = edges.length - 1;
  // Binary search for the bin.
  let lo = 0;
  let hi = nb - 1;
  if (right) {
    if (v === edges[0] && includeLowest) return labels[0]!;
    if (v <= edges[0]! || v > edges[nb]!) return null;
    // first i with v <= edges[i+1]
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (v <= edges[mid + 1]!) hi = mid;
      else lo = mid + 1;
    }
    return labels[lo]!;
  }
  if (v === edges[nb] && includeLowest) return labels[nb - 1]!;
  if (v < edges[0]! || v >= edges[nb]!) return null;
  // last i with edges[i] <= v
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (edges[mid]! <= v) lo = mid;
    else hi = mid - 1;
  }
  return labels[lo]!;
}
