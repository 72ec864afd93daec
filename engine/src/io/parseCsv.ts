/** CSV text → a frame's storage (synchronous), shared by readCsv, readTsv and DataFrame.fromCsv. */
import type { DType } from '../dtypes.js';
import type { Column } from '../column.js';
import { storageFromColumns, type FrameStorage, type IndexStorage } from '../storage.js';
import { validateOptions } from '../validation/validateOptions.js';
import { unknownColumnError } from '../validation/validateColumn.js';
import { describeValue } from '../column.js';
import { scanCsv } from './csvParser.js';
import { materializeColumn } from './csvColumns.js';

/**
 * Options of {@link readCsv} and {@link readTsv}.
 *
 * @category I/O
 */
export interface CsvOptions {
  /** Whether the first record holds the column names. Default `true`. */
  header?: boolean | undefined;
  /** The field separator, one character. Default `','` (`'\t'` for readTsv). */
  delimiter?: string | undefined;
  /** The quote character, one character. Default `'"'`. */
  quote?: string | undefined;
  /**
   * Convert fields to numbers, booleans (`true`/`false`, any case) and dates
   * (ISO 8601, read as UTC when no offset is given), column by column, when
   * every non-empty field of the column qualifies. Empty fields are missing
   * values. Default `true`; `false` keeps every field as text (empty fields as `''`).
   */
  dynamicTyping?: boolean | undefined;
  /**
   * Skip blank lines — empty, or holding only spaces and tabs — instead of reading them as rows.
   * Default: skip them, as pandas does, when the data has two or more columns; in data of one
   * column an empty line is a missing value (that is how {@link toCsv} writes one, so the
   * round trip keeps it) and a line of spaces is a field.
   */
  skipEmptyLines?: boolean | undefined;
  /** Column names to use: with `header: false` they name the columns; with a header they replace it. */
  columns?: readonly string[] | undefined;
  /** A dtype per column, overriding inference (e.g. `{ zip: 'str' }` keeps leading zeros). */
  dtypes?: Readonly<Record<string, DType>> | undefined;
  /** More field texts to read as missing values (the empty field always is), e.g. `['NA', 'n/a']`. */
  naValues?: readonly string[] | undefined;
  /** Trim spaces around text fields. Default `false` (numbers are always read through surrounding spaces). */
  trim?: boolean | undefined;
  /** Skip lines starting with this character, e.g. `'#'`. Default: none. */
  comment?: string | undefined;
  /** A column to move into the row index. */
  index?: string | undefined;
}

const SCHEMA = {
  header: 'boolean',
  delimiter: 'string',
  quote: 'string',
  dynamicTyping: 'boolean',
  skipEmptyLines: 'boolean',
  columns: 'string[]',
  dtypes: 'object',
  naValues: 'string[]',
  trim: 'boolean',
  comment: 'string',
  index: 'string',
} as const;

function uniqueNames(raw: readonly string[]): string[] {
  const seen = new Set<string>();
  return raw.map((name, j) => {
    const base = name === '' ? `col${j}` : name;
    let candidate = base;
    for (let k = 1; seen.has(candidate); k++) candidate = `${base}_${k}`;
    seen.add(candidate);
    return candidate;
  });
}

/** Parses CSV text into the storage of a frame (the caller wraps it). */
export function parseCsv(text: string, options: CsvOptions = {}, fn = 'readCsv'): FrameStorage {
  validateOptions(options, SCHEMA, fn);
  const {
    header = true,
    delimiter = ',',
    quote = '"',
    dynamicTyping = true,
    trim = false,
  } = options;
  for (const [k, v] of [
    ['delimiter', delimiter],
    ['quote', quote],
    ['comment', options.comment],
  ] as const) {
    if (v !== undefined && v.length !== 1)
      throw new RangeError(
        `${fn}(): ${k} must be a single character; received ${describeValue(v)}.`,
      );
  }
  if (delimiter === quote) throw new RangeError(`${fn}(): delimiter and quote must differ.`);
  if (typeof text !== 'string')
    throw new TypeError(`${fn}(): expected CSV text; received ${describeValue(text)}.`);
  const scan = scanCsv(text, {
    delimiter,
    quote,
    header,
    skipEmptyLines: options.skipEmptyLines,
    comment: options.comment,
  });
  const width = scan.columns.length || (scan.header?.length ?? 0);
  let names: string[];
  if (options.columns) {
    if (options.columns.length !== width && width > 0) {
      throw new RangeError(
        `${fn}(): columns has ${options.columns.length} names but the data has ${width} columns.`,
      );
    }
    names = uniqueNames(options.columns);
  } else if (scan.header) names = uniqueNames(scan.header.map((h) => (trim ? h.trim() : h)));
  else names = Array.from({ length: width }, (_, j) => `col${j}`);
  const dtypes = options.dtypes ?? {};
  for (const c of Object.keys(dtypes)) if (!names.includes(c)) throw unknownColumnError(c, names);
  const naValues = new Set(options.naValues ?? []);
  const columns: Column[] = [];
  const types: DType[] = [];
  for (let j = 0; j < names.length; j++) {
    const field = scan.columns[j] ?? { starts: new Int32Array(0), ends: new Int32Array(0) };
    const built = materializeColumn(scan, field, names[j]!, {
      dynamicTyping,
      naValues,
      trim,
      dtype: dtypes[names[j]!],
    });
    columns.push(built.data);
    types.push(built.dtype);
  }
  let index: IndexStorage | null = null;
  if (options.index !== undefined) {
    const at = names.indexOf(options.index);
    if (at < 0) throw unknownColumnError(options.index, names);
    index = { data: columns[at]!, dtype: types[at]!, name: names[at]! };
    names.splice(at, 1);
    columns.splice(at, 1);
    types.splice(at, 1);
  }
  return storageFromColumns(names, columns, types, index);
}
