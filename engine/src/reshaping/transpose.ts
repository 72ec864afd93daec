import { columnOf } from '../storage.js';
import type { DataFrame } from '../DataFrame.js';
import { inferColumn } from '../column.js';
import { indexOf, makeFrame, type ColumnSpec } from '../columns/internal.js';

/**
 * Swaps rows and columns. The new columns are named after the row index labels (`'0'`, `'1'`, …
 * for the default index; `String(label)` otherwise, dates as ISO 8601); the new index holds the
 * old column names. Each new column's dtype is inferred from its values, so transposing a frame
 * with columns of different kinds gives `mixed` columns.
 *
 * @param df - the input frame
 * @returns a new frame with rows and columns swapped
 * @throws {RangeError} when two index labels give the same column name
 * @category Reshaping
 * @example
 * ```ts
 * import { DataFrame, transpose } from 'tinyframejs';
 *
 * const df = new DataFrame({ q1: [1, 2], q2: [3, 4] }, { index: ['north', 'south'] });
 * const t = transpose(df);
 * console.log(t.columns, t.index); // ['north', 'south'] ['q1', 'q2']
 * console.log(t.get('south')); // Int32Array(2) [2, 4]
 * ```
 */
export function transpose(df: DataFrame): DataFrame {
  const idx = indexOf(df);
  const n = df.rowCount;
  const names = Array.from({ length: n }, (_, i) => {
    if (!idx) return String(i);
    const v = idx.data[i];
    return v instanceof Date ? v.toISOString() : String(v);
  });
  const cols = df.columns.map((c) => columnOf(df, c));
  const out: ColumnSpec[] = names.map((name, i) => {
    const s = inferColumn(
      cols.map((col) => {
        const v = col[i];
        return typeof v === 'number' && v !== v ? null : v;
      }),
    );
    return [name, s.data, s.dtype] as const;
  });
  return makeFrame(df, out, { data: Object.freeze([...df.columns]), dtype: 'str', name: null });
}
