/**
 * Hash-based key encoding shared by groupBy, join, pivot, valueCounts and dropDuplicates.
 * Each distinct key value gets a dense integer code in first-appearance order; several key
 * columns are combined pairwise into one code per row, so every consumer works on an
 * `Int32Array` and never builds per-row objects or strings.
 * @internal
 * @module
 */

/** @internal Code given to a missing key when missing values are not a group of their own. */
export const MISSING = -1;

/**
 * Encodes the values of one key column (or of several columns sharing one code space, as the
 * two sides of a join) into dense codes. `null`, `undefined`, `NaN` and invalid dates are
 * missing: they get one shared code when `missingIsKey`, else {@link MISSING}.
 * @internal
 */
export class KeyEncoder {
  /** Number of codes handed out so far. */
  size = 0;
  /** The key value of each code, in code order (missing as `null`). */
  readonly values: unknown[] = [];
  private readonly map = new Map<unknown, number>();
  private readonly dates = new Map<number, number>();
  private missingCode = -1;

  constructor(private readonly missingIsKey: boolean) {}

  /** Encodes `n` values of `col` into `out` (starting at `offset`). */
  encodeInto(col: ArrayLike<unknown>, out: Int32Array, offset = 0): void {
    const n = col.length;
    if (ArrayBuffer.isView(col)) {
      const nums = col as ArrayLike<number>;
      const map = this.map;
      for (let i = 0; i < n; i++) {
        const v = nums[i]!;
        if (v !== v) {
          out[offset + i] = this.missing();
          continue;
        }
        let c = map.get(v);
        if (c === undefined) {
          c = this.size++;
          map.set(v, c);
          this.values.push(v);
        }
        out[offset + i] = c;
      }
      return;
    }
    const map = this.map;
    for (let i = 0; i < n; i++) {
      const v = col[i];
      if (typeof v === 'string') {
        // The common case (str columns) without the generic checks.
        let c = map.get(v);
        if (c === undefined) {
          c = this.size++;
          map.set(v, c);
          this.values.push(v);
        }
        out[offset + i] = c;
      } else out[offset + i] = this.encode(v);
    }
  }

  /** Encodes one value. */
  encode(v: unknown): number {
    if (v === null || v === undefined || (typeof v === 'number' && v !== v)) return this.missing();
    if (v instanceof Date) {
      const t = v.getTime();
      if (t !== t) return this.missing();
      let c = this.dates.get(t);
      if (c === undefined) {
        c = this.size++;
        this.dates.set(t, c);
        this.values.push(v);
      }
      return c;
    }
    let c = this.map.get(v);
    if (c === undefined) {
      c = this.size++;
      this.map.set(v, c);
      this.values.push(v);
    }
    return c;
  }

  private missing(): number {
    if (!this.missingIsKey) return MISSING;
    if (this.missingCode < 0) {
      this.missingCode = this.size++;
      this.values.push(null);
    }
    return this.missingCode;
  }
}

/** @internal Result of {@link factorize}: one group id per row and one first row per group. */
export interface Factorized {
  /** Group id of each row, in first-appearance order (or {@link MISSING}). */
  readonly ids: Int32Array;
  /** Number of groups. */
  readonly count: number;
  /** Row where each group first appears. */
  readonly firstRow: Int32Array;
}

/**
 * Fast path for a numeric typed array of integers in a small range: direct table lookup.
 * Returns undefined when the column does not qualify.
 */
function factorizeSmallInts(
  col: ArrayLike<number>,
  n: number,
  out: Int32Array,
  missingIsKey: boolean,
): number | undefined {
  let min = Infinity;
  let max = -Infinity;
  for (let i = 0; i < n; i++) {
    const v = col[i]!;
    if (v !== v) continue;
    if ((v | 0) !== v) return undefined;
    if (v < min) min = v;
    if (v > max) max = v;
  }
  if (min === Infinity) min = max = 0;
  const range = max - min + 1;
  if (range > Math.max(1024, 2 * n)) return undefined;
  const table = new Int32Array(range).fill(-1);
  let size = 0;
  let missingCode = -1;
  for (let i = 0; i < n; i++) {
    const v = col[i]!;
    if (v !== v) {
      if (!missingIsKey) {
        out[i] = MISSING;
        continue;
      }
      if (missingCode < 0) missingCode = size++;
      out[i] = missingCode;
      continue;
    }
    const slot = v - min;
    let c = table[slot]!;
    if (c < 0) {
      c = size++;
      table[slot] = c;
    }
    out[i] = c;
  }
  return size;
}

