import type { DataFrame } from '../DataFrame.js';
import { type DType, isNumericDType } from '../dtypes.js';
import { type Column, isMissingValue, isTypedColumn, describeValue } from '../column.js';
import { entries, getColumn, indexOf, makeFrame, dtypeOf } from '../columns/internal.js';

/** A fill method of {@link fillna}: carry the last value forward, or the next one backward. @category Missing data */
export interface FillMethod {
  method: 'ffill' | 'bfill';
  /** Only these columns (default: all). */
  subset?: string | readonly string[];
}

/** A value {@link fillna} can put in a missing cell. @category Missing data */
export type FillValue = number | string | boolean | Date;

/**
 * Fills missing values. Three forms:
 * - a single value fills every column whose dtype can hold it (numbers fill numeric columns,
 *   strings `str`, booleans `bool`, dates `date`, anything `mixed`) and leaves the others alone;
 * - an object `{ column: value }` fills those columns, and a value that does not fit the
 *   column's dtype is an error;
 * - `{ method: 'ffill' }` carries the last present value forward, `{ method: 'bfill' }` the
 *   next one backward (values before the first / after the last present one stay missing).
 *
 * @param df - the input frame (not modified)
 * @param fill - a value, a per-column map, or a method
 * @returns a new frame with the missing values filled
 * @throws {RangeError} when a column does not exist or the method is unknown
 * @throws {TypeError} when a per-column value does not fit its column's dtype
 * @category Missing data
 * @example
 * ```ts
 * import { DataFrame, fillna } from 'tinyframejs';
 *
 * const df = new DataFrame({ temp: [20, null, 22, null], city: ['Oslo', null, null, 'Rome'] });
 * console.log(Array.from(fillna(df, 0).get('temp'))); // [20, 0, 22, 0]
 * console.log(fillna(df, { city: 'unknown' }).get('city')); // ['Oslo', 'unknown', 'unknown', 'Rome']
 * console.log(Array.from(fillna(df, { method: 'ffill' }).get('temp'))); // [20, 20, 22, 22]
 * ```
 */
export function fillna(
  df: DataFrame,
  fill: FillValue | Readonly<Record<string, FillValue>> | FillMethod,
): DataFrame {
  if (fill === null || fill === undefined)
    throw new TypeError('fillna: expected a value, an object of column → value, or { method }');
  if (
    typeof fill === 'object' &&
    !(fill instanceof Date) &&
    'method' in fill &&
    (fill.method === 'ffill' || fill.method === 'bfill' || !df.columns.includes('method'))
  ) {
    const m = fill as FillMethod;
    if (m.method !== 'ffill' && m.method !== 'bfill')
      throw new RangeError(
        `fillna: method must be 'ffill' or 'bfill', got ${JSON.stringify(m.method)}`,
      );
    const subset =
      m.subset === undefined ? df.columns : typeof m.subset === 'string' ? [m.subset] : m.subset;
    for (const c of subset) getColumn(df, c, 'fillna');
    return makeFrame(
      df,
      entries(df).map(([name, data, dtype]) =>
        subset.includes(name)
          ? ([name, carry(data as Column, m.method === 'bfill'), dtype] as const)
          : ([name, data, dtype] as const),
      ),
      indexOf(df),
    );
  }
  if (typeof fill === 'object' && !(fill instanceof Date)) {
    const map = fill as Record<string, FillValue>;
    for (const [c, v] of Object.entries(map)) {
      getColumn(df, c, 'fillna');
      if (!fits(dtypeOf(df, c), v))
        throw new TypeError(
          `fillna: column "${c}" has dtype ${dtypeOf(df, c)} and cannot be filled with ${describeValue(v)}`,
        );
    }
    return makeFrame(
      df,
      entries(df).map(([name, data, dtype]) =>
        Object.hasOwn(map, name)
          ? ([name, fillWith(data as Column, map[name]!), dtype] as const)
          : ([name, data, dtype] as const),
      ),
      indexOf(df),
    );
  }
  return makeFrame(
    df,
    entries(df).map(([name, data, dtype]) =>
      fits(dtype!, fill)
        ? ([name, fillWith(data as Column, fill), dtype] as const)
        : ([name, data, dtype] as const),
    ),
    indexOf(df),
  );
}

function fits(dtype: DType, v: unknown): boolean {
  if (dtype === 'mixed') return true;
  if (isNumericDType(dtype)) return typeof v === 'number';
  if (dtype === 'str') return typeof v === 'string';
  if (dtype === 'bool') return typeof v === 'boolean';
  if (dtype === 'date') return v instanceof Date && !Number.isNaN(v.getTime());
  return false;
}

function fillWith(col: Column, v: unknown): Column {
  if (isTypedColumn(col)) {
    const out = col.slice();
    for (let i = 0; i < out.length; i++) if (out[i] !== out[i]) out[i] = v as number;
    return out;
  }
  return Object.freeze(
    col.map((x) => (isMissingValue(x) ? (v instanceof Date ? new Date(v.getTime()) : v) : x)),
  );
}

function carry(col: Column, backward: boolean): Column {
  const n = col.length;
  const out: { [i: number]: unknown; length: number } = isTypedColumn(col)
    ? col.slice()
    : col.slice();
  let last: unknown = null;
  let have = false;
  for (let k = 0; k < n; k++) {
    const i = backward ? n - 1 - k : k;
    const v = out[i];
    if (isMissingValue(v)) {
      if (have) out[i] = last;
    } else {
      last = v;
      have = true;
    }
  }
  return isTypedColumn(col) ? (out as Column) : Object.freeze(out as unknown[]);
}
