import type { DataFrame } from '../DataFrame.js';
import { storageOf } from '../storage.js';
import { describeValue } from '../column.js';
import { validateOptions } from '../validation/validateOptions.js';
import { columnPositions } from '../selection/select.js';
import { takeFrame } from '../selection/takeRows.js';
import { radixSortRows } from './radix.js';
import { sortKey } from './sortKeys.js';

/**
 * Options of {@link sort}.
 *
 * @category Ordering
 */
export interface SortOptions {
  /** Sort ascending (default `true`); an array gives one direction per sort column. */
  ascending?: boolean | readonly boolean[];
  /**
   * Compare strings with this locale's collation (a BCP 47 tag such as
   * `'de'` or `'sv'`) instead of the default locale-independent code-point order.
   */
  locale?: string;
}

/**
 * Sorts the rows by one or more columns. The sort is **stable** (rows with
 * equal keys keep their order), numbers sort numerically, strings by Unicode
 * code point (so `'Z' < 'a'`, the same on every machine) or by a `locale`'s
 * collation, dates by time, `false` before `true`. Missing values always go
 * last, in both directions. With several columns, later columns break ties of
 * earlier ones. Rows keep their index labels.
 *
 * @param df - The source frame.
 * @param columns - A column name or an array of names, most significant first.
 * @param options - {@link SortOptions}: `ascending` (one boolean or one per column), `locale`.
 * @returns A new, sorted frame.
 * @throws {RangeError} when a column does not exist, or `ascending` has the wrong number of entries.
 * @throws {TypeError} when an option has the wrong type.
 * @category Ordering
 * @example
 * ```ts
 * import { DataFrame, sort } from 'tinyframejs';
 *
 * const df = new DataFrame({
 *   name: ['pear', 'fig', 'apple', 'kiwi'],
 *   price: [1.2, null, 0.5, 1.2],
 * });
 * console.log(sort(df, 'price').get('name'));                       // [ 'apple', 'pear', 'kiwi', 'fig' ]
 * console.log(df.sort('price', { ascending: false }).get('name'));  // [ 'pear', 'kiwi', 'apple', 'fig' ]
 * console.log(df.sort(['price', 'name']).get('name'));              // [ 'apple', 'kiwi', 'pear', 'fig' ]
 * ```
 */
export function sort(
  df: DataFrame,
  columns: string | readonly string[],
  options: SortOptions = {},
): DataFrame {
  validateOptions(options, { ascending: ['boolean', 'boolean[]'], locale: 'string' }, 'sort');
  const positions = columnPositions(df, columns, 'sort');
  const asc = options.ascending ?? true;
  if (Array.isArray(asc) && asc.length !== positions.length) {
    throw new RangeError(
      `sort(): ascending has ${asc.length} entries but ${positions.length} sort column${positions.length === 1 ? '' : 's'} were given.`,
    );
  }
  let collator: Intl.Collator | null = null;
  if (options.locale !== undefined) {
    try {
      collator = new Intl.Collator(options.locale);
    } catch {
      throw new RangeError(
        `sort(): locale ${describeValue(options.locale)} is not a valid BCP 47 language tag.`,
      );
    }
  }
  const s = storageOf(df);
  const n = s.rowCount;
  let perm: Int32Array = new Int32Array(n);
  for (let i = 0; i < n; i++) perm[i] = i;
  // LSD over keys: stable-sort by the last key first, so earlier keys win.
  for (let k = positions.length - 1; k >= 0; k--) {
    const j = positions[k]!;
    const ascending = Array.isArray(asc) ? asc[k]! : (asc as boolean);
    const key = sortKey(s.columns[j]!, s.dtypes[j]!, !ascending, collator);
    if (key.missing) {
      let absentCount = 0;
      for (let i = 0; i < n; i++) absentCount += key.missing[i]!;
      const present = new Int32Array(n - absentCount);
      const absent = new Int32Array(absentCount);
      let p = 0;
      let a = 0;
      for (let i = 0; i < n; i++) {
        const r = perm[i]!;
        if (key.missing[r]) absent[a++] = r;
        else present[p++] = r;
      }
      const sorted = radixSortRows(present, key.hi, key.lo);
      perm = new Int32Array(n);
      perm.set(sorted, 0);
      perm.set(absent, sorted.length);
    } else {
      perm = radixSortRows(perm, key.hi, key.lo);
    }
  }
  return takeFrame(df, perm);
}
