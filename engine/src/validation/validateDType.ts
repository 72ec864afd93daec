import type { DataFrame } from '../DataFrame.js';
import { type DType, DTYPES, NUMERIC_DTYPES } from '../dtypes.js';
import { describeValue } from '../column.js';
import { validateColumn } from './validateColumn.js';

/**
 * What {@link validateDType} may expect: a dtype, `'numeric'` (any typed-array
 * dtype), `'integer'` (any integer dtype), or a list of these.
 *
 * @category Validation
 */
export type DTypeExpectation =
  DType | 'numeric' | 'integer' | readonly (DType | 'numeric' | 'integer')[];

function expand(e: DType | 'numeric' | 'integer'): readonly DType[] {
  if (e === 'numeric') return NUMERIC_DTYPES;
  if (e === 'integer') return NUMERIC_DTYPES.filter((d) => d !== 'f64' && d !== 'f32');
  return [e];
}

function label(e: DType | 'numeric' | 'integer'): string {
  if (e === 'numeric') return 'a numeric dtype (f64, f32, i32, i16, i8, u32, u16, u8)';
  if (e === 'integer') return 'an integer dtype (i32, i16, i8, u32, u16, u8)';
  return e;
}

/**
 * Checks that a column of `df` has the expected dtype.
 *
 * @param df - The frame holding the column.
 * @param column - The column name.
 * @param expected - A dtype, `'numeric'`, `'integer'`, or a list of these.
 * @returns The column's actual dtype.
 * @throws {RangeError} when the column does not exist, or `expected` names an unknown dtype.
 * @throws {TypeError} when the column's dtype is not among the expected ones, naming the column, its dtype and the expectation.
 * @category Validation
 * @example
 * ```ts
 * import { DataFrame, validateDType } from 'tinyframejs';
 *
 * const df = new DataFrame({ name: ['a', 'b'], price: [1.5, 2] });
 * console.log(validateDType(df, 'price', 'numeric')); // 'f64'
 * try {
 *   validateDType(df, 'name', 'numeric');
 * } catch (e) {
 *   console.log((e as Error).message);
 *   // Column "name" has dtype str; expected a numeric dtype (f64, f32, i32, i16, i8, u32, u16, u8).
 * }
 * ```
 */
export function validateDType(df: DataFrame, column: string, expected: DTypeExpectation): DType {
  validateColumn(df, column);
  const list = (typeof expected === 'string' ? [expected] : expected) as readonly (
    DType | 'numeric' | 'integer'
  )[];
  for (const e of list) {
    if (e !== 'numeric' && e !== 'integer' && !DTYPES.includes(e)) {
      throw new RangeError(
        `Unknown dtype ${describeValue(e)}; expected one of ${DTYPES.join(', ')}, 'numeric' or 'integer'.`,
      );
    }
  }
  const actual = df.dtypes[column]!;
  if (list.some((e) => expand(e).includes(actual))) return actual;
  throw new TypeError(
    `Column "${column}" has dtype ${actual}; expected ${list.map(label).join(' or ')}.`,
  );
}
