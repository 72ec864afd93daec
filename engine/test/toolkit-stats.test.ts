// Statistics and grouping: describe, quantile, corr, cov, valueCounts, groupBy/agg/size,
// with property tests against naive implementations on seeded random data.
import { describe as suite, it } from 'node:test';
import assert from 'node:assert/strict';
import { DataFrame, describe, quantile, corr, cov, valueCounts, groupBy } from '../src/index.js';
import { rng, randInt, randomNumbers, close, naiveQuantile, naiveVar } from './toolkit-helpers';

suite('describe', () => {
  it('summarises numeric columns', () => {
    const d = describe(new DataFrame({ x: [1, 2, 3, 4, null], s: ['a', 'b', 'a', null, null] }));
    assert.deepEqual(d.index, ['count', 'mean', 'std', 'min', '25%', '50%', '75%', 'max']);
    assert.deepEqual(d.columns, ['x']);
    const x = Array.from(d.get('x') as Float64Array);
    assert.deepEqual(
      x.map((v) => Math.round(v * 1e6) / 1e6),
      [4, 2.5, 1.290994, 1, 1.75, 2.5, 3.25, 4],
    );
  });
  it('summarises other columns and all', () => {
    const df = new DataFrame({
      s: ['a', 'b', 'a', null],
      t: [null, null, null, null] as string[] | null[],
    });
    const d = describe(new DataFrame({ s: ['a', 'b', 'a', null] }));
    assert.deepEqual(d.index, ['count', 'unique', 'top', 'freq']);
    assert.deepEqual(d.get('s'), [3, 2, 'a', 2]);
    const all = describe(new DataFrame({ x: [1, 2], s: ['q', 'q'] }), { include: 'all' });
    assert.equal(all.rowCount, 11);
    assert.deepEqual(all.get('s').slice(0, 4), [2, 1, 'q', 2]);
    assert.equal(all.get('s')[4], null);
    assert.ok(df.columns.length === 2);
    assert.throws(() => describe(df, { include: 'some' as never }), RangeError);
  });
  it('handles empty and all-missing columns', () => {
    const d = describe(new DataFrame({ x: [NaN, NaN] }));
    assert.equal(d.get('x')[0], 0);
    assert.ok(Number.isNaN(d.get('x')[1] as number));
    assert.equal(describe(new DataFrame({ a: [] as number[] })).get('a')[0], 0);
  });
});

suite('quantile, corr, cov', () => {
  it('quantile matches the naive definition on random data', () => {
    const r = rng(5);
    for (let t = 0; t < 50; t++) {
      const xs = randomNumbers(r, randInt(r, 0, 40), 0.2);
      const df = new DataFrame({ x: xs });
      const q = r();
      close(quantile(df, 'x', q), naiveQuantile(Array.from(xs), q), 1e-12);
      close(df.quantile('x', [q])[0]!, naiveQuantile(Array.from(xs), q), 1e-12);
    }
  });
  it('quantile validates', () => {
    const df = new DataFrame({ x: [1, 2], s: ['a', 'b'] });
    assert.throws(() => quantile(df, 'x', 1.5), RangeError);
    assert.throws(() => quantile(df, 'x', NaN), RangeError);
    assert.throws(() => quantile(df, 's', 0.5), TypeError);
    assert.throws(() => quantile(df, 'q', 0.5), RangeError);
    assert.ok(Number.isNaN(quantile(new DataFrame({ x: [NaN] }), 'x', 0.5)));
    assert.equal(quantile(df, 'x', 0), 1);
    assert.equal(quantile(df, 'x', 1), 2);
  });
  it('corr and cov', () => {
    const df = new DataFrame({ a: [1, 2, 3, null], b: [2, 4, 7, 1], s: ['x', 'y', 'z', 'w'] });
    close(corr(df, 'a', 'b'), 0.9933992677987828);
    close(df.cov('a', 'b'), 2.5);
    close(cov(df, 'a', 'b', { ddof: 0 }), 5 / 3);
    assert.throws(() => corr(df, 'a', 's'), TypeError);
    assert.throws(() => cov(df, 'a', 'b', { ddof: -1 }), RangeError);
    assert.ok(Number.isNaN(corr(new DataFrame({ a: [1, 1], b: [1, 2] }), 'a', 'b')));
    assert.ok(
      Number.isNaN(corr(new DataFrame({ a: [] as number[], b: [] as number[] }), 'a', 'b')),
    );
  });
});

suite('valueCounts', () => {
  const df = new DataFrame({ c: ['b', 'a', 'b', null, 'a', 'c'] });
  it('counts most frequent first, ties in first-appearance order', () => {
    assert.deepEqual(valueCounts(df, 'c').toArray(), [
      { c: 'b', count: 2 },
      { c: 'a', count: 2 },
      { c: 'c', count: 1 },
    ]);
    assert.deepEqual(df.valueCounts('c', { dropna: false }).get('c'), ['b', 'a', null, 'c']);
    const p = valueCounts(df, 'c', { normalize: true });
    assert.deepEqual(Array.from(p.get('proportion')), [0.4, 0.4, 0.2]);
  });
  it('works for numbers, empty and all-missing columns', () => {
    assert.deepEqual(valueCounts(new DataFrame({ n: [3, 1, 3] }), 'n').toArray(), [
      { n: 3, count: 2 },
      { n: 1, count: 1 },
    ]);
    assert.equal(valueCounts(new DataFrame({ n: [NaN, NaN] }), 'n').rowCount, 0);
    assert.equal(valueCounts(new DataFrame({ n: [] as number[] }), 'n').rowCount, 0);
    assert.throws(() => valueCounts(df, 'zz'), RangeError);
  });
});

