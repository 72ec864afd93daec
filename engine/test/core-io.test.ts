import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import ExcelJS from 'exceljs';
import {
  DataFrame,
  readCsv,
  readTsv,
  readJson,
  readExcel,
  readSql,
  CsvParseError,
} from '../src/index.js';
import { setPeerOverride } from '../src/io/optionalPeer.js';
import { seededRandom } from '../src/selection/random.js';

const dir = mkdtempSync(join(tmpdir(), 'tinyframe-io-'));
test.after(() => rmSync(dir, { recursive: true, force: true }));
const csv = (text: string, options = {}) => readCsv({ text }, options);

test('RFC 4180: quotes, "" escapes, delimiters and newlines inside quotes, CRLF', async () => {
  const df = await csv(
    'id,text,n\r\n1,"a, b",2\r\n2,"say ""hi""",3\r\n3,"two\r\nlines",4\r\n4,,5\r\n',
  );
  assert.deepEqual(df.get('text'), ['a, b', 'say "hi"', 'two\r\nlines', null]);
  assert.deepEqual(df.get('n'), new Int32Array([2, 3, 4, 5]));
  assert.deepEqual(df.dtypes, { id: 'i32', text: 'str', n: 'i32' });
  // no trailing newline, lone CR line ends, a BOM
  assert.deepEqual((await csv('\uFEFFa,b\r1,2\r3,4')).toArray(), [
    { a: 1, b: 2 },
    { a: 3, b: 4 },
  ]);
  // quoted numbers are still numbers; a quoted empty field is missing
  assert.deepEqual((await csv('a\n"1.5"\n""\n')).get('a'), new Float64Array([1.5, NaN]));
});

test('dynamic typing: numbers, booleans, ISO dates, missing values', async () => {
  const df = await csv(
    'i,f,b,d,dt,s,gap,big,e\n' +
      '1,1.5,true,2024-01-31,2024-01-31T10:20:30Z,x,1,3000000000,1e3\n' +
      '-2,-.5,FALSE,2023-12-01,2024-01-31T10:20:30.5+02:00,007,,1,-2.5E-3\n' +
      '3, 7 ,True,2020-02-29,2024-01-31 10:20,y,3,2,Infinity\n',
  );
  assert.deepEqual(df.dtypes, {
    i: 'i32',
    f: 'f64',
    b: 'bool',
    d: 'date',
    dt: 'date',
    s: 'str',
    gap: 'f64',
    big: 'f64',
    e: 'f64',
  });
  assert.deepEqual(df.get('f'), new Float64Array([1.5, -0.5, 7]));
  assert.deepEqual(df.get('b'), [true, false, true]);
  assert.deepEqual(
    (df.get('d') as Date[]).map((d) => d.toISOString()),
    ['2024-01-31T00:00:00.000Z', '2023-12-01T00:00:00.000Z', '2020-02-29T00:00:00.000Z'],
  );
  assert.deepEqual(
    (df.get('dt') as Date[]).map((d) => d.toISOString()),
    ['2024-01-31T10:20:30.000Z', '2024-01-31T08:20:30.500Z', '2024-01-31T10:20:00.000Z'],
  );
  assert.deepEqual(df.get('s'), ['x', '007', 'y']);
  assert.ok(Number.isNaN(df.get('gap')[1] as number));
  assert.deepEqual(df.get('e'), new Float64Array([1000, -0.0025, Infinity]));
  // not quite dates or numbers stay text
  const t = await csv('a,b,c\n2024-02-30,1.2.3,0x10\n');
  assert.deepEqual(t.dtypes, { a: 'str', b: 'str', c: 'str' });
  // an all-empty column is f64 of NaN
  assert.equal((await csv('a,b\n1,\n2,\n')).dtypes.b, 'f64');
});

test('number parsing is exact (matches Number on random decimals)', async () => {
  const rand = seededRandom(5);
  const values: string[] = [];
  for (let i = 0; i < 5000; i++) {
    const digits = 1 + Math.floor(rand() * 19);
    let s = '';
    for (let k = 0; k < digits; k++) s += Math.floor(rand() * 10);
    const dot = Math.floor(rand() * (digits + 1));
    s = `${rand() < 0.3 ? '-' : ''}${s.slice(0, dot)}.${s.slice(dot)}`;
    if (s.endsWith('.')) s += '0';
    if (s.startsWith('.') || s.startsWith('-.')) s = s.replace('.', '0.');
    values.push(s);
  }
  const df = await csv(`x\n${values.join('\n')}\n`);
  const got = df.get('x') as Float64Array;
  values.forEach((v, i) =>
    assert.ok(Object.is(got[i], Number(v)), `${v}: ${got[i]} vs ${Number(v)}`),
  );
});

