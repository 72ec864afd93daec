// Columns and missing data: assign, apply, rename, cast, cut, oneHot, isna, dropna, fillna, interpolate.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  DataFrame,
  assign,
  apply,
  rename,
  cast,
  cut,
  oneHot,
  isna,
  dropna,
  fillna,
  interpolate,
} from '../src/index.js';

const empty = new DataFrame({ a: [] as number[], s: [] as string[] });

describe('assign', () => {
  const df = new DataFrame({ price: [2, 3, null], qty: [1, 2, 3] });
  it('computes from rows, arrays and constants, in order', () => {
    const out = assign(df, {
      total: (r) => (r.price === null ? null : r.price * r.qty),
      twice: (r) => (r.total === null ? null : r.total * 2),
      k: 'x',
      arr: new Float64Array([1, 2, 3]),
    });
    assert.deepEqual(out.columns, ['price', 'qty', 'total', 'twice', 'k', 'arr']);
    assert.deepEqual(Array.from(out.get('twice')), [4, 12, NaN]);
    assert.equal(out.dtypes.total, 'f64');
    assert.deepEqual(out.get('k'), ['x', 'x', 'x']);
    assert.deepEqual(Array.from(df.get('qty')), [1, 2, 3], 'input untouched');
    assert.deepEqual(df.columns, ['price', 'qty']);
  });
  it('replaces in place and keeps integer dtype when nothing is missing', () => {
    const out = df.assign({ qty: (r) => r.qty * 10 });
    assert.deepEqual(out.columns, ['price', 'qty']);
    assert.equal(out.dtypes.qty, 'i32');
  });
  it('rejects wrong lengths and works on empty frames', () => {
    assert.throws(() => assign(df, { x: [1, 2] }), RangeError);
    assert.throws(() => assign(df, null as never), TypeError);
    assert.equal(assign(empty, { b: () => 1 }).rowCount, 0);
  });
});

describe('apply and rename', () => {
  const df = new DataFrame({ a: [1, null, 3], b: ['x', 'y', 'z'] });
  it('apply passes missing as null and infers the dtype', () => {
    const seen: unknown[] = [];
    const out = apply(df, 'a', (v) => {
      seen.push(v);
      return v === null ? null : String(v);
    });
    assert.deepEqual(seen, [1, null, 3]);
    assert.equal(out.dtypes.a, 'str');
    assert.deepEqual(out.get('a'), ['1', null, '3']);
    assert.throws(() => apply(df, 'nope', (v) => v), RangeError);
    assert.throws(() => apply(df, 'a', 5 as never), TypeError);
  });
  it('rename keeps order and refuses collisions and unknown names', () => {
    assert.deepEqual(df.rename({ a: 'z' }).columns, ['z', 'b']);
    assert.throws(() => rename(df, { a: 'b' }), RangeError);
    assert.throws(() => rename(df, { q: 'r' }), /Unknown column "q"/);
    assert.throws(() => rename(df, { a: '' }), TypeError);
    assert.deepEqual(rename(df, { a: 'b', b: 'a' }).columns, ['b', 'a']);
  });
});

describe('cast', () => {
  const df = new DataFrame({
    s: ['1', '2', ''],
    d: ['2024-01-02', null, '2024-03-04T05:06:07Z'],
    n: [1.5, 2, null],
    b: [1, 0, 1],
  });
  it('converts to every dtype', () => {
    assert.deepEqual(Array.from(cast(df, 's', 'f64').get('s')), [1, 2, NaN]);
    assert.equal(cast(df, 'd', 'date').dtypes.d, 'date');
    assert.equal(
      (cast(df, 'd', 'date').get('d')[2] as Date).toISOString(),
      '2024-03-04T05:06:07.000Z',
    );
    assert.deepEqual(cast(df, 'n', 'str').get('n'), ['1.5', '2', null]);
    assert.deepEqual(cast(df, 'b', 'bool').get('b'), [true, false, true]);
    for (const dt of ['i32', 'i16', 'i8', 'u32', 'u16', 'u8', 'f32'] as const)
      assert.equal(cast(df, 'b', dt).dtypes.b, dt);
    assert.equal(cast(df, 'b', 'mixed').dtypes.b, 'mixed');
  });
  it('refuses lossy or impossible conversions unless coerced', () => {
    assert.throws(() => cast(df, 'n', 'i32'), RangeError); // fractional and missing
    assert.throws(() => cast(new DataFrame({ x: ['abc'] }), 'x', 'f64'), TypeError);
    assert.throws(() => cast(df, 's', 'nope' as never), RangeError);
    assert.throws(() => cast(df, 'zz', 'f64'), RangeError);
    const c = cast(new DataFrame({ x: ['1', 'abc', '3'] }), 'x', 'i32', { errors: 'coerce' });
    assert.equal(c.dtypes.x, 'f64');
    assert.deepEqual(Array.from(c.get('x')), [1, NaN, 3]);
    assert.equal(
      cast(new DataFrame({ x: ['1', '3'] }), 'x', 'i32', { errors: 'coerce' }).dtypes.x,
      'i32',
    );
  });
  it('works on empty and all-missing columns', () => {
    assert.equal(cast(empty, 'a', 'str').rowCount, 0);
    assert.deepEqual(cast(new DataFrame({ x: [null, null] }), 'x', 'date').get('x'), [null, null]);
  });
});

