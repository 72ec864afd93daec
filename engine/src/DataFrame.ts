import type { DType } from './dtypes.js';
import { type CellValue, type Column, isTypedColumn, userValue } from './column.js';
import { type FrameStorage, AdoptedStorage, attachStorage, positionOf } from './storage.js';
import type { ColumnInput, FrameOptions, IndexLabel, Row } from './creation/frameOptions.js';
import { buildStorage } from './creation/buildStorage.js';
import { unknownColumnError } from './validation/validateColumn.js';
import { allRows, rowAt } from './frameRows.js';
import {
  select as selectFn,
  drop as dropFn,
  selectByPattern as selectByPatternFn,
} from './selection/select.js';
import { head as headFn, tail as tailFn } from './selection/headTail.js';
import { at as atFn, first as firstFn, last as lastFn } from './selection/at.js';
import { iloc as ilocFn } from './selection/iloc.js';
import type { PositionSelector } from './selection/positions.js';
import { loc as locFn } from './selection/loc.js';
import {
  sample as sampleFn,
  stratifiedSample as stratifiedSampleFn,
  type SampleOptions,
  type StratifiedSampleOptions,
} from './selection/sample.js';
import { filter as filterFn } from './filtering/filter.js';
import { query as queryFn } from './filtering/query.js';
import type { QueryParams } from './filtering/queryEval.js';
import type { Expr } from './filtering/expr.js';
import { where as whereFn, type WhereOperator } from './filtering/where.js';
import {
  count as countFn,
  sum as sumFn,
  mean as meanFn,
  std as stdFn,
  variance as varianceFn,
  type DispersionOptions,
} from './aggregation/moments.js';
import {
  median as medianFn,
  min as minFn,
  max as maxFn,
  mode as modeFn,
} from './aggregation/order.js';
import { sort as sortFn, type SortOptions } from './ordering/sort.js';
import { formatTable, print as printFn, type PrintOptions } from './output/print.js';
import { arrayToColumns, type ArrayToFrameOptions } from './creation/arrayColumns.js';
import { jsonToInput, type JsonFrameOptions } from './creation/jsonInput.js';
import { parseCsv, type CsvOptions } from './io/parseCsv.js';
import { assign as assignFn } from './columns/assign.js';
import { apply as applyFn } from './columns/apply.js';
import { rename as renameFn } from './columns/rename.js';
import { cast as castFn } from './columns/cast.js';
import { cut as cutFn } from './columns/cut.js';
import { oneHot as oneHotFn } from './columns/oneHot.js';
import { isna as isnaFn } from './missing/isna.js';
import { dropna as dropnaFn } from './missing/dropna.js';
import { fillna as fillnaFn } from './missing/fillna.js';
import { interpolate as interpolateFn } from './missing/interpolate.js';
import { describe as describeFn } from './stats/describe.js';
import { quantile as quantileFn } from './stats/quantile.js';
import { corr as corrFn } from './stats/corr.js';
import { cov as covFn } from './stats/cov.js';
import { valueCounts as valueCountsFn } from './stats/valueCounts.js';
import { groupBy as groupByFn } from './grouping/groupBy.js';
import { concatFrames } from './combining/concatFrames.js';
import { join as joinFn } from './combining/join.js';
import { dropDuplicates as dropDuplicatesFn } from './combining/dropDuplicates.js';
import { pivot as pivotFn } from './reshaping/pivot.js';
import { melt as meltFn } from './reshaping/melt.js';
import { transpose as transposeFn } from './reshaping/transpose.js';
import { rolling as rollingFn } from './timeseries/rolling.js';
import { shift as shiftFn } from './timeseries/shift.js';
import { resample as resampleFn } from './timeseries/resample.js';
import { str as strFn } from './text/str.js';
import { explode as explodeFn } from './text/explode.js';
import { toCsv as toCsvFn } from './output/toCsv.js';
import { toJson as toJsonFn } from './output/toJson.js';
import { toMarkdown as toMarkdownFn } from './output/toMarkdown.js';
import { toHTML as toHTMLFn } from './output/toHTML.js';
import { writeCsv as writeCsvFn, writeJson as writeJsonFn } from './output/write.js';
import { plot as plotFn } from './plot/plot.js';

