/** Parsed JSON → the rows or columns a frame is built from (the work behind {@link jsonToFrame}). */
import { describeValue } from '../column.js';
import { validateOptions } from '../validation/validateOptions.js';
import type { ColumnInput, FrameOptions, Row } from './frameOptions.js';
import { getPath, isPlainObject, recordPaths } from './paths.js';
import { arrayToColumns } from './arrayColumns.js';

/**
 * Options of {@link jsonToFrame} and {@link readJson}.
 *
 * @category Creation
 */
export interface JsonFrameOptions extends FrameOptions {
  /** A dot path to the records inside the document, e.g. `'data.items'` or `'results.0.rows'`. */
  recordPath?: string | undefined;
}

/**
 * The rows or columns, and frame options, that `json` describes; checks them as
 * {@link jsonToFrame} documents. Pure: the caller builds the frame.
 */
export function jsonToInput(
  json: unknown,
  options: JsonFrameOptions = {},
): { data: readonly Row[] | ColumnInput; options: FrameOptions } {
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
      const table = columns
        ? arrayToColumns(data, { ...rest, columns })
        : arrayToColumns(data, { ...rest, headerRow: true });
      return { data: table.columns, options: table.options };
    }
    return { data: data as Record<string, unknown>[], options: frameOptions };
  }
  if (isPlainObject(data)) {
    const values = Object.values(data);
    if (values.every((v) => Array.isArray(v)))
      return { data: data as Record<string, unknown[]>, options: frameOptions };
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
