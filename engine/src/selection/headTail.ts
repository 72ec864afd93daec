import type { DataFrame } from '../DataFrame.js';
import { sliceFrame } from './takeRows.js';
import { checkCount } from './checks.js';

/**
 * The first `n` rows (all rows when the frame is shorter). Returns a frame;
 * it never prints — use {@link print} or `console.log` to show it.
 *
 * @param df - The source frame.
 * @param n - How many rows to keep. Default 5.
 * @returns A new frame of at most `n` rows, keeping their index labels.
 * @throws {RangeError} when `n` is not a non-negative integer.
 * @category Selection
 * @example
 * ```ts
 * import { DataFrame, head } from 'tinyframejs';
 *
 * const df = new DataFrame({ x: [1, 2, 3, 4, 5, 6, 7] });
 * console.log(head(df).rowCount);        // 5
 * console.log(df.head(2).toArray());     // [ { x: 1 }, { x: 2 } ]
 * ```
 */
export function head(df: DataFrame, n = 5): DataFrame {
  checkCount(n, 'head');
  return sliceFrame(df, 0, Math.min(n, df.rowCount));
}

/**
 * The last `n` rows (all rows when the frame is shorter), keeping their
 * index labels. Returns a frame; it never prints.
 *
 * @param df - The source frame.
 * @param n - How many rows to keep. Default 5.
 * @returns A new frame of at most `n` rows.
 * @throws {RangeError} when `n` is not a non-negative integer.
 * @category Selection
 * @example
 * ```ts
 * import { DataFrame, tail } from 'tinyframejs';
 *
 * const df = new DataFrame({ x: [1, 2, 3, 4, 5, 6, 7] });
 * console.log(tail(df, 2).toArray()); // [ { x: 6 }, { x: 7 } ]
 * console.log(df.tail(2).index);      // [ 5, 6 ]
 * ```
 */
export function tail(df: DataFrame, n = 5): DataFrame {
  checkCount(n, 'tail');
  const end = df.rowCount;
  return sliceFrame(df, Math.max(0, end - n), end);
}
