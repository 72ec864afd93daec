// Time series and text: dateRange, rolling (property test against naive windows), shift, resample,
// str accessors, explode.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  DataFrame,
  dateRange,
  rolling,
  shift,
  resample,
  str,
  explode,
  assign,
} from '../src/index.js';
import { rng, randInt, randomNumbers, closeArrays, naiveVar } from './toolkit-helpers';

const iso = (d: unknown): string | null =>
  d === null ? null : (d as Date).toISOString().slice(0, 10);

describe('dateRange', () => {
  it('steps by days, weeks, months and hours in UTC, end inclusive', () => {
    assert.deepEqual(dateRange('2024-02-27', '2024-03-01').map(iso), [
      '2024-02-27',
      '2024-02-28',
      '2024-02-29',
      '2024-03-01',
    ]);
    assert.deepEqual(dateRange('2024-01-01', '2024-01-20', '1w').map(iso), [
      '2024-01-01',
      '2024-01-08',
      '2024-01-15',
    ]);
    assert.deepEqual(dateRange(new Date(Date.UTC(2023, 10, 30)), '2024-03-01', 'month').map(iso), [
      '2023-11-30',
      '2023-12-30',
      '2024-01-30',
      '2024-02-29',
    ]);
    assert.deepEqual(dateRange('2024-01-01', '2025-01-01', 'quarter').map(iso), [
      '2024-01-01',
      '2024-04-01',
      '2024-07-01',
      '2024-10-01',
      '2025-01-01',
    ]);
    assert.equal(dateRange('2024-01-01T00:00', '2024-01-01T12:00', '6h').length, 3);
    assert.deepEqual(dateRange('2024-01-02', '2024-01-01'), []);
  });
  it('rejects bad input', () => {
    assert.throws(() => dateRange('nope', '2024-01-01'), TypeError);
    assert.throws(() => dateRange('2024-01-01', '2024-01-02', 'fortnight'), RangeError);
    assert.throws(() => dateRange(0, 1e15, 'ms'), RangeError);
  });
});

describe('rolling', () => {
  it('matches naive windows on random frames, with gaps and minPeriods', () => {
    const r = rng(77);
    for (let t = 0; t < 30; t++) {
      const xs = randomNumbers(r, randInt(r, 0, 60), 0.15);
      const df = new DataFrame({ x: xs });
      const w = randInt(r, 1, 10);
      const mp = randInt(r, 1, w);
      const naive = (f: (v: number[]) => number) =>
        Float64Array.from(xs, (_, i) => {
          const win = Array.from(xs.slice(Math.max(0, i - w + 1), i + 1)).filter(
            (v) => !Number.isNaN(v),
          );
          return win.length >= mp ? f(win) : NaN;
        });
      const roll = df.rolling('x', w, { minPeriods: mp });
      closeArrays(
        roll.mean(),
        naive((v) => v.reduce((a, b) => a + b, 0) / v.length),
      );
      closeArrays(
        roll.sum(),
        naive((v) => v.reduce((a, b) => a + b, 0)),
      );
      closeArrays(
        roll.min(),
        naive((v) => Math.min(...v)),
      );
      closeArrays(
        roll.max(),
        naive((v) => Math.max(...v)),
      );
      closeArrays(
        roll.std(),
        naive((v) => Math.sqrt(naiveVar(v))),
        1e-7,
      );
      closeArrays(
        roll.std({ ddof: 0 }),
        naive((v) => Math.sqrt(naiveVar(v, 0))),
        1e-7,
      );
    }
  });
  it('windows larger than the data and bad arguments', () => {
    const df = new DataFrame({ x: [1, 2, 3], s: ['a', 'b', 'c'] });
    assert.ok(Array.from(rolling(df, 'x', 10).mean()).every(Number.isNaN));
    assert.deepEqual(Array.from(rolling(df, 'x', 10, { minPeriods: 1 }).sum()), [1, 3, 6]);
    assert.throws(() => rolling(df, 'x', 0), RangeError);
    assert.throws(() => rolling(df, 'x', 2, { minPeriods: 3 }), RangeError);
    assert.throws(() => rolling(df, 's', 2), TypeError);
    assert.throws(() => rolling(df, 'zz', 2), RangeError);
    assert.throws(() => rolling(df, 'x', 2).std({ ddof: -1 }), RangeError);
    assert.equal(rolling(new DataFrame({ x: [] as number[] }), 'x', 3).mean().length, 0);
    assert.ok(
      Array.from(rolling(new DataFrame({ x: [NaN, NaN] }), 'x', 1).max()).every(Number.isNaN),
    );
  });
});

