import { DataFrame } from '../DataFrame.js';
import { concatFrames } from './concatFrames.js';

/** Options of {@link concat}. @category Combining */
export interface ConcatOptions {
  /**
   * The value for a column that a frame does not have (default: missing). It must fit the
   * column, e.g. a number for a numeric column.
   */
  fill?: number | string | boolean | Date | null;
}

/**
 * Stacks frames vertically. Columns are aligned by name (the first frame's columns first, then
 * any new ones in the order they appear); a frame that lacks a column contributes missing values
 * (or `options.fill`). Columns of one dtype keep it; numeric columns of different widths become
 * `f64`; other mixes are inferred from the values (e.g. `mixed`). The result has the default
 * index.
 *
 * @param frames - the frames to stack, in order
 * @param options - `fill` for absent columns
 * @returns a new frame with every row of every frame
 * @throws {TypeError} when `frames` is not an array of DataFrames
 * @category Combining
 * @example
 * ```ts
 * import { DataFrame, concat } from 'tinyframejs';
 *
 * const jan = new DataFrame({ day: [1, 2], sales: [10, 12] });
 * const feb = new DataFrame({ day: [1], sales: [9], promo: [true] });
 * const all = concat([jan, feb]);
 * console.log(all.toArray());
 * // [{ day: 1, sales: 10, promo: null }, { day: 2, sales: 12, promo: null }, { day: 1, sales: 9, promo: true }]
 * ```
 */
export function concat(frames: readonly DataFrame[], options: ConcatOptions = {}): DataFrame {
  if (!Array.isArray(frames)) throw new TypeError('concat: expected an array of DataFrames');
  if (frames.length === 0) return new DataFrame({});
  return concatFrames(frames as [DataFrame, ...DataFrame[]], options);
}
