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

/** A running Neumaier-compensated sum: the rounding error of each addition is kept in `comp`. */
function addTo(acc: Float64Array, x: number): void {
  const sum = acc[0]!;
  const t = sum + x;
  acc[1]! += Math.abs(sum) >= Math.abs(x) ? sum - t + x : x - t + sum;
  acc[0] = t;
}

/**
 * Rolling sum (or mean with `mean = true`), computed from the window's own values only: as in
 * {@link rollingVarKernel}, the window is an older block (each row's compensated sum through the
 * block's end, built from the right once) plus a newer block (a running compensated sum), and
 * nothing is ever subtracted, so a large value leaves no residue in the windows after it.
 * Infinities are counted apart. O(n) for any window.
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
  const xs = new Float64Array(n);
  for (let i = 0; i < n; i++) xs[i] = num(values[i]);
  // Older block [start, boundary): per row (at j % window) sum, compensation, counts.
  const fSum = new Float64Array(window);
  const fComp = new Float64Array(window);
  const fCount = new Int32Array(window);
  const fPosInf = new Int32Array(window);
  const fNegInf = new Int32Array(window);
  let boundary = 0;
  // Newer block [boundary, i].
  const back = new Float64Array(2);
  let bCount = 0;
  let bPosInf = 0;
  let bNegInf = 0;
  const acc = new Float64Array(2);
  for (let i = 0; i < n; i++) {
    const x = xs[i]!;
    if (x === x) {
      bCount++;
      if (x === Infinity) bPosInf++;
      else if (x === -Infinity) bNegInf++;
      else addTo(back, x);
    }
    const start = i - window + 1 > 0 ? i - window + 1 : 0;
    if (start >= boundary) {
      acc[0] = 0;
      acc[1] = 0;
      let c = 0;
      let pos = 0;
      let neg = 0;
      for (let j = i; j >= boundary; j--) {
        const v = xs[j]!;
        if (v === v) {
          c++;
          if (v === Infinity) pos++;
          else if (v === -Infinity) neg++;
          else addTo(acc, v);
        }
        const k = j % window;
        fSum[k] = acc[0]!;
        fComp[k] = acc[1]!;
        fCount[k] = c;
        fPosInf[k] = pos;
        fNegInf[k] = neg;
      }
      boundary = i + 1;
      back[0] = 0;
      back[1] = 0;
      bCount = 0;
      bPosInf = 0;
      bNegInf = 0;
    }
    const k = start % window;
    const cnt = fCount[k]! + bCount;
    if (cnt < minPeriods) {
      out[i] = NaN;
      continue;
    }
    const pos = fPosInf[k]! + bPosInf;
    const neg = fNegInf[k]! + bNegInf;
    let s: number;
    if (pos > 0 && neg > 0) s = NaN;
    else if (pos > 0) s = Infinity;
    else if (neg > 0) s = -Infinity;
    else {
      acc[0] = fSum[k]!;
      acc[1] = fComp[k]! + back[1]!;
      addTo(acc, back[0]!);
      s = acc[0]! + acc[1]!;
    }
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
