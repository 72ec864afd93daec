import { describeValue } from '../column.js';
import { dtypeOfTypedArray } from '../dtypes.js';

/**
 * Options of {@link validateNumericArray}.
 *
 * @category Validation
 */
export interface NumericArrayOptions {
  /** Whether `NaN`, `null` and `undefined` (missing values) are allowed. Default `true`. */
  allowMissing?: boolean;
  /** Whether `Infinity` and `-Infinity` are allowed. Default `true`. */
  allowInfinite?: boolean;
}

/**
 * Checks that `values` holds only numbers: a numeric typed array, or an array
 * whose items are numbers (or missing values, unless `allowMissing` is false).
 *
 * @param values - The values to check.
 * @param name - The column (or argument) name used in messages. Default `'values'`.
 * @param options - {@link NumericArrayOptions}.
 * @returns Nothing; returns normally when every value is acceptable.
 * @throws {TypeError} when `values` is not array-like or an item is not a number, naming the column, the row and the value.
 * @throws {RangeError} when a missing or infinite value is not allowed, naming the column and the row.
 * @category Validation
 * @example
 * ```ts
 * import { validateNumericArray } from 'tinyframejs';
 *
 * validateNumericArray([1, 2.5, null], 'price'); // passes: null is a missing value
 * try {
 *   validateNumericArray([1, '2', 3], 'price');
 * } catch (e) {
 *   console.log((e as Error).message);
 *   // Column "price" must hold numbers; row 1 holds "2" (string).
 * }
 * ```
 */
export function validateNumericArray(
  values: unknown,
  name = 'values',
  options: NumericArrayOptions = {},
): void {
  const { allowMissing = true, allowInfinite = true } = options;
  const typed = dtypeOfTypedArray(values);
  if (!typed && !Array.isArray(values)) {
    throw new TypeError(
      `Column "${name}" must be an array of numbers or a numeric typed array; received ${describeValue(values)}.`,
    );
  }
  const arr = values as ArrayLike<unknown>;
  for (let i = 0; i < arr.length; i++) {
    const v = arr[i];
    if (v === null || v === undefined || (typeof v === 'number' && Number.isNaN(v))) {
      if (!allowMissing) {
        throw new RangeError(
          `Column "${name}" must not have missing values; row ${i} holds ${v === undefined ? 'undefined' : v === null ? 'null' : 'NaN'}.`,
        );
      }
      continue;
    }
    if (typeof v !== 'number') {
      throw new TypeError(
        `Column "${name}" must hold numbers; row ${i} holds ${describeValue(v)} (${typeof v}).`,
      );
    }
    if (!allowInfinite && !Number.isFinite(v)) {
      throw new RangeError(`Column "${name}" must hold finite numbers; row ${i} holds ${v}.`);
    }
  }
}
