import type { DataFrame } from '../DataFrame.js';
import type { Row } from '../creation/frameOptions.js';
import { storageOf } from '../storage.js';
import { describeValue } from '../column.js';
import { rowAt } from '../frameRows.js';
import { checkQuery, evaluateMask } from './queryEval.js';
import { exprInternals } from './expr.js';
import { maskToFrame } from './mask.js';

/**
 * Keeps the rows for which `predicate(row, i)` returns a truthy value. The
 * row is a fresh plain object (missing values as `null`), so the predicate
 * can use it freely. Also accepts an {@link expr$} expression (evaluated
 * column-wise, without building row objects) or a mask: an array of booleans
 * (or 0/1 typed array) with one entry per row.
 *
 * @param df - The source frame.
 * @param predicate - `(row, position) => boolean`, an {@link Expr}, or a mask.
 * @returns A new frame of the kept rows, in order, keeping their index labels.
 * @throws {TypeError} when `predicate` is neither a function nor an array.
 * @throws {RangeError} when a mask does not have one entry per row.
 * @category Filtering
 * @example
 * ```ts
 * import { DataFrame, filter } from 'tinyframejs';
 *
 * const df = new DataFrame({ product: ['tea', 'coffee', 'cocoa'], stock: [0, 12, 3] });
 * console.log(filter(df, (row) => row.stock > 0).get('product')); // [ 'coffee', 'cocoa' ]
 * console.log(df.filter([true, false, true]).index);              // [ 0, 2 ]
 * ```
 */
export function filter(
  df: DataFrame,
  predicate: ((row: Row, i: number) => unknown) | ArrayLike<boolean | number>,
): DataFrame {
  const s = storageOf(df);
  const n = s.rowCount;
  const internals = exprInternals(predicate);
  if (internals) {
    checkQuery(internals.ast, s.names, internals.source, internals.params);
    return maskToFrame(df, evaluateMask(internals.ast, df, internals.params, internals.source));
  }
  if (typeof predicate === 'function') {
    const mask = new Uint8Array(n);
    for (let i = 0; i < n; i++) if (predicate(rowAt(s, i), i)) mask[i] = 1;
    return maskToFrame(df, mask);
  }
  if (
    predicate !== null &&
    typeof predicate === 'object' &&
    typeof (predicate as ArrayLike<unknown>).length === 'number'
  ) {
    if (predicate.length !== n)
      throw new RangeError(
        `filter(): a mask needs one entry per row (${n}); received ${predicate.length}.`,
      );
    return maskToFrame(df, predicate);
  }
  throw new TypeError(
    `filter(): expected a function (row => boolean), an expr$ expression or a boolean mask; received ${describeValue(predicate)}.`,
  );
}