/**
 * An immutable table: an ordered list of named, typed columns of equal
 * length, plus a row index (0..n-1 by default).
 *
 * Numeric columns are stored in typed arrays: `Int32Array` for whole numbers
 * that fit in 32 bits with none missing, else `Float64Array` with `NaN` for
 * missing values (a typed array you pass in keeps its type); strings,
 * booleans, dates and mixed values in arrays with `null` for missing. Every
 * method returns a new frame and never changes this one; the input you build
 * a frame from is copied, and what you read out ({@link DataFrame.get},
 * rows, cells) is a copy or an immutable value, so nothing you do with it
 * changes the frame either.
 *
 * Each method delegates to the standalone function of the same name, so
 * `df.sort('price')` and `sort(df, 'price')` are the same operation.
 *
 * @category DataFrame
 * @example
 * ```ts
 * import { DataFrame } from 'tinyframejs';
 *
 * const df = new DataFrame([
 *   { name: 'Ada', age: 36, city: 'London' },
 *   { name: 'Linus', age: 28, city: 'Helsinki' },
 *   { name: 'Grace', age: 45, city: 'Arlington' },
 * ]);
 * console.log(df.shape);  // [3, 3]
 * console.log(df.dtypes); // { name: 'str', age: 'i32', city: 'str' }
 * console.log(df.get('age')); // Int32Array(3) [ 36, 28, 45 ]
 * ```
 */
export class DataFrame {
  readonly #s: FrameStorage;
  #indexCache: readonly IndexLabel[] | undefined;

