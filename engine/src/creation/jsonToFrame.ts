import { DataFrame } from '../DataFrame.js';
import { describeValue } from '../column.js';
import { validateOptions } from '../validation/validateOptions.js';
import type { FrameOptions } from './frameOptions.js';
import { getPath, isPlainObject, recordPaths } from './paths.js';
import { arrayToFrame } from './arrayToFrame.js';

/**
 * Options of {@link jsonToFrame} and {@link readJson}.
 *
 * @category Creation
 */
export interface JsonFrameOptions extends FrameOptions {
  /** A dot path to the records inside the document, e.g. `'data.items'` or `'results.0.rows'`. */
  recordPath?: string;
}

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
  validateOptions(
    options,
    {
      recordPath: 'string',
      index: ['string', 'array', 'object'],
      dtypes: 'object',
      columns: 'string[]',
    },
    'jsonToFrame',
  );
  let doc = json;
  if (typeof json === 'string') {
    try {
      doc = JSON.parse(json);
    } catch (e) {
      throw new SyntaxError(`jsonToFrame(): the text is not valid JSON (${(e as Error).message}).`);
    }
  }
  const { recordPath, ...frameOptions } = options;
  const data = getPath(doc, recordPath);
  if (data === undefined && recordPath) {
    throw new TypeError(`jsonToFrame(): nothing at recordPath "${recordPath}".`);
  }
  if (Array.isArray(data)) {
    if (data.length > 0 && data.every((r) => Array.isArray(r))) {
      const { columns, ...rest } = frameOptions;
      return columns
        ? arrayToFrame(data, { ...rest, columns })
        : arrayToFrame(data, { ...rest, headerRow: true });
    }
    return new DataFrame(data as Record<string, unknown>[], frameOptions);
  }
  if (isPlainObject(data)) {
    const values = Object.values(data);
    if (values.every((v) => Array.isArray(v)))
      return new DataFrame(data as Record<string, unknown[]>, frameOptions);
    const arrays = recordPaths(data, '', 3);
    throw new TypeError(
      `jsonToFrame(): expected rows (an array of objects), columns (an object of arrays) or an array of arrays` +
        (recordPath ? ` at "${recordPath}"` : '') +
        `; received an object with keys ${Object.keys(data)
          .slice(0, 8)
          .map((k) => JSON.stringify(k))
          .join(', ')}.` +
        (arrays.length
          ? ` Pass recordPath: ${JSON.stringify((recordPath ? `${recordPath}.` : '') + arrays[0])} to read the records there.`
          : ''),
    );
  }
  throw new TypeError(
    `jsonToFrame(): expected rows, columns or an array of arrays; received ${describeValue(data)}.`,
  );
}
