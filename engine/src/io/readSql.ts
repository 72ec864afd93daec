import type { DataFrame } from '../DataFrame.js';
import { DataFrame as Frame } from '../DataFrame.js';
import type { FrameOptions, Row } from '../creation/frameOptions.js';
import { describeValue } from '../column.js';
import { validateOptions } from '../validation/validateOptions.js';

/**
 * A database client {@link readSql} can use: anything with a `query(sql,
 * params)` method that returns a promise, returns rows directly, or calls a
 * Node-style callback — `pg` (`Client`/`Pool`), `mysql2`, and most drivers
 * and wrappers — or a `better-sqlite3`-style `prepare(sql).all(...params)`.
 *
 * @category I/O
 */
export type SqlClient =
  | { query: (sql: string, ...rest: never[]) => unknown }
  | { prepare: (sql: string) => { all: (...params: never[]) => unknown } };

/**
 * Options of {@link readSql}.
 *
 * @category I/O
 */
export type SqlOptions = Pick<FrameOptions, 'index' | 'dtypes'>;

function isThenable(v: unknown): v is PromiseLike<unknown> {
  return (
    typeof v === 'object' && v !== null && typeof (v as { then?: unknown }).then === 'function'
  );
}

function isResultShape(v: unknown): boolean {
  return (
    Array.isArray(v) ||
    (typeof v === 'object' && v !== null && Array.isArray((v as { rows?: unknown }).rows))
  );
}

/** Rows (and column order, when the driver tells it) from any of the usual result shapes. */
function normalize(result: unknown): { rows: Row[]; fields?: string[] | undefined } {
  if (Array.isArray(result)) {
    // mysql2 answers [rows, fields].
    if (
      result.length === 2 &&
      Array.isArray(result[0]) &&
      Array.isArray(result[1]) &&
      result[1].every((f) => f && typeof f === 'object' && 'name' in f) &&
      result[0].every((r) => r && typeof r === 'object' && !Array.isArray(r))
    ) {
      return {
        rows: result[0] as Row[],
        fields: (result[1] as { name: string }[]).map((f) => f.name),
      };
    }
    return { rows: result as Row[] };
  }
  if (result && typeof result === 'object' && Array.isArray((result as { rows?: unknown }).rows)) {
    const r = result as { rows: Row[]; fields?: { name: string }[] };
    const fields =
      Array.isArray(r.fields) && r.fields.every((f) => f && typeof f.name === 'string')
        ? r.fields.map((f) => f.name)
        : undefined;
    return { rows: r.rows, fields };
  }
  throw new TypeError(
    `readSql(): the client returned ${describeValue(result)}; expected an array of rows or a result with a rows array.`,
  );
}

function runQuery(client: SqlClient, sql: string, params: readonly unknown[]): Promise<unknown> {
  if ('query' in client && typeof client.query === 'function') {
    const query = client.query as (...args: unknown[]) => unknown;
    return new Promise((resolve, reject) => {
      let settled = false;
      const done = (err: unknown, res?: unknown) => {
        if (settled) return;
        settled = true;
        if (err) reject(err instanceof Error ? err : new Error(String(err)));
        else resolve(res);
      };
      let ret: unknown;
      try {
        // Callback-style drivers call the callback; promise-style ones ignore it and return a promise.
        ret = query.call(client, sql, params, (err: unknown, res: unknown) => done(err, res));
      } catch (e) {
        done(e);
        return;
      }
      if (isThenable(ret))
        ret.then(
          (r) => done(null, r),
          (e) => done(e ?? new Error('query failed')),
        );
      else if (isResultShape(ret)) done(null, ret);
    });
  }
  if ('prepare' in client && typeof client.prepare === 'function') {
    return Promise.resolve().then(() =>
      (client.prepare(sql).all as (...p: unknown[]) => unknown)(...params),
    );
  }
  return Promise.reject(
    new TypeError(
      `readSql(): expected a client with a query(sql, params) or prepare(sql) method; received ${describeValue(client)}.`,
    ),
  );
}

/**
 * Runs a SQL query through your database client and returns the rows as a
 * frame. TinyFrame has no driver of its own: pass any client with a
 * `query(sql, params)` method (promise or callback style — `pg`, `mysql2`
 * and most drivers), or a `better-sqlite3` database. `pg`-style results
 * (`{ rows, fields }`) and `mysql2`-style `[rows, fields]` are understood; the
 * driver's field list sets the column order, so even an empty result has
 * its columns. Always pass values as `params` (placeholders such as `$1` or
 * `?`, whichever your driver uses) rather than pasting them into the SQL.
 *
 * @param client - A database client (see {@link SqlClient}).
 * @param sql - The SQL text.
 * @param params - Values for the placeholders. Default `[]`.
 * @param options - {@link SqlOptions}: `index`, `dtypes`.
 * @returns A promise of the frame.
 * @throws {TypeError} when the client has neither method, or returns something that is not rows.
 * @throws {Error} the driver's own error when the query fails.
 * @category I/O
 * @example
 * ```ts
 * import { readSql } from 'tinyframejs';
 *
 * // Any object with a query method works; here, a stand-in for a pg Client.
 * const client = {
 *   async query(sql: string, params: unknown[]) {
 *     return { rows: [{ id: 1, name: 'Ada' }, { id: 2, name: 'Alan' }], fields: [{ name: 'id' }, { name: 'name' }] };
 *   },
 * };
 * const df = await readSql(client, 'SELECT id, name FROM users WHERE id < $1', [10]);
 * console.log(df.columns, df.rowCount); // [ 'id', 'name' ] 2
 * ```
 */
export async function readSql(
  client: SqlClient,
  sql: string,
  params: readonly unknown[] = [],
  options: SqlOptions = {},
): Promise<DataFrame> {
  validateOptions(options, { index: ['string', 'array', 'object'], dtypes: 'object' }, 'readSql');
  if (typeof sql !== 'string')
    throw new TypeError(`readSql(): sql must be a string; received ${describeValue(sql)}.`);
  if (!Array.isArray(params))
    throw new TypeError(`readSql(): params must be an array; received ${describeValue(params)}.`);
  if (!client || (typeof client !== 'object' && typeof client !== 'function')) {
    throw new TypeError(
      `readSql(): expected a database client; received ${describeValue(client)}.`,
    );
  }
  const { rows, fields } = normalize(await runQuery(client, sql, params));
  if (fields && rows.length === 0) {
    const empty: Record<string, unknown[]> = {};
    for (const f of fields) empty[f] = [];
    return new Frame(empty, options);
  }
  return new Frame(rows, {
    ...options,
    columns: fields && rows.length > 0 && fields.every((f) => f in rows[0]!) ? fields : undefined,
  });
}