suite('groupBy', () => {
  const df = new DataFrame({
    k: ['b', 'a', 'b', null, 'a'],
    n: [1, 2, 3, 4, null],
    s: ['x', 'y', 'z', 'w', 'v'],
    d: [new Date(3), new Date(1), new Date(2), null, null],
  });
  it('aggregates in first-appearance order with a null-key group', () => {
    const out = groupBy(df, 'k').agg({ n: 'sum', s: 'max', d: 'min' });
    assert.deepEqual(out.get('k'), ['b', 'a', null]);
    assert.deepEqual(Array.from(out.get('n')), [4, 2, 4]);
    assert.deepEqual(out.get('s'), ['z', 'y', 'w']);
    assert.deepEqual(
      (out.get('d') as readonly unknown[]).map((v) => (v === null ? null : (v as Date).getTime())),
      [2, 1, null],
    );
  });
  it('supports every reducer, several at once, and functions', () => {
    const out = df
      .groupBy('k')
      .agg({ n: ['sum', 'mean', 'count', 'min', 'max', 'median', 'std', (v) => v.length] });
    assert.deepEqual(out.columns, [
      'k',
      'n_sum',
      'n_mean',
      'n_count',
      'n_min',
      'n_max',
      'n_median',
      'n_std',
      'n_fn7',
    ]);
    assert.deepEqual(Array.from(out.get('n_count')), [2, 1, 1]);
    assert.deepEqual(Array.from(out.get('n_fn7')), [2, 2, 1]);
    assert.ok(Number.isNaN(out.get('n_std')[1] as number));
    close(out.get('n_std')[0] as number, Math.SQRT2);
  });
  it('gives NaN (not 0) for groups with no present value', () => {
    const g = groupBy(new DataFrame({ k: [1, 1, 2], v: [null, null, 5] }), 'k').agg({ v: 'sum' });
    assert.deepEqual(Array.from(g.get('v')), [NaN, 5]);
  });
  it('size, multi-key, errors', () => {
    assert.deepEqual(groupBy(df, ['k']).size().get('size'), Int32Array.from([2, 2, 1]));
    const mk = groupBy(new DataFrame({ a: [1, 1, 2, 1], b: ['x', 'y', 'x', 'x'] }), [
      'a',
      'b',
    ]).size();
    assert.deepEqual(mk.toArray(), [
      { a: 1, b: 'x', size: 2 },
      { a: 1, b: 'y', size: 1 },
      { a: 2, b: 'x', size: 1 },
    ]);
    assert.throws(() => groupBy(df, 'zz'), RangeError);
    assert.throws(() => groupBy(df, []), RangeError);
    assert.throws(() => groupBy(df, 'k').agg({ s: 'mean' }), TypeError);
    assert.throws(() => groupBy(df, 'k').agg({ n: 'avg' as never }), RangeError);
    assert.throws(() => groupBy(df, 'k').agg({ zz: 'sum' }), RangeError);
    const e = groupBy(new DataFrame({ k: [] as string[], v: [] as number[] }), 'k');
    assert.equal(e.agg({ v: 'sum' }).rowCount, 0);
    assert.equal(e.size().rowCount, 0);
  });
  it('matches a naive per-group implementation on random data', () => {
    const r = rng(99);
    for (let t = 0; t < 25; t++) {
      const n = randInt(r, 0, 300);
      const k1 = Array.from({ length: n }, () =>
        r() < 0.05 ? null : ['p', 'q', 'r', 's'][randInt(r, 0, 3)]!,
      );
      const k2 = Array.from({ length: n }, () => randInt(r, 0, 2));
      const v = randomNumbers(r, n, 0.15);
      const df = new DataFrame({ k1, k2, v });
      const out = groupBy(df, ['k1', 'k2']).agg({
        v: ['sum', 'mean', 'count', 'min', 'max', 'median', 'std'],
      });
      const groups = new Map<string, number[]>();
      for (let i = 0; i < n; i++) {
        const key = JSON.stringify([k1[i], k2[i]]);
        if (!groups.has(key)) groups.set(key, []);
        groups.get(key)!.push(v[i]!);
      }
      assert.equal(out.rowCount, groups.size);
      [...groups.entries()].forEach(([key, vals], g) => {
        assert.deepEqual(JSON.parse(key), [out.get('k1')[g], out.get('k2')[g]]);
        const present = vals.filter((x) => !Number.isNaN(x));
        const sum = present.length ? present.reduce((a, b) => a + b, 0) : NaN;
        close(out.get('v_sum')[g] as number, sum, 1e-9);
        close(out.get('v_mean')[g] as number, present.length ? sum / present.length : NaN, 1e-9);
        assert.equal(out.get('v_count')[g], present.length);
        close(out.get('v_min')[g] as number, present.length ? Math.min(...present) : NaN, 0);
        close(out.get('v_max')[g] as number, present.length ? Math.max(...present) : NaN, 0);
        close(out.get('v_median')[g] as number, naiveQuantile(present, 0.5), 1e-12);
        close(out.get('v_std')[g] as number, Math.sqrt(naiveVar(present)), 1e-7);
      });
    }
  });
});
