import { columnOf } from '../storage.js';
import type { DataFrame } from '../DataFrame.js';
import { cellValue } from '../column.js';
import { jsonValue } from './format.js';

/** Options of {@link toJson}. @category Output */
export interface ToJsonOptions {
  /**
   * `'records'` (default): an array of row objects, `[{ "a": 1, "b": "x" }, …]`;
   * `'columns'`: an object of column arrays, `{ "a": [1, …], "b": ["x", …] }`.
   */
  orient?: 'records' | 'columns';
  /** Indentation passed to `JSON.stringify` (default: none). */
  space?: number | string;
}

/**
 * Writes a frame as JSON text. Missing values (and the non-finite numbers JSON cannot hold)
 * become `null`; dates become ISO 8601 strings (UTC).
 *
 * @param df - the frame to write
 * @param options - `orient`, `space`
 * @returns the JSON text
 * @throws {RangeError} when `orient` is unknown
 * @category Output
 * @example
 * ```ts
 * import { DataFrame, toJson } from 'tinyframejs';
 *
 * const df = new DataFrame({ a: [1, null], b: ['x', 'y'] });
 * console.log(toJson(df)); // [{"a":1,"b":"x"},{"a":null,"b":"y"}]
 * console.log(toJson(df, { orient: 'columns' })); // {"a":[1,null],"b":["x","y"]}
 * ```
 */
export function toJson(df: DataFrame, options: ToJsonOptions = {}): string {
  const orient = options.orient ?? 'records';
  const names = df.columns;
  const cols = names.map((c) => columnOf(df, c));
  const n = df.rowCount;
  if (orient === 'columns') {
    const obj: Record<string, unknown[]> = {};
    names.forEach((name, k) => {
      const arr = new Array<unknown>(n);
      for (let i = 0; i < n; i++) arr[i] = jsonValue(cellValue(cols[k]!, i));
      obj[name] = arr;
    });
    return JSON.stringify(obj, null, options.space);
  }
  if (orient !== 'records')
    throw new RangeError(
      `toJson: orient must be 'records' or 'columns', got ${JSON.stringify(orient)}`,
    );
  const rows = new Array<Record<string, unknown>>(n);
  for (let i = 0; i < n; i++) {
    const row: Record<string, unknown> = {};
    names.forEach((name, k) => (row[name] = jsonValue(cellValue(cols[k]!, i))));
    rows[i] = row;
  }
  return JSON.stringify(rows, null, options.space);
}
