import { type DataFrame, frameFromStorage } from '../DataFrame.js';
import { type TextSource, readSourceText } from './source.js';
import { type CsvOptions, parseCsv } from './parseCsv.js';

/**
 * Reads a CSV file into a frame, following RFC 4180: fields in double
 * quotes may hold the delimiter, line breaks and `""` (an escaped quote);
 * lines may end in LF or CRLF; a UTF-8 byte-order mark is skipped.
 *
 * The source is a file path (read with `node:fs` in Node; fetched relative
 * to the page in a browser), a URL (`new URL(…)` or a string starting with
 * `http://` / `https://`, fetched), a `Blob`/`File`, or CSV text passed as
 * `{ text }`. A string is never parsed as CSV.
 *
 * With `dynamicTyping` (the default) each column becomes numeric, boolean,
 * date or text as a whole; empty fields are missing values (`NaN` in numeric
 * columns, `null` otherwise), and a column of integers without gaps is `i32`.
 *
 * Blank and whitespace-only text, compared with pandas' `read_csv`:
 * - a blank line — empty, or only spaces and tabs — is skipped, as in pandas; except in data
 *   of one column, where an empty line is a missing value (pandas skips it): that is how
 *   {@link toCsv} writes a missing value there, so the round trip keeps the row;
 * - an empty field is missing; a quoted empty field `""` is the empty string in a text column
 *   (pandas reads both as missing), again as {@link toCsv} writes them;
 * - a field of only spaces is kept as text in a text column, as in pandas; in a column of
 *   numbers, booleans or dates it is a missing value (values there are read through
 *   surrounding spaces), where pandas would turn the whole column into text.
 *
 * @param source - A path, URL, Blob/File, or `{ text }`.
 * @param options - {@link CsvOptions}: `header`, `delimiter`, `quote`, `dynamicTyping`, `skipEmptyLines`, `columns`, `dtypes`, `naValues`, `trim`, `comment`, `index`.
 * @returns A promise of the frame.
 * @throws {CsvParseError} (a `SyntaxError`) for an unterminated quote, text after a closing quote, or a record with too many fields, naming the line.
 * @throws {Error} when the file cannot be read or the URL answers with an error status.
 * @throws {TypeError} when the source or an option has the wrong type.
 * @category I/O
 * @example
 * ```ts
 * import { readCsv } from 'tinyframejs';
 *
 * const csv = 'city,temp,rain,day\nOslo,4.5,true,2024-03-01\n"Rio de Janeiro, BR",31,false,2024-03-02\n';
 * const df = await readCsv({ text: csv });
 * console.log(df.dtypes); // { city: 'str', temp: 'f64', rain: 'bool', day: 'date' }
 * console.log(df.get('city')); // [ 'Oslo', 'Rio de Janeiro, BR' ]
 * // From a file: await readCsv('sales.csv'); from the web: await readCsv(new URL('https://example.com/data.csv'))
 * ```
 * @example
 * Blank lines and fields of spaces:
 * ```ts
 * import { readCsv } from 'tinyframejs';
 *
 * const text = 'name,score\nAda,""\n   \n"",  \nBo, 7 \n';
 * const df = await readCsv({ text }, { dtypes: { score: 'str' } });
 * console.log(df.toArray());
 * // [ { name: 'Ada', score: '' }, { name: '', score: '  ' }, { name: 'Bo', score: ' 7 ' } ]
 * const nums = await readCsv({ text: 'n\n1\n\n  \n4\n' });
 * console.log(nums.get('n')); // Float64Array(4) [ 1, NaN, NaN, 4 ]
 * ```
 */
export async function readCsv(source: TextSource, options: CsvOptions = {}): Promise<DataFrame> {
  const text = await readSourceText(source, 'readCsv');
  return frameFromStorage(parseCsv(text, options, 'readCsv'));
}

/**
 * Reads a tab-separated file into a frame: {@link readCsv} with
 * `delimiter: '\t'` (quotes and the other options work the same way).
 *
 * @param source - A path, URL, Blob/File, or `{ text }`.
 * @param options - {@link CsvOptions}; `delimiter` defaults to a tab.
 * @returns A promise of the frame.
 * @throws {CsvParseError} (a `SyntaxError`) for malformed input, naming the line.
 * @throws {Error} when the file cannot be read.
 * @category I/O
 * @example
 * ```ts
 * import { readTsv } from 'tinyframejs';
 *
 * const df = await readTsv({ text: 'name\tscore\nAda\t9.5\nAlan\t8\n' });
 * console.log(df.toArray()); // [ { name: 'Ada', score: 9.5 }, { name: 'Alan', score: 8 } ]
 * ```
 */
export async function readTsv(source: TextSource, options: CsvOptions = {}): Promise<DataFrame> {
  const text = await readSourceText(source, 'readTsv');
  return frameFromStorage(parseCsv(text, { delimiter: '\t', ...options }, 'readTsv'));
}