test('options: header, columns, delimiter, dynamicTyping, skipEmptyLines, naValues, trim, comment, dtypes, index', async () => {
  assert.deepEqual((await csv('1;2\n3;4\n', { header: false, delimiter: ';' })).toArray(), [
    { col0: 1, col1: 2 },
    { col0: 3, col1: 4 },
  ]);
  assert.deepEqual((await csv('1,2\n', { header: false, columns: ['x', 'y'] })).columns, [
    'x',
    'y',
  ]);
  assert.deepEqual((await csv('a,b\n1,2\n', { columns: ['x', 'y'] })).toArray(), [{ x: 1, y: 2 }]);
  assert.deepEqual((await csv('a,b\n1,\n', { dynamicTyping: false })).toArray(), [
    { a: '1', b: '' },
  ]);
  // Two or more columns: blank lines (empty or spaces only) are skipped, as pandas does.
  assert.equal((await csv('a,b\n1,2\n\n  \t\n3,4\n')).rowCount, 2);
  // One column: an empty line is a missing value (how toCsv writes one); skipping is asked for.
  assert.deepEqual(Array.from((await csv('a\n1\n\n2\n')).get('a') as Float64Array), [1, NaN, 2]);
  assert.equal((await csv('a\n1\n\n2\n', { skipEmptyLines: true })).rowCount, 2);
  assert.deepEqual((await csv('a,b\n1,2\n\n3,4\n', { skipEmptyLines: false })).toArray(), [
    { a: 1, b: 2 },
    { a: null, b: null },
    { a: 3, b: 4 },
  ]);
  assert.deepEqual(
    (await csv('a\n1\nNA\n', { naValues: ['NA'] })).get('a'),
    new Float64Array([1, NaN]),
  );
  assert.deepEqual((await csv('a\nx\nNA\n', { naValues: ['NA'] })).get('a'), ['x', null]);
  assert.deepEqual((await csv('a , b\n x , y \n', { trim: true })).toArray(), [{ a: 'x', b: 'y' }]);
  assert.equal((await csv('# note\na\n1\n# more\n2\n', { comment: '#' })).rowCount, 2);
  assert.deepEqual((await csv('zip,n\n00123,1\n', { dtypes: { zip: 'str', n: 'u8' } })).dtypes, {
    zip: 'str',
    n: 'u8',
  });
  const byId = await csv('id,v\na,1\nb,2\n', { index: 'id' });
  assert.deepEqual(byId.index, ['a', 'b']);
  assert.deepEqual(byId.columns, ['v']);
  assert.deepEqual((await csv("a|b\n'x|y'|2\n", { delimiter: '|', quote: "'" })).get('a'), ['x|y']);
  assert.deepEqual((await csv('a,a,\n1,2,3\n')).columns, ['a', 'a_1', 'col2']);
  // short rows are padded with missing values
  assert.deepEqual((await csv('a,b\n1\n')).toArray(), [{ a: 1, b: null }]);
  await assert.rejects(csv('a\n1\n', { delimiter: ';;' }), RangeError);
  await assert.rejects(csv('a\n1\n', { dtypes: { zz: 'str' } }), /Unknown column "zz"/);
  await assert.rejects(csv('a\n1\n', { header: 'yes' } as never), TypeError);
  await assert.rejects(csv('a\n1\n', { headers: true } as never), /unknown option "headers"/);
});

test('empty and header-only input', async () => {
  assert.deepEqual((await csv('')).shape, [0, 0]);
  const h = await csv('a,b\n');
  assert.deepEqual(h.shape, [0, 2]);
  assert.deepEqual(h.columns, ['a', 'b']);
});

test('malformed CSV names the line', async () => {
  await assert.rejects(
    csv('a,b\n1,"open\n2,3\n'),
    (e: unknown) =>
      e instanceof CsvParseError &&
      e.line === 2 &&
      /Unterminated quoted field \(line 2\)/.test(e.message),
  );
  await assert.rejects(csv('a,b\n1,2\n3,4,5\n'), /Expected 2 fields but found 3 \(line 3\)/);
  await assert.rejects(
    csv('a\n"x"y\n'),
    /Unexpected character "y" after a closing quote \(line 2\)/,
  );
});

