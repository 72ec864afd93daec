import type { DataFrame } from '../DataFrame.js';
import type { IndexLabel } from '../creation/frameOptions.js';
import { storageOf } from '../storage.js';
import { cellValue, describeValue } from '../column.js';
import { takeFrame } from './takeRows.js';
import { select } from './select.js';

function key(v: unknown): unknown {
  return v instanceof Date ? `\u0000date:${v.getTime()}` : v;
}

/**
 * Selects rows by index label, and optionally columns by name. `labels` may
 * be one label, an array of labels (rows come in that order; a label shared
 * by several rows selects all of them), or an array of booleans with one
 * entry per row (a mask). Dates match by time.
 *
 * @param df - The source frame.
 * @param labels - A label, an array of labels, or a boolean mask.
 * @param columns - Optional column name or names (default: all columns).
 * @returns A new frame with the matching rows (and columns).
 * @throws {RangeError} when a label is not in the index (naming it), a mask has the wrong length, or a column does not exist.
 * @category Selection
 * @example
 * ```ts
 * import { DataFrame, loc } from 'tinyframejs';
 *
 * const df = new DataFrame({ pop: [0.7, 2.8, 10.0] }, { index: ['Oslo', 'Rome', 'Lima'] });
 * console.log(loc(df, 'Rome').toArray());               // [ { pop: 2.8 } ]
 * console.log(df.loc(['Lima', 'Oslo'], 'pop').index);   // [ 'Lima', 'Oslo' ]
 * console.log(df.loc([true, false, true]).rowCount);    // 2
 * ```
 */
export function loc(
  df: DataFrame,
  labels: IndexLabel | readonly IndexLabel[] | readonly boolean[],
  columns?: string | readonly string[],
): DataFrame {
  const s = storageOf(df);
  const n = s.rowCount;
  let positions: number[];
  if (Array.isArray(labels) && labels.length > 0 && labels.every((v) => typeof v === 'boolean')) {
    if (labels.length !== n)
      throw new RangeError(
        `loc(): a boolean mask needs one entry per row (${n}); received ${labels.length}.`,
      );
    positions = [];
    for (let i = 0; i < n; i++) if (labels[i]) positions.push(i);
  } else {
    const list = (Array.isArray(labels) ? labels : [labels]) as readonly unknown[];
    const lookup = new Map<unknown, number[]>();
    for (let i = 0; i < n; i++) {
      const k = key(s.index ? cellValue(s.index.data, i) : i);
      const at = lookup.get(k);
      if (at) at.push(i);
      else lookup.set(k, [i]);
    }
    positions = [];
    for (const label of list) {
      if (typeof label !== 'number' && typeof label !== 'string' && !(label instanceof Date)) {
        throw new TypeError(
          `loc(): a label must be a number, string or Date; received ${describeValue(label)}.`,
        );
      }
      const at = lookup.get(key(label));
      if (!at) throw new RangeError(`loc(): label ${describeValue(label)} is not in the index.`);
      for (const p of at) positions.push(p);
    }
  }
  const out = takeFrame(df, positions);
  return columns === undefined ? out : select(out, columns);
}
