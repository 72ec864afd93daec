import { columnOf } from '../storage.js';
import type { DataFrame } from '../DataFrame.js';
import { factorize } from '../grouping/factorize.js';
import { columnList } from '../columns/internal.js';
import { takeFrame } from '../selection/takeRows.js';

/** Options of {@link dropDuplicates}. @category Combining */
export interface DropDuplicatesOptions {
  /** Compare only these columns (default: all). */
  subset?: string | readonly string[];
  /** Which copy to keep: `'first'` (default) or `'last'`. */
  keep?: 'first' | 'last';
}

/**
 * Removes repeated rows, keeping the first (or last) copy of each. Rows are compared on all
 * columns or on `subset`, with one hash pass; missing values compare equal to each other.
 * Kept rows stay in their original order and keep their labels, as after {@link filter}
 * (pandas does the same): `[0, 1, 2]` with row 1 a repeat of row 0 leaves the labels `[0, 2]`.
 *
 * @param df - the input frame (not modified)
 * @param options - `subset`, `keep`
 * @returns a new frame without the duplicates
 * @throws {RangeError} when a subset column does not exist or `keep` is unknown
 * @category Combining
 * @example
 * ```ts
 * import { DataFrame, dropDuplicates } from 'tinyframejs';
 *
 * const df = new DataFrame({ id: [1, 1, 2, 2], v: ['a', 'a', 'b', 'c'] });
 * console.log(dropDuplicates(df).rowCount); // 3
 * console.log(dropDuplicates(df, { subset: 'id', keep: 'last' }).get('v')); // ['a', 'c']
 * console.log(dropDuplicates(df).index); // [ 0, 2, 3 ]
 * ```
 */
export function dropDuplicates(df: DataFrame, options: DropDuplicatesOptions = {}): DataFrame {
  const keys = columnList(df, options.subset, 'dropDuplicates');
  const keep = options.keep ?? 'first';
  if (keep !== 'first' && keep !== 'last')
    throw new RangeError(
      `dropDuplicates: keep must be 'first' or 'last', got ${JSON.stringify(keep)}`,
    );
  const n = df.rowCount;
  const { ids, count } = factorize(
    keys.map((k) => columnOf(df, k) as ArrayLike<unknown>),
    n,
    true,
  );
  const chosen = new Int32Array(count).fill(-1);
  if (keep === 'first') {
    for (let i = 0; i < n; i++) if (chosen[ids[i]!] === -1) chosen[ids[i]!] = i;
  } else {
    for (let i = 0; i < n; i++) chosen[ids[i]!] = i;
  }
  if (count === n) return df;
  const flags = new Uint8Array(n);
  for (let g = 0; g < count; g++) flags[chosen[g]!] = 1;
  const rows = new Int32Array(count);
  let k = 0;
  for (let i = 0; i < n; i++) if (flags[i]) rows[k++] = i;
  return takeFrame(df, rows);
}
