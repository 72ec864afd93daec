/**
 * O(n) sliding-window kernels behind `rolling()`. Every kernel looks at a trailing window of
 * `window` rows ending at the current row, skips missing values (`NaN`), and yields `NaN`
 * where the window holds fewer than `minPeriods` present values.
 * @internal
 * @module
 */

/** @internal Checks the window and minPeriods arguments. */
export function checkWindow(window: number, minPeriods: number): void {
  if (!Number.isInteger(window) || window < 1) {
    throw new RangeError(`rolling: window must be a positive integer, got ${String(window)}`);
  }
  if (!Number.isInteger(minPeriods) || minPeriods < 1 || minPeriods > window) {
    throw new RangeError(
      `rolling: minPeriods must be an integer from 1 to the window (${window}), got ${String(minPeriods)}`,
    );
  }
}

const num = (v: unknown): number =>
  typeof v === 'number' ? v : v instanceof Date ? v.getTime() : NaN;

/**
 * Rolling sum (or mean with `mean = true`) with Neumaier-compensated running sums, so values
 * leaving the window do not leave rounding residue behind. Infinities are counted apart.
 * @internal
 */
export function rollingSumKernel(
  values: ArrayLike<unknown>,
  window: number,
  minPeriods: number,
  mean: boolean,
): Float64Array {
  checkWindow(window, minPeriods);
  const n = values.length;
  const out = new Float64Array(n);
  let sum = 0;
  let comp = 0;
  let cnt = 0;
  let posInf = 0;
  let negInf = 0;
  const add = (x: number, sign: 1 | -1): void => {
    if (x === Infinity) {
      posInf += sign;
      return;
    }
    if (x === -Infinity) {
      negInf += sign;
      return;
    }
    const v = sign * x;
    const t = sum + v;
    if (Math.abs(sum) >= Math.abs(v)) comp += sum - t + v;
    else comp += v - t + sum;
    sum = t;
  };
  for (let i = 0; i < n; i++) {
    const x = num(values[i]);
    if (x === x) {
      add(x, 1);
      cnt++;
    }
    if (i >= window) {
      const y = num(values[i - window]);
      if (y === y) {
        add(y, -1);
        cnt--;
        if (cnt === 0) {
          sum = 0;
          comp = 0;
        }
      }
    }
    if (cnt < minPeriods) {
      out[i] = NaN;
      continue;
    }
    let s: number;
    if (posInf > 0 && negInf > 0) s = NaN;
    else if (posInf > 0) s = Infinity;
    else if (negInf > 0) s = -Infinity;
    else s = sum + comp;
    out[i] = mean ? s / cnt : s;
  }
  return out;
}

/**
 * Rolling minimum (`sign = 1`) or maximum (`sign = −1`) with a monotonic deque of row indices:
 * each row enters and leaves the deque once, so the whole pass is O(n).
 * @internal
 */
export function rollingExtremeKernel(
  values: ArrayLike<unknown>,
  window: number,
  minPeriods: number,
  wantMax: boolean,
): Float64Array {
  checkWindow(window, minPeriods);
  const n = values.length;
  const out = new Float64Array(n);
  const xs = new Float64Array(n);
  for (let i = 0; i < n; i++) xs[i] = num(values[i]);
  const dq = new Int32Array(n);
  let head = 0;
  let tail = 0; // deque = dq[head..tail)
  let cnt = 0;
  for (let i = 0; i < n; i++) {
    const x = xs[i]!;
    if (x === x) {
      cnt++;
      if (wantMax) while (tail > head && xs[dq[tail - 1]!]! <= x) tail--;
      else while (tail > head && xs[dq[tail - 1]!]! >= x) tail--;
      dq[tail++] = i;
    }
    if (i >= window) {
      const y = xs[i - window]!;
      if (y === y) cnt--;
      while (tail > head && dq[head]! <= i - window) head++;
    }
    out[i] = cnt >= minPeriods && tail > head ? xs[dq[head]!]! : NaN;
  }
  return out;
}

/**
 * Rolling variance or standard deviation with Welford's update for a value entering and its
 * inverse for a value leaving the window, re-anchored by an exact two-pass computation every
 * `window` rows (amortised O(1) per row); `ddof` 1 gives sample statistics. A window holding a
 * non-finite value gives `NaN`.
 * @internal
 */
export function rollingVarKernel(
  values: ArrayLike<unknown>,
  window: number,
  minPeriods: number,
  ddof: number,
  sqrt: boolean,
): Float64Array {
  checkWindow(window, minPeriods);
  const n = values.length;
  const out = new Float64Array(n);
  let cnt = 0;
  let mean = 0;
  let m2 = 0;
  let nonFinite = 0;
  for (let i = 0; i < n; i++) {
    const x = num(values[i]);
    if (x === x) {
      cnt++;
      if (x === Infinity || x === -Infinity) nonFinite++;
      else {
        // Welford on the finite values only; cnt - nonFinite finite values after adding.
        const k = cnt - nonFinite;
        const d = x - mean;
        mean += d / k;
        m2 += d * (x - mean);
      }
    }
    if (i >= window) {
      const y = num(values[i - window]);
      if (y === y) {
        if (y === Infinity || y === -Infinity) {
          nonFinite--;
          cnt--;
        } else {
          const k = cnt - nonFinite - 1; // finite values left after removal
          cnt--;
          if (k <= 0) {
            mean = 0;
            m2 = 0;
          } else {
            const d = y - mean;
            mean -= d / k;
            m2 -= d * (y - mean);
            if (m2 < 0) m2 = 0;
          }
        }
      }
    }
    if ((i + 1) % window === 0 && cnt - nonFinite > 0) {
      // Every `window` rows, recompute the window's moments exactly (two-pass) so the rounding
      // drift of the running removals cannot build up; O(window) every window rows keeps O(n).
      let k = 0;
      let s = 0;
      for (let j = i - window + 1; j <= i; j++) {
        const v = num(values[j]);
        if (v === v && v !== Infinity && v !== -Infinity) {
          k++;
          s += v;
        }
      }
      mean = s / k;
      m2 = 0;
      for (let j = i - window + 1; j <= i; j++) {
        const v = num(values[j]);
        if (v === v && v !== Infinity && v !== -Infinity) m2 += (v - mean) * (v - mean);
      }
    }
    if (cnt < minPeriods || cnt - ddof <= 0) {
      out[i] = NaN;
      continue;
    }
    if (nonFinite > 0) {
      out[i] = NaN;
      continue;
    }
    if (cnt === 1) {
      out[i] = 0;
      continue;
    }
    const v = m2 / (cnt - ddof);
    out[i] = sqrt ? Math.sqrt(v) : v;
  }
  return out;
}
