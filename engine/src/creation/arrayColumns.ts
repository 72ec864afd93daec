/** Row arrays → the columns and options a frame is built from (the work behind {@link arrayToFrame}). */
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
  columns?: readonly string[] | undefined;
  /** Whether the first row holds the column names. Default `false`. */
  headerRow?: boolean | undefined;
}

/**
 * The columns (padded with missing values) and frame options for `rows`; checks them as
 * {@link arrayToFrame} documents. Pure: the caller builds the frame.
 */
export function arrayToColumns(
  rows: readonly (readonly unknown[])[],
  options: ArrayToFrameOptions = {},
): { columns: Record<string, unknown[]>; options: FrameOptions } {
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
  return { columns, options: { index: options.index, dtypes: options.dtypes } };
}
