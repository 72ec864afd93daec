// Column storage helpers — the internal contract shared by every engine module (and the toolkit).
// - `Column`: a column's storage: a typed array for numeric dtypes (missing = NaN, which only f64 holds),
//   or a frozen plain array for bool/str/date/mixed (missing = null). Never mutate one you did not create.
// - `inferColumn(values)` builds `{ data, dtype }` from JS values (numbers→i32 or f64, strings→str, …).
// - `buildColumn(values, dtype, name?)` builds a column of a given dtype, converting values (throws on loss).
// - `cellValue(col, i)` reads one cell as a JS value (NaN / null / undefined → null).
// - `isMissingAt(col, i)`, `takeColumn(col, positions)`, `sliceColumn(col, a, b)`, `columnValues(col)`.
// - Frames: `df.get(name)` returns the storage, `df.columns`, `df.dtypes`, `df.rowCount`, `df.index`;
//   `frameFromColumns(names, columns, dtypes, index?)` in ./storage.ts adopts storage without copying
//   (use it for columns you just built), `storageOf(df)` returns a frame's raw storage (read-only).
// - `new DataFrame({ a: values })` always copies and infers: the safe path for user data.
import {
  type DType,
  type NumericDType,
  type TypedColumn,
  NUMERIC_STORAGE,
  dtypeOfTypedArray,
  isNumericDType,
} from './dtypes.js';
import { parseIsoDate } from './io/parseValue.js';

/**
 * The storage of one column: a typed array for numeric dtypes, a read-only
 * plain array (with `null` for missing values) for `bool`, `str`, `date` and `mixed`.
 *
 * @category DataFrame
 */
export type Column = TypedColumn | readonly unknown[];

/**
 * One cell as a JavaScript value: a number, string, boolean, `Date`, or
 * `null` when missing (`mixed` columns may also hold other values).
 *
 * @category DataFrame
 */
export type CellValue = number | string | boolean | Date | null;

/** A column together with its dtype. */
export interface TypedStorage {
  data: Column;
  dtype: DType;
}

/** True when a JS value counts as missing: `null`, `undefined`, `NaN` or an invalid `Date`. */
export function isMissingValue(value: unknown): boolean {
  if (value === null || value === undefined) return true;
  if (typeof value === 'number') return value !== value;
  if (value instanceof Date) return Number.isNaN(value.getTime());
  return false;
}

/** True when the cell at `i` is missing. */
export function isMissingAt(col: Column, i: number): boolean {
  const v = col[i];
  return v === null || v === undefined || (typeof v === 'number' && v !== v);
}

/** Reads one cell as a JS value; missing cells (NaN, null, undefined) read as `null`. */
export function cellValue(col: Column, i: number): CellValue {
  const v = col[i] as CellValue | undefined;
  if (v === undefined || v === null) return null;
  if (typeof v === 'number' && v !== v) return null;
  return v;
}

/**
 * One cell as handed to users (a method's result, a callback's argument): as {@link cellValue},
 * with a `Date` copied, so changing it cannot change the frame.
 */
export function userValue(col: Column, i: number): CellValue {
  const v = cellValue(col, i);
  return v instanceof Date ? new Date(v.getTime()) : v;
}

/** Every cell of a column as a plain JS array (missing → `null`). */
export function columnValues(col: Column): CellValue[] {
  const out = new Array<CellValue>(col.length);
  for (let i = 0; i < col.length; i++) out[i] = cellValue(col, i);
  return out;
}

/** True when the column's storage is a typed array. */
export function isTypedColumn(col: Column): col is TypedColumn {
  return ArrayBuffer.isView(col);
}

function freeze<T>(values: T[]): readonly T[] {
  return Object.freeze(values);
}

function copyDate(d: Date): Date {
  return new Date(d.getTime());
}

const KIND_MISSING = 0;
const KIND_NUMBER = 1;
const KIND_STRING = 2;
const KIND_BOOL = 4;
const KIND_DATE = 8;
const KIND_OTHER = 16;

/**
 * Builds a column from JS values, inferring its dtype.
 *
 * Numbers become `i32` when every value is an integer in range and none is
 * missing, otherwise `f64` (missing → `NaN`); strings become `str`, booleans
 * `bool`, `Date`s `date` (copied); anything else, or a mix, becomes `mixed`.
 * A column with no value at all is `f64`. Typed arrays keep their own dtype
 * (copied), except a float array holding `NaN`, which becomes `f64`.
 */
