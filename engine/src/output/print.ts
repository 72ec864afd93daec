import type { DataFrame } from '../DataFrame.js';
import { storageOf } from '../storage.js';
import { type Column, cellValue } from '../column.js';
import { type DType, isNumericDType } from '../dtypes.js';
import { validateOptions } from '../validation/validateOptions.js';
import {
  displayWidth,
  escapeText,
  formatDateTime,
  formatDay,
  formatNumber,
  isMidnightUtc,
  truncate,
} from './formatValue.js';

/**
 * Options of {@link print} and `DataFrame.toString`.
 *
 * @category Output
 */
export interface PrintOptions {
  /** The most rows to show; larger frames show the first and last rows around a `…` row. Default 10. */
  rows?: number;
  /** The most columns to show; wider frames show the first and last columns around a `…` column. Default 8. */
  cols?: number;
  /** The widest a cell may be, in characters; longer text ends in `…`. Default 32. */
  maxWidth?: number;
}

interface DisplayColumn {
  header: string;
  cells: string[];
  right: boolean;
}

function formatCells(
  col: Column,
  dtype: DType,
  rows: readonly (number | null)[],
  maxWidth: number,
): string[] {
  const dateOnly =
    dtype === 'date' &&
    rows.every((i) => {
      if (i === null) return true;
      const v = col[i];
      return !(v instanceof Date) || isMidnightUtc(v);
    });
  return rows.map((i) => {
    if (i === null) return '…';
    const v = cellValue(col, i);
    if (v === null) return 'null';
    if (typeof v === 'number') return formatNumber(v);
    if (v instanceof Date) return dateOnly ? formatDay(v) : formatDateTime(v);
    if (typeof v === 'string') return truncate(escapeText(v), maxWidth);
    if (typeof v === 'boolean') return String(v);
    let text: string;
    try {
      text = JSON.stringify(v) ?? String(v);
    } catch {
      text = String(v);
    }
    return truncate(escapeText(text), maxWidth);
  });
}

/** Which positions to show out of `n`, with `null` where the `…` goes. */
function visible(n: number, limit: number): (number | null)[] {
  if (n <= limit) return Array.from({ length: n }, (_, i) => i);
  const headCount = Math.ceil(limit / 2);
  const tailCount = Math.floor(limit / 2);
  const out: (number | null)[] = [];
  for (let i = 0; i < headCount; i++) out.push(i);
  out.push(null);
  for (let i = n - tailCount; i < n; i++) out.push(i);
  return out;
}

function plural(n: number, word: string): string {
  return `${n.toLocaleString('en-US')} ${word}${n === 1 ? '' : 's'}`;
}

function pad(text: string, width: number, right: boolean): string {
  const gap = ' '.repeat(Math.max(0, width - displayWidth(text)));
  return right ? gap + text : text + gap;
}

/**
 * Renders a frame as the text table that {@link print} writes and
 * `df.toString()` returns. See {@link print} for the format.
 */
