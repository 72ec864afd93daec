import { columnOf } from '../storage.js';
import type { DataFrame } from '../DataFrame.js';
import { cellText } from './format.js';

/** Options of {@link toCsv}. @category Output */
export interface ToCsvOptions {
  /** Field separator (default `','`; `'\t'` for TSV). */
  delimiter?: string;
  /** Write the header row of column names (default `true`). */
  header?: boolean;
  /** Line ending (default `'\n'`; RFC 4180 strictly asks for `'\r\n'`). */
  newline?: '\n' | '\r\n';
}

/**
 * Writes a frame as CSV text with RFC 4180 quoting: a field is put in double quotes when it
 * contains the delimiter, a quote, a line break or leading/trailing spaces, and quotes inside
 * are doubled (`"` → `""`). Missing values are empty fields; an empty string is written as
 * `""` so that it stays distinct from a missing value. Numbers are written with `String()`
 * (exact; `-0` as `-0`), booleans as `true`/`false`, dates as ISO 8601 (UTC), other values as
 * JSON. Every line, the last included, ends with `newline`. The row labels are not written.
 *
 * CSV text carries no types: `readCsv(text, { dtypes: df.dtypes })` reads it back as the same
 * frame — the same columns, dtypes and values, missing values and empty strings included — for
 * every dtype but `mixed` (whose numbers and strings CSV cannot tell apart). Without `dtypes`,
 * `readCsv` infers them again: whole numbers of an `f64` column come back as `i32`, and text
 * that looks like numbers as numbers.
 *
 * @param df - the frame to write
 * @param options - `delimiter`, `header`, `newline`
 * @returns the CSV text
 * @throws {RangeError} when the delimiter is empty, a quote, or a line break
 * @category Output
 * @example
 * ```ts
 * import { DataFrame, toCsv } from 'tinyframejs';
 *
 * const df = new DataFrame({ name: ['Ada', 'Smith, J.'], quote: ['said "hi"', null] });
 * console.log(toCsv(df));
 * // name,quote
 * // Ada,"said ""hi"""
 * // "Smith, J.",
 *
 * // Back again: the same frame, the empty string and the missing value told apart.
 * const back = DataFrame.fromCsv(toCsv(df), { dtypes: df.dtypes });
 * console.log(back.toArray()); // [ { name: 'Ada', quote: 'said "hi"' }, { name: 'Smith, J.', quote: null } ]
 * ```
 */
export function toCsv(df: DataFrame, options: ToCsvOptions = {}): string {
  const d = options.delimiter ?? ',';
  const nl = options.newline ?? '\n';
  if (d === '' || d.includes('"') || d.includes('\n') || d.includes('\r')) {
    throw new RangeError(
      `toCsv: delimiter must be a non-empty string without quotes or line breaks, got ${JSON.stringify(d)}`,
    );
  }
  const quote = (s: string): string => {
    if (s === '') return '""';
    if (s.includes(d) || s.includes('"') || s.includes('\n') || s.includes('\r') || s.trim() !== s)
      return `"${s.replace(/"/g, '""')}"`;
    return s;
  };
  const names = df.columns;
  const cols = names.map((c) => columnOf(df, c));
  const lines: string[] = [];
  if (options.header ?? true) lines.push(names.map((n) => (n === '' ? '""' : quote(n))).join(d));
  const n = df.rowCount;
  const parts = new Array<string>(cols.length);
  for (let i = 0; i < n; i++) {
    for (let k = 0; k < cols.length; k++) {
      const v = cols[k]![i];
      if (v === null || v === undefined || (typeof v === 'number' && v !== v)) parts[k] = '';
      else if (typeof v === 'number') parts[k] = Object.is(v, -0) ? '-0' : String(v);
      else parts[k] = quote(cellText(v));
    }
    lines.push(parts.join(d));
  }
  return lines.length ? lines.join(nl) + nl : '';
}
