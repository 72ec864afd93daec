import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  DataFrame,
  createFrame,
  cloneFrame,
  arrayToFrame,
  jsonToFrame,
  apiToFrame,
} from '../src/index.js';

test('rows: columns in first-seen key order, absent keys are missing', () => {
  const df = new DataFrame([
    { a: 1, b: 'x' },
    { b: 'y', c: true },
  ]);
  assert.deepEqual(df.columns, ['a', 'b', 'c']);
  assert.deepEqual(df.dtypes, { a: 'f64', b: 'str', c: 'bool' });
  assert.ok(Number.isNaN(df.get('a')[1] as number));
  assert.deepEqual(df.toArray(), [
    { a: 1, b: 'x', c: null },
    { a: null, b: 'y', c: true },
  ]);
});

test('integers: i32 without gaps, f64 with NaN (never 0) when one is missing', () => {
  assert.deepEqual(new DataFrame({ n: [1, 2, 3] }).dtypes, { n: 'i32' });
  const gap = new DataFrame({ n: [1, null, 3] });
  assert.equal(gap.dtypes.n, 'f64');
  assert.ok(gap.get('n') instanceof Float64Array);
  assert.ok(Number.isNaN(gap.get('n')[1] as number));
  assert.equal(gap.row(1).n, null);
  assert.equal(new DataFrame({ n: [1, undefined, 3] }).dtypes.n, 'f64');
  assert.equal(new DataFrame({ n: [1, NaN] }).dtypes.n, 'f64');
  assert.equal(new DataFrame({ n: [1, 2 ** 31] }).dtypes.n, 'f64');
  assert.equal(new DataFrame({ n: [1, 2.5] }).dtypes.n, 'f64');
  assert.ok(Object.is((new DataFrame({ n: [-0, 1] }).get('n') as Float64Array)[0], -0));
});

test('typed array input keeps its dtype and is copied', () => {
  const src = new Int16Array([1, 2, 3]);
  const df = new DataFrame({
    a: src,
    b: new Uint8Array([1, 2, 3]),
    c: new Float32Array([0.5, 1, 2]),
  });
  assert.deepEqual(df.dtypes, { a: 'i16', b: 'u8', c: 'f32' });
  src[0] = 99;
  assert.equal(df.get('a')[0], 1);
  assert.equal(new DataFrame({ f: new Float32Array([1, NaN]) }).dtypes.f, 'f64');
});

test('strings, booleans, dates and mixed values', () => {
  const d = new Date('2024-01-02T00:00:00Z');
  const df = new DataFrame({
    s: ['a', null, ''],
    b: [true, false, null],
    d: [d, null, new Date(NaN)],
    m: [1, 'x', { k: 1 }],
  });
  assert.deepEqual(df.dtypes, { s: 'str', b: 'bool', d: 'date', m: 'mixed' });
  assert.deepEqual(df.get('s'), ['a', null, '']);
  assert.equal(df.get('d')[2], null);
  // dates are copied on the way in and on the way out
  d.setUTCFullYear(1999);
  assert.equal((df.get('d')[0] as Date).getUTCFullYear(), 2024);
  const row = df.row(0);
  (row.d as Date).setUTCFullYear(1990);
  assert.equal((df.get('d')[0] as Date).getUTCFullYear(), 2024);
  // get() is a copy: writing into it leaves the frame as it was.
  const s = df.get('s') as unknown[];
  s[0] = 'changed';
  assert.equal(df.get('s')[0], 'a');
});

test('inputs are never mutated', () => {
  const rows = [
    { a: 1, b: null },
    { a: 2, b: 'x' },
  ];
  const snapshot = JSON.stringify(rows);
  const cols = { a: [3, 1, 2] };
  const df = new DataFrame(rows);
  df.sort('a')
    .head(1)
    .filter(() => true);
  new DataFrame(cols).sort('a');
  assert.equal(JSON.stringify(rows), snapshot);
  assert.deepEqual(cols.a, [3, 1, 2]);
});

test('empty frames', () => {
  for (const df of [new DataFrame([]), new DataFrame({})]) {
    assert.deepEqual(df.shape, [0, 0]);
    assert.deepEqual(df.columns, []);
    assert.deepEqual(df.toArray(), []);
    assert.deepEqual(df.index, []);
  }
  const noRows = new DataFrame({ a: [] as number[], b: [] as string[] });
  assert.deepEqual(noRows.shape, [0, 2]);
  assert.deepEqual(noRows.dtypes, { a: 'f64', b: 'f64' });
});

test('single row frame', () => {
  const df = new DataFrame([{ x: 5, y: 'z' }]);
  assert.deepEqual(df.shape, [1, 2]);
  assert.deepEqual(df.row(0), { x: 5, y: 'z' });
  assert.deepEqual([...df], [{ x: 5, y: 'z' }]);
});

