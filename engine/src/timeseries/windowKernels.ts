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
 * Rolling variance or standard deviation, numerically stable for any window: no running sum is
 * ever taken back out (removing a large value by subtraction is what loses every digit of the
 * small ones left behind). The window is kept as two blocks (the "two stacks" sliding-window
 * aggregation): the older block holds, for each of its rows, the moments (count, mean, M2) of
 * that row through the block's end, built once by Welford's update from the right when the
 * block is formed; the newer block keeps running moments of the rows added since. Each window's
 * moments are the two blocks' combined by Chan's formula (M2 = M2a + M2b + δ²·na·nb/n: sums of
 * non-negative terms). Every row is added once to each block: O(n). `ddof` 1 gives sample
 * statistics; a window holding a non-finite value gives `NaN`.
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
  const xs = new Float64Array(n);
  for (let i = 0; i < n; i++) xs[i] = num(values[i]);
  // The older block, [start, boundary): moments of rows j..boundary-1, stored at j % window.
  const fCount = new Float64Array(window);
  const fMean = new Float64Array(window);
  const fM2 = new Float64Array(window);
  const fOther = new Int32Array(window); // present but non-finite values
  let boundary = 0;
  // The newer block, [boundary, i]: running moments.
  let bCount = 0;
  let bMean = 0;
  let bM2 = 0;
  let bOther = 0;
  for (let i = 0; i < n; i++) {
    const x = xs[i]!;
    if (x === x) {
      if (x === Infinity || x === -Infinity) bOther++;
      else {
        bCount++;
        const d = x - bMean;
        bMean += d / bCount;
        bM2 += d * (x - bMean);
      }
    }
    const start = i - window + 1 > 0 ? i - window + 1 : 0;
    if (start >= boundary) {
      // The older block is used up: the newer one becomes it, its moments built from the right.
      let c = 0;
      let m = 0;
      let m2 = 0;
      let other = 0;
      for (let j = i; j >= boundary; j--) {
        const v = xs[j]!;
        if (v === v) {
          if (v === Infinity || v === -Infinity) other++;
          else {
            c++;
            const d = v - m;
            m += d / c;
            m2 += d * (v - m);
          }
        }
        const k = j % window;
        fCount[k] = c;
        fMean[k] = m;
        fM2[k] = m2;
        fOther[k] = other;
      }
      boundary = i + 1;
      bCount = 0;
      bMean = 0;
      bM2 = 0;
      bOther = 0;
    }
    const k = start % window;
    const na = fCount[k]!;
    const present = na + bCount + fOther[k]! + bOther;
    if (present < minPeriods || present - ddof <= 0) {
      out[i] = NaN;
      continue;
    }
    if (fOther[k]! + bOther > 0) {
      out[i] = NaN;
      continue;
    }
    if (present === 1) {
      out[i] = 0;
      continue;
    }
    let m2 = fM2[k]!;
    if (bCount > 0) {
      const d = bMean - fMean[k]!;
      m2 = na > 0 ? m2 + bM2 + (d * d * na * bCount) / (na + bCount) : bM2;
    }
    const v = m2 / (present - ddof);
    out[i] = sqrt ? Math.sqrt(v) : v;
  }
  return out;
}
