import { columnOf } from '../storage.js';
import type { DataFrame } from '../DataFrame.js';
import { isNumericDType } from '../dtypes.js';
import { dtypeOf } from '../columns/internal.js';
import { cellText, escapeHtml } from './format.js';

/** Options of {@link toHTML}. @category Output */
export interface ToHTMLOptions {
  /** A `<caption>` for the table. */
  caption?: string;
  /** A class for the `<table>` element (default `'tf-table'`). */
  className?: string;
  /** Include the row index as a first column of row headers (default `false`). */
  index?: boolean;
}

/**
 * Writes a frame as an HTML `<table>`: a `<thead>` of column headers (`scope="col"`) and a
 * `<tbody>` of rows. Every name and value is HTML-escaped, so cell text can never inject
 * markup. Numeric cells get `class="num"` (to right-align them); missing values are empty cells.
 *
 * @param df - the frame to write
 * @param options - `caption`, `className`, `index`
 * @returns the HTML text
 * @throws {TypeError} when `df` is not a DataFrame
 * @category Output
 * @example
 * ```ts
 * import { DataFrame, toHTML } from 'tinyframejs';
 *
 * const html = toHTML(new DataFrame({ tag: ['<b>'], n: [1] }));
 * console.log(html.includes('<td>&lt;b&gt;</td>')); // true
 * ```
 */
export function toHTML(df: DataFrame, options: ToHTMLOptions = {}): string {
  const names = df.columns;
  const num = names.map((c) => isNumericDType(dtypeOf(df, c)));
  const cols = names.map((c) => columnOf(df, c));
  const out: string[] = [`<table class="${escapeHtml(options.className ?? 'tf-table')}">`];
  if (options.caption !== undefined) out.push(`<caption>${escapeHtml(options.caption)}</caption>`);
  const idx = options.index ? df.index : undefined;
  out.push(
    `<thead><tr>${idx ? '<td></td>' : ''}${names.map((n) => `<th scope="col">${escapeHtml(n)}</th>`).join('')}</tr></thead>`,
  );
  out.push('<tbody>');
  for (let i = 0; i < df.rowCount; i++) {
    const cells = cols
      .map((col, k) => `<td${num[k] ? ' class="num"' : ''}>${escapeHtml(cellText(col[i]))}</td>`)
      .join('');
    out.push(
      `<tr>${idx ? `<th scope="row">${escapeHtml(cellText(idx[i]))}</th>` : ''}${cells}</tr>`,
    );
  }
  out.push('</tbody>', '</table>');
  return out.join('\n');
}
