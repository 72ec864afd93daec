import { columnOf } from '../storage.js';
import type { DataFrame } from '../DataFrame.js';
import { isNumericDType } from '../dtypes.js';
import { inferColumn } from '../column.js';
import { columnList, dtypeOf, makeFrame, type ColumnSpec } from '../columns/internal.js';

/** Options of {@link melt}. @category Reshaping */
export interface MeltOptions {
  /** Columns that identify a row and are repeated (default: none). */
  idVars?: string | readonly string[];
  /** Columns to unpivot (default: every column not in `idVars`). */
  valueVars?: string | readonly string[];
  /** Name of the new column holding the former column names (default `'variable'`). */
  varName?: string;
  /** Name of the new column holding the values (default `'value'`). */
  valueName?: string;
}

/**
 * Reshapes wide data to long: every `valueVars` column becomes rows of (`varName` = the
 * column's name, `valueName` = its value), with the `idVars` repeated. Rows come column by
 * column: all rows for the first value column, then the second, and so on. Values of one
 * numeric dtype stay numeric (`f64` if widths differ); mixed kinds give a `mixed` column.
 *
 * @param df - the input frame
 * @param options - `idVars`, `valueVars`, `varName`, `valueName`
 * @returns a new long frame: the id columns, `varName`, `valueName`
 * @throws {RangeError} when a column does not exist or a new name collides with an id column
 * @category Reshaping
 * @example
 * ```ts
 * import { DataFrame, melt } from 'tinyframejs';
 *
 * const wide = new DataFrame({ city: ['Oslo', 'Rome'], '2023': [10, 7], '2024': [12, 9] });
 * const long = melt(wide, { idVars: 'city', varName: 'year', valueName: 'sales' });
 * console.log(long.toArray());
 * // [{ city: 'Oslo', year: '2023', sales: 10 }, { city: 'Rome', year: '2023', sales: 7 },
 * //  { city: 'Oslo', year: '2024', sales: 12 }, { city: 'Rome', year: '2024', sales: 9 }]
 * ```
 */
export function melt(df: DataFrame, options: MeltOptions = {}): DataFrame {
  const ids = options.idVars === undefined ? [] : columnList(df, options.idVars, 'melt');
  const vals =
    options.valueVars === undefined
      ? df.columns.filter((c) => !ids.includes(c))
      : columnList(df, options.valueVars, 'melt');
  const varName = options.varName ?? 'variable';
  const valueName = options.valueName ?? 'value';
  for (const nm of [varName, valueName])
    if (ids.includes(nm))
      throw new RangeError(`melt: the new column "${nm}" would collide with an id column`);
  if (varName === valueName)
    throw new RangeError(`melt: varName and valueName must differ, both are "${varName}"`);
  const n = df.rowCount;
  const total = n * vals.length;
  const out: ColumnSpec[] = ids.map((k) => {
    const src = columnOf(df, k);
    if (ArrayBuffer.isView(src)) {
      const arr = new (src.constructor as new (n: number) => Float64Array)(total);
      for (let v = 0; v < vals.length; v++) arr.set(src as Float64Array, v * n);
      return [k, arr] as const;
    }
    const arr = new Array<unknown>(total);
    for (let v = 0; v < vals.length; v++) for (let i = 0; i < n; i++) arr[v * n + i] = src[i];
    return [k, Object.freeze(arr), dtypeOf(df, k)] as const;
  });
  const names = new Array<string>(total);
  for (let v = 0; v < vals.length; v++) names.fill(vals[v]!, v * n, (v + 1) * n);
  out.push([varName, Object.freeze(names), 'str']);
  const dts = new Set(vals.map((c) => dtypeOf(df, c)));
  if (vals.length > 0 && [...dts].every(isNumericDType)) {
    const arr = new Float64Array(total);
    vals.forEach((c, v) => arr.set(columnOf(df, c) as ArrayLike<number>, v * n));
    out.push([valueName, arr, 'f64']);
  } else {
    const arr = new Array<unknown>(total);
    vals.forEach((c, v) => {
      const src = columnOf(df, c);
      for (let i = 0; i < n; i++) arr[v * n + i] = src[i];
    });
    const s = inferColumn(arr);
    out.push([valueName, s.data, s.dtype]);
  }
  return makeFrame(df, out);
}
