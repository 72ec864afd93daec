import type { DataFrame } from '../DataFrame.js';
import { inferColumn } from '../column.js';
import { entries, getColumn, makeFrame, takeRows } from '../columns/internal.js';

/**
 * Turns a column of lists into rows: each element of a row's array gets its own row, with the
 * other columns repeated. An empty array or a missing value gives one row with a missing value;
 * a value that is not an array is kept as it is. The exploded column's dtype is inferred from
 * the elements.
 *
 * @param df - the input frame
 * @param column - the column holding arrays (e.g. from {@link StringAccessor.split})
 * @returns a new frame with one row per element
 * @throws {RangeError} when the column does not exist
 * @category Text
 * @example
 * ```ts
 * import { DataFrame, assign, explode, str } from 'tinyframejs';
 *
 * const df = new DataFrame({ id: [1, 2], tags: ['red,blue', 'green'] });
 * const out = explode(assign(df, { tags: str(df, 'tags').split(',') }), 'tags');
 * console.log(out.toArray()); // [{ id: 1, tags: 'red' }, { id: 1, tags: 'blue' }, { id: 2, tags: 'green' }]
 * ```
 */
export function explode(df: DataFrame, column: string): DataFrame {
  const col = getColumn(df, column, 'explode');
  const n = col.length;
  const rows: number[] = [];
  const values: unknown[] = [];
  for (let i = 0; i < n; i++) {
    const v = col[i];
    if (Array.isArray(v)) {
      if (v.length === 0) {
        rows.push(i);
        values.push(null);
      }
      for (const x of v) {
        rows.push(i);
        values.push(x);
      }
    } else {
      rows.push(i);
      values.push(v);
    }
  }
  const idx = Int32Array.from(rows);
  const exploded = inferColumn(values);
  return makeFrame(
    df,
    entries(df).map(([name, data, dtype]) =>
      name === column
        ? ([name, exploded.data, exploded.dtype] as const)
        : ([name, takeRows(data, idx), ArrayBuffer.isView(data) ? undefined : dtype] as const),
    ),
  );
}