describe('shift', () => {
  const df = new DataFrame({ n: [1, 2, 3], s: ['a', 'b', 'c'] });
  it('moves values down or up, filling with missing', () => {
    assert.deepEqual(Array.from(shift(df, 'n').get('n')), [NaN, 1, 2]);
    assert.deepEqual(shift(df, 's', -1).get('s'), ['b', 'c', null]);
    assert.deepEqual(Array.from(df.shift('n', 5).get('n')), [NaN, NaN, NaN]);
    assert.equal(shift(df, 'n', 0).dtypes.n, 'i32');
    assert.deepEqual(shift(df, 'n', 1, { name: 'prev' }).columns, ['n', 's', 'prev']);
    assert.throws(() => shift(df, 'n', 1.5), RangeError);
    assert.throws(() => shift(df, 'zz'), RangeError);
  });
});

describe('resample', () => {
  const df = new DataFrame({
    t: ['2024-01-31T23:00:00Z', '2024-02-01', '2024-02-03', null, '2024-03-15'],
    v: [1, 2, 3, 100, null],
  });
  it('buckets by month and day with empty buckets, in time order', () => {
    const m = resample(df, 't', 'month', { agg: { v: ['sum', 'count'] } });
    assert.deepEqual((m.get('t') as readonly unknown[]).map(iso), [
      '2024-01-01',
      '2024-02-01',
      '2024-03-01',
    ]);
    assert.deepEqual(Array.from(m.get('v_sum')), [1, 5, NaN]);
    assert.deepEqual(Array.from(m.get('v_count')), [1, 2, 0]);
    const d = df.cast('t', 'date').resample('t', 'day', { agg: { v: 'max' } });
    assert.equal(d.rowCount, 45);
    assert.deepEqual(Array.from(d.get('v')).slice(0, 4), [1, 2, NaN, 3]);
  });
  it('weeks start on Monday (UTC) and the default is the mean of numeric columns', () => {
    const w = resample(
      new DataFrame({
        t: ['2024-01-07', '2024-01-08', '2024-01-14'],
        v: [1, 2, 4],
        s: ['a', 'b', 'c'],
      }),
      't',
      'week',
    );
    assert.deepEqual(w.columns, ['t', 'v']);
    assert.deepEqual((w.get('t') as readonly unknown[]).map(iso), ['2024-01-01', '2024-01-08']);
    assert.deepEqual(Array.from(w.get('v')), [1, 3]);
  });
  it('errors and empty input', () => {
    assert.throws(() => resample(df, 't', 'year' as never), RangeError);
    assert.throws(() => resample(new DataFrame({ t: ['soon'] }), 't', 'day'), TypeError);
    assert.throws(() => resample(df, 't', 'day', { agg: { zz: 'sum' } }), RangeError);
    assert.equal(
      resample(new DataFrame({ t: [] as string[], v: [] as number[] }), 't', 'day').rowCount,
      0,
    );
  });
});

describe('str and explode', () => {
  const df = new DataFrame({ s: ['  Hello World ', 'foo-bar', null, 'Ünïcødé 😀'] });
  it('accessors keep missing values missing', () => {
    const a = str(df, 's');
    assert.deepEqual(a.lower(), ['  hello world ', 'foo-bar', null, 'ünïcødé 😀']);
    assert.deepEqual(a.upper()[1], 'FOO-BAR');
    assert.deepEqual(a.trim()[0], 'Hello World');
    assert.deepEqual(Array.from(a.length()), [14, 7, NaN, 9]);
    assert.deepEqual(a.contains('o'), [true, true, null, false]);
    assert.deepEqual(a.contains('HELLO', { caseSensitive: false }), [true, false, null, false]);
    assert.deepEqual(a.contains('^foo', { regex: true }), [false, true, null, false]);
    assert.deepEqual(a.contains(/world/i), [true, false, null, false]);
    assert.deepEqual(a.replace('o', '0')[1], 'f00-bar');
    assert.deepEqual(a.replace(/(\w+)-(\w+)/, '$2-$1')[1], 'bar-foo');
    assert.deepEqual(a.split('-')[1], ['foo', 'bar']);
    assert.deepEqual(a.extract(/(\w+)-/), [null, 'foo', null, null]);
    assert.deepEqual(a.extract('o+'), ['o', 'oo', null, null]);
  });
  it('refuses non-string columns but accepts all-missing ones', () => {
    assert.throws(() => str(new DataFrame({ n: [1] }), 'n'), TypeError);
    assert.throws(() => str(df, 'zz'), RangeError);
    assert.deepEqual(str(new DataFrame({ n: [null, null] }), 'n').upper(), [null, null]);
  });
  it('explode gives one row per element', () => {
    const d = new DataFrame({ id: [1, 2, 3, 4], tags: ['a,b', '', null, 'c'] });
    const out = explode(assign(d, { tags: str(d, 'tags').split(',') }), 'tags');
    assert.deepEqual(out.toArray(), [
      { id: 1, tags: 'a' },
      { id: 1, tags: 'b' },
      { id: 2, tags: '' },
      { id: 3, tags: null },
      { id: 4, tags: 'c' },
    ]);
    assert.deepEqual(
      explode(new DataFrame({ l: [[], [1, 2]] as unknown as number[] }), 'l').get('l'),
      new Float64Array([NaN, 1, 2]),
    );
    assert.throws(() => explode(d, 'zz'), RangeError);
  });
});
