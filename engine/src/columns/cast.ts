import type { DataFrame } from '../DataFrame.js';
import { type DType, isDType, DTYPES } from '../dtypes.js';
import { buildColumn, isMissingValue } from '../column.js';
import { entries, getColumn, makeFrame, indexOf } from './internal.js';

/** Options of {@link cast}. @category Columns */
export interface CastOptions {
  /**
   * What to do with a value that cannot be converted: `'raise'` (default) throws; `'coerce'`
   * makes it missing (integer dtypes, which cannot hold a missing value, then become `f64`).
   */
  errors?: 'raise' | 'coerce';
}

/**
 * Converts a column to another dtype. Numbers parse from numeric strings (`''` is missing);
 * booleans from `true`/`false`, `1`/`0`, `'yes'`/`'no'`; dates from `Date`s, epoch
 * milliseconds or ISO 8601 strings (a date without a time is midnight UTC); `str` formats
 * numbers with `String()` and dates as ISO 8601; `mixed` keeps the values as they are.
 * Integer dtypes (`i32` … `u8`) refuse missing, fractional or out-of-range values instead of
 * truncating them; `f32` refuses values it would round.
 *
 * @param df - the input frame (not modified)
 * @param column - the column to convert
 * @param dtype - the target dtype: `f64 | f32 | i32 | i16 | i8 | u32 | u16 | u8 | bool | str | date | mixed`
 * @param options - `errors: 'coerce'` turns unconvertible values into missing values
 * @returns a new frame with the column converted in place
 * @throws {RangeError} when the column does not exist, the dtype is unknown, or an integer dtype would lose a value
 * @throws {TypeError} when a value cannot be converted (names the column, row and value)
 * @category Columns
 * @example
 * ```ts
 * import { DataFrame, cast } from 'tinyframejs';
 *
 * const df = new DataFrame({ day: ['2024-03-01', '2024-03-02'], n: ['1', '2'] });
 * const out = cast(cast(df, 'day', 'date'), 'n', 'i32');
 * console.log(out.dtypes); // { day: 'date', n: 'i32' }
 * console.log((out.get('day')[0] as Date).toISOString()); // 2024-03-01T00:00:00.000Z
 * ```
 */
export function cast(
  df: DataFrame,
  column: string,
  dtype: DType,
  options: CastOptions = {},
): DataFrame {
  const col = getColumn(df, column, 'cast');
  if (!isDType(dtype))
    throw new RangeError(
      `cast: unknown dtype ${JSON.stringify(dtype)}; expected one of ${DTYPES.join(', ')}`,
    );
  const errors = options.errors ?? 'raise';
  if (errors !== 'raise' && errors !== 'coerce')
    throw new RangeError(`cast: errors must be 'raise' or 'coerce', got ${JSON.stringify(errors)}`);
  let built;
  let failed: unknown;
  try {
    built = buildColumn(col, dtype, column);
  } catch (e) {
    if (errors === 'raise')
      throw new (e instanceof RangeError ? RangeError : TypeError)(`cast: ${(e as Error).message}`);
    failed = e;
  }
  if (failed !== undefined) {
    // Convert value by value; whatever fails becomes missing.
    const n = col.length;
    const values = new Array<unknown>(n);
    let anyMissing = false;
    for (let i = 0; i < n; i++) {
      const v = col[i];
      let out: unknown = null;
      if (!isMissingValue(v)) {
        try {
          out = buildColumn([v], dtype, column).data[0];
        } catch {
          out = null;
        }
      }
      if (out === null || (typeof out === 'number' && out !== out)) anyMissing = true;
      values[i] = out;
    }
    const integral =
      dtype !== 'f64' &&
      dtype !== 'f32' &&
      dtype !== 'bool' &&
      dtype !== 'str' &&
      dtype !== 'date' &&
      dtype !== 'mixed';
    built = buildColumn(
      values,
      anyMissing && (integral || dtype === 'f32') ? 'f64' : dtype,
      column,
    );
  }
  const result = built!;
  return makeFrame(
    df,
    entries(df).map((e) => (e[0] === column ? ([column, result.data, result.dtype] as const) : e)),
    indexOf(df),
  );
}
