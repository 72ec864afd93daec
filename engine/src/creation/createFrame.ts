import { DataFrame } from '../DataFrame.js';
import type { ColumnInput, FrameOptions, Row } from './frameOptions.js';

/**
 * Creates a frame from row objects or from columns — the functional
 * spelling of `new DataFrame(data, options)`. The input is copied, never
 * changed; numbers go to typed arrays (`i32` when all are integers and none
 * is missing, else `f64` with `NaN` for missing), strings, booleans and dates
 * to read-only arrays with `null` for missing.
 *
 * @param data - An array of row objects, or an object of equal-length arrays / typed arrays.
 * @param options - {@link FrameOptions}: `index` (labels, or a column to move into the index), `dtypes` (per-column overrides), `columns` (subset and order).
 * @returns A new frame.
 * @throws {TypeError} when `data` has neither shape, or a value cannot take a requested dtype.
 * @throws {RangeError} when column lengths differ, names repeat, or an option names an unknown column.
 * @category Creation
 * @example
 * ```ts
 * import { createFrame } from 'tinyframejs';
 *
 * const df = createFrame(
 *   { id: ['a', 'b', 'c'], qty: [1, null, 3], price: [9.5, 3, 4.25] },
 *   { index: 'id', dtypes: { price: 'f32' } },
 * );
 * console.log(df.dtypes); // { qty: 'f64', price: 'f32' }
 * console.log(df.index);  // [ 'a', 'b', 'c' ]
 * console.log(df.get('qty')); // Float64Array(3) [ 1, NaN, 3 ]: the missing value stays missing
 * ```
 */
export function createFrame(data: readonly Row[] | ColumnInput, options?: FrameOptions): DataFrame {
  return new DataFrame(data, options);
}
