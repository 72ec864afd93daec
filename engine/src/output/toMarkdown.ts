import { columnOf } from '../storage.js';
import type { DataFrame } from '../DataFrame.js';
import { isNumericDType } from '../dtypes.js';
import { dtypeOf } from '../columns/internal.js';
import { cellText } from './format.js';

/** Options of {@link toMarkdown}. @category Output */
export interface ToMarkdownOptions {
  /** Include the row index as a first, unnamed column (default `false`). */
  index?: boolean;
}

/**
 * Writes a frame as a GitHub-flavoured Markdown table: a header row, an alignment row (numeric
 * columns right-aligned), one line per row. `|` in a cell is escaped as `\|`, line breaks
 * become `<br>`, missing values are empty cells.
 *
 * @param df - the frame to write
 * @param options - `index`
 * @returns the Markdown text (ending with a newline)
 * @throws {TypeError} when `df` is not a DataFrame
 * @category Output
 * @example
 * ```ts
 * import { DataFrame, toMarkdown } from 'tinyframejs';
 *
 * console.log(toMarkdown(new DataFrame({ city: ['Oslo', 'Rome'], temp: [4.5, 15] })));
 * // | city | temp |
 * // | :--- | ---: |
 * // | Oslo |  4.5 |
 * // | Rome |   15 |
 * ```
 */
export function toMarkdown(df: DataFrame, options: ToMarkdownOptions = {}): string {
  const esc = (s: string): string =>
    s
      .replace(/\\/g, '\\\\')
      .replace(/\|/g, '\\|')
      .replace(/\r?\n|\r/g, '<br>');
  const names = df.columns;
  const right = names.map((c) => isNumericDType(dtypeOf(df, c)));
  const header = names.map(esc);
  const body: string[][] = [];
  const cols = names.map((c) => columnOf(df, c));
  for (let i = 0; i < df.rowCount; i++) body.push(cols.map((col) => esc(cellText(col[i]))));
  if (options.index) {
    header.unshift('');
    right.unshift(false);
    const idx = df.index;
    body.forEach((row, i) => row.unshift(esc(cellText(idx[i]))));
  }
  const widths = header.map((h, k) =>
    Math.max(3, [...h].length, ...body.map((r) => [...r[k]!].length)),
  );
  const pad = (s: string, k: number): string =>
    right[k]
      ? s.padStart(widths[k]! - [...s].length + s.length)
      : s.padEnd(widths[k]! - [...s].length + s.length);
  const line = (cells: string[]): string => `| ${cells.map(pad).join(' | ')} |`;
  const align = `| ${widths.map((w, k) => (right[k] ? '-'.repeat(w - 1) + ':' : ':' + '-'.repeat(w - 1))).join(' | ')} |`;
  if (header.length === 0) return '';
  return [line(header), align, ...body.map(line)].join('\n') + '\n';
}