test('index option: labels or a column moved into the index', () => {
  const a = new DataFrame({ v: [1, 2] }, { index: ['x', 'y'] });
  assert.deepEqual(a.index, ['x', 'y']);
  const b = new DataFrame({ id: ['p', 'q'], v: [1, 2] }, { index: 'id' });
  assert.deepEqual(b.columns, ['v']);
  assert.deepEqual(b.index, ['p', 'q']);
  assert.deepEqual(new DataFrame({ v: [7, 8, 9] }).index, [0, 1, 2]);
  assert.throws(() => new DataFrame({ v: [1, 2] }, { index: ['only-one'] }), RangeError);
  assert.throws(() => new DataFrame({ v: [1, 2] }, { index: 'nope' }), RangeError);
});

test('dtypes and columns options', () => {
  const df = createFrame(
    { a: [1, 2], b: ['1', '2'], c: [1, 0] },
    { dtypes: { a: 'u8', b: 'i32', c: 'bool' }, columns: ['c', 'b', 'a'] },
  );
  assert.deepEqual(df.columns, ['c', 'b', 'a']);
  assert.deepEqual(df.dtypes, { c: 'bool', b: 'i32', a: 'u8' });
  assert.throws(
    () => createFrame({ a: [1, null] }, { dtypes: { a: 'i32' } }),
    /cannot be stored as i32: row 1 holds null/,
  );
  assert.throws(() => createFrame({ a: [300] }, { dtypes: { a: 'u8' } }), RangeError);
  assert.throws(() => createFrame({ a: ['x'] }, { dtypes: { a: 'f64' } }), TypeError);
  assert.throws(() => createFrame({ a: [1] }, { dtypes: { a: 'int' as never } }), RangeError);
  assert.throws(() => createFrame({ a: [1] }, { dtypes: { z: 'f64' } }), /Unknown column "z"/);
  assert.throws(
    () => createFrame({ a: [1] }, { colums: ['a'] } as never),
    /unknown option "colums"/,
  );
});

test('wrong inputs throw clear errors', () => {
  assert.throws(
    () => new DataFrame('a,b' as never),
    /Expected an array of row objects or an object of column arrays; received "a,b"/,
  );
  assert.throws(() => new DataFrame([{ a: 1 }, 5] as never), /Row 1 must be a plain object/);
  assert.throws(
    () => new DataFrame({ a: [1, 2], b: [1] }),
    /Column "b" has 1 value but column "a" has 2/,
  );
  assert.throws(() => new DataFrame({ a: 5 } as never), /Column "a" must be an array/);
  assert.throws(() => new DataFrame(null as never), TypeError);
});

test('get, has, row, cell', () => {
  const df = new DataFrame({ a: [1, 2] });
  assert.ok(df.has('a'));
  assert.ok(!df.has('b'));
  assert.throws(() => df.get('b'), /Unknown column "b"/);
  assert.throws(() => df.row(2), RangeError);
  assert.throws(() => df.row(-1), RangeError);
  assert.equal(df.cell(1, 'a'), 2);
});

test('statics: fromRows, fromColumns, fromArrays, fromJson, fromCsv', () => {
  assert.deepEqual(DataFrame.fromRows([{ a: 1 }]).toArray(), [{ a: 1 }]);
  assert.deepEqual(DataFrame.fromColumns({ a: [1] }).toArray(), [{ a: 1 }]);
  assert.deepEqual(DataFrame.fromArrays([[1, 'x']], { columns: ['n', 's'] }).toArray(), [
    { n: 1, s: 'x' },
  ]);
  assert.deepEqual(DataFrame.fromJson('[{"a":1}]').toArray(), [{ a: 1 }]);
  assert.deepEqual(DataFrame.fromCsv('a\n1\n').toArray(), [{ a: 1 }]);
  assert.throws(() => DataFrame.fromColumns([] as never), TypeError);
  assert.throws(() => DataFrame.fromRows({} as never), TypeError);
});

test('cloneFrame deep-copies storage, dates, objects and the index', () => {
  const df = new DataFrame(
    { n: [1, 2], d: [new Date(0), null], o: [{ k: 1 }, 'x'] },
    { index: ['a', 'b'] },
  );
  const c = cloneFrame(df);
  assert.notEqual(c.get('n'), df.get('n'));
  assert.notEqual(c.get('d')[0], df.get('d')[0]);
  assert.notEqual(c.get('o')[0], df.get('o')[0]);
  assert.deepEqual(c.toArray(), df.toArray());
  assert.deepEqual(c.index, ['a', 'b']);
  assert.deepEqual(c.dtypes, df.dtypes);
  assert.throws(() => cloneFrame({} as never), TypeError);
});

