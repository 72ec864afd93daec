import { DataFrame } from '../DataFrame.js';
import { describeValue } from '../column.js';
import { validateOptions } from '../validation/validateOptions.js';
import type { FrameOptions } from './frameOptions.js';

/**
 * Options of {@link arrayToFrame}.
 *
 * @category Creation
 */
export interface ArrayToFrameOptions extends Pick<FrameOptions, 'index' | 'dtypes'> {
  /** Column names. Default: the first row when `headerRow` is true, else `col0`, `col1`, …. */
  columns?: readonly string[];
  /** Whether the first row holds the column names. Default `false`. */
  headerRow?: boolean;
}

/**
 * Creates a frame from an array of row arrays (as from a spreadsheet or a
 * CSV library). Shorter rows are padded with missing values.
 *
 * @param rows - The rows, each an array of values.
 * @param options - {@link ArrayToFrameOptions}: `columns`, `headerRow`, `index`, `dtypes`.
 * @returns A new frame.
 * @throws {TypeError} when `rows` is not an array of arrays.
 * @throws {RangeError} when a row has more values than there are columns, or names repeat.
 * @category Creation
 * @example
 * ```ts
 * import { arrayToFrame } from 'tinyframejs';
 *
 * const a = arrayToFrame([['x', 'y'], [1, 'a'], [2, 'b']], { headerRow: true });
 * console.log(a.columns, a.rowCount); // [ 'x', 'y' ] 2
 * const b = arrayToFrame([[1, 2], [3, 4]]);
 * console.log(b.columns);              // [ 'col0', 'col1' ]
 * ```
 */
export function arrayToFrame(
  rows: readonly (readonly unknown[])[],
  options: ArrayToFrameOptions = {},
): DataFrame {
  validateOptions(
    options,
    {
      columns: 'string[]',
      headerRow: 'boolean',
      index: ['string', 'array', 'object'],
      dtypes: 'object',
    },
    'arrayToFrame',
  );
  if (!Array.isArray(rows))
    throw new TypeError(
      `arrayToFrame(): expected an array of row arrays; received ${describeValue(rows)}.`,
    );
  rows.forEach((r, i) => {
    if (!Array.isArray(r))
      throw new TypeError(
        `arrayToFrame(): row ${i} must be an array; received ${describeValue(r)}.`,
      );
  });
  let body = rows;
  let names: string[];
  if (options.headerRow) {
    const header: readonly unknown[] = rows[0] ?? [];
    body = rows.slice(1);
    names = options.columns
      ? [...options.columns]
      : header.map((h, j) => (h === null || h === undefined || h === '' ? `col${j}` : String(h)));
  } else if (options.columns) {
    names = [...options.columns];
  } else {
    const width = body.reduce((m, r) => Math.max(m, r.length), 0);
    names = Array.from({ length: width }, (_, j) => `col${j}`);
  }
  const columns: Record<string, unknown[]> = {};
  for (const name of names) {
    if (Object.prototype.hasOwnProperty.call(columns, name)) {
      throw new RangeError(
        `arrayToFrame(): duplicate column name "${name}"; column names must be unique.`,
      );
    }
    columns[name] = new Array<unknown>(body.length).fill(null);
  }
  body.forEach((r, i) => {
    if (r.length > names.length) {
      throw new RangeError(
        `arrayToFrame(): row ${i} has ${r.length} values but there are ${names.length} columns.`,
      );
    }
    for (let j = 0; j < r.length; j++) columns[names[j]!]![i] = r[j];
  });
  return new DataFrame(columns, { index: options.index, dtypes: options.dtypes });
}
