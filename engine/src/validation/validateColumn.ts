import type { DataFrame } from '../DataFrame.js';
import { describeValue } from '../column.js';
import { suggest } from './suggest.js';

function listNames(names: readonly string[]): string {
  if (names.length === 0) return 'none (the frame has no columns)';
  const shown = names.slice(0, 12).map((n) => JSON.stringify(n));
  return names.length > 12 ? `${shown.join(', ')}, … (${names.length} in all)` : shown.join(', ');
}

/** The error thrown for a column name a frame does not have. */
export function unknownColumnError(column: string, names: readonly string[]): RangeError {
  const hint = suggest(column, names);
  return new RangeError(
    `Unknown column "${column}"; expected one of ${listNames(names)}.${hint !== undefined ? ` Did you mean "${hint}"?` : ''}`,
  );
}

/**
 * Checks that `column` names a column of `df`.
 *
 * @param df - The frame that should hold the column.
 * @param column - The column name to check.
 * @returns Nothing; returns normally when the column exists.
 * @throws {TypeError} when `column` is not a string.
 * @throws {RangeError} when `df` has no such column; the message lists the
 *   frame's columns and suggests a close match.
 * @category Validation
 * @example
 * ```ts
 * import { DataFrame, validateColumn } from 'tinyframejs';
 *
 * const df = new DataFrame({ price: [1, 2], qty: [3, 4] });
 * validateColumn(df, 'price'); // passes
 * try {
 *   validateColumn(df, 'prize');
 * } catch (e) {
 *   console.log((e as Error).message);
 *   // Unknown column "prize"; expected one of "price", "qty". Did you mean "price"?
 * }
 * ```
 */
export function validateColumn(df: DataFrame, column: unknown): asserts column is string {
  if (typeof column !== 'string') {
    throw new TypeError(
      `Column name must be a string; received ${describeValue(column)} (${column === null ? 'null' : typeof column}).`,
    );
  }
  if (!df.has(column)) throw unknownColumnError(column, df.columns);
}

/**
 * Checks a list of column names: an array of non-empty strings with no duplicates.
 *
 * @param names - The proposed column names.
 * @returns Nothing; returns normally when the names are valid.
 * @throws {TypeError} when `names` is not an array, or a name is not a non-empty string (naming its position and value).
 * @throws {RangeError} when a name appears twice (naming both positions).
 * @category Validation
 * @example
 * ```ts
 * import { validateColumnNames } from 'tinyframejs';
 *
 * validateColumnNames(['city', 'temp']); // passes
 * try {
 *   validateColumnNames(['city', 'temp', 'city']);
 * } catch (e) {
 *   console.log((e as Error).message);
 *   // Duplicate column name "city" at positions 0 and 2; column names must be unique.
 * }
 * ```
 */
export function validateColumnNames(names: unknown): asserts names is string[] {
  if (!Array.isArray(names)) {
    throw new TypeError(
      `Column names must be an array of strings; received ${describeValue(names)}.`,
    );
  }
  const seen = new Map<string, number>();
  names.forEach((name: unknown, i) => {
    if (typeof name !== 'string' || name === '') {
      throw new TypeError(
        `Column name at position ${i} must be a non-empty string; received ${describeValue(name)}.`,
      );
    }
    const prev = seen.get(name);
    if (prev !== undefined) {
      throw new RangeError(
        `Duplicate column name "${name}" at positions ${prev} and ${i}; column names must be unique.`,
      );
    }
    seen.set(name, i);
  });
}

/**
 * Checks that every column of a column object is array-like and that all
 * have the same length.
 *
 * @param columns - An object mapping column names to arrays or typed arrays.
 * @returns The common length (0 for an object with no columns).
 * @throws {TypeError} when a column is not an array or typed array, naming it and its value.
 * @throws {RangeError} when lengths differ, naming the column, its length and the expected length.
 * @category Validation
 * @example
 * ```ts
 * import { validateColumnLengths } from 'tinyframejs';
 *
 * console.log(validateColumnLengths({ a: [1, 2, 3], b: ['x', 'y', 'z'] })); // 3
 * try {
 *   validateColumnLengths({ a: [1, 2, 3], b: ['x', 'y'] });
 * } catch (e) {
 *   console.log((e as Error).message);
 *   // Column "b" has 2 values but column "a" has 3; all columns must have the same length.
 * }
 * ```
 */
export function validateColumnLengths(columns: Readonly<Record<string, unknown>>): number {
  if (typeof columns !== 'object' || columns === null || Array.isArray(columns)) {
    throw new TypeError(`Expected an object of columns; received ${describeValue(columns)}.`);
  }
  let first: string | undefined;
  let length = 0;
  for (const [name, values] of Object.entries(columns)) {
    if (!Array.isArray(values) && !(ArrayBuffer.isView(values) && !(values instanceof DataView))) {
      throw new TypeError(
        `Column "${name}" must be an array or a typed array; received ${describeValue(values)}.`,
      );
    }
    const n = (values as ArrayLike<unknown>).length;
    if (first === undefined) {
      first = name;
      length = n;
    } else if (n !== length) {
      throw new RangeError(
        `Column "${name}" has ${n} value${n === 1 ? '' : 's'} but column "${first}" has ${length}; all columns must have the same length.`,
      );
    }
  }
  return length;
}
