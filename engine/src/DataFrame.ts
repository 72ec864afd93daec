import type { DType } from './dtypes.js';
import { type CellValue, type Column, cellValue } from './column.js';
import {
  type FrameStorage,
  AdoptedStorage,
  positionOf,
  registerFrameMaker,
  registerStorageReader,
} from './storage.js';
import type { ColumnInput, FrameOptions, IndexLabel, Row } from './creation/frameOptions.js';
import { buildStorage } from './creation/buildStorage.js';
import { unknownColumnError } from './validation/validateColumn.js';
import { allRows, rowAt } from './frameRows.js';

/**
 * An immutable table: an ordered list of named, typed columns of equal
 * length, plus a row index (0..n-1 by default).
 *
 * Numeric columns are stored in typed arrays (`Float64Array` with `NaN` for
 * missing values, or a narrower array when nothing is missing); strings,
 * booleans, dates and mixed values in read-only arrays with `null` for
 * missing. Every method returns a new frame and never changes this one; the
 * input you build a frame from is copied, never changed either.
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

  static {
    registerStorageReader((df) => df.#s);
    registerFrameMaker((s) => new DataFrame(new AdoptedStorage(s) as unknown as ColumnInput));
  }

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
    if (!Array.isArray(rows)) throw new TypeError('DataFrame.fromRows(): expected an array of row objects.');
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
    if (Array.isArray(columns)) throw new TypeError('DataFrame.fromColumns(): expected an object of columns, not an array.');
    return new DataFrame(columns, options);
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
      for (let i = 0; i < rowCount; i++) labels[i] = index ? (cellValue(index.data, i) as IndexLabel) : i;
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
   * The storage of one column: a typed array for numeric dtypes (missing =
   * `NaN`), a read-only array for `bool`, `str`, `date` and `mixed` (missing =
   * `null`). The storage is shared, not copied: treat it as read-only.
   *
   * @param column - The column name.
   * @returns The column's storage.
   * @throws {RangeError} when the column does not exist.
   * @example
   * ```ts
   * import { DataFrame } from 'tinyframejs';
   *
   * const df = new DataFrame({ price: [9.5, null, 3] });
   * console.log(df.get('price')); // Float64Array(3) [ 9.5, NaN, 3 ]
   * ```
   */
  get(column: string): Column {
    const j = positionOf(this.#s, column);
    if (j < 0) throw unknownColumnError(String(column), this.#s.names);
    return this.#s.columns[j]!;
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
      throw new RangeError(`Row position ${String(i)} is out of range; expected an integer from 0 to ${this.#s.rowCount - 1}.`);
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
    const col = this.get(column);
    if (!Number.isInteger(i) || i < 0 || i >= this.#s.rowCount) {
      throw new RangeError(`Row position ${String(i)} is out of range; expected an integer from 0 to ${this.#s.rowCount - 1}.`);
    }
    return cellValue(col, i);
  }

  /**
   * The frame as a text table — see {@link print} for the exact format.
   *
   * @returns The table text.
   */
  toString(): string {
    return `[${this.#s.rowCount} rows × ${this.#s.names.length} columns]`;
  }

  /** Node's `console.log` and REPL show the table. */
  [Symbol.for('nodejs.util.inspect.custom')](): string {
    return this.toString();
  }

  // --- analysis toolkit methods (issue 9) ---
  // --- end analysis toolkit methods ---
}