/**
 * Combines two code arrays (`a` with codes below `na`, `b` with codes below `nb`) into dense
 * codes in first-appearance order. A missing code on either side stays missing.
 * @internal
 */
export function combineCodes(
  a: Int32Array,
  b: Int32Array,
  na: number,
  nb: number,
  out: Int32Array,
): number {
  const n = a.length;
  let size = 0;
  const span = na * nb;
  if (span <= Math.max(1 << 16, 4 * n)) {
    const table = new Int32Array(span).fill(-1);
    for (let i = 0; i < n; i++) {
      const x = a[i]!;
      const y = b[i]!;
      if (x < 0 || y < 0) {
        out[i] = MISSING;
        continue;
      }
      const k = x * nb + y;
      let c = table[k]!;
      if (c < 0) {
        c = size++;
        table[k] = c;
      }
      out[i] = c;
    }
    return size;
  }
  const map = new Map<number, number>();
  for (let i = 0; i < n; i++) {
    const x = a[i]!;
    const y = b[i]!;
    if (x < 0 || y < 0) {
      out[i] = MISSING;
      continue;
    }
    const k = x * nb + y;
    let c = map.get(k);
    if (c === undefined) {
      c = size++;
      map.set(k, c);
    }
    out[i] = c;
  }
  return size;
}

/**
 * Assigns every row a group id from one or more key columns in a single hash pass; ids follow
 * the order in which each key combination first appears.
 * @param keys key columns, all of length `n`
 * @param n number of rows
 * @param missingIsKey whether missing key values form a group (else their rows get {@link MISSING})
 * @internal
 */
export function factorize(
  keys: readonly ArrayLike<unknown>[],
  n: number,
  missingIsKey = true,
): Factorized {
  let ids = new Int32Array(n);
  let count: number;
  if (keys.length === 0) {
    count = n > 0 ? 1 : 0;
  } else {
    count = encodeColumn(keys[0]!, n, ids, missingIsKey);
    const tmp = new Int32Array(n);
    for (let k = 1; k < keys.length; k++) {
      const kc = encodeColumn(keys[k]!, n, tmp, missingIsKey);
      const next = new Int32Array(n);
      count = combineCodes(ids, tmp, count, kc, next);
      ids = next;
    }
  }
  const firstRow = new Int32Array(count).fill(-1);
  for (let i = 0; i < n; i++) {
    const g = ids[i]!;
    if (g >= 0 && firstRow[g] === -1) firstRow[g] = i;
  }
  return { ids, count, firstRow };
}

function encodeColumn(
  col: ArrayLike<unknown>,
  n: number,
  out: Int32Array,
  missingIsKey: boolean,
): number {
  if (ArrayBuffer.isView(col)) {
    const small = factorizeSmallInts(col as ArrayLike<number>, n, out, missingIsKey);
    if (small !== undefined) return small;
  }
  const enc = new KeyEncoder(missingIsKey);
  enc.encodeInto(col, out);
  return enc.size;
}

/**
 * Groups row indices by id with a counting sort: `rows[offsets[g] .. offsets[g + 1])` are the
 * rows of group `g`, in row order. Rows with a missing id are left out.
 * @internal
 */
export function groupRows(
  ids: Int32Array,
  count: number,
): { offsets: Int32Array; rows: Int32Array } {
  const offsets = new Int32Array(count + 1);
  const n = ids.length;
  for (let i = 0; i < n; i++) {
    const g = ids[i]!;
    if (g >= 0) offsets[g + 1]!++;
  }
  for (let g = 0; g < count; g++) offsets[g + 1]! += offsets[g]!;
  const rows = new Int32Array(offsets[count]!);
  const pos = offsets.slice(0, count);
  for (let i = 0; i < n; i++) {
    const g = ids[i]!;
    if (g >= 0) rows[pos[g]!++] = i;
  }
  return { offsets, rows };
}
