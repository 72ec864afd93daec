// Combining and reshaping: concat, join (property test against a nested-loop join), dropDuplicates,
// pivot, melt, transpose.
import { columnOf } from '../src/storage.js';
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { DataFrame, concat, join, dropDuplicates, pivot, melt, transpose } from '../src/index.js';
import { rng, randInt } from './toolkit-helpers';

describe('concat', () => {
  it('aligns by name and fills absent columns', () => {
    const a = new DataFrame({ x: [1, 2], s: ['a', 'b'] });
    const b = new DataFrame({ s: ['c'], y: [true] });
    const out = concat([a, b]);
    assert.deepEqual(out.columns, ['x', 's', 'y']);
    assert.deepEqual(Array.from(out.get('x')), [1, 2, NaN]);
    assert.equal(out.dtypes.x, 'f64');
    assert.deepEqual(out.get('s'), ['a', 'b', 'c']);
    assert.deepEqual(out.get('y'), [null, null, true]);
    assert.equal(out.dtypes.y, 'bool');
    assert.deepEqual(Array.from(concat([a, b], { fill: 0 }).get('x')), [1, 2, 0]);
    assert.equal(a.concat([a]).dtypes.x, 'i32');
  });
  it('mixes dtypes sensibly and handles edge cases', () => {
    const out = concat([new DataFrame({ v: [1] }), new DataFrame({ v: ['a'] })]);
    assert.equal(out.dtypes.v, 'mixed');
    assert.deepEqual(out.get('v'), [1, 'a']);
    assert.equal(
      concat([new DataFrame({ v: new Int8Array([1]) }), new DataFrame({ v: [1.5] })]).dtypes.v,
      'f64',
    );
    assert.equal(concat([]).rowCount, 0);
    assert.throws(() => concat([{} as DataFrame]), TypeError);
    assert.throws(() => concat('x' as never), TypeError);
  });
});

