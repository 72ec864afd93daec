import { describeValue } from '../column.js';
import { validateColumnLengths } from './validateColumn.js';

function isPlainObject(v: unknown): v is Record<string, unknown> {
  if (typeof v !== 'object' || v === null) return false;
  const proto = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
}

/**
 * Checks data meant for {@link DataFrame} or {@link createFrame}: either an
 * array of row objects, or an object whose values are equal-length arrays or
 * typed arrays (one per column).
 *
 * @param data - The candidate input.
 * @returns `'rows'` for an array of row objects, `'columns'` for a column object.
 * @throws {TypeError} when `data` is neither shape, or a row is not a plain object (naming the row and its value).
 * @throws {RangeError} when columns have different lengths.
 * @category Validation
 * @example
 * ```ts
 * import { validateInputData } from 'tinyframejs';
 *
 * console.log(validateInputData([{ a: 1 }, { a: 2 }])); // 'rows'
 * console.log(validateInputData({ a: [1, 2] }));         // 'columns'
 * try {
 *   validateInputData([{ a: 1 }, 42]);
 * } catch (e) {
 *   console.log((e as Error).message);
 *   // Row 1 must be a plain object mapping column names to values; received 42.
 * }
 * ```
 */
export function validateInputData(data: unknown): 'rows' | 'columns' {
  if (Array.isArray(data)) {
    for (let i = 0; i < data.length; i++) {
      if (!isPlainObject(data[i])) {
        throw new TypeError(
          `Row ${i} must be a plain object mapping column names to values; received ${describeValue(data[i])}.`,
        );
      }
    }
    return 'rows';
  }
  if (isPlainObject(data)) {
    validateColumnLengths(data);
    return 'columns';
  }
  const kind = data === null ? 'null' : data instanceof Map ? 'a Map' : typeof data;
  throw new TypeError(
    `Expected an array of row objects or an object of column arrays; received ${describeValue(data)} (${kind}).`,
  );
}