test('arrayToFrame', () => {
  const df = arrayToFrame([['a', 'b'], [1, 2], [3]], { headerRow: true });
  assert.deepEqual(df.toArray(), [
    { a: 1, b: 2 },
    { a: 3, b: null },
  ]);
  assert.deepEqual(arrayToFrame([]).shape, [0, 0]);
  assert.deepEqual(arrayToFrame([[1, 2]], { columns: ['x', 'y'] }).columns, ['x', 'y']);
  assert.throws(
    () => arrayToFrame([[1, 2, 3]], { columns: ['x'] }),
    /row 0 has 3 values but there are 1 columns/,
  );
  assert.throws(() => arrayToFrame([1] as never), /row 0 must be an array/);
  assert.throws(
    () =>
      arrayToFrame(
        [
          ['a', 'a'],
          [1, 2],
        ],
        { headerRow: true },
      ),
    /duplicate column name "a"/,
  );
});

test('jsonToFrame: rows, columns, array of arrays, recordPath, errors', () => {
  assert.deepEqual(jsonToFrame({ a: [1, 2] }).toArray(), [{ a: 1 }, { a: 2 }]);
  assert.deepEqual(jsonToFrame([['a'], [1]]).toArray(), [{ a: 1 }]);
  assert.deepEqual(jsonToFrame([[1, 2]], { columns: ['x', 'y'] }).toArray(), [{ x: 1, y: 2 }]);
  assert.deepEqual(jsonToFrame('{"r":{"s":[{"a":null}]}}', { recordPath: 'r.s' }).toArray(), [
    { a: null },
  ]);
  assert.deepEqual(
    jsonToFrame({ d: [{ t: '2024-01-01' }] }, { recordPath: 'd', dtypes: { t: 'date' } }).dtypes,
    { t: 'date' },
  );
  assert.throws(() => jsonToFrame('{oops'), SyntaxError);
  assert.throws(() => jsonToFrame({ meta: 1, items: [{ a: 1 }] }), /Pass recordPath: "items"/);
  assert.throws(() => jsonToFrame({ a: 1 }, { recordPath: 'x.y' }), /nothing at recordPath "x.y"/);
  assert.throws(() => jsonToFrame(42), TypeError);
});

test('apiToFrame: dataPath, flatten, mapping, transform, clean', () => {
  const payload = {
    data: {
      items: [
        {
          id: '1',
          user: { name: ' Ada ', tags: ['x'] },
          price: '12.50',
          active: 'true',
          at: '2024-02-01',
        },
        { id: '2', user: { name: 'Alan' }, price: 'N/A', active: 'false', at: '' },
        { id: '3', skip: true },
      ],
    },
  };
  const df = apiToFrame(payload, {
    dataPath: 'data.items',
    mapping: { 'user.name': 'name' },
    transform: (r) => (r.skip ? null : r),
    clean: true,
  });
  assert.deepEqual(df.columns, ['id', 'name', 'user.tags', 'price', 'active', 'at']);
  assert.deepEqual(df.dtypes, {
    id: 'i32',
    name: 'str',
    'user.tags': 'mixed',
    price: 'f64',
    active: 'bool',
    at: 'date',
  });
  assert.deepEqual(df.get('name'), ['Ada', 'Alan']);
  assert.ok(Number.isNaN(df.get('price')[1] as number));
  // without clean, text stays text
  assert.equal(apiToFrame(payload.data.items.slice(0, 2)).dtypes.price, 'str');
  // a single object is one row; a wrapper without dataPath is an error naming the key
  assert.equal(apiToFrame({ a: 1 }).rowCount, 1);
  assert.throws(
    () => apiToFrame(payload),
    /holding records in "data.items"; pass dataPath: "data.items"/,
  );
  assert.throws(
    () => apiToFrame(payload, { dataPath: 'data.nope' }),
    /expected records at "data.nope"/,
  );
  assert.throws(() => apiToFrame([1], {}), /record 0 is not an object/);
  assert.deepEqual(apiToFrame('[{"a":{"b":1}}]', { flatten: false }).dtypes, { a: 'mixed' });
});

test('apiToFrame fetches a URL or reads a Response', async () => {
  const res = new Response(JSON.stringify({ results: [{ a: 1 }, { a: 2 }] }), {
    headers: { 'content-type': 'application/json' },
  });
  const df = await apiToFrame(res, { dataPath: 'results' });
  assert.deepEqual(df.get('a'), new Int32Array([1, 2]));
  const bad = new Response('nope', { status: 503, statusText: 'Service Unavailable' });
  await assert.rejects(apiToFrame(bad), /HTTP 503/);
});
