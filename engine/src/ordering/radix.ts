/**
 * Stable LSD radix sort of row ids by unsigned keys (16-bit digits), the
 * engine's sorting workhorse: O(n) per pass, no comparator calls, no per-row
 * objects. Keys are indexed by row id; a 64-bit key is split into hi/lo words.
 */

const RADIX = 1 << 16;

/** Sorts `rows` (row ids) stably by `(hi[row], lo[row])` ascending; returns a new array. */
export function radixSortRows(rows: Int32Array, hi: Uint32Array, lo: Uint32Array | null): Int32Array {
  const n = rows.length;
  if (n < 2) return rows.slice();
  // Digits from least to most significant: lo low/high halves, then hi low/high halves.
  const words: Uint32Array[] = lo ? [lo, lo, hi, hi] : [hi, hi];
  const shifts = lo ? [0, 16, 0, 16] : [0, 16];
  let src = rows.slice();
  let dst = new Int32Array(n);
  const count = new Uint32Array(RADIX);
  for (let p = 0; p < words.length; p++) {
    const w = words[p]!;
    const shift = shifts[p]!;
    count.fill(0);
    for (let i = 0; i < n; i++) count[(w[src[i]!]! >>> shift) & 0xffff]!++;
    // A pass where every key has the same digit changes nothing: skip it.
    const first = (w[src[0]!]! >>> shift) & 0xffff;
    if (count[first] === n) continue;
    let sum = 0;
    for (let d = 0; d < RADIX; d++) {
      const c = count[d]!;
      count[d] = sum;
      sum += c;
    }
    for (let i = 0; i < n; i++) {
      const r = src[i]!;
      dst[count[(w[r]! >>> shift) & 0xffff]!++] = r;
    }
    const t = src;
    src = dst;
    dst = t;
  }
  return src;
}

/**
 * Order-preserving 64-bit keys for doubles (no NaN): flips the sign bit of
 * positives and every bit of negatives, so unsigned order equals numeric order.
 * `-0` is treated as `0`.
 */
export function doubleKeys(values: ArrayLike<number>, descending: boolean): { hi: Uint32Array; lo: Uint32Array } {
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
export function int32Keys(values: ArrayLike<number>, signed: boolean, descending: boolean): Uint32Array {
  const n = values.length;
  const out = new Uint32Array(n);
  const flip = descending ? 0xffffffff : 0;
  if (signed) for (let i = 0; i < n; i++) out[i] = ((values[i]! ^ 0x80000000) ^ flip) >>> 0;
  else for (let i = 0; i < n; i++) out[i] = (values[i]! ^ flip) >>> 0;
  return out;
}
