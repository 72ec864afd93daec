import { DataFrame } from '../DataFrame.js';
import { describeValue } from '../column.js';
import { validateOptions } from '../validation/validateOptions.js';
import type { FrameOptions, Row } from './frameOptions.js';
import { flattenRecord, getPath, isPlainObject, recordPaths } from './paths.js';
import { rowsToColumns } from './buildStorage.js';
import { DEFAULT_NULL_VALUES, cleanColumn } from './cleanValues.js';

/**
 * Options of {@link apiToFrame}.
 *
 * @category Creation
 */
export interface ApiToFrameOptions extends Pick<FrameOptions, 'index' | 'dtypes'> {
  /** Dot path to the array of records in the payload, e.g. `'data.items'`. Required when the payload is an object wrapping the records. */
  dataPath?: string;
  /**
   * Renames columns: `{ 'user.name': 'name' }`. Keys are the flattened field
   * paths (nested objects become dot-named columns); unmapped fields keep their names.
   */
  mapping?: Readonly<Record<string, string>>;
  /** Called on each raw record before flattening; return a new record, or `null`/`undefined` to drop it. */
  transform?: (record: Row, i: number) => Row | null | undefined;
  /**
   * Type cleaning: `true` trims text, turns `''`, `'null'`, `'N/A'`, `'NA'`,
   * `'NaN'`, `'-'` … into missing values, and converts columns whose values are
   * all numeric text, `'true'`/`'false'` or ISO dates. Pass
   * `{ nullValues: [...] }` to choose the missing markers. Default `false`.
   */
  clean?: boolean | { nullValues?: readonly string[] };
  /** Flatten nested objects into dot-named columns (`user.name`). Default `true`. */
  flatten?: boolean;
  /** Options for `fetch` when the source is a URL (method, headers, …). */
  fetchOptions?: RequestInit;
}

function toFrame(payload: unknown, options: ApiToFrameOptions): DataFrame {
  let doc = payload;
  if (typeof payload === 'string') {
    try {
      doc = JSON.parse(payload);
    } catch (e) {
      throw new SyntaxError(
        `apiToFrame(): the payload text is not valid JSON (${(e as Error).message}).`,
      );
    }
  }
  const records = getPath(doc, options.dataPath);
  let list: unknown[];
  if (Array.isArray(records)) list = records;
  else if (isPlainObject(records)) {
    const wrapped = recordPaths(records, '', 3);
    if (wrapped.length > 0) {
      throw new TypeError(
        `apiToFrame(): the payload${options.dataPath ? ` at "${options.dataPath}"` : ''} is an object holding records in ${wrapped.map((k) => `"${k}"`).join(', ')}; pass dataPath: ${JSON.stringify((options.dataPath ? `${options.dataPath}.` : '') + wrapped[0])}.`,
      );
    }
    list = [records];
  } else {
    throw new TypeError(
      `apiToFrame(): expected records${options.dataPath ? ` at "${options.dataPath}"` : ''}; found ${describeValue(records)}.`,
    );
  }
  const rows: Row[] = [];
  list.forEach((raw, i) => {
    let rec: unknown = raw;
    if (options.transform) rec = options.transform(raw as Row, i);
    if (rec === null || rec === undefined) return;
    if (!isPlainObject(rec))
      throw new TypeError(
        `apiToFrame(): record ${i} is not an object; received ${describeValue(rec)}.`,
      );
    const flat = options.flatten === false ? rec : flattenRecord(rec);
    if (options.mapping) {
      const renamed: Row = {};
      for (const [k, v] of Object.entries(flat)) renamed[options.mapping[k] ?? k] = v;
      for (const [from, to] of Object.entries(options.mapping))
        if (!(to in renamed) && !(from in flat)) renamed[to] = null;
      rows.push(renamed);
    } else rows.push(flat);
  });
  if (!options.clean) return new DataFrame(rows, { index: options.index, dtypes: options.dtypes });
  const nulls = new Set(
    typeof options.clean === 'object' && options.clean.nullValues
      ? options.clean.nullValues
      : DEFAULT_NULL_VALUES,
  );
  const { names, values } = rowsToColumns(rows);
  const columns: Record<string, unknown[]> = {};
  names.forEach((n, j) => (columns[n] = cleanColumn(values[j]!, nulls)));
  return new DataFrame(columns, { index: options.index, dtypes: options.dtypes });
}

/**
 * Turns an API response into a frame: finds the records (`dataPath`),
 * reshapes each (`transform`), flattens nested objects into dot-named
 * columns, renames (`mapping`) and optionally cleans types (`clean`).
 *
 * Given parsed JSON (or JSON text) it returns the frame directly. Given a
 * `URL`, a `Request` or a `Response`, it fetches and parses the body first
 * and returns a promise.
 *
 * @param payload - Parsed JSON or JSON text; or a `URL` / `Request` / `Response` to fetch and read.
 * @param options - {@link ApiToFrameOptions}: `dataPath`, `mapping`, `transform`, `clean`, `flatten`, `index`, `dtypes`, `fetchOptions`.
 * @returns A new frame (a promise of one for a URL, Request or Response).
 * @throws {TypeError} when there are no records at `dataPath`, or an object payload wraps records and `dataPath` is missing (the message names the key).
 * @throws {SyntaxError} when JSON text is malformed.
 * @throws {Error} when a fetch fails or answers with an HTTP error status (the message names the status and URL).
 * @category Creation
 * @example
 * ```ts
 * import { apiToFrame } from 'tinyframejs';
 *
 * const response = {
 *   meta: { page: 1 },
 *   data: {
 *     users: [
 *       { id: '1', profile: { name: 'Ada', joined: '2021-04-01' }, score: '9.5' },
 *       { id: '2', profile: { name: 'Alan', joined: '2022-11-15' }, score: 'N/A' },
 *     ],
 *   },
 * };
 * const df = apiToFrame(response, {
 *   dataPath: 'data.users',
 *   mapping: { 'profile.name': 'name', 'profile.joined': 'joined' },
 *   clean: true,
 * });
 * console.log(df.columns); // [ 'id', 'name', 'joined', 'score' ]
 * console.log(df.dtypes);  // { id: 'i32', name: 'str', joined: 'date', score: 'f64' }
 * ```
 */
export function apiToFrame(
  payload: URL | Request | Response,
  options?: ApiToFrameOptions,
): Promise<DataFrame>;
export function apiToFrame(payload: unknown, options?: ApiToFrameOptions): DataFrame;
export function apiToFrame(
  payload: unknown,
  options: ApiToFrameOptions = {},
): DataFrame | Promise<DataFrame> {
  validateOptions(
    options,
    {
      dataPath: 'string',
      mapping: 'object',
      transform: 'function',
      clean: ['boolean', 'object'],
      flatten: 'boolean',
      index: ['string', 'array', 'object'],
      dtypes: 'object',
      fetchOptions: 'object',
    },
    'apiToFrame',
  );
  const isResponse = typeof Response !== 'undefined' && payload instanceof Response;
  const isRequest = typeof Request !== 'undefined' && payload instanceof Request;
  if (payload instanceof URL || isRequest || isResponse) {
    return (async () => {
      const res = isResponse
        ? (payload as Response)
        : await fetch(payload as URL | Request, options.fetchOptions);
      if (!res.ok)
        throw new Error(
          `apiToFrame(): HTTP ${res.status} ${res.statusText} for ${res.url || String(payload)}.`,
        );
      return toFrame(await res.json(), options);
    })();
  }
  return toFrame(payload, options);
}