export function inferColumn(values: ArrayLike<unknown>): TypedStorage {
  const typed = dtypeOfTypedArray(values);
  if (typed !== undefined) {
    const src = values as TypedColumn;
    if (typed === 'f32' && hasNaN(src)) return { data: Float64Array.from(src), dtype: 'f64' };
    const { ctor } = NUMERIC_STORAGE[typed];
    return { data: ctor.from(src), dtype: typed };
  }
  const n = values.length;
  let kinds = 0;
  let allInt = true;
  for (let i = 0; i < n; i++) {
    const v = values[i];
    if (typeof v === 'number') {
      if (v !== v) {
        kinds |= KIND_MISSING;
        allInt = false;
      } else {
        kinds |= KIND_NUMBER;
        if (allInt && ((v | 0) !== v || Object.is(v, -0))) allInt = false;
      }
    } else if (v === null || v === undefined) {
      allInt = false;
    } else if (typeof v === 'string') kinds |= KIND_STRING;
    else if (typeof v === 'boolean') kinds |= KIND_BOOL;
    else if (v instanceof Date) {
      if (Number.isNaN(v.getTime())) allInt = false;
      else kinds |= KIND_DATE;
    } else kinds |= KIND_OTHER;
  }
  if (kinds === KIND_NUMBER && allInt) {
    const out = new Int32Array(n);
    for (let i = 0; i < n; i++) out[i] = values[i] as number;
    return { data: out, dtype: 'i32' };
  }
  if (kinds === KIND_NUMBER || kinds === 0) {
    const out = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      const v = values[i];
      out[i] = typeof v === 'number' ? v : NaN;
    }
    return { data: out, dtype: 'f64' };
  }
  const out = new Array<unknown>(n);
  if (kinds === KIND_DATE) {
    for (let i = 0; i < n; i++) {
      const v = values[i];
      out[i] = v instanceof Date && !Number.isNaN(v.getTime()) ? copyDate(v) : null;
    }
    return { data: freeze(out), dtype: 'date' };
  }
  for (let i = 0; i < n; i++) {
    const v = values[i];
    out[i] = isMissingValue(v) ? null : v instanceof Date ? copyDate(v) : v;
  }
  const dtype: DType = kinds === KIND_STRING ? 'str' : kinds === KIND_BOOL ? 'bool' : 'mixed';
  return { data: freeze(out), dtype };
}

function hasNaN(a: TypedColumn): boolean {
  for (let i = 0; i < a.length; i++) if (a[i] !== a[i]) return true;
  return false;
}

function describe(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value);
  if (value instanceof Date)
    return Number.isNaN(value.getTime()) ? 'Invalid Date' : value.toISOString();
  if (typeof value === 'bigint') return `${value}n`;
  if (typeof value === 'object' && value !== null) {
    try {
      return JSON.stringify(value) ?? String(value);
    } catch {
      return String(value);
    }
  }
  return String(value);
}

/** Formats a value for an error message (strings quoted, dates as ISO). */
export function describeValue(value: unknown): string {
  const s = describe(value);
  return s.length > 60 ? `${s.slice(0, 57)}...` : s;
}

function toNumber(v: unknown): number {
  if (typeof v === 'number') return v;
  if (v === null || v === undefined) return NaN;
  if (typeof v === 'boolean') return v ? 1 : 0;
  if (v instanceof Date) return v.getTime();
  if (typeof v === 'string') {
    const t = v.trim();
    if (t === '') return NaN;
    const x = Number(t);
    if (Number.isNaN(x) && t !== 'NaN') throw new TypeError(`not a number`);
    return x;
  }
  if (typeof v === 'bigint') return Number(v);
  throw new TypeError('not a number');
}

function toBool(v: unknown): boolean | null {
  if (v === null || v === undefined) return null;
  if (typeof v === 'boolean') return v;
  if (typeof v === 'number') {
    if (v !== v) return null;
    if (v === 0 || v === 1) return v === 1;
  }
  if (typeof v === 'string') {
    const t = v.trim().toLowerCase();
    if (t === '') return null;
    if (t === 'true' || t === '1' || t === 'yes') return true;
    if (t === 'false' || t === '0' || t === 'no') return false;
  }
  throw new TypeError('not a boolean');
}

