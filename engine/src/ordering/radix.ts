/**
 * Stable LSD radix sort of row ids by unsigned keys (16-bit digits), the
 * engine's sorting workhorse: O(n) per pass, no comparator calls, no per-row
 * objects. Keys are indexed by row id; a 64-bit key is split into hi/lo words.
 */

const RADIX = 1 << 16;

/**
 * Sorts `rows` (row ids) stably by `(hi[row], lo[row])` ascending; returns a new array.
 * The keys travel with the row ids from pass to pass, so every pass reads
 * sequentially; passes whose digit is the same for every row are skipped.
 */
export function radixSortRows(
  rows: Int32Array,
  hi: Uint32Array,
  lo: Uint32Array | null,
): Int32Array {
  const n = rows.length;
  if (n < 2) return rows.slice();
  // Gather the keys in the current row order.
  let srcRows = rows.slice();
  let srcHi = new Uint32Array(n);
  let srcLo = lo ? new Uint32Array(n) : null;
  for (let i = 0; i < n; i++) {
    const r = srcRows[i]!;
    srcHi[i] = hi[r]!;
    if (srcLo) srcLo[i] = lo![r]!;
  }
  // Histograms of every digit in one sweep: lo low, lo high, hi low, hi high.
  const passes = srcLo ? 4 : 2;
  const counts = new Uint32Array(passes * RADIX);
  for (let i = 0; i < n; i++) {
    const h = srcHi[i]!;
    if (srcLo) {
      const l = srcLo[i]!;
      counts[l & 0xffff]!++;
      counts[RADIX + (l >>> 16)]!++;
      counts[2 * RADIX + (h & 0xffff)]!++;
      counts[3 * RADIX + (h >>> 16)]!++;
    } else {
      counts[h & 0xffff]!++;
      counts[RADIX + (h >>> 16)]!++;
    }
  }
  let dstRows = new Int32Array(n);
  let dstHi = new Uint32Array(n);
  let dstLo = srcLo ? new Uint32Array(n) : null;
  for (let p = 0; p < passes; p++) {
    const base = p * RADIX;
    const word = srcLo && p < 2 ? 0 : 1; // 0: lo, 1: hi
    const shift = p % 2 === 0 ? 0 : 16;
    const first = ((word === 0 ? srcLo![0]! : srcHi[0]!) >>> shift) & 0xffff;
    if (counts[base + first] === n) continue;
    let sum = 0;
    for (let d = 0; d < RADIX; d++) {
      const c = counts[base + d]!;
      counts[base + d] = sum;
      sum += c;
    }
    const keys = word === 0 ? srcLo! : srcHi;
    for (let i = 0; i < n; i++) {
      const slot = base + ((keys[i]! >>> shift) & 0xffff);
      const at = counts[slot]!;
      counts[slot] = at + 1;
      dstRows[at] = srcRows[i]!;
      dstHi[at] = srcHi[i]!;
      if (dstLo) dstLo[at] = srcLo![i]!;
    }
    [srcRows, dstRows] = [dstRows, srcRows];
    [srcHi, dstHi] = [dstHi, srcHi];
    if (srcLo) [srcLo, dstLo] = [dstLo!, srcLo];
  }
  return srcRows;
}

/**
 * Order-preserving 64-bit keys for doubles (no NaN): flips the sign bit of
 * positives and every bit of negatives, so unsigned order equals numeric order.
 * `-0` is treated as `0`.
 */
export function doubleKeys(
  values: ArrayLike<number>,
  descending: boolean,
): { hi: Uint32Array; lo: Uint32Array } {
  const n = values.length;
  const f = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const v = values[i]!;
    f[i] = v === 0 ? 0 : v;
  }
  const words = new Uint32Array(f.buffer);
  const hi = new Uint32Array(n);
  const lo = new Uint32Array(n);
  const flip = descending ? 0xffffffff : 0;
  for (let i = 0; i < n; i++) {
    let h = words[2 * i + 1]!;
    let l = words[2 * i]!;
    if (h & 0x80000000) {
      h = ~h;
      l = ~l;
    } else h |= 0x80000000;
    hi[i] = (h ^ flip) >>> 0;
    lo[i] = (l ^ flip) >>> 0;
  }
  return { hi, lo };
}

/** 32-bit keys for integer columns (signed values shifted by 2^31). */
export function int32Keys(
  values: ArrayLike<number>,
  signed: boolean,
  descending: boolean,
): Uint32Array {
  const n = values.length;
  const out = new Uint32Array(n);
  const flip = descending ? 0xffffffff : 0;
  if (signed) for (let i = 0; i < n; i++) out[i] = (values[i]! ^ 0x80000000 ^ flip) >>> 0;
  else for (let i = 0; i < n; i++) out[i] = (values[i]! ^ flip) >>> 0;
  return out;
}
