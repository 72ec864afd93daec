/**
 * Numeric kernels behind the statistics functions: they work on plain arrays and typed
 * arrays, skip missing values (`NaN`, `null`, `undefined`) and never allocate per row.
 * @internal
 * @module
 */

/** @internal True when `v` is a finite-or-infinite number (not `NaN`, not missing). */
export function isNum(v: unknown): v is number {
  return typeof v === 'number' && v === v;
}

/**
 * Copies the non-missing numbers of `values` into a new sorted `Float64Array`.
 * @internal
 */
export function sortedNumbers(values: ArrayLike<unknown>): Float64Array {
  const n = values.length;
  const out = new Float64Array(n);
  let k = 0;
  for (let i = 0; i < n; i++) {
    const v = values[i];
    if (typeof v === 'number' && v === v) out[k++] = v;
    else if (v instanceof Date) {
      const t = v.getTime();
      if (t === t) out[k++] = t;
    }
  }
  const res = k === n ? out : out.slice(0, k);
  res.sort();
  return res;
}

/**
 * Quantile of an already sorted array by linear interpolation between the two nearest ranks:
 * with `h = (n − 1)·q`, the result is `x[⌊h⌋] + (h − ⌊h⌋)·(x[⌊h⌋+1] − x[⌊h⌋])`
 * (numpy's and pandas' default, Hyndman & Fan type 7). Empty input gives `NaN`.
 * @internal
 */
export function quantileSorted(sorted: ArrayLike<number>, q: number): number {
  const n = sorted.length;
  if (n === 0) return NaN;
  if (n === 1) return sorted[0]!;
  const h = (n - 1) * q;
  const lo = Math.floor(h);
  const hi = Math.min(lo + 1, n - 1);
  const a = sorted[lo]!;
  const b = sorted[hi]!;
  const frac = h - lo;
  if (frac === 0 || a === b) return a;
  return a + frac * (b - a);
}

/**
 * Sample (ddof = 1) or population (ddof = 0) covariance over the pairs where both values are
 * present. Fewer than `ddof + 1` complete pairs give `NaN`.
 * @internal
 */
export function covariance(x: ArrayLike<unknown>, y: ArrayLike<unknown>, ddof = 1): number {
  const n = Math.min(x.length, y.length);
  let cnt = 0;
  let mx = 0;
  let my = 0;
  for (let i = 0; i < n; i++) {
    const a = x[i];
    const b = y[i];
    if (typeof a === 'number' && a === a && typeof b === 'number' && b === b) {
      cnt++;
      mx += a;
      my += b;
    }
  }
  if (cnt - ddof <= 0) return NaN;
  mx /= cnt;
  my /= cnt;
  let s = 0;
  for (let i = 0; i < n; i++) {
    const a = x[i];
    const b = y[i];
    if (typeof a === 'number' && a === a && typeof b === 'number' && b === b)
      s += (a - mx) * (b - my);
  }
  return s / (cnt - ddof);
}

/**
 * Pearson correlation coefficient over the pairs where both values are present. Fewer than two
 * complete pairs, or a constant side, give `NaN`. The result is clamped to [−1, 1].
 * @internal
 */
export function pearson(x: ArrayLike<unknown>, y: ArrayLike<unknown>): number {
  const n = Math.min(x.length, y.length);
  let cnt = 0;
  let mx = 0;
  let my = 0;
  for (let i = 0; i < n; i++) {
    const a = x[i];
    const b = y[i];
    if (typeof a === 'number' && a === a && typeof b === 'number' && b === b) {
      cnt++;
      mx += a;
      my += b;
    }
  }
  if (cnt < 2) return NaN;
  mx /= cnt;
  my /= cnt;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < n; i++) {
    const a = x[i];
    const b = y[i];
    if (typeof a === 'number' && a === a && typeof b === 'number' && b === b) {
      const dx = a - mx;
      const dy = b - my;
      sxy += dx * dy;
      sxx += dx * dx;
      syy += dy * dy;
    }
  }
  if (sxx === 0 || syy === 0) return NaN;
  const r = sxy / Math.sqrt(sxx * syy);
  return r > 1 ? 1 : r < -1 ? -1 : r;
}
