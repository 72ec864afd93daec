import { DataFrame } from '../DataFrame.js';
import type { ArrayToFrameOptions } from './arrayColumns.js';

export type { ArrayToFrameOptions } from './arrayColumns.js';

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
  return DataFrame.fromArrays(rows, options);
}