test('sources: file path, file URL, Blob, http URL; a string is never parsed as CSV', async () => {
  const path = join(dir, 'data.csv');
  writeFileSync(path, 'a,b\n1,x\n');
  assert.deepEqual((await readCsv(path)).toArray(), [{ a: 1, b: 'x' }]);
  assert.deepEqual((await readCsv(pathToFileURL(path))).toArray(), [{ a: 1, b: 'x' }]);
  assert.deepEqual((await readCsv(new Blob(['a\n5\n']))).toArray(), [{ a: 5 }]);
  await assert.rejects(
    readCsv('a,b\n1,2\n'),
    /cannot read file "a,b\\n1,2\\n" \(ENOENT\)\. To parse text you already have, pass it as \{ text: "…" \}/,
  );
  await assert.rejects(
    readCsv(join(dir, 'missing.csv')),
    /readCsv\(\): cannot read file .*missing\.csv.*ENOENT/,
  );
  await assert.rejects(readCsv(42 as never), /expected a file path, a URL, a Blob or \{ text \}/);
  await assert.rejects(readCsv({ text: 5 } as never), TypeError);

  const server = createServer((req, res) => {
    if (req.url === '/data.csv') res.end('x,y\n1,2\n');
    else if (req.url === '/data.json') res.end('[{"k":"v"}]');
    else {
      res.statusCode = 404;
      res.end('no');
    }
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  try {
    assert.deepEqual((await readCsv(`${base}/data.csv`)).toArray(), [{ x: 1, y: 2 }]);
    assert.deepEqual((await readCsv(new URL(`${base}/data.csv`))).toArray(), [{ x: 1, y: 2 }]);
    assert.deepEqual((await readJson(`${base}/data.json`)).toArray(), [{ k: 'v' }]);
    await assert.rejects(readCsv(`${base}/nope.csv`), /HTTP 404/);
  } finally {
    server.close();
  }
});

test('readTsv', async () => {
  const df = await readTsv({ text: 'a\tb\n"x\ty"\t1\n' });
  assert.deepEqual(df.toArray(), [{ a: 'x\ty', b: 1 }]);
  assert.deepEqual((await readTsv({ text: 'a;b\n1;2\n' }, { delimiter: ';' })).columns, ['a', 'b']);
});

test('readJson: rows, columns, array of arrays, recordPath, file, errors', async () => {
  const path = join(dir, 'data.json');
  writeFileSync(path, '\uFEFF{"meta":{},"data":{"rows":[{"a":1,"b":null},{"a":2,"b":"x"}]}}');
  const df = await readJson(path, { recordPath: 'data.rows' });
  assert.deepEqual(df.toArray(), [
    { a: 1, b: null },
    { a: 2, b: 'x' },
  ]);
  assert.deepEqual((await readJson({ text: '{"a":[1,2],"b":["x","y"]}' })).shape, [2, 2]);
  assert.deepEqual((await readJson({ text: '[["a","b"],[1,2]]' })).toArray(), [{ a: 1, b: 2 }]);
  assert.deepEqual((await readJson(new Blob(['[{"a":1}]']))).toArray(), [{ a: 1 }]);
  await assert.rejects(readJson({ text: '{bad' }), SyntaxError);
  await assert.rejects(readJson(path), /Pass recordPath: "data.rows" to read the records there/);
});

async function workbook(): Promise<Uint8Array> {
  const wb = new ExcelJS.Workbook();
  const s1 = wb.addWorksheet('Sales');
  s1.addRows([
    ['region', 'units', 'price', 'day', 'ok'],
    ['North', 10, 2.5, new Date(Date.UTC(2024, 0, 15)), true],
    ['South', null, 3, new Date(Date.UTC(2024, 1, 1)), false],
  ]);
  s1.getCell('F1').value = 'total';
  s1.getCell('F2').value = { formula: 'B2*C2', result: 25 };
  s1.getCell('F3').value = { formula: 'B3*C3', result: 12 };
  const s2 = wb.addWorksheet('Notes');
  s2.addRows([['note'], [{ richText: [{ text: 'rich ' }, { text: 'text' }] }], ['plain']]);
  return new Uint8Array(await wb.xlsx.writeBuffer());
}

test('readExcel: sheets by name and position, types, formulas, rich text (exceljs)', async () => {
  const bytes = await workbook();
  const path = join(dir, 'book.xlsx');
  writeFileSync(path, bytes);
  const sales = await readExcel(path);
  assert.deepEqual(sales.columns, ['region', 'units', 'price', 'day', 'ok', 'total']);
  assert.deepEqual(sales.dtypes, {
    region: 'str',
    units: 'f64',
    price: 'f64',
    day: 'date',
    ok: 'bool',
    total: 'i32',
  });
  assert.ok(Number.isNaN(sales.get('units')[1] as number));
  assert.equal((sales.get('day')[0] as Date).toISOString(), '2024-01-15T00:00:00.000Z');
  const notes = await readExcel(bytes, { sheet: 'Notes' });
  assert.deepEqual(notes.get('note'), ['rich text', 'plain']);
  assert.deepEqual((await readExcel(new Blob([new Uint8Array(bytes)]), { sheet: 1 })).get('note'), [
    'rich text',
    'plain',
  ]);
  assert.deepEqual((await readExcel(bytes, { sheet: 1, header: false })).columns, ['col0']);
  await assert.rejects(
    readExcel(bytes, { sheet: 'Q9' }),
    /no sheet "Q9"; the workbook has 0: "Sales", 1: "Notes"/,
  );
  await assert.rejects(readExcel(new Uint8Array([1, 2, 3])), /not a readable \.xlsx workbook/);
  await assert.rejects(readExcel(bytes, { sheets: 1 } as never), /unknown option "sheets"/);
});

test('readExcel without exceljs names the package to install', async () => {
  setPeerOverride('exceljs', null);
  try {
    await assert.rejects(
      readExcel(new Uint8Array()),
      /readExcel\(\) needs the optional package "exceljs" to read \.xlsx workbooks\. Install it with: npm install exceljs/,
    );
  } finally {
    setPeerOverride('exceljs', undefined);
  }
});

test('readSql: promise, pg-style, callback, mysql2-style and better-sqlite3-style clients', async () => {
  const rows = [
    { id: 1, name: 'Ada' },
    { id: 2, name: null },
  ];
  const seen: unknown[] = [];
  const promiseClient = {
    query: async (sql: string, params: unknown[]) => (seen.push([sql, params]), rows),
  };
  assert.deepEqual(
    (await readSql(promiseClient, 'SELECT * FROM t WHERE id > ?', [0])).toArray(),
    rows,
  );
  assert.deepEqual(seen, [['SELECT * FROM t WHERE id > ?', [0]]]);

  const pg = {
    query: async () => ({ rows: [{ b: 2, a: 1 }], fields: [{ name: 'a' }, { name: 'b' }] }),
  };
  assert.deepEqual((await readSql(pg, 'SELECT a, b')).columns, ['a', 'b']);
  const pgEmpty = { query: async () => ({ rows: [], fields: [{ name: 'a' }, { name: 'b' }] }) };
  assert.deepEqual((await readSql(pgEmpty, 'SELECT a, b')).shape, [0, 2]);

  const callback = {
    query: (_sql: string, _params: unknown[], cb: (e: Error | null, r?: unknown) => void) =>
      void setTimeout(() => cb(null, { rows }), 1),
  };
  assert.deepEqual((await readSql(callback, 'SELECT')).toArray(), rows);
  const failing = {
    query: (_s: string, _p: unknown[], cb: (e: Error | null) => void) =>
      void cb(new Error('relation "t" does not exist')),
  };
  await assert.rejects(readSql(failing, 'SELECT'), /relation "t" does not exist/);
  const rejecting = { query: async () => Promise.reject(new Error('boom')) };
  await assert.rejects(readSql(rejecting, 'SELECT'), /boom/);

  const mysql2 = { query: async () => [rows, [{ name: 'id' }, { name: 'name' }]] };
  assert.deepEqual((await readSql(mysql2, 'SELECT')).toArray(), rows);

  const sqliteCalls: unknown[] = [];
  const sqlite = {
    prepare: (sql: string) => ({
      all: (...params: unknown[]): unknown => {
        sqliteCalls.push([sql, params]);
        return rows;
      },
    }),
  };
  assert.deepEqual((await readSql(sqlite, 'SELECT * FROM t WHERE id = ?', [1])).rowCount, 2);

  const dates = { query: async () => [{ at: new Date('2024-01-01') }] };
  assert.deepEqual((await readSql(dates, 'SELECT', [], { index: 'at' })).shape, [1, 0]);

  await assert.rejects(
    readSql({} as never, 'SELECT'),
    /expected a client with a query\(sql, params\) or prepare\(sql\) method/,
  );
  await assert.rejects(readSql(promiseClient, 5 as never), /sql must be a string/);
  await assert.rejects(readSql(promiseClient, 'x', 'p' as never), /params must be an array/);
  await assert.rejects(
    readSql({ query: async () => 42 }, 'SELECT'),
    /expected an array of rows or a result with a rows array/,
  );
});

function bigCsv(n: number): string {
  const parts: string[] = ['id,x,cat,flag,day\n'];
  const rand = seededRandom(3);
  for (let i = 0; i < n; i++)
    parts.push(
      `${i},${(rand() * 1000).toFixed(3)},c${i % 17},${i % 2 === 0},2024-01-${String((i % 28) + 1).padStart(2, '0')}\n`,
    );
  return parts.join('');
}

test('a large CSV reads in reasonable time (the benchmark measures speed; this guards against blow-ups)', async () => {
  const n = 300_000;
  const text = bigCsv(n);
  const t = performance.now();
  const df = DataFrame.fromCsv(text);
  const ms = performance.now() - t;
  assert.deepEqual(df.dtypes, { id: 'i32', x: 'f64', cat: 'str', flag: 'bool', day: 'date' });
  assert.equal(df.rowCount, n);
  assert.ok(ms < 10000, `took ${ms} ms`);
});
