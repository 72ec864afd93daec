/**
 * Small helpers shared by the analysis-toolkit modules: column lookup with a clear error,
 * gathering rows by position (−1 = missing), numeric views, and building result frames.
 * @internal
 * @module
 */
import type { DataFrame } from '../DataFrame.js';
import { type DType, type TypedColumn, dtypeOfTypedArray, isNumericDType } from '../dtypes.js';
import { type Column, inferColumn, isTypedColumn, describeValue } from '../column.js';
import { frameFromColumns, storageOf, type IndexStorage, columnOf } from '../storage.js';
import { unknownColumnError } from '../validation/validateColumn.js';

export { isMissingValue as isMissing, cellValue as valueAt, describeValue } from '../column.js';
export type { Column } from '../column.js';

/**
 * Looks a column up, throwing a `RangeError` that names the function, the column and the
 * columns that exist.
 * @internal
 */
export function getColumn(df: DataFrame, name: string, fn: string): Column {
  if (typeof name !== 'string')
    throw new TypeError(`${fn}: a column name must be a string, got ${describeValue(name)}`);
  if (!df.columns.includes(name))
    throw new RangeError(`${fn}: ${unknownColumnError(name, df.columns).message}`);
  return columnOf(df, name);
}

/** @internal The dtype of a column. */
export function dtypeOf(df: DataFrame, name: string): DType {
  return (df.dtypes as Record<string, DType>)[name]!;
}

/** @internal True for the dtypes stored in typed arrays. */
export function isNumeric(dtype: DType): boolean {
  return isNumericDType(dtype);
}

/**
 * Gathers rows of a column: `rows[k]` is the source row of output row `k`, −1 for a missing
 * value. Typed arrays stay typed (an integer column that gains a missing value becomes
 * `Float64Array` with `NaN`); plain arrays get `null`.
 * @internal
 */
export function takeRows(source: Column | ArrayLike<unknown>, rows: ArrayLike<number>): Column {
  const col = source as Column;
  const n = rows.length;
  const pos = rows instanceof Int32Array ? rows : Int32Array.from(rows);
  if (col instanceof Float64Array) return gatherF64(col, pos);
  if (isTypedColumn(col)) {
    let hasMissing = false;
    for (let k = 0; k < n; k++)
      if (pos[k]! < 0) {
        hasMissing = true;
        break;
      }
    if (hasMissing) return gatherF64(col, pos);
    if (col instanceof Int32Array) return gatherI32(col, pos);
    const out: TypedColumn = new (col.constructor as new (n: number) => TypedColumn)(n);
    for (let k = 0; k < n; k++) out[k] = col[pos[k]!]!;
    return out;
  }
  const out = new Array<unknown>(n);
  for (let k = 0; k < n; k++) {
    const r = pos[k]!;
    out[k] = r < 0 ? null : col[r];
  }
  return Object.freeze(out);
}

function gatherF64(col: ArrayLike<number>, pos: Int32Array): Float64Array {
  const n = pos.length;
  const out = new Float64Array(n);
  if (col instanceof Float64Array) {
    for (let k = 0; k < n; k++) {
      const r = pos[k]!;
      out[k] = r < 0 ? NaN : col[r]!;
    }
  } else {
    for (let k = 0; k < n; k++) {
      const r = pos[k]!;
      out[k] = r < 0 ? NaN : col[r]!;
    }
  }
  return out;
}

function gatherI32(col: Int32Array, pos: Int32Array): Int32Array {
  const n = pos.length;
  const out = new Int32Array(n);
  for (let k = 0; k < n; k++) out[k] = col[pos[k]!]!;
  return out;
}

/** @internal The column as numbers (`NaN` for missing; dates as ms since epoch; booleans 0/1). */
export function toNumbers(col: Column | ArrayLike<unknown>): Float64Array {
  if (col instanceof Float64Array) return col;
  const n = col.length;
  const out = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const v = col[i];
    out[i] =
      typeof v === 'number'
        ? v
        : v instanceof Date
          ? v.getTime()
          : typeof v === 'boolean'
            ? v
              ? 1
              : 0
            : NaN;
  }
  return out;
}

/**
 * Requires a numeric column, throwing a `TypeError` that names the function, column and dtype.
 * @internal
 */
export function numericColumn(df: DataFrame, name: string, fn: string): ArrayLike<number> {
  const col = getColumn(df, name, fn);
  const dt = dtypeOf(df, name);
  if (!isNumericDType(dt))
    throw new TypeError(`${fn}: column "${name}" must be numeric, but its dtype is ${dt}`);
  return col as ArrayLike<number>;
}

/** @internal One result column: name, storage and (when known) its dtype. */
export type ColumnSpec = readonly [
  name: string,
  data: Column | ArrayLike<unknown>,
  dtype?: DType | undefined,
];

/**
 * Builds a frame (of the class of `like`, the frame the operation was given) from named columns
 * in the given order, adopting storage without copying when the dtype is known or the storage
 * is a typed array, inferring it otherwise.
 * @internal
 */
export function makeFrame(
  like: DataFrame,
  cols: readonly ColumnSpec[],
  index: IndexStorage | null = null,
): DataFrame {
  const names: string[] = [];
  const data: Column[] = [];
  const dtypes: DType[] = [];
  const seen = new Set<string>();
  for (const [name, values, dtype] of cols) {
    if (seen.has(name)) throw new RangeError(`duplicate column name "${name}"`);
    seen.add(name);
    names.push(name);
    const typed = dtypeOfTypedArray(values);
    if (dtype !== undefined) {
      data.push(values as Column);
      dtypes.push(dtype);
    } else if (typed !== undefined) {
      data.push(values as Column);
      dtypes.push(typed);
    } else {
      const s = inferColumn(values);
      data.push(s.data);
      dtypes.push(s.dtype);
    }
  }
  return frameFromColumns(like, names, data, dtypes, index);
}

/** @internal The frame's columns as [name, storage, dtype] triples. */
export function entries(df: DataFrame): ColumnSpec[] {
  return df.columns.map((c) => [c, columnOf(df, c), dtypeOf(df, c)] as const);
}

/** @internal Resolves a column list argument (string or array) and checks each name. */
export function columnList(
  df: DataFrame,
  cols: string | readonly string[] | undefined,
  fn: string,
): string[] {
  if (cols === undefined) return [...df.columns];
  const list = typeof cols === 'string' ? [cols] : [...cols];
  for (const c of list) getColumn(df, c, fn);
  return list;
}

/** @internal The frame's explicit index, or `null` for the default 0..n-1. */
export function indexOf(df: DataFrame): IndexStorage | null {
  return storageOf(df).index;
}
