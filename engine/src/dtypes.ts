/**
 * The column types of TinyFrame and the storage each one uses.
 *
 * Numeric dtypes live in typed arrays; `bool`, `str`, `date` and `mixed`
 * live in plain (frozen) arrays where `null` marks a missing value.
 */

/**
 * The type of a column, as reported by {@link DataFrame.dtypes}.
 *
 * - `f64` — 64-bit floats in a `Float64Array`; a missing value is `NaN`.
 * - `f32`, `i32`, `i16`, `i8`, `u32`, `u16`, `u8` — narrower typed arrays,
 *   used only when no value is missing and no precision is lost.
 * - `bool`, `str`, `date` — plain arrays of booleans, strings or `Date`s with
 *   `null` for a missing value.
 * - `mixed` — a plain array of values with no common type (for example
 *   numbers mixed with strings, or nested objects), kept exactly as given.
 *
 * Integral columns read or built without a missing value are stored as `i32`;
 * as soon as one value is missing the column is `f64` with `NaN`, never `0`.
 *
 * @category DataFrame
 */
export type DType =
  'f64' | 'f32' | 'i32' | 'i16' | 'i8' | 'u32' | 'u16' | 'u8' | 'bool' | 'str' | 'date' | 'mixed';

/** The numeric dtypes, stored in typed arrays. @category DataFrame */
export type NumericDType = 'f64' | 'f32' | 'i32' | 'i16' | 'i8' | 'u32' | 'u16' | 'u8';

/** Every dtype name, in documentation order. */
export const DTYPES: readonly DType[] = [
  'f64',
  'f32',
  'i32',
  'i16',
  'i8',
  'u32',
  'u16',
  'u8',
  'bool',
  'str',
  'date',
  'mixed',
];

/** The numeric dtypes. */
export const NUMERIC_DTYPES: readonly NumericDType[] = [
  'f64',
  'f32',
  'i32',
  'i16',
  'i8',
  'u32',
  'u16',
  'u8',
];

/** The storage of one typed (numeric) column. */
export type TypedColumn =
  | Float64Array
  | Float32Array
  | Int32Array
  | Int16Array
  | Int8Array
  | Uint32Array
  | Uint16Array
  | Uint8Array;

/** True when `value` is one of the dtype names. */
export function isDType(value: unknown): value is DType {
  return typeof value === 'string' && (DTYPES as readonly string[]).includes(value);
}

/** True when `dtype` is stored in a typed array. */
export function isNumericDType(dtype: DType): dtype is NumericDType {
  return dtype !== 'bool' && dtype !== 'str' && dtype !== 'date' && dtype !== 'mixed';
}

/** True when `dtype` is an integer dtype (no missing values possible). */
export function isIntegerDType(dtype: DType): boolean {
  return isNumericDType(dtype) && dtype !== 'f64' && dtype !== 'f32';
}

interface TypedArrayCtor {
  new (length: number): TypedColumn;
  from(values: ArrayLike<number>): TypedColumn;
}

/** Typed-array constructor and the integer range of each numeric dtype. */
export const NUMERIC_STORAGE: Readonly<
  Record<NumericDType, { ctor: TypedArrayCtor; min: number; max: number }>
> = {
  f64: { ctor: Float64Array, min: -Infinity, max: Infinity },
  f32: { ctor: Float32Array, min: -Infinity, max: Infinity },
  i32: { ctor: Int32Array, min: -2147483648, max: 2147483647 },
  i16: { ctor: Int16Array, min: -32768, max: 32767 },
  i8: { ctor: Int8Array, min: -128, max: 127 },
  u32: { ctor: Uint32Array, min: 0, max: 4294967295 },
  u16: { ctor: Uint16Array, min: 0, max: 65535 },
  u8: { ctor: Uint8Array, min: 0, max: 255 },
};

/** The dtype that matches an existing typed array, or `undefined`. */
export function dtypeOfTypedArray(values: unknown): NumericDType | undefined {
  if (values instanceof Float64Array) return 'f64';
  if (values instanceof Float32Array) return 'f32';
  if (values instanceof Int32Array) return 'i32';
  if (values instanceof Int16Array) return 'i16';
  if (values instanceof Int8Array) return 'i8';
  if (values instanceof Uint32Array) return 'u32';
  if (values instanceof Uint16Array) return 'u16';
  if (values instanceof Uint8Array || values instanceof Uint8ClampedArray) return 'u8';
  return undefined;
}
