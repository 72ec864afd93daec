import type { DataFrame } from '../DataFrame.js';
import { storageOf } from '../storage.js';
import { takeFrame, pickColumns } from './takeRows.js';
import { type PositionSelector, resolvePositions } from './positions.js';

/**
 * Selects rows, and optionally columns, by position. Rows and columns may be
 * given as one position, an array of positions (negative counts from the
 * end, order kept, repeats allowed), a slice object `{ start, end, step }` or
 * a slice string like `'1:4'` (end exclusive, clamped like Python slices).
 * A single row position still returns a frame; use {@link at} for a row object.
 *
 * @param df - The source frame.
 * @param rows - The row positions.
 * @param columns - Optional column positions (default: all columns).
 * @returns A new frame with the selected rows (keeping their index labels) and columns.
 * @throws {RangeError} when a single position is out of range, or a slice step is 0.
 * @throws {TypeError} when a position is not an integer.
 * @throws {SyntaxError} when a slice string is malformed.
 * @category Selection
 * @example
 * ```ts
 * import { DataFrame, iloc } from 'tinyframejs';
 *
 * const df = new DataFrame({ a: [10, 20, 30, 40], b: ['w', 'x', 'y', 'z'] });
 * console.log(iloc(df, [0, -1]).toArray());       // [ { a: 10, b: 'w' }, { a: 40, b: 'z' } ]
 * console.log(df.iloc('1:3', [1]).toArray());     // [ { b: 'x' }, { b: 'y' } ]
 * console.log(df.iloc({ step: 2 }).get('a'));     // Int32Array(2) [ 10, 30 ]
 * ```
 */
export function iloc(df: DataFrame, rows: PositionSelector, columns?: PositionSelector): DataFrame {
  const s = storageOf(df);
  const rowPos = resolvePositions(rows, s.rowCount, 'iloc', 'row');
  let out = takeFrame(df, rowPos);
  if (columns !== undefined)
    out = pickColumns(out, resolvePositions(columns, s.names.length, 'iloc', 'column'));
  return out;
}
