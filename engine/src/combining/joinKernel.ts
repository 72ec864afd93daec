/**
 * Linear-time hash join on integer key codes. Both sides' key columns are first encoded into one
 * shared code space (see `KeyEncoder`), several key columns combined into one code per row; the
 * right side is then bucketed by code with a counting sort and every left row walks its bucket.
 * Missing keys (code −1) never match, as in SQL.
 * @internal
 * @module
 */
import { KeyEncoder, MISSING, combineCodes } from '../grouping/factorize.js';

/**
 * How {@link join} matches rows: `'inner'`, `'left'`, `'right'` or `'outer'`.
 *
 * @category Combining
 */
export type JoinHow = 'inner' | 'left' | 'right' | 'outer';

/**
 * Encodes the key columns of both sides into shared codes. Returns the codes of each side and
 * the size of the code space.
 * @internal
 */
export function encodeJoinKeys(
  leftKeys: readonly ArrayLike<unknown>[],
  rightKeys: readonly ArrayLike<unknown>[],
  nLeft: number,
  nRight: number,
): { left: Int32Array; right: Int32Array; size: number } {
  let left = new Int32Array(nLeft);
  let right = new Int32Array(nRight);
  let size = 0;
  for (let k = 0; k < leftKeys.length; k++) {
    const lc = new Int32Array(nLeft);
    const rc = new Int32Array(nRight);
    let kSize = encodeSmallInts(leftKeys[k]!, rightKeys[k]!, lc, rc);
    if (kSize < 0) {
      const enc = new KeyEncoder(false);
      enc.encodeInto(leftKeys[k]!, lc);
      enc.encodeInto(rightKeys[k]!, rc);
      kSize = enc.size;
    }
    if (k === 0) {
      left = lc;
      right = rc;
      size = kSize;
    } else {
      // Combine over both sides at once so they stay in one code space.
      const a = new Int32Array(nLeft + nRight);
      a.set(left, 0);
      a.set(right, nLeft);
      const b = new Int32Array(nLeft + nRight);
      b.set(lc, 0);
      b.set(rc, nLeft);
      const out = new Int32Array(nLeft + nRight);
      size = combineCodes(a, b, size, kSize, out);
      left = out.subarray(0, nLeft);
      right = out.subarray(nLeft);
    }
  }
  return { left, right, size };
}

/** Integer range of a typed key column, or undefined when it holds a non-integer. */
function intRange(col: ArrayLike<unknown>): [number, number] | undefined {
  if (!ArrayBuffer.isView(col)) return undefined;
  const xs = col as ArrayLike<number>;
  let lo = Infinity;
  let hi = -Infinity;
  for (let i = 0; i < xs.length; i++) {
    const v = xs[i]!;
    if (v !== v) continue;
    if ((v | 0) !== v) return undefined;
    if (v < lo) lo = v;
    if (v > hi) hi = v;
  }
  return [lo, hi];
}

/**
 * Fast path for integer keys in a compact range on both sides: codes are `value − min`, looked up
 * in no table at all (the code space is the range). Returns the code-space size, or −1 when the
 * keys do not qualify. Missing keys get {@link MISSING}.
 */
function encodeSmallInts(
  lk: ArrayLike<unknown>,
  rk: ArrayLike<unknown>,
  lc: Int32Array,
  rc: Int32Array,
): number {
  const a = intRange(lk);
  const b = a && intRange(rk);
  if (!a || !b) return -1;
  const lo = Math.min(a[0], b[0]);
  const hi = Math.max(a[1], b[1]);
  if (lo === Infinity) {
    lc.fill(MISSING);
    rc.fill(MISSING);
    return 0;
  }
  const span = hi - lo + 1;
  if (span > Math.max(1 << 16, 2 * (lc.length + rc.length))) return -1;
  for (const [src, out] of [
    [lk, lc],
    [rk, rc],
  ] as const) {
    const xs = src as ArrayLike<number>;
    for (let i = 0; i < out.length; i++) {
      const v = xs[i]!;
      out[i] = v !== v ? MISSING : v - lo;
    }
  }
  return span;
}

/**
 * Computes the matching row pairs. `leftRows[i]` / `rightRows[i]` give the source row of output
 * row `i` on each side, −1 where that side has no row. Order: left rows in order, each with its
 * matches in right order; for `right`, right rows in order with their left matches; `outer`
 * appends the unmatched right rows after the left join.
 * @internal
 */
export function hashJoin(
  leftCodes: Int32Array,
  rightCodes: Int32Array,
  size: number,
  how: JoinHow,
): { leftRows: Int32Array; rightRows: Int32Array } {
  if (how === 'right') {
    const r = hashJoin(rightCodes, leftCodes, size, 'left');
    return { leftRows: r.rightRows, rightRows: r.leftRows };
  }
  const nL = leftCodes.length;
  const nR = rightCodes.length;
  // Bucket the right rows by code (counting sort keeps them in row order).
  const start = new Int32Array(size + 1);
  for (let j = 0; j < nR; j++) {
    const c = rightCodes[j]!;
    if (c !== MISSING) start[c + 1]!++;
  }
  for (let c = 0; c < size; c++) start[c + 1]! += start[c]!;
  const bucket = new Int32Array(start[size]!);
  const pos = start.slice(0, size);
  for (let j = 0; j < nR; j++) {
    const c = rightCodes[j]!;
    if (c !== MISSING) bucket[pos[c]!++] = j;
  }
  const keepLeft = how === 'left' || how === 'outer';
  let total = 0;
  for (let i = 0; i < nL; i++) {
    const c = leftCodes[i]!;
    const m = c === MISSING ? 0 : start[c + 1]! - start[c]!;
    total += m > 0 ? m : keepLeft ? 1 : 0;
  }
  let matchedRight: Uint8Array | undefined;
  let extra = 0;
  if (how === 'outer') {
    matchedRight = new Uint8Array(nR);
    const seen = new Uint8Array(size);
    for (let i = 0; i < nL; i++) {
      const c = leftCodes[i]!;
      if (c !== MISSING) seen[c] = 1;
    }
    for (let j = 0; j < nR; j++) {
      const c = rightCodes[j]!;
      if (c === MISSING || seen[c] === 0) extra++;
      else matchedRight[j] = 1;
    }
  }
  const leftRows = new Int32Array(total + extra);
  const rightRows = new Int32Array(total + extra);
  let k = 0;
  for (let i = 0; i < nL; i++) {
    const c = leftCodes[i]!;
    if (c === MISSING) {
      if (keepLeft) {
        leftRows[k] = i;
        rightRows[k++] = -1;
      }
      continue;
    }
    const s = start[c]!;
    const e = start[c + 1]!;
    if (s === e) {
      if (keepLeft) {
        leftRows[k] = i;
        rightRows[k++] = -1;
      }
      continue;
    }
    for (let p = s; p < e; p++) {
      leftRows[k] = i;
      rightRows[k++] = bucket[p]!;
    }
  }
  if (matchedRight) {
    for (let j = 0; j < nR; j++) {
      if (matchedRight[j] === 0) {
        leftRows[k] = -1;
        rightRows[k++] = j;
      }
    }
  }
  return { leftRows, rightRows };
}