describe('join', () => {
  const left = new DataFrame({ k: [1, 2, 2, 3, null], v: ['a', 'b', 'c', 'd', 'e'] });
  const right = new DataFrame({ k: [2, 2, 4, 1, null], v: [20, 21, 40, 10, 0] });
  it('inner, left, right, outer with duplicate keys; missing keys never match', () => {
    const inner = join(left, right, { on: 'k' });
    assert.deepEqual(inner.columns, ['k', 'v_x', 'v_y']);
    assert.deepEqual(inner.toArray(), [
      { k: 1, v_x: 'a', v_y: 10 },
      { k: 2, v_x: 'b', v_y: 20 },
      { k: 2, v_x: 'b', v_y: 21 },
      { k: 2, v_x: 'c', v_y: 20 },
      { k: 2, v_x: 'c', v_y: 21 },
    ]);
    assert.equal(inner.dtypes.k, 'f64');
    assert.equal(join(left, right, { on: 'k', how: 'left' }).rowCount, 7);
    const r = join(left, right, { on: 'k', how: 'right' });
    assert.deepEqual(Array.from(r.get('k')), [2, 2, 2, 2, 4, 1, NaN]);
    const o = join(left, right, { on: 'k', how: 'outer', suffixes: ['_l', '_r'] });
    assert.deepEqual(o.columns, ['k', 'v_l', 'v_r']);
    assert.equal(o.rowCount, 9);
    assert.deepEqual(Array.from(o.get('k')).slice(-3), [NaN, 4, NaN]);
  });
  it('joins on several keys and on differently named keys', () => {
    const a = new DataFrame({ y: [2023, 2023, 2024], c: ['x', 'y', 'x'], n: [1, 2, 3] });
    const b = new DataFrame({ year: [2024, 2023], city: ['x', 'x'], m: [30, 10] });
    const out = join(a, b, { leftOn: ['y', 'c'], rightOn: ['year', 'city'], how: 'left' });
    assert.deepEqual(out.columns, ['y', 'c', 'n', 'year', 'city', 'm']);
    assert.deepEqual(Array.from(out.get('m')), [10, NaN, 30]);
    assert.deepEqual(out.get('city'), ['x', null, 'x']);
  });
  it('shares the left columns of a many-to-one lookup join', () => {
    const facts = new DataFrame({ c: ['b', 'a', 'b'], v: [1, 2, 3] });
    const dim = new DataFrame({ c: ['a', 'b'], name: ['A', 'B'] });
    const out = join(facts, dim, { on: 'c' });
    assert.deepEqual(out.toArray(), [
      { c: 'b', v: 1, name: 'B' },
      { c: 'a', v: 2, name: 'A' },
      { c: 'b', v: 3, name: 'B' },
    ]);
    assert.equal(columnOf(out, 'v'), columnOf(facts, 'v'));
    assert.equal(out.dtypes.c, 'str');
  });
  it('validates keys and types', () => {
    assert.throws(() => join(left, right, {} as never), RangeError);
    assert.throws(() => join(left, right, { on: 'zz' }), RangeError);
    assert.throws(() => join(left, right, { leftOn: ['k'], rightOn: ['k', 'v'] }), RangeError);
    assert.throws(() => join(left, new DataFrame({ k: ['1'] }), { on: 'k' }), TypeError);
    assert.throws(() => join(left, right, { on: 'k', how: 'cross' as never }), RangeError);
    assert.throws(() => join(left, right, { on: 'k', suffixes: ['', ''] }), RangeError);
    const e = new DataFrame({ k: [] as number[] });
    assert.equal(join(e, right, { on: 'k' }).rowCount, 0);
    assert.equal(join(e, right, { on: 'k', how: 'outer' }).rowCount, 5);
  });
  it('matches a nested-loop join on random frames', () => {
    const r = rng(2024);
    for (let t = 0; t < 30; t++) {
      const nl = randInt(r, 0, 30);
      const nr = randInt(r, 0, 30);
      const mk = (n: number, tag: string) =>
        new DataFrame({
          a: Array.from({ length: n }, () => (r() < 0.1 ? null : randInt(r, 0, 4))),
          b: Array.from({ length: n }, () => ['u', 'v'][randInt(r, 0, 1)]!),
          [tag]: Array.from({ length: n }, (_, i) => i),
        });
      const L = mk(nl, 'li');
      const R = mk(nr, 'ri');
      for (const how of ['inner', 'left', 'right', 'outer'] as const) {
        const out = join(L, R, { on: ['a', 'b'], how });
        const got = Array.from({ length: out.rowCount }, (_, i) =>
          [out.get('li')[i], out.get('ri')[i]].map((v) => (Number.isNaN(v) ? -1 : v)).join(':'),
        );
        const exp: string[] = [];
        const la = L.get('a'),
          lb = L.get('b'),
          ra = R.get('a'),
          rb = R.get('b');
        const eq = (i: number, j: number) =>
          !Number.isNaN(la[i]) && la[i] === ra[j] && lb[i] === rb[j];
        if (how === 'right') {
          for (let j = 0; j < nr; j++) {
            const m = [...Array(nl).keys()].filter((i) => eq(i, j));
            if (m.length) m.forEach((i) => exp.push(`${i}:${j}`));
            else exp.push(`-1:${j}`);
          }
        } else {
          const hit = new Set<number>();
          for (let i = 0; i < nl; i++) {
            const m = [...Array(nr).keys()].filter((j) => eq(i, j));
            m.forEach((j) => {
              hit.add(j);
              exp.push(`${i}:${j}`);
            });
            if (!m.length && how !== 'inner') exp.push(`${i}:-1`);
          }
          if (how === 'outer') for (let j = 0; j < nr; j++) if (!hit.has(j)) exp.push(`-1:${j}`);
        }
        assert.deepEqual(got, exp, `${how} #${t}`);
      }
    }
  });
});

