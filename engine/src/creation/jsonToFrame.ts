import { DataFrame } from '../DataFrame.js';
import type { JsonFrameOptions } from './jsonInput.js';

export type { JsonFrameOptions } from './jsonInput.js';

/**
 * Creates a frame from parsed JSON, or from JSON text. Three shapes are understood:
 * - rows: an array of objects, `[{ "a": 1 }, { "a": 2 }]`;
 * - columns: an object of arrays, `{ "a": [1, 2], "b": ["x", "y"] }`;
 * - array of arrays: the first array holds the column names (unless `columns` is given).
 *
 * Use `recordPath` when the records sit deeper in the document. JSON
 * `null` is a missing value; dates stay strings unless you ask for them with
 * `dtypes: { day: 'date' }`.
 *
 * @param json - Parsed JSON (any value), or a JSON string.
 * @param options - {@link JsonFrameOptions}: `recordPath`, plus `index`, `dtypes`, `columns`.
 * @returns A new frame.
 * @throws {SyntaxError} when a string is not valid JSON.
 * @throws {TypeError} when the data (at `recordPath`) is not one of the three shapes.
 * @category Creation
 * @example
 * ```ts
 * import { jsonToFrame } from 'tinyframejs';
 *
 * const rows = jsonToFrame('[{"city":"Oslo","temp":4},{"city":"Rome","temp":18}]');
 * console.log(rows.shape); // [2, 2]
 * const nested = jsonToFrame({ data: { items: [{ id: 1 }, { id: 2 }] } }, { recordPath: 'data.items' });
 * console.log(nested.get('id')); // Int32Array(2) [ 1, 2 ]
 * const table = jsonToFrame([['id', 'ok'], [1, true], [2, false]]);
 * console.log(table.dtypes); // { id: 'i32', ok: 'bool' }
 * ```
 */
export function jsonToFrame(json: unknown, options: JsonFrameOptions = {}): DataFrame {
  return DataFrame.fromJson(json, options);
}
