import { columnOf } from '../storage.js';
import type { DataFrame } from '../DataFrame.js';
import { type Column, cellValue, isTypedColumn } from '../column.js';
import { combineCodes, factorize } from '../grouping/factorize.js';
import { GroupIndex, reduceGroups, type Reducer } from '../grouping/reduce.js';
import {
  columnList,
  dtypeOf,
  getColumn,
  makeFrame,
  takeRows,
  type ColumnSpec,
} from '../columns/internal.js';
import { compareValues } from '../ordering/compare.js';

/** Options of {@link pivot}. @category Reshaping */
export interface PivotOptions {
  /** Column(s) whose values become the rows. */
  index: string | readonly string[];
  /** Column whose distinct values become the new columns. */
  columns: string;
  /** Column whose values fill the cells. */
  values: string;
  /**
   * How to combine several values that land in the same cell (`'sum'`, `'mean'`, … or a
   * function, as in {@link GroupBy.agg}). Without it, such duplicates are an error.
   */
  agg?: Reducer;
}

/**
 * Reshapes long data to wide: one row per distinct `index` value (in first-appearance order),
 * one column per distinct value of `columns` (in the order {@link sort} gives them: numbers
 * numerically, strings by code point; named with `String(value)`, dates as ISO 8601), and the `values` in the cells. Cells with
 * no data are missing. Rows whose `columns` value is missing are left out.
 *
 * @param df - the input frame
 * @param options - `index`, `columns`, `values`, and `agg` for duplicate cells
 * @returns a new wide frame: the index column(s), then one column per distinct `columns` value
 * @throws {RangeError} when a column does not exist, or two rows land in one cell and no `agg` is given
 * @throws {TypeError} when `agg` does not apply to the values' dtype
 * @category Reshaping
 * @example
 * ```ts
 * import { DataFrame, pivot } from 'tinyframejs';
 *
 * const long = new DataFrame({
 *   city: ['Oslo', 'Oslo', 'Rome', 'Rome', 'Rome'],
 *   quarter: ['Q1', 'Q2', 'Q1', 'Q2', 'Q2'],
 *   sales: [10, 12, 7, 8, 1],
 * });
 * const wide = pivot(long, { index: 'city', columns: 'quarter', values: 'sales', agg: 'sum' });
 * console.log(wide.toArray()); // [{ city: 'Oslo', Q1: 10, Q2: 12 }, { city: 'Rome', Q1: 7, Q2: 9 }]
 * ```
 */
export function pivot(df: DataFrame, options: PivotOptions): DataFrame {
  if (
    !options ||
    options.index === undefined ||
    options.columns === undefined ||
    options.values === undefined
  ) {
    throw new TypeError('pivot: options index, columns and values are required');
  }
  const idx = columnList(df, options.index, 'pivot');
  const colCol = getColumn(df, options.columns, 'pivot');
  const valCol = getColumn(df, options.values, 'pivot');
  const n = df.rowCount;
  const rowsF = factorize(
    idx.map((k) => columnOf(df, k) as ArrayLike<unknown>),
    n,
    true,
  );
  const colsF = factorize([colCol], n, false);
  const cell = new Int32Array(n);
  const cellCount = combineCodes(rowsF.ids, colsF.ids, rowsF.count, colsF.count, cell);
  const groups = new GroupIndex(cell, cellCount);
  let reduced: { data: Column; dtype: ReturnType<typeof dtypeOf> };
  let cellRow: Int32Array; // row count of each cell, or source row
  if (options.agg === undefined) {
    const first = new Int32Array(cellCount).fill(-1);
    for (let i = 0; i < n; i++) {
      const c = cell[i]!;
      if (c < 0) continue;
      if (first[c] !== -1) {
        const key = idx.map((k) => JSON.stringify(cellValue(columnOf(df, k), i))).join(', ');
        throw new RangeError(
          `pivot: several rows have index ${key} and ${options.columns} ${JSON.stringify(cellValue(colCol, i))}; pass agg (e.g. 'sum' or 'mean') to combine them`,
        );
      }
      first[c] = i;
    }
    cellRow = first;
    reduced = { data: takeRows(valCol, first), dtype: dtypeOf(df, options.values) };
  } else {
    reduced = reduceGroups(
      valCol,
      dtypeOf(df, options.values),
      groups,
      options.agg,
      options.values,
      'pivot',
    );
    cellRow = Int32Array.from({ length: cellCount }, (_, c) => c);
  }
  // Which (row, column) each cell is.
  const cellR = new Int32Array(cellCount);
  const cellC = new Int32Array(cellCount);
  for (let i = 0; i < n; i++) {
    const c = cell[i]!;
    if (c >= 0) {
      cellR[c] = rowsF.ids[i]!;
      cellC[c] = colsF.ids[i]!;
    }
  }
  // Keep only the index rows that have at least one cell (rows with a missing column value are left out).
  const rowKept = new Int32Array(rowsF.count).fill(-1);
  let nRows = 0;
  for (let i = 0; i < n; i++) {
    if (cell[i]! < 0) continue;
    const r = rowsF.ids[i]!;
    if (rowKept[r] === -1) rowKept[r] = nRows++;
  }
  const labels = Array.from(colsF.firstRow, (r) => cellValue(colCol, r));
  const order = labels.map((_, i) => i).sort((a, b) => compareValues(labels[a], labels[b]));
  const firstRows = new Int32Array(nRows);
  for (let r = 0; r < rowsF.count; r++)
    if (rowKept[r]! >= 0) firstRows[rowKept[r]!] = rowsF.firstRow[r]!;
  const out: ColumnSpec[] = idx.map((k) => {
    const data = takeRows(columnOf(df, k), firstRows);
    return [k, data, isTypedColumn(data) ? undefined : dtypeOf(df, k)] as const;
  });
  // Gather each wide column: positions into `reduced` (−1 = empty cell).
  const pos = order.map(() => new Int32Array(nRows).fill(-1));
  const rank = new Int32Array(order.length);
  order.forEach((c, k) => (rank[c] = k));
  for (let c = 0; c < cellCount; c++) {
    const r = rowKept[cellR[c]!]!;
    pos[rank[cellC[c]!]!]![r] = options.agg === undefined ? c : cellRow[c]!;
  }
  order.forEach((c, k) => {
    const v = labels[c];
    const name = v instanceof Date ? v.toISOString() : String(v);
    const data = takeRows(reduced.data, pos[k]!);
    out.push([name, data, isTypedColumn(data) ? undefined : reduced.dtype]);
  });
  return makeFrame(df, out);
}