describe('dropDuplicates', () => {
  it('keeps first or last, on all columns or a subset; missing equals missing', () => {
    const df = new DataFrame({ a: [1, 1, null, null, 2], b: ['x', 'x', 'y', 'y', 'x'] });
    assert.equal(dropDuplicates(df).rowCount, 3);
    assert.deepEqual(Array.from(df.dropDuplicates({ subset: 'b', keep: 'last' }).get('a')), [
      NaN,
      2,
    ]);
    assert.throws(() => dropDuplicates(df, { keep: 'none' as never }), RangeError);
    assert.throws(() => dropDuplicates(df, { subset: 'zz' }), RangeError);
    assert.equal(dropDuplicates(new DataFrame({ a: [] as number[] })).rowCount, 0);
  });
});

describe('pivot, melt, transpose', () => {
  const long = new DataFrame({
    r: ['x', 'x', 'y', 'y', 'y', 'z'],
    c: [2, 1, 1, 2, 2, null],
    v: [1, 2, 3, 4, 5, 6],
  });
  it('pivot aggregates duplicates and sorts new columns', () => {
    const w = pivot(long, { index: 'r', columns: 'c', values: 'v', agg: 'sum' });
    assert.deepEqual(w.columns, ['r', '1', '2']);
    assert.deepEqual(w.get('r'), ['x', 'y']);
    assert.deepEqual(Array.from(w.get('2')), [1, 9]);
    assert.throws(() => pivot(long, { index: 'r', columns: 'c', values: 'v' }), /pass agg/);
    const sparse = pivot(new DataFrame({ r: ['a', 'b'], c: ['p', 'q'], v: ['s', 't'] }), {
      index: 'r',
      columns: 'c',
      values: 'v',
    });
    assert.deepEqual(sparse.toArray(), [
      { r: 'a', p: 's', q: null },
      { r: 'b', p: null, q: 't' },
    ]);
    assert.throws(() => pivot(long, { index: 'r', columns: 'zz', values: 'v' }), RangeError);
    assert.equal(
      pivot(new DataFrame({ r: [] as string[], c: [] as string[], v: [] as number[] }), {
        index: 'r',
        columns: 'c',
        values: 'v',
      }).rowCount,
      0,
    );
  });
  it('melt is the inverse of pivot', () => {
    const wide = new DataFrame({ id: [1, 2], a: [10, 20], b: [1.5, null] });
    const m = melt(wide, { idVars: 'id' });
    assert.deepEqual(m.columns, ['id', 'variable', 'value']);
    assert.deepEqual(m.get('variable'), ['a', 'a', 'b', 'b']);
    assert.deepEqual(Array.from(m.get('value')), [10, 20, 1.5, NaN]);
    const back = pivot(m, { index: 'id', columns: 'variable', values: 'value' });
    assert.deepEqual(back.toArray(), wide.toArray());
    assert.equal(
      wide.melt({ idVars: ['id'], valueVars: ['a'], varName: 'k', valueName: 'n' }).dtypes.n,
      'f64',
    );
    assert.throws(() => melt(wide, { idVars: 'id', varName: 'id' }), RangeError);
    assert.deepEqual(melt(new DataFrame({ s: ['x'], n: [1] })).get('value'), ['x', 1]);
  });
  it('transpose swaps rows and columns', () => {
    const t = transpose(new DataFrame({ a: [1, 2], b: ['x', 'y'] }));
    assert.deepEqual(t.columns, ['0', '1']);
    assert.deepEqual(t.index, ['a', 'b']);
    assert.deepEqual(t.get('0'), [1, 'x']);
    assert.deepEqual(transpose(t).toArray(), [
      { a: 1, b: 'x' },
      { a: 2, b: 'y' },
    ]);
    assert.equal(transpose(new DataFrame({ a: [] as number[] })).rowCount, 1);
  });
});