describe('cut', () => {
  const df = new DataFrame({ v: [0, 1, 5, 10, 11, null] });
  it('uses right-closed bins with the lowest edge included by default', () => {
    assert.deepEqual(cut(df, 'v', { bins: [0, 5, 10] }).get('v'), [
      '(0, 5]',
      '(0, 5]',
      '(0, 5]',
      '(5, 10]',
      null,
      null,
    ]);
    assert.deepEqual(cut(df, 'v', { bins: [0, 5, 10], includeLowest: false }).get('v')[0], null);
    assert.deepEqual(cut(df, 'v', { bins: [0, 5, 10], right: false }).get('v'), [
      '[0, 5)',
      '[0, 5)',
      '[5, 10)',
      '[5, 10)',
      null,
      null,
    ]);
    assert.deepEqual(cut(df, 'v', { bins: [0, 5, Infinity], labels: ['lo', 'hi'] }).get('v'), [
      'lo',
      'lo',
      'lo',
      'hi',
      'hi',
      null,
    ]);
  });
  it('makes equal-width bins from a count', () => {
    const out = cut(df, 'v', { bins: 2, labels: ['a', 'b'], name: 'bin' });
    assert.deepEqual(out.get('bin'), ['a', 'a', 'a', 'b', 'b', null]);
    assert.deepEqual(out.columns, ['v', 'bin']);
  });
  it('validates edges, labels and dtype', () => {
    assert.throws(() => cut(df, 'v', { bins: [0, 0, 1] }), RangeError);
    assert.throws(() => cut(df, 'v', { bins: [0, 1, 2], labels: ['a'] }), RangeError);
    assert.throws(() => cut(new DataFrame({ s: ['a'] }), 's', { bins: 2 }), TypeError);
    assert.equal(cut(empty, 'a', { bins: 3 }).rowCount, 0);
  });
});

describe('oneHot', () => {
  it('makes sorted u8 indicators in place', () => {
    const out = oneHot(new DataFrame({ c: ['b', 'a', 'b'], z: [1, 2, 3] }), 'c');
    assert.deepEqual(out.columns, ['c_a', 'c_b', 'z']);
    assert.equal(out.dtypes.c_a, 'u8');
    assert.deepEqual(Array.from(out.get('c_b')), [1, 0, 1]);
  });
  it('keeps missing rows unknown (NaN) and takes a prefix', () => {
    const out = oneHot(new DataFrame({ c: [2, null, 1] }), 'c', { prefix: 'n' });
    assert.deepEqual(out.columns, ['n_1', 'n_2']);
    assert.deepEqual(Array.from(out.get('n_2')), [1, NaN, 0]);
    assert.throws(() => oneHot(out, 'c'), RangeError);
  });
});

describe('missing data', () => {
  const df = new DataFrame({
    a: [1, null, 3, null],
    s: ['x', null, null, 'y'],
    d: [new Date(0), null, new Date(5), null],
  });
  it('isna', () => {
    assert.deepEqual(isna(df, 'a'), [false, true, false, true]);
    assert.deepEqual(df.isna().get('d'), [false, true, false, true]);
    assert.equal(df.isna().dtypes.s, 'bool');
    assert.throws(() => isna(df, 'q'), RangeError);
  });
  it('dropna with subset and how', () => {
    assert.equal(dropna(df).rowCount, 1);
    assert.deepEqual(Array.from(dropna(df, { subset: 'a' }).get('a')), [1, 3]);
    assert.equal(dropna(df, { how: 'all' }).rowCount, 3);
    assert.equal(dropna(new DataFrame({ x: [null, null] }), { how: 'all' }).rowCount, 0);
    assert.throws(() => dropna(df, { subset: ['zz'] }), RangeError);
    assert.equal(dropna(empty).rowCount, 0);
    const indexed = new DataFrame({ a: [1, null] }, { index: ['r1', 'r2'] });
    assert.deepEqual(dropna(indexed).index, ['r1']);
  });
  it('fillna by value, per column and by method', () => {
    const all = fillna(df, 0);
    assert.deepEqual(Array.from(all.get('a')), [1, 0, 3, 0]);
    assert.deepEqual(all.get('s'), ['x', null, null, 'y'], 'a number does not fill strings');
    assert.deepEqual(fillna(df, { s: '?' }).get('s'), ['x', '?', '?', 'y']);
    assert.throws(() => fillna(df, { a: 'text' }), TypeError);
    assert.throws(() => fillna(df, { q: 1 }), RangeError);
    assert.deepEqual(fillna(df, { method: 'bfill' }).get('s'), ['x', 'y', 'y', 'y']);
    assert.deepEqual(Array.from(fillna(df, { method: 'bfill' }).get('a')), [1, 3, 3, NaN]);
    assert.deepEqual(
      (fillna(df, { method: 'ffill' }).get('d') as readonly unknown[]).map((v) =>
        (v as Date).getTime(),
      ),
      [0, 0, 5, 5],
    );
    assert.throws(() => fillna(df, { method: 'nearest' } as never), RangeError);
    const allMissing = new DataFrame({ x: [null, null] });
    assert.deepEqual(Array.from(fillna(allMissing, { method: 'ffill' }).get('x')), [NaN, NaN]);
  });
  it('interpolate linearly without extrapolating', () => {
    const out = interpolate(new DataFrame({ v: [null, 0, null, null, 3, null] }), 'v');
    assert.deepEqual(Array.from(out.get('v')), [NaN, 0, 1, 2, 3, NaN]);
    assert.throws(() => interpolate(df, 's'), TypeError);
    assert.equal(interpolate(empty, 'a').rowCount, 0);
    assert.deepEqual(Array.from(interpolate(new DataFrame({ x: [null, null] }), 'x').get('x')), [
      NaN,
      NaN,
    ]);
  });
});