  /**
   * Creates a frame from row objects or from columns.
   *
   * @param data - Either an array of row objects (`[{ a: 1, b: 'x' }, …]`;
   *   columns appear in first-seen key order, absent keys are missing values),
   *   or an object of columns (`{ a: [1, 2], b: new Float64Array([…]) }`).
   * @param options - {@link FrameOptions}: `index`, `dtypes`, `columns`.
   * @throws {TypeError} when `data` is neither shape, a row is not an object, or a value cannot take the requested dtype.
   * @throws {RangeError} when columns differ in length, a name is duplicated, or an option names an unknown column.
   * @example
   * ```ts
   * import { DataFrame } from 'tinyframejs';
   *
   * const byRows = new DataFrame([{ x: 1, y: 'a' }, { x: 2, y: null }]);
   * const byColumns = new DataFrame({ x: [1, 2], y: ['a', null] }, { index: ['first', 'second'] });
   * console.log(byRows.rowCount, byColumns.index); // 2 [ 'first', 'second' ]
   * ```
   */
  constructor(data: readonly Row[] | ColumnInput, options?: FrameOptions) {
    if ((data as unknown) instanceof AdoptedStorage) {
      this.#s = (data as unknown as AdoptedStorage).storage;
    } else {
      this.#s = buildStorage(data, options);
    }
    attachStorage(this, this.#s);
  }

  /**
   * Creates a frame from an array of row objects (same as the constructor).
   *
   * @param rows - Row objects; columns appear in first-seen key order.
   * @param options - {@link FrameOptions}.
   * @returns A new frame.
   * @throws {TypeError} when a row is not a plain object.
   * @example
   * ```ts
   * import { DataFrame } from 'tinyframejs';
   *
   * const df = DataFrame.fromRows([{ a: 1 }, { a: 2, b: true }]);
   * console.log(df.columns); // [ 'a', 'b' ]
   * ```
   */
  static fromRows(rows: readonly Row[], options?: FrameOptions): DataFrame {
    if (!Array.isArray(rows))
      throw new TypeError('DataFrame.fromRows(): expected an array of row objects.');
    return new DataFrame(rows, options);
  }

  /**
   * Creates a frame from an object of columns (same as the constructor).
   *
   * @param columns - An object mapping names to arrays or typed arrays of equal length.
   * @param options - {@link FrameOptions}.
   * @returns A new frame.
   * @throws {RangeError} when the columns differ in length.
   * @example
   * ```ts
   * import { DataFrame } from 'tinyframejs';
   *
   * const df = DataFrame.fromColumns({ t: new Float64Array([0.5, 1.5]), ok: [true, false] });
   * console.log(df.dtypes); // { t: 'f64', ok: 'bool' }
   * ```
   */
  static fromColumns(columns: ColumnInput, options?: FrameOptions): DataFrame {
    if (Array.isArray(columns))
      throw new TypeError('DataFrame.fromColumns(): expected an object of columns, not an array.');
    return new DataFrame(columns, options);
  }

  /**
   * Creates a frame from an array of row arrays — see {@link arrayToFrame}.
   *
   * @param rows - The rows, each an array of values.
   * @param options - `columns`, `headerRow`, `index`, `dtypes`.
   * @returns A new frame.
   * @example
   * ```ts
   * import { DataFrame } from 'tinyframejs';
   *
   * const df = DataFrame.fromArrays([['a', 'b'], [1, 2]], { headerRow: true });
   * console.log(df.toArray()); // [ { a: 1, b: 2 } ]
   * ```
   */
  static fromArrays(
    rows: readonly (readonly unknown[])[],
    options?: ArrayToFrameOptions,
  ): DataFrame {
    const table = arrayToColumns(rows, options);
    return new DataFrame(table.columns, table.options);
  }

  /**
   * Creates a frame from parsed JSON or JSON text (rows, columns, or an
   * array of arrays) — see {@link jsonToFrame}.
   *
   * @param json - Parsed JSON or a JSON string.
   * @param options - `recordPath`, `index`, `dtypes`, `columns`.
   * @returns A new frame.
   * @example
   * ```ts
   * import { DataFrame } from 'tinyframejs';
   *
   * const df = DataFrame.fromJson('{"x":[1,2,3]}');
   * console.log(df.get('x')); // Int32Array(3) [ 1, 2, 3 ]
   * ```
   */
  static fromJson(json: unknown, options?: JsonFrameOptions): DataFrame {
    const input = jsonToInput(json, options);
    return new DataFrame(input.data, input.options);
  }

  /**
   * Parses CSV text synchronously (the text itself, not a path) with the
   * rules and options of {@link readCsv}.
   *
   * @param text - CSV text.
   * @param options - {@link CsvOptions}.
   * @returns A new frame.
   * @throws {CsvParseError} (a `SyntaxError`) for malformed CSV, naming the line.
   * @example
   * ```ts
   * import { DataFrame } from 'tinyframejs';
   *
   * const df = DataFrame.fromCsv('a,b\n1,x\n2,y\n');
   * console.log(df.dtypes); // { a: 'i32', b: 'str' }
   * ```
   */
  static fromCsv(text: string, options?: CsvOptions): DataFrame {
    return frameFromStorage(parseCsv(text, options, 'DataFrame.fromCsv'));
  }

  /** The column names, in order. */
  get columns(): string[] {
    return [...this.#s.names];
  }

  /** The number of rows. */
  get rowCount(): number {
    return this.#s.rowCount;
  }

  /** `[rowCount, columnCount]`. */
  get shape(): [number, number] {
    return [this.#s.rowCount, this.#s.names.length];
  }

  /** The dtype of every column, e.g. `{ name: 'str', price: 'f64' }`. */
  get dtypes(): Record<string, DType> {
    const out: Record<string, DType> = {};
    this.#s.names.forEach((n, j) => (out[n] = this.#s.dtypes[j]!));
    return out;
  }

  /**
   * The row labels: `[0, 1, …, n-1]` by default, or the labels given with
   * the `index` option (row selections keep each row's label).
   */
  get index(): readonly IndexLabel[] {
    if (!this.#indexCache) {
      const { index, rowCount } = this.#s;
      const labels = new Array<IndexLabel>(rowCount);
      for (let i = 0; i < rowCount; i++)
        labels[i] = index ? (userValue(index.data, i) as IndexLabel) : i;
      this.#indexCache = Object.freeze(labels);
    }
    return this.#indexCache;
  }

  /**
   * Whether the frame has a column with this name.
   *
   * @param column - A column name.
   * @returns `true` when the column exists.
   */
  has(column: string): boolean {
    return positionOf(this.#s, column) >= 0;
  }

  /**
   * A copy of one column's values: a typed array for numeric dtypes (missing =
   * `NaN`), an array for `bool`, `str`, `date` and `mixed` (missing = `null`;
   * dates copied too). It is yours to change: the frame keeps its own values.
   * Each call copies the column, so keep the result in a variable rather than
   * calling `get` inside a loop over rows.
   *
   * @param column - The column name.
   * @returns A new array of the column's values.
   * @throws {RangeError} when the column does not exist.
   * @example
   * ```ts
   * import { DataFrame } from 'tinyframejs';
   *
   * const df = new DataFrame({ price: [9.5, null, 3] });
   * const prices = df.get('price');
   * console.log(prices); // Float64Array(3) [ 9.5, NaN, 3 ]
   * prices[0] = 0; // changes the copy only
   * console.log(df.get('price')[0]); // 9.5
   * ```
   */
  get(column: string): Column {
    const j = positionOf(this.#s, column);
    if (j < 0) throw unknownColumnError(String(column), this.#s.names);
    const col = this.#s.columns[j]!;
    if (isTypedColumn(col)) return col.slice();
    const out = new Array<unknown>(col.length);
    for (let i = 0; i < col.length; i++) {
      const v = col[i];
      out[i] = v instanceof Date ? new Date(v.getTime()) : v;
    }
    return out;
  }

  /**
   * One row as a plain object (missing values as `null`).
   *
   * @param i - The row position, 0 ≤ i < rowCount (use {@link at} for negative positions).
   * @returns The row object.
   * @throws {RangeError} when `i` is not an integer in range.
   * @example
   * ```ts
   * import { DataFrame } from 'tinyframejs';
   *
   * const df = new DataFrame({ a: [1, 2], b: ['x', null] });
   * console.log(df.row(1)); // { a: 2, b: null }
   * ```
   */
  row(i: number): Row {
    if (!Number.isInteger(i) || i < 0 || i >= this.#s.rowCount) {
      throw new RangeError(
        `Row position ${String(i)} is out of range; expected an integer from 0 to ${this.#s.rowCount - 1}.`,
      );
    }
    return rowAt(this.#s, i);
  }

  /**
   * Every row as a plain object, in order (missing values as `null`).
   *
   * @returns A new array of row objects.
   * @example
   * ```ts
   * import { DataFrame } from 'tinyframejs';
   *
   * console.log(new DataFrame({ a: [1, 2] }).toArray()); // [ { a: 1 }, { a: 2 } ]
   * ```
   */
  toArray(): Row[] {
    return allRows(this.#s);
  }

  /** Iterates over the rows as plain objects. */
  *[Symbol.iterator](): IterableIterator<Row> {
    for (let i = 0; i < this.#s.rowCount; i++) yield rowAt(this.#s, i);
  }

  /**
   * The value of one cell (missing as `null`).
   *
   * @param i - The row position.
   * @param column - The column name.
   * @returns The cell value.
   * @throws {RangeError} when the row or column does not exist.
   */
  cell(i: number, column: string): CellValue {
    const j = positionOf(this.#s, column);
    if (j < 0) throw unknownColumnError(String(column), this.#s.names);
    const col = this.#s.columns[j]!;
    if (!Number.isInteger(i) || i < 0 || i >= this.#s.rowCount) {
      throw new RangeError(
        `Row position ${String(i)} is out of range; expected an integer from 0 to ${this.#s.rowCount - 1}.`,
      );
    }
    return userValue(col, i);
  }

  // --- core methods: each delegates to the standalone function of the same name ---

  /**
   * Keeps only the given columns, in the given order — see {@link select}.
   *
   * @param columns - A column name or an array of names.
   * @returns A new frame.
   */
  select(columns: string | readonly string[]): DataFrame {
    return selectFn(this, columns);
  }

  /**
   * Removes the given columns — see {@link drop}.
   *
   * @param columns - A column name or an array of names.
   * @returns A new frame.
   */
  drop(columns: string | readonly string[]): DataFrame {
    return dropFn(this, columns);
  }

  /**
   * Keeps the columns whose names match a regular expression — see {@link selectByPattern}.
   *
   * @param pattern - A RegExp or a pattern string.
   * @returns A new frame.
   */
  selectByPattern(pattern: RegExp | string): DataFrame {
    return selectByPatternFn(this, pattern);
  }

  /**
   * The first `n` rows — see {@link head}.
   *
   * @param n - How many rows. Default 5.
   * @returns A new frame.
   */
  head(n = 5): DataFrame {
    return headFn(this, n);
  }

  /**
   * The last `n` rows — see {@link tail}.
   *
   * @param n - How many rows. Default 5.
   * @returns A new frame.
   */
  tail(n = 5): DataFrame {
    return tailFn(this, n);
  }

  /**
   * The first row, or the first value of a column — see {@link first}.
   *
   * @param column - Optional column name.
   * @returns A row object or a value; `undefined` for an empty frame.
   */
  first(): Row | undefined;
  first(column: string): CellValue | undefined;
  first(column?: string): Row | CellValue | undefined {
    return column === undefined ? firstFn(this) : firstFn(this, column);
  }

  /**
   * The last row, or the last value of a column — see {@link last}.
   *
   * @param column - Optional column name.
   * @returns A row object or a value; `undefined` for an empty frame.
   */
  last(): Row | undefined;
  last(column: string): CellValue | undefined;
  last(column?: string): Row | CellValue | undefined {
    return column === undefined ? lastFn(this) : lastFn(this, column);
  }

  /**
   * One row as an object; negative positions count from the end — see {@link at}.
   *
   * @param i - The row position (`-1` is the last row).
   * @returns The row object.
   */
  at(i: number): Row {
    return atFn(this, i);
  }

  /**
   * Selects rows (and columns) by position — see {@link iloc}.
   *
   * @param rows - A position, positions, a slice object or a slice string like `'1:4'`.
   * @param columns - Optional column positions.
   * @returns A new frame.
   */
  iloc(rows: PositionSelector, columns?: PositionSelector): DataFrame {
    return ilocFn(this, rows, columns);
  }

  /**
   * Selects rows by index label (and columns by name) — see {@link loc}.
   *
   * @param labels - A label, labels, or a boolean mask.
   * @param columns - Optional column name(s).
   * @returns A new frame.
   */
  loc(
    labels: IndexLabel | readonly IndexLabel[] | readonly boolean[],
    columns?: string | readonly string[],
  ): DataFrame {
    return locFn(this, labels, columns);
  }

  /**
   * A random sample of rows, reproducible with a seed — see {@link sample}.
   *
   * @param count - The number of rows, or `{ n | frac, seed, replace }`.
   * @param options - `seed`, `replace`.
   * @returns A new frame.
   */
  sample(count: number | SampleOptions, options?: SampleOptions): DataFrame {
    return sampleFn(this, count, options);
  }

  /**
   * The same fraction of rows from every group of a column — see {@link stratifiedSample}.
   *
   * @param column - The grouping column.
   * @param fraction - The share of each group, 0 to 1.
   * @param options - `seed`.
   * @returns A new frame.
   */
  stratifiedSample(column: string, fraction: number, options?: StratifiedSampleOptions): DataFrame {
    return stratifiedSampleFn(this, column, fraction, options);
  }

  /**
   * Keeps the rows for which a predicate holds — see {@link filter}.
   *
   * @param predicate - `(row, i) => boolean`, an `expr$` expression, or a boolean mask.
   * @returns A new frame.
   */
  filter(predicate: ((row: Row, i: number) => unknown) | ArrayLike<boolean | number>): DataFrame {
    return filterFn(this, predicate);
  }

  /**
   * Keeps the rows matching a condition written as text — see {@link query}.
   *
   * @param condition - The condition, e.g. `'age > 30 and city in ["Oslo", "Rome"]'`, or an `expr$` expression.
   * @param params - Values for `@name` placeholders.
   * @returns A new frame.
   */
  query(condition: string | Expr, params?: QueryParams): DataFrame {
    return queryFn(this, condition, params);
  }

  /**
   * Keeps the rows where `column op value` holds — see {@link where}.
   *
   * @param column - The column to test.
   * @param op - The operator.
   * @param value - The value (an array for `in`).
   * @returns A new frame.
   */
  where(column: string, op: WhereOperator, value: unknown): DataFrame {
    return whereFn(this, column, op, value);
  }

  /**
   * Sorts the rows (stable; missing values last) — see {@link sort}.
   *
   * @param columns - A column or columns, most significant first.
   * @param options - `ascending`, `locale`.
   * @returns A new frame.
   */
  sort(columns: string | readonly string[], options?: SortOptions): DataFrame {
    return sortFn(this, columns, options);
  }

  /**
   * Counts non-missing values — see {@link count}.
   *
   * @param column - A column, columns, or none for all.
   * @returns A count, or an object of counts.
   */
  count(column: string): number;
  count(columns?: readonly string[]): Record<string, number>;
  count(columns?: string | readonly string[]): number | Record<string, number> {
    return countFn(this, columns as readonly string[]);
  }

  /**
   * Sums a numeric column — see {@link sum}.
   *
   * @param column - A column, columns, or none for all numeric columns.
   * @returns A sum, or an object of sums.
   */
  sum(column: string): number;
  sum(columns?: readonly string[]): Record<string, number>;
  sum(columns?: string | readonly string[]): number | Record<string, number> {
    return sumFn(this, columns as readonly string[]);
  }

  /**
   * The mean of a numeric column — see {@link mean}.
   *
   * @param column - A column, columns, or none for all numeric columns.
   * @returns A mean, or an object of means.
   */
  mean(column: string): number;
  mean(columns?: readonly string[]): Record<string, number>;
  mean(columns?: string | readonly string[]): number | Record<string, number> {
    return meanFn(this, columns as readonly string[]);
  }

  /**
   * The median of a numeric column — see {@link median}.
   *
   * @param column - A column, columns, or none for all numeric columns.
   * @returns A median, or an object of medians.
   */
  median(column: string): number;
  median(columns?: readonly string[]): Record<string, number>;
  median(columns?: string | readonly string[]): number | Record<string, number> {
    return medianFn(this, columns as readonly string[]);
  }

  /**
   * Every most-frequent value of a column, sorted — see {@link mode}.
   *
   * @param column - The column.
   * @returns The modes.
   */
  mode(column: string): CellValue[] {
    return modeFn(this, column);
  }

  /**
   * The smallest value of a column — see {@link min}.
   *
   * @param column - A column, columns, or none for all.
   * @returns The minimum, or an object of minima.
   */
  min<T extends CellValue = number>(column: string): T;
  min(columns?: readonly string[]): Record<string, CellValue>;
  min(columns?: string | readonly string[]): CellValue | Record<string, CellValue> {
    return minFn(this, columns as readonly string[]);
  }

  /**
   * The largest value of a column — see {@link max}.
   *
   * @param column - A column, columns, or none for all.
   * @returns The maximum, or an object of maxima.
   */
  max<T extends CellValue = number>(column: string): T;
  max(columns?: readonly string[]): Record<string, CellValue>;
  max(columns?: string | readonly string[]): CellValue | Record<string, CellValue> {
    return maxFn(this, columns as readonly string[]);
  }

  /**
   * The standard deviation (sample, n − 1, unless `{ ddof: 0 }`) — see {@link std}.
   *
   * @param column - A column, columns, or none for all numeric columns.
   * @param options - `ddof`.
   * @returns A standard deviation, or an object of them.
   */
  std(column: string, options?: DispersionOptions): number;
  std(columns?: readonly string[], options?: DispersionOptions): Record<string, number>;
  std(
    columns?: string | readonly string[],
    options?: DispersionOptions,
  ): number | Record<string, number> {
    return stdFn(this, columns as readonly string[], options);
  }

  /**
   * The variance (sample, n − 1, unless `{ ddof: 0 }`) — see {@link variance}.
   *
   * @param column - A column, columns, or none for all numeric columns.
   * @param options - `ddof`.
   * @returns A variance, or an object of them.
   */
  variance(column: string, options?: DispersionOptions): number;
  variance(columns?: readonly string[], options?: DispersionOptions): Record<string, number>;
  variance(
    columns?: string | readonly string[],
    options?: DispersionOptions,
  ): number | Record<string, number> {
    return varianceFn(this, columns as readonly string[], options);
  }

  /**
   * Writes the table to the console — see {@link print} for the format.
   *
   * @param options - `rows`, `cols`, `maxWidth`.
   */
  print(options?: PrintOptions): void {
    printFn(this, options);
  }

  /**
   * The frame as a text table — the exact format is described under {@link print}.
   *
   * @param options - `rows`, `cols`, `maxWidth`.
   * @returns The table text.
   * @example
   * ```ts
   * import { DataFrame } from 'tinyframejs';
   *
   * console.log(new DataFrame({ n: [1, 2] }).toString());
   * // ┌───┬───┐
   * // │   │ n │
   * // ├───┼───┤
   * // │ 0 │ 1 │
   * // │ 1 │ 2 │
   * // └───┴───┘
   * // [2 rows × 1 column]
   * ```
   */
  toString(options?: PrintOptions): string {
    return formatTable(this, options);
  }

  /** Node's `console.log` and REPL show the table. */
  [Symbol.for('nodejs.util.inspect.custom')](): string {
    return this.toString();
  }

  // --- analysis toolkit methods (issue 9) ---
  // Each method delegates to the standalone function of the same name (see its page for the
  // details and examples), imported above: the class imports its operations, never the reverse.

  /**
   * Adds or replaces columns computed from each row, an array, or a constant — see {@link assign}.
   * @param spec - new column name → `row => value`, an array, or a value
   * @returns a new frame
   */
  assign(spec: Readonly<Record<string, import('./columns/assign.js').AssignSpec>>): DataFrame {
    return assignFn(this, spec);
  }

  /**
   * Replaces a column by a function of each value — see {@link apply}.
   * @param column - the column
   * @param fn - `(value, i) => newValue`
   * @returns a new frame
   */
  apply(column: string, fn: (value: CellValue, i: number) => unknown): DataFrame {
    return applyFn(this, column, fn);
  }

  /**
   * Renames columns — see {@link rename}.
   * @param mapping - old name → new name
   * @returns a new frame
   */
  rename(mapping: Readonly<Record<string, string>>): DataFrame {
    return renameFn(this, mapping);
  }

  /**
   * Converts a column to another dtype — see {@link cast}.
   * @param column - the column
   * @param dtype - the target dtype
   * @param options - `errors: 'coerce'` to make unconvertible values missing
   * @returns a new frame
   */
  cast(column: string, dtype: DType, options?: import('./columns/cast.js').CastOptions): DataFrame {
    return castFn(this, column, dtype, options);
  }

  /**
   * Bins a numeric column into labelled intervals — see {@link cut}.
   * @param column - the numeric column
   * @param options - `bins`, `labels`, `right`, `includeLowest`, `name`
   * @returns a new frame
   */
  cut(column: string, options: import('./columns/cut.js').CutOptions): DataFrame {
    return cutFn(this, column, options);
  }

  /**
   * One-hot encodes a column — see {@link oneHot}.
   * @param column - the categorical column
   * @param options - `prefix`
   * @returns a new frame
   */
  oneHot(column: string, options?: import('./columns/oneHot.js').OneHotOptions): DataFrame {
    return oneHotFn(this, column, options);
  }

  /**
   * Which values are missing — see {@link isna}.
   * @param column - a column (returns booleans), or none (returns a frame of booleans)
   */
  isna(): DataFrame;
  isna(column: string): boolean[];
  isna(column?: string): boolean[] | DataFrame {
    return column === undefined ? isnaFn(this) : isnaFn(this, column);
  }

  /**
   * Drops rows with missing values — see {@link dropna}.
   * @param options - `subset`, `how`
   * @returns a new frame
   */
  dropna(options?: import('./missing/dropna.js').DropnaOptions): DataFrame {
    return dropnaFn(this, options);
  }

  /**
   * Fills missing values with a value, per-column values, or `ffill`/`bfill` — see {@link fillna}.
   * @param fill - a value, `{ column: value }`, or `{ method }`
   * @returns a new frame
   */
  fillna(fill: Parameters<typeof import('./missing/fillna.js').fillna>[1]): DataFrame {
    return fillnaFn(this, fill);
  }

  /**
   * Fills a numeric column's gaps by linear interpolation — see {@link interpolate}.
   * @param column - the numeric column
   * @returns a new frame
   */
  interpolate(column: string): DataFrame {
    return interpolateFn(this, column);
  }

  /**
   * Summary statistics per column — see {@link describe}.
   * @param options - `include`
   * @returns a new frame indexed by statistic
   */
  describe(options?: import('./stats/describe.js').DescribeOptions): DataFrame {
    return describeFn(this, options);
  }

  /**
   * Quantile(s) of a numeric column by linear interpolation — see {@link quantile}.
   * @param column - the numeric column
   * @param q - a probability from 0 to 1, or several
   */
  quantile(column: string, q: number): number;
  quantile(column: string, q: readonly number[]): number[];
  quantile(column: string, q: number | readonly number[]): number | number[] {
    return typeof q === 'number' ? quantileFn(this, column, q) : quantileFn(this, column, q);
  }

  /**
   * Pearson correlation of two numeric columns — see {@link corr}.
   * @param a - first column
   * @param b - second column
   * @returns a number from −1 to 1, or `NaN`
   */
  corr(a: string, b: string): number {
    return corrFn(this, a, b);
  }

  /**
   * Covariance of two numeric columns — see {@link cov}.
   * @param a - first column
   * @param b - second column
   * @param options - `ddof`
   * @returns the covariance
   */
  cov(a: string, b: string, options?: import('./stats/cov.js').CovOptions): number {
    return covFn(this, a, b, options);
  }

  /**
   * Counts of each distinct value, most frequent first — see {@link valueCounts}.
   * @param column - the column
   * @param options - `normalize`, `dropna`
   * @returns a new frame
   */
  valueCounts(
    column: string,
    options?: import('./stats/valueCounts.js').ValueCountsOptions,
  ): DataFrame {
    return valueCountsFn(this, column, options);
  }

  /**
   * Groups rows by key columns, to `agg()` or `size()` — see {@link groupBy}.
   * @param columns - the key column(s)
   * @returns a GroupBy
   */
  groupBy(columns: string | readonly string[]): import('./grouping/groupBy.js').GroupBy {
    return groupByFn(this, columns);
  }

  /**
   * Stacks other frames below this one, aligned by column name — see {@link concat}.
   * @param others - the frames to append
   * @param options - `fill`
   * @returns a new frame
   */
  concat(
    others: readonly DataFrame[],
    options?: import('./combining/concat.js').ConcatOptions,
  ): DataFrame {
    return concatFrames([this, ...others], options);
  }

  /**
   * Joins with another frame on key columns (hash join) — see {@link join}.
   * @param right - the right frame
   * @param options - `on` or `leftOn`/`rightOn`, `how`, `suffixes`
   * @returns a new frame
   */
  join(right: DataFrame, options: import('./combining/join.js').JoinOptions): DataFrame {
    return joinFn(this, right, options);
  }

  /**
   * Removes repeated rows — see {@link dropDuplicates}.
   * @param options - `subset`, `keep`
   * @returns a new frame
   */
  dropDuplicates(
    options?: import('./combining/dropDuplicates.js').DropDuplicatesOptions,
  ): DataFrame {
    return dropDuplicatesFn(this, options);
  }

  /**
   * Reshapes long to wide — see {@link pivot}.
   * @param options - `index`, `columns`, `values`, `agg`
   * @returns a new frame
   */
  pivot(options: import('./reshaping/pivot.js').PivotOptions): DataFrame {
    return pivotFn(this, options);
  }

  /**
   * Reshapes wide to long — see {@link melt}.
   * @param options - `idVars`, `valueVars`, `varName`, `valueName`
   * @returns a new frame
   */
  melt(options?: import('./reshaping/melt.js').MeltOptions): DataFrame {
    return meltFn(this, options);
  }

  /**
   * Swaps rows and columns — see {@link transpose}.
   * @returns a new frame
   */
  transpose(): DataFrame {
    return transposeFn(this);
  }

  /**
   * A trailing window over a numeric column, with O(n) `mean`, `sum`, `min`, `max`, `std`, `variance` — see {@link rolling}.
   * @param column - the numeric column
   * @param window - rows per window
   * @param options - `minPeriods`
   * @returns a Rolling
   */
  rolling(
    column: string,
    window: number,
    options?: import('./timeseries/rolling.js').RollingOptions,
  ): import('./timeseries/rolling.js').Rolling {
    return rollingFn(this, column, window, options);
  }

  /**
   * Moves a column's values down (or up) by `n` rows — see {@link shift}.
   * @param column - the column
   * @param n - rows to shift (default 1)
   * @param options - `name` for a new column
   * @returns a new frame
   */
  shift(
    column: string,
    n?: number,
    options?: import('./timeseries/shift.js').ShiftOptions,
  ): DataFrame {
    return shiftFn(this, column, n, options);
  }

  /**
   * Aggregates rows into day, week or month buckets — see {@link resample}.
   * @param dateColumn - the date column
   * @param freq - `'day'`, `'week'` or `'month'`
   * @param options - `agg`
   * @returns a new frame
   */
  resample(
    dateColumn: string,
    freq: 'day' | 'week' | 'month',
    options?: import('./timeseries/resample.js').ResampleOptions,
  ): DataFrame {
    return resampleFn(this, dateColumn, freq, options);
  }

  /**
   * String operations on a `str` column — see {@link str}.
   * @param column - the column
   * @returns a StringAccessor
   */
  str(column: string): import('./text/str.js').StringAccessor {
    return strFn(this, column);
  }

  /**
   * One row per element of a list column — see {@link explode}.
   * @param column - the column of arrays
   * @returns a new frame
   */
  explode(column: string): DataFrame {
    return explodeFn(this, column);
  }

  /**
   * CSV text with RFC 4180 quoting — see {@link toCsv}.
   * @param options - `delimiter`, `header`, `newline`
   * @returns the CSV text
   */
  toCsv(options?: import('./output/toCsv.js').ToCsvOptions): string {
    return toCsvFn(this, options);
  }

  /**
   * JSON text, as records or columns — see {@link toJson}.
   * @param options - `orient`, `space`
   * @returns the JSON text
   */
  toJson(options?: import('./output/toJson.js').ToJsonOptions): string {
    return toJsonFn(this, options);
  }

  /**
   * A Markdown table — see {@link toMarkdown}.
   * @param options - `index`
   * @returns the Markdown text
   */
  toMarkdown(options?: import('./output/toMarkdown.js').ToMarkdownOptions): string {
    return toMarkdownFn(this, options);
  }

  /**
   * An escaped HTML table — see {@link toHTML}.
   * @param options - `caption`, `className`, `index`
   * @returns the HTML text
   */
  toHTML(options?: import('./output/toHTML.js').ToHTMLOptions): string {
    return toHTMLFn(this, options);
  }

  /**
   * Writes a CSV file (Node.js) — see {@link writeCsv}.
   * @param path - the file path
   * @param options - as for `toCsv`
   * @returns a promise
   */
  writeCsv(path: string, options?: import('./output/toCsv.js').ToCsvOptions): Promise<void> {
    return writeCsvFn(this, path, options);
  }

  /**
   * Writes a JSON file (Node.js) — see {@link writeJson}.
   * @param path - the file path
   * @param options - as for `toJson`
   * @returns a promise
   */
  writeJson(path: string, options?: import('./output/toJson.js').ToJsonOptions): Promise<void> {
    return writeJsonFn(this, path, options);
  }

  /**
   * An accessible, theme-aware SVG chart — see {@link plot}.
   * @param options - `kind`, `x`, `y`, `title`, …
   * @returns the SVG markup
   */
  plot(options?: import('./plot/plot.js').PlotOptions): string {
    return plotFn(this, options);
  }
  // --- end analysis toolkit methods ---
}

/**
 * Wraps storage built by a factory (a reader, a creation function) in a new frame, without
 * copying or checking it. Engine modules only.
 * @internal
 */
export function frameFromStorage(storage: FrameStorage): DataFrame {
  return new DataFrame(new AdoptedStorage(storage) as unknown as ColumnInput);
}
