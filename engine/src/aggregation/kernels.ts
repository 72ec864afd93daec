/**
 * Numeric reduction kernels over typed arrays. All skip NaN (missing) and
 * allocate nothing per value. Sums use Neumaier compensation so long columns
 * do not drift; variance is two-pass (mean first) for accuracy.
 */

export function countOf(a: ArrayLike<number>): number {
  let c = 0;
  for (let i = 0; i < a.length; i++) if (a[i] === a[i]) c++;
  return c;
}

/** Compensated sum of the non-NaN values; `n` receives the count. */
export function sumAndCount(a: ArrayLike<number>): { sum: number; n: number } {
  let s = 0;
  let comp = 0;
  let n = 0;
  for (let i = 0; i < a.length; i++) {
    const x = a[i]!;
    if (x !== x) continue;
    n++;
    const t = s + x;
    if (Math.abs(s) >= Math.abs(x)) comp += s - t + x;
    else comp += x - t + s;
    s = t;
  }
  const total = s + comp;
  // Infinities make the compensation NaN; fall back to the plain sum then.
  return { sum: total === total ? total : s, n };
}

export function sumOf(a: ArrayLike<number>): number {
  return sumAndCount(a).sum;
}

export function meanOf(a: ArrayLike<number>): number {
  const { sum, n } = sumAndCount(a);
  return n === 0 ? NaN : sum / n;
}

export function varianceOf(a: ArrayLike<number>, ddof = 1): number {
  const { sum, n } = sumAndCount(a);
  if (n - ddof <= 0) return NaN;
  const mean = sum / n;
  let ss = 0;
  let c = 0;
  for (let i = 0; i < a.length; i++) {
    const x = a[i]!;
    if (x !== x) continue;
    const d = x - mean;
    ss += d * d;
    c += d;
  }
  // Corrected two-pass formula (Chan, Golub & LeVeque): removes the rounding left in the mean.
  return (ss - (c * c) / n) / (n - ddof);
}

export function minOf(a: ArrayLike<number>): number {
  let m = NaN;
  for (let i = 0; i < a.length; i++) {
    const x = a[i]!;
    if (x === x && !(x >= m)) m = x;
  }
  return m;
}

export function maxOf(a: ArrayLike<number>): number {
  let m = NaN;
  for (let i = 0; i < a.length; i++) {
    const x = a[i]!;
    if (x === x && !(x <= m)) m = x;
  }
  return m;
}

/** The non-NaN values, sorted ascending, in a new Float64Array. */
export function sortedValues(a: ArrayLike<number>): Float64Array {
  const out = new Float64Array(countOf(a));
  let k = 0;
  for (let i = 0; i < a.length; i++) {
    const x = a[i]!;
    if (x === x) out[k++] = x;
  }
  return out.sort();
}

export function medianOf(a: ArrayLike<number>): number {
  const s = sortedValues(a);
  const n = s.length;
  if (n === 0) return NaN;
  const h = n >> 1;
  return n % 2 === 1 ? s[h]! : (s[h - 1]! + s[h]!) / 2;
}
