import type { DataFrame } from '../DataFrame.js';
import { describeValue } from '../column.js';
import { validateOptions } from '../validation/validateOptions.js';
import { arrayToFrame } from '../creation/arrayToFrame.js';
import type { DType } from '../dtypes.js';
import { readSourceBytes } from './source.js';
import { loadPeer } from './optionalPeer.js';

/**
 * Where {@link readExcel} reads from: a file path, a URL, a `Blob`/`File`,
 * or the workbook's bytes.
 *
 * @category I/O
 */
export type ExcelSource = string | URL | Blob | ArrayBuffer | Uint8Array;

/**
 * Options of {@link readExcel}.
 *
 * @category I/O
 */
export interface ExcelOptions {
  /** The worksheet: its name, or its position from 0. Default: the first sheet. */
  sheet?: string | number;
  /** Whether the first row holds the column names. Default `true`. */
  header?: boolean;
  /** Column names to use instead of the header row (or of `col0`, `col1`, … without one). */
  columns?: readonly string[];
  /** A dtype per column, overriding inference. */
  dtypes?: Readonly<Record<string, DType>>;
  /** A column to move into the row index. */
  index?: string;
}

interface ExcelRow {
  values: unknown[] | Record<string, unknown>;
}
interface ExcelWorksheet {
  name: string;
  eachRow(opts: { includeEmpty: boolean }, cb: (row: ExcelRow, rowNumber: number) => void): void;
}
interface ExcelWorkbook {
  xlsx: { load(data: ArrayBuffer | Uint8Array): Promise<unknown> };
  worksheets: ExcelWorksheet[];
  getWorksheet(name: string): ExcelWorksheet | undefined;
}
interface ExcelModule {
  Workbook: new () => ExcelWorkbook;
}

/** Plain values from exceljs cells: formula results, rich text, hyperlinks, errors (missing). */
function cellValue(v: unknown): unknown {
  if (v === null || v === undefined) return null;
  if (typeof v !== 'object' || v instanceof Date) return v;
  const o = v as Record<string, unknown>;
  if ('result' in o) return cellValue(o.result);
  if ('formula' in o || 'sharedFormula' in o) return null;
  if (Array.isArray(o.richText))
    return (o.richText as { text: string }[]).map((r) => r.text).join('');
  if ('text' in o) return typeof o.text === 'string' ? o.text : cellValue(o.text);
  if ('error' in o) return null;
  return v;
}

/**
 * Reads a worksheet of an Excel workbook (`.xlsx`) into a frame. Numbers,
 * text, booleans and dates keep their types; formula cells give their
 * cached results; error cells and empty cells are missing values.
 *
 * Reading `.xlsx` needs the optional package **exceljs**, loaded only when
 * `readExcel` is first called (`npm install exceljs`); without it the call
 * rejects with an error that names the package.
 *
 * @param source - A file path, URL, `Blob`/`File`, `ArrayBuffer` or `Uint8Array`.
 * @param options - {@link ExcelOptions}: `sheet` (name or 0-based position), `header`, `columns`, `dtypes`, `index`.
 * @returns A promise of the frame.
 * @throws {Error} when exceljs is not installed (naming it), the file cannot be read, or it is not a valid workbook.
 * @throws {RangeError} when the sheet does not exist (listing the sheets).
 * @category I/O
 * @example
 * ```ts
 * import ExcelJS from 'exceljs';
 * import { readExcel } from 'tinyframejs';
 *
 * // Build a small workbook in memory (usually you would pass a path: readExcel('sales.xlsx')).
 * const wb = new ExcelJS.Workbook();
 * wb.addWorksheet('Q1').addRows([['region', 'sales'], ['North', 120], ['South', 95.5]]);
 * const bytes = new Uint8Array(await wb.xlsx.writeBuffer());
 *
 * const df = await readExcel(bytes, { sheet: 'Q1' });
 * console.log(df.toArray()); // [ { region: 'North', sales: 120 }, { region: 'South', sales: 95.5 } ]
 * ```
 */
export async function readExcel(
  source: ExcelSource,
  options: ExcelOptions = {},
): Promise<DataFrame> {
  validateOptions(
    options,
    {
      sheet: ['string', 'integer'],
      header: 'boolean',
      columns: 'string[]',
      dtypes: 'object',
      index: 'string',
    },
    'readExcel',
  );
  const exceljs = await loadPeer<ExcelModule>('exceljs', 'readExcel', 'read .xlsx workbooks');
  const bytes = await readSourceBytes(source, 'readExcel');
  const wb = new exceljs.Workbook();
  try {
    await wb.xlsx.load(bytes);
  } catch (e) {
    throw new Error(
      `readExcel(): the source is not a readable .xlsx workbook (${(e as Error).message}).`,
      { cause: e },
    );
  }
  const names = wb.worksheets.map((w) => w.name);
  const { sheet = 0 } = options;
  const ws = typeof sheet === 'string' ? wb.getWorksheet(sheet) : wb.worksheets[sheet];
  if (!ws) {
    throw new RangeError(
      `readExcel(): no sheet ${describeValue(sheet)}; the workbook has ${names.map((n, i) => `${i}: "${n}"`).join(', ') || 'no sheets'}.`,
    );
  }
  const rows: unknown[][] = [];
  ws.eachRow({ includeEmpty: true }, (row, rowNumber) => {
    const values = Array.isArray(row.values) ? row.values.slice(1) : [];
    while (rows.length < rowNumber - 1) rows.push([]);
    rows.push(values.map(cellValue));
  });
  const width = rows.reduce((m, r) => Math.max(m, r.length), 0);
  const header = options.header ?? true;
  const padded = rows.map((r) =>
    r.length < width ? [...r, ...new Array<unknown>(width - r.length).fill(null)] : r,
  );
  if (header && padded.length > 0)
    padded[0] = padded[0]!.map((h, j) => (h === null || h === '' ? `col${j}` : String(h)));
  return arrayToFrame(padded, {
    headerRow: header,
    columns: options.columns,
    dtypes: options.dtypes,
    index: options.index,
  });
}
