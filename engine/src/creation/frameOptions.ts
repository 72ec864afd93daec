import type { DType } from '../dtypes.js';

/**
 * A row label: a number, a string or a `Date`.
 *
 * @category DataFrame
 */
export type IndexLabel = number | string | Date;

/**
 * A row as a plain object mapping column names to cell values (numbers,
 * strings, booleans, `Date`s, or `null` for missing).
 *
 * @category DataFrame
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Row = Record<string, any>;

/**
 * Column input: an object mapping each column name to an array or typed array.
 *
 * @category DataFrame
 */
export type ColumnInput = Readonly<Record<string, ArrayLike<unknown>>>;

/**
 * Options accepted by `new DataFrame(data, options)` and {@link createFrame}.
 *
 * @category DataFrame
 */
export interface FrameOptions {
  /**
   * The row index: an array of labels (one per row), or the name of a column
   * to move into the index. Default: positions 0..n-1.
   */
  index?: string | ArrayLike<IndexLabel> | undefined;
  /** A dtype per column, overriding inference (e.g. `{ id: 'str', qty: 'u16' }`). */
  dtypes?: Readonly<Record<string, DType>> | undefined;
  /** The columns to keep, in this order. Default: all, in first-seen order. */
  columns?: readonly string[] | undefined;
}
