import { columnOf } from '../storage.js';
import type { DataFrame } from '../DataFrame.js';
import { type DType, isNumericDType } from '../dtypes.js';
import { type Column, isTypedColumn, isMissingValue } from '../column.js';
import { dtypeOf, getColumn, makeFrame, takeRows, type ColumnSpec } from '../columns/internal.js';
import { encodeJoinKeys, hashJoin, type JoinHow } from './joinKernel.js';

/** Options of {@link join}. @category Combining */
export interface JoinOptions {
  /** Key column(s) with the same name on both sides. */
  on?: string | readonly string[];
  /** Key column(s) of the left frame, paired with `rightOn`. */
  leftOn?: string | readonly string[];
  /** Key column(s) of the right frame, paired with `leftOn`. */
  rightOn?: string | readonly string[];
  /** `'inner'` (default), `'left'`, `'right'` or `'outer'`. */
  how?: JoinHow;
  /** Suffixes for non-key columns present on both sides (default `['_x', '_y']`). */
  suffixes?: readonly [string, string];
}

function isIdentity(rows: Int32Array, n: number): boolean {
  if (rows.length !== n) return false;
  for (let i = 0; i < n; i++) if (rows[i] !== i) return false;
  return true;
}

function keyList(v: string | readonly string[] | undefined): string[] | undefined {
  return v === undefined ? undefined : typeof v === 'string' ? [v] : [...v];
}

function allMissing(col: ArrayLike<unknown>): boolean {
  for (let i = 0; i < col.length; i++) if (!isMissingValue(col[i])) return false;
  return true;
}

function compatible(a: DType, b: DType): boolean {
  if (a === 'mixed' || b === 'mixed') return true;
  if (isNumericDType(a) && isNumericDType(b)) return true;
  return a === b;
}

/**
 * Joins two frames on key columns, like SQL. Keys are compared by value across several
 * columns at once; the join is a hash join (the right side is bucketed by key once, every left
 * row looks its bucket up), so it runs in linear time plus the size of the output. A key that
 * appears several times on both sides gives every pairing. Missing keys never match.
 *
 * - `inner` keeps matching pairs; `left` also keeps unmatched left rows; `right` keeps every
 *   right row (in right order); `outer` keeps everything (left rows first, then unmatched right rows).
 * - Row order: left rows in order, each followed by its matches in right order.
 * - Columns: with `on`, the key columns once (filled from the right side for right-only rows),
 *   then the left's other columns, then the right's. With `leftOn`/`rightOn`, both sides' key
 *   columns are kept (a right key with the same name as its left key is kept once). A non-key
 *   name present on both sides gets `suffixes`.
 * - Unmatched sides are missing (`NaN` / `null`); integer columns that gain a missing value become `f64`.
 *
 * @param left - the left frame
 * @param right - the right frame
 * @param options - `on` or `leftOn`/`rightOn`, `how`, `suffixes`
 * @returns a new frame
 * @throws {RangeError} when a key column does not exist, the key lists differ in length, no key is given, `how` is unknown, or result names collide
 * @throws {TypeError} when paired key columns have incompatible dtypes (e.g. numbers and strings; a key column with no value at all matches any)
 * @category Combining
 * @example
 * ```ts
 * import { DataFrame, join } from 'tinyframejs';
 *
 * const orders = new DataFrame({ id: [1, 2, 3], customer: [10, 20, 30] });
 * const customers = new DataFrame({ customer: [10, 20], name: ['Ada', 'Grace'] });
 * const out = join(orders, customers, { on: 'customer', how: 'left' });
 * console.log(out.toArray());
 * // [{ customer: 10, id: 1, name: 'Ada' }, { customer: 20, id: 2, name: 'Grace' }, { customer: 30, id: 3, name: null }]
 * ```
 */