export function formatTable(df: DataFrame, options: PrintOptions = {}): string {
  validateOptions(options, { rows: 'integer', cols: 'integer', maxWidth: 'integer' }, 'print');
  const { rows: rowLimit = 10, cols: colLimit = 8, maxWidth = 32 } = options;
  if (rowLimit < 1 || colLimit < 1 || maxWidth < 2) {
    throw new RangeError(
      `print(): rows and cols must be at least 1 and maxWidth at least 2; received rows ${rowLimit}, cols ${colLimit}, maxWidth ${maxWidth}.`,
    );
  }
  const s = storageOf(df);
  const footer = `[${plural(s.rowCount, 'row')} × ${plural(s.names.length, 'column')}]`;
  if (s.names.length === 0) return footer;

  const rowSel = visible(s.rowCount, rowLimit);
  const colSel = visible(s.names.length, colLimit);
  const display: DisplayColumn[] = [];
  // The index column: default labels are the row positions.
  const idx = s.index;
  display.push({
    header: idx?.name ? truncate(escapeText(idx.name), maxWidth) : '',
    cells: idx
      ? formatCells(idx.data, idx.dtype, rowSel, maxWidth)
      : rowSel.map((i) => (i === null ? '…' : String(i))),
    right: idx ? isNumericDType(idx.dtype) : true,
  });
  for (const j of colSel) {
    if (j === null) {
      display.push({ header: '…', cells: rowSel.map(() => '…'), right: false });
      continue;
    }
    const dtype = s.dtypes[j]!;
    display.push({
      header: truncate(escapeText(s.names[j]!), maxWidth),
      cells: formatCells(s.columns[j]!, dtype, rowSel, maxWidth),
      right: isNumericDType(dtype),
    });
  }
  const widths = display.map((c) => Math.max(displayWidth(c.header), ...c.cells.map(displayWidth)));
  const rule = (l: string, m: string, r: string) =>
    l + widths.map((w) => '─'.repeat(w + 2)).join(m) + r;
  const line = (cells: string[]) =>
    `│ ${cells.map((t, k) => pad(t, widths[k]!, display[k]!.right)).join(' │ ')} │`;
  const out = [rule('┌', '┬', '┐'), line(display.map((c) => c.header))];
  if (rowSel.length > 0) {
    out.push(rule('├', '┼', '┤'));
    for (let r = 0; r < rowSel.length; r++) out.push(line(display.map((c) => c.cells[r]!)));
  }
  out.push(rule('└', '┴', '┘'), footer);
  return out.join('\n');
}

/**
 * Writes the frame as a table to the console (`console.log`); the same text
 * as `df.toString()`.
 *
 * The format, exactly:
 * - A box-drawing table (`┌ ┬ ┐ │ ├ ┼ ┤ └ ┴ ┘ ─`) with one space of padding
 *   either side of every cell, then a footer line `[R rows × C columns]`
 *   (singular for 1; counts grouped with commas, e.g. `1,000,000 rows`).
 * - The first column is the index: row positions by default (header empty),
 *   or the index labels (header = the index name, if any).
 * - Numeric columns (and their headers) are right-aligned; all other columns
 *   left-aligned.
 * - Numbers: integers as written; others rounded to at most 6 decimals with
 *   trailing zeros trimmed (`0.1 + 0.2` shows `0.3`); magnitudes below 1e-4
 *   or from 1e15 up in exponent form (`1.5e-7`).
 * - Missing values (`NaN`, `null`) show as `null` in every column type.
 * - Dates in UTC: `2024-03-01` when every shown date of the column is at
 *   midnight UTC, else `2024-03-01T14:30:00Z`. Booleans: `true` / `false`.
 * - Text longer than `maxWidth` (32) is cut and ends with `…`; line breaks
 *   and tabs show as `\n`, `\t`.
 * - More than `rows` (10) rows: the first `ceil(rows/2)` and last
 *   `floor(rows/2)` rows around a row of `…`. More than `cols` (8) columns:
 *   the same with a `…` column.
 * - A frame without rows shows only the header; a frame without columns
 *   shows only the footer.
 *
 * @param df - The frame to show.
 * @param options - {@link PrintOptions}: `rows`, `cols`, `maxWidth`.
 * @returns Nothing.
 * @throws {RangeError} when `rows` or `cols` is below 1.
 * @throws {TypeError} when an option is unknown or not an integer.
 * @category Output
 * @example
 * ```ts
 * import { DataFrame, print } from 'tinyframejs';
 *
 * const df = new DataFrame({
 *   fruit: ['apple', 'banana', 'cherry'],
 *   price: [1.2, 0.5, null],
 *   qty: [10, 25, 7],
 * });
 * print(df);
 * // ┌───┬────────┬───────┬─────┐
 * // │   │ fruit  │ price │ qty │
 * // ├───┼────────┼───────┼─────┤
 * // │ 0 │ apple  │   1.2 │  10 │
 * // │ 1 │ banana │   0.5 │  25 │
 * // │ 2 │ cherry │  null │   7 │
 * // └───┴────────┴───────┴─────┘
 * // [3 rows × 3 columns]
 * ```
 */
export function print(df: DataFrame, options: PrintOptions = {}): void {
  console.log(formatTable(df, options));
}
