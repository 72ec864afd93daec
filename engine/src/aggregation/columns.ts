/** Column lookup for the aggregations: numeric views and the "all columns" default. */
import type { DataFrame } from '../DataFrame.js';
import { storageOf, positionOf } from '../storage.js';
import { isNumericDType, type DType } from '../dtypes.js';
import type { Column } from '../column.js';
import { unknownColumnError } from '../validation/validateColumn.js';
import { describeValue } from '../column.js';

export interface ColumnRef {
  name: string;
  data: Column;
  dtype: DType;
}

export function columnRef(df: DataFrame, name: unknown, fn: string): ColumnRef {
  if (typeof name !== 'string')
    throw new TypeError(`${fn}(): column name must be a string; received ${describeValue(name)}.`);
  const s = storageOf(df);
  const j = positionOf(s, name);
  if (j < 0) throw unknownColumnError(name, s.names);
  return { name, data: s.columns[j]!, dtype: s.dtypes[j]! };
}

/** The column as numbers: typed storage as is, booleans as 0/1 (missing → NaN). */
export function numericView(ref: ColumnRef, fn: string): ArrayLike<number> {
  if (isNumericDType(ref.dtype)) return ref.data as ArrayLike<number>;
  if (ref.dtype === 'bool') {
    const out = new Float64Array(ref.data.length);
    for (let i = 0; i < out.length; i++) {
      const v = ref.data[i];
      out[i] = v === true ? 1 : v === false ? 0 : NaN;
    }
    return out;
  }
  throw new TypeError(
    `${fn}(): column "${ref.name}" has dtype ${ref.dtype}; expected a numeric or bool column.`,
  );
}

/**
 * The columns an aggregation runs over: the named one(s), or by default every
 * column for which `accept(dtype)` holds.
 */
export function targetColumns(
  df: DataFrame,
  columns: string | readonly string[] | undefined,
  fn: string,
  accept: (dtype: DType) => boolean,
): ColumnRef[] {
  if (columns === undefined) {
    const s = storageOf(df);
    return s.names
      .map((name, j) => ({ name, data: s.columns[j]!, dtype: s.dtypes[j]! }))
      .filter((r) => accept(r.dtype));
  }
  const list = typeof columns === 'string' ? [columns] : columns;
  if (!Array.isArray(list))
    throw new TypeError(
      `${fn}(): expected a column name or an array of names; received ${describeValue(columns)}.`,
    );
  return list.map((c) => columnRef(df, c, fn));
}

/** Applies `reduce` to one column (returning its value) or to several (returning an object). */
export function perColumn<T>(
  df: DataFrame,
  columns: string | readonly string[] | undefined,
  fn: string,
  accept: (dtype: DType) => boolean,
  reduce: (ref: ColumnRef) => T,
): T | Record<string, T> {
  if (typeof columns === 'string') return reduce(columnRef(df, columns, fn));
  const out: Record<string, T> = {};
  for (const ref of targetColumns(df, columns, fn, accept)) out[ref.name] = reduce(ref);
  return out;
}
