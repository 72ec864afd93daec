import { columnOf } from '../storage.js';
import type { DataFrame } from '../DataFrame.js';
import { factorize } from './factorize.js';
import { GroupIndex, reduceGroups, reducerName, type Reducer } from './reduce.js';
import {
  columnList,
  dtypeOf,
  getColumn,
  makeFrame,
  takeRows,
  type ColumnSpec,
} from '../columns/internal.js';

/**
 * What {@link GroupBy.agg} computes: for each column, one reducer or several. With one reducer
 * the result column keeps the column's name; with several they are named `column_reducer`
 * (a function's own name, or `fn0`, `fn1`… for anonymous ones).
 * @category Grouping
 */
export type AggSpec = Readonly<Record<string, Reducer | readonly Reducer[]>>;

/**
 * The rows of a frame split into groups by one or more key columns, ready to aggregate. Made by
 * {@link groupBy}. Groups are found in one hash pass and numbered in the order in which each
 * key combination first appears; missing key values form a group of their own (key `null`).
 * @category Grouping
 * @example
 * ```ts
 * import { DataFrame } from 'tinyframejs';
 *
 * const df = new DataFrame({ shop: ['a', 'b', 'a'], sales: [3, 4, 5] });
 * const groups = df.groupBy('shop');
 * console.log(groups.groupCount); // 2
 * console.log(groups.agg({ sales: 'max' }).toArray()); // [{ shop: 'a', sales: 5 }, { shop: 'b', sales: 4 }]
 * ```
 */
export class GroupBy {
  /** @internal */
  readonly #df: DataFrame;
  readonly #keys: readonly string[];
  readonly #groups: GroupIndex;
  readonly #firstRow: Int32Array;

  /** @internal Use {@link groupBy}. */
  constructor(df: DataFrame, keys: readonly string[]) {
    this.#df = df;
    this.#keys = keys;
    const f = factorize(
      keys.map((k) => columnOf(df, k) as ArrayLike<unknown>),
      df.rowCount,
      true,
    );
    this.#groups = new GroupIndex(f.ids, f.count);
    this.#firstRow = f.firstRow;
  }

  /** The number of groups. */
  get groupCount(): number {
    return this.#groups.count;
  }

  /** The key columns. */
  get keys(): readonly string[] {
    return this.#keys;
  }

  #keyColumns(): ColumnSpec[] {
    return this.#keys.map((k) => {
      const data = takeRows(columnOf(this.#df, k), this.#firstRow);
      return [k, data, ArrayBuffer.isView(data) ? undefined : dtypeOf(this.#df, k)] as const;
    });
  }

  /**
   * Aggregates each group: one row per group (in first-appearance order) with the key columns
   * first, then one column per requested reduction.
   *
   * @param spec - column → reducer (`'sum' | 'mean' | 'count' | 'min' | 'max' | 'median' | 'std'` or a function of the group's values), or an array of reducers
   * @returns a new frame
   * @throws {RangeError} when a column does not exist or a reducer is unknown
   * @throws {TypeError} when a reducer does not apply to the column's dtype
   * @example
   * ```ts
   * import { DataFrame, groupBy } from 'tinyframejs';
   *
   * const sales = new DataFrame({ city: ['Oslo', 'Rome', 'Oslo'], amount: [10, 5, 20] });
   * const out = groupBy(sales, 'city').agg({ amount: ['sum', 'mean'] });
   * console.log(out.toArray()); // [{ city: 'Oslo', amount_sum: 30, amount_mean: 15 }, { city: 'Rome', amount_sum: 5, amount_mean: 5 }]
   * ```
   */
  agg(spec: AggSpec): DataFrame {
    if (spec === null || typeof spec !== 'object')
      throw new TypeError('agg: expected an object of column → reducer');
    const cols = this.#keyColumns();
    const taken = new Set(cols.map((c) => c[0]));
    for (const [column, how] of Object.entries(spec)) {
      const data = getColumn(this.#df, column, 'agg');
      const list: readonly Reducer[] = Array.isArray(how) ? how : [how as Reducer];
      if (list.length === 0) throw new RangeError(`agg: no reducer given for column "${column}"`);
      list.forEach((r, i) => {
        let name = list.length === 1 ? column : `${column}_${reducerName(r, i)}`;
        if (taken.has(name)) name = `${column}_${reducerName(r, i)}`;
        if (taken.has(name))
          throw new RangeError(`agg: two result columns would be named "${name}"`);
        taken.add(name);
        const res = reduceGroups(data, dtypeOf(this.#df, column), this.#groups, r, column, 'agg');
        cols.push([name, res.data, res.dtype]);
      });
    }
    return makeFrame(this.#df, cols);
  }

  /**
   * The number of rows in each group: the key columns and a `size` column (`i32`), one row per
   * group in first-appearance order.
   *
   * @returns a new frame
   * @example
   * ```ts
   * import { DataFrame, groupBy } from 'tinyframejs';
   *
   * const df = new DataFrame({ team: ['a', 'b', 'a', null] });
   * console.log(groupBy(df, 'team').size().toArray()); // [{ team: 'a', size: 2 }, { team: 'b', size: 1 }, { team: null, size: 1 }]
   * ```
   */
  size(): DataFrame {
    const count = this.#groups.count;
    const sizes = new Int32Array(count);
    const ids = this.#groups.ids;
    for (let i = 0; i < ids.length; i++) sizes[ids[i]!]!++;
    const cols = this.#keyColumns();
    cols.push([this.#keys.includes('size') ? 'size_count' : 'size', sizes, 'i32']);
    return makeFrame(this.#df, cols);
  }
}

/**
 * Splits a frame into groups by one or more key columns, to aggregate with
 * {@link GroupBy.agg} or count with {@link GroupBy.size}. Grouping is hash-based and takes one
 * pass over the rows; no per-group frame is built. Groups come out in the order in which each
 * key combination first appears in the frame (not sorted); rows whose key is missing form a
 * group of their own, with key `null`.
 *
 * @param df - the input frame
 * @param columns - a key column or several
 * @returns a {@link GroupBy}
 * @throws {RangeError} when a key column does not exist or no key is given
 * @category Grouping
 * @example
 * ```ts
 * import { DataFrame, groupBy } from 'tinyframejs';
 *
 * const df = new DataFrame({
 *   region: ['north', 'south', 'north', 'south'],
 *   year: [2023, 2023, 2024, 2023],
 *   sales: [100, 80, 120, 60],
 * });
 * const out = groupBy(df, ['region', 'year']).agg({ sales: 'sum' });
 * console.log(out.toArray());
 * // [{ region: 'north', year: 2023, sales: 100 }, { region: 'south', year: 2023, sales: 140 }, { region: 'north', year: 2024, sales: 120 }]
 * ```
 */
export function groupBy(df: DataFrame, columns: string | readonly string[]): GroupBy {
  const keys = columnList(df, columns, 'groupBy');
  if (keys.length === 0) throw new RangeError('groupBy: give at least one key column');
  return new GroupBy(df, keys);
}
