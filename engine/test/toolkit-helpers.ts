// Shared helpers for the analysis-toolkit tests: a seeded PRNG and naive reference implementations.
import assert from 'node:assert/strict';

/** mulberry32: a small seeded PRNG, so property tests are reproducible. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const randInt = (r: () => number, lo: number, hi: number): number =>
  lo + Math.floor(r() * (hi - lo + 1));

/** Random numbers with some NaN holes. */
export function randomNumbers(
  r: () => number,
  n: number,
  missing = 0.1,
  scale = 100,
): Float64Array {
  const a = new Float64Array(n);
  for (let i = 0; i < n; i++)
    a[i] = r() < missing ? NaN : Math.round((r() - 0.5) * scale * 1000) / 1000;
  return a;
}

export function close(actual: number, expected: number, tol = 1e-9, msg?: string): void {
  if (Number.isNaN(expected)) {
    assert.ok(Number.isNaN(actual), msg ?? `expected NaN, got ${actual}`);
    return;
  }
  const err = Math.abs(actual - expected);
  assert.ok(
    err <= tol * Math.max(1, Math.abs(expected)),
    msg ?? `expected ${expected}, got ${actual}`,
  );
}

export function closeArrays(
  actual: ArrayLike<number>,
  expected: ArrayLike<number>,
  tol = 1e-9,
): void {
  assert.equal(actual.length, expected.length, 'length');
  for (let i = 0; i < expected.length; i++)
    close(actual[i]!, expected[i]!, tol, `at ${i}: expected ${expected[i]}, got ${actual[i]}`);
}

/** Naive sample/population variance of the present values. */
export function naiveVar(xs: number[], ddof = 1): number {
  const v = xs.filter((x) => !Number.isNaN(x));
  if (v.length - ddof <= 0) return NaN;
  const m = v.reduce((a, b) => a + b, 0) / v.length;
  return v.reduce((a, b) => a + (b - m) ** 2, 0) / (v.length - ddof);
}

/** Naive linear-interpolation quantile (type 7). */
export function naiveQuantile(xs: number[], q: number): number {
  const v = xs.filter((x) => !Number.isNaN(x)).sort((a, b) => a - b);
  if (v.length === 0) return NaN;
  const pos = (v.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return v[lo]! + (pos - lo) * (v[hi]! - v[lo]!);
}