function toDate(v: unknown): Date | null {
  if (v === null || v === undefined) return null;
  if (v instanceof Date) return Number.isNaN(v.getTime()) ? null : copyDate(v);
  if (typeof v === 'number') return v !== v ? null : new Date(v);
  if (typeof v === 'string') {
    const t = v.trim();
    if (t === '') return null;
    const ms = parseIsoDate(t);
    if (ms !== null) return new Date(ms);
  }
  throw new TypeError('not a date');
}

/**
 * Builds a column of the given dtype from JS values, converting each value
 * (numeric strings to numbers, `'true'`/`'false'` to booleans, ISO strings
 * and epoch milliseconds to dates, anything to strings).
 *
 * @throws {TypeError} when a value cannot be converted, naming the column, row and value.
 * @throws {RangeError} when an integer dtype would lose a value (missing, fractional or out of range).
 */
export function buildColumn(
  values: ArrayLike<unknown>,
  dtype: DType,
  name = 'column',
): TypedStorage {
  const n = values.length;
  const fail = (
    i: number,
    why: string,
    Err: typeof TypeError | typeof RangeError = TypeError,
  ): never => {
    throw new Err(
      `Column "${name}" cannot be stored as ${dtype}: row ${i} holds ${describeValue(values[i])}, ${why}.`,
    );
  };
  if (isNumericDType(dtype)) {
    const { ctor, min, max } = NUMERIC_STORAGE[dtype as NumericDType];
    const out = new ctor(n);
    const integral = dtype !== 'f64' && dtype !== 'f32';
    for (let i = 0; i < n; i++) {
      let x: number;
      try {
        x = toNumber(values[i]);
      } catch {
        return fail(i, 'expected a number');
      }
      if (integral) {
        if (x !== x)
          fail(
            i,
            `expected an integer (${dtype} cannot hold a missing value; use f64)`,
            RangeError,
          );
        if (!Number.isInteger(x))
          fail(i, `expected an integer (use f64 for fractions)`, RangeError);
        if (x < min || x > max) fail(i, `expected an integer from ${min} to ${max}`, RangeError);
      } else if (dtype === 'f32' && x !== x) {
        fail(i, 'expected a number (f32 cannot hold a missing value; use f64)', RangeError);
      } else if (dtype === 'f32' && Math.fround(x) !== x && Number.isFinite(x)) {
        fail(i, 'expected a value f32 stores without losing precision (use f64)', RangeError);
      }
      out[i] = x;
    }
    return { data: out, dtype };
  }
  const out = new Array<unknown>(n);
  for (let i = 0; i < n; i++) {
    const v = values[i];
    if (dtype === 'str') {
      out[i] = isMissingValue(v)
        ? null
        : v instanceof Date
          ? v.toISOString()
          : typeof v === 'object'
            ? describe(v)
            : String(v);
    } else if (dtype === 'bool') {
      try {
        out[i] = toBool(v);
      } catch {
        fail(i, 'expected a boolean (true/false, 1/0 or "true"/"false")');
      }
    } else if (dtype === 'date') {
      try {
        out[i] = toDate(v);
      } catch {
        fail(i, 'expected a Date, epoch milliseconds or an ISO 8601 date string');
      }
    } else {
      out[i] = isMissingValue(v) ? null : v;
    }
  }
  return { data: freeze(out), dtype };
}

/** Gathers the cells at `positions` into a new column of the same storage kind. */
export function takeColumn(col: Column, positions: ArrayLike<number>): Column {
  const n = positions.length;
  if (isTypedColumn(col)) {
    const ctor = col.constructor as new (n: number) => TypedColumn;
    const out = new ctor(n);
    for (let i = 0; i < n; i++) out[i] = col[positions[i]!]!;
    return out;
  }
  const out = new Array<unknown>(n);
  for (let i = 0; i < n; i++) out[i] = col[positions[i]!];
  return freeze(out);
}

/** Copies rows `start` (inclusive) to `end` (exclusive) into a new column. */
export function sliceColumn(col: Column, start: number, end: number): Column {
  if (isTypedColumn(col)) return col.slice(start, end);
  return freeze(col.slice(start, end));
}

/** A deep copy of a column (typed arrays copied, dates and objects cloned). */
export function copyColumn(col: Column): Column {
  if (isTypedColumn(col)) return col.slice();
  return freeze(
    col.map((v) =>
      v instanceof Date
        ? copyDate(v)
        : v !== null && typeof v === 'object'
          ? structuredClone(v)
          : v,
    ),
  );
}