export function join(left: DataFrame, right: DataFrame, options: JoinOptions): DataFrame {
  const how = options?.how ?? 'inner';
  if (how !== 'inner' && how !== 'left' && how !== 'right' && how !== 'outer') {
    throw new RangeError(
      `join: how must be 'inner', 'left', 'right' or 'outer', got ${JSON.stringify(how)}`,
    );
  }
  const on = keyList(options?.on);
  const lk = on ?? keyList(options?.leftOn);
  const rk = on ?? keyList(options?.rightOn);
  if (!lk || !rk || lk.length === 0)
    throw new RangeError('join: give the key column(s) as `on`, or as `leftOn` and `rightOn`');
  if (lk.length !== rk.length)
    throw new RangeError(`join: leftOn has ${lk.length} columns but rightOn has ${rk.length}`);
  const [sl, sr] = options.suffixes ?? ['_x', '_y'];
  const lcols = lk.map((k) => getColumn(left, k, 'join'));
  const rcols = rk.map((k) => getColumn(right, k, 'join'));
  lk.forEach((k, i) => {
    const a = dtypeOf(left, k);
    const b = dtypeOf(right, rk[i]!);
    if (!compatible(a, b) && !allMissing(lcols[i]!) && !allMissing(rcols[i]!))
      throw new TypeError(
        `join: key "${k}" (${a}) cannot be matched with key "${rk[i]}" (${b}); convert one with cast() first`,
      );
  });
  const enc = encodeJoinKeys(lcols, rcols, left.rowCount, right.rowCount);
  const { leftRows, rightRows } = hashJoin(enc.left, enc.right, enc.size, how);

  const out: ColumnSpec[] = [];
  // Many-to-one joins (a lookup table) keep every left row once, in order: the left columns can
  // then be shared as they are (frames are immutable) instead of copied.
  const leftIdentity = isIdentity(leftRows, left.rowCount);
  const rightIdentity = isIdentity(rightRows, right.rowCount);
  const take = (df: DataFrame, name: string, rows: Int32Array): ColumnSpec => {
    if ((df === left && leftIdentity) || (df === right && rightIdentity))
      return [name, columnOf(df, name), dtypeOf(df, name)] as const;
    const data = takeRows(columnOf(df, name), rows);
    return [name, data, isTypedColumn(data) ? undefined : dtypeOf(df, name)] as const;
  };
  const sameKeys = on !== undefined;
  const rightKeySet = new Set(sameKeys ? rk : rk.filter((k, i) => k === lk[i]));
  if (sameKeys) {
    // Key columns once, coalesced: right-only rows take their key from the right frame.
    lk.forEach((k, i) => {
      const lc = columnOf(left, k);
      const rc = columnOf(right, rk[i]!);
      const n = leftRows.length;
      const dl = dtypeOf(left, k);
      const dr = dtypeOf(right, rk[i]!);
      let data: Column;
      let dtype: DType | undefined;
      if (leftIdentity) {
        data = lc;
        dtype = dl;
      } else if (isTypedColumn(lc) && isTypedColumn(rc)) {
        const needsFloat = dl !== dr || !leftRows.every((r) => r >= 0);
        const arr = needsFloat
          ? new Float64Array(n)
          : new (lc.constructor as new (n: number) => Float64Array)(n);
        for (let p = 0; p < n; p++)
          arr[p] = leftRows[p]! >= 0 ? lc[leftRows[p]!]! : rc[rightRows[p]!]!;
        data = arr;
      } else {
        const arr = new Array<unknown>(n);
        for (let p = 0; p < n; p++) {
          const v = leftRows[p]! >= 0 ? lc[leftRows[p]!] : rc[rightRows[p]!];
          arr[p] = typeof v === 'number' && v !== v ? null : v;
        }
        data = Object.freeze(arr);
        dtype = dl === dr ? dl : 'mixed';
      }
      out.push([k, data, dtype]);
    });
  }
  const lNames = left.columns.filter((c) => !sameKeys || !lk.includes(c));
  const rNames = right.columns.filter((c) => !rightKeySet.has(c));
  const lSet = new Set(lNames);
  const rSet = new Set(rNames);
  const keyNames = new Set(sameKeys ? lk : []);
  for (const c of lNames) {
    const spec = take(left, c, leftRows);
    const name = rSet.has(c) ? c + sl : c;
    out.push([name, spec[1], spec[2]]);
  }
  for (const c of rNames) {
    const spec = take(right, c, rightRows);
    const name = lSet.has(c) || keyNames.has(c) ? c + sr : c;
    out.push([name, spec[1], spec[2]]);
  }
  const seen = new Set<string>();
  for (const [name] of out) {
    if (seen.has(name))
      throw new RangeError(
        `join: two result columns would be named "${name}"; choose other suffixes`,
      );
    seen.add(name);
  }
  return makeFrame(left, out);
}
