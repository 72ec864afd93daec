import { test } from 'node:test';
import { columnOf } from '../src/storage.js';
import assert from 'node:assert/strict';
import {
  DataFrame,
  select,
  drop,
  selectByPattern,
  head,
  tail,
  first,
  last,
  at,
  iloc,
  loc,
  sample,
  stratifiedSample,
} from '../src/index.js';

const df = new DataFrame({
  a: [10, 20, 30, 40, 50, 60, 70],
  b: ['p', 'q', 'r', 's', 't', 'u', 'v'],
  c: [1.5, null, 3, 4, 5, 6, 7],
});
const empty = new DataFrame({ a: [] as number[] });

test('select keeps order, shares storage, rejects unknown and duplicate names', () => {
  const s = select(df, ['c', 'a']);
  assert.deepEqual(s.columns, ['c', 'a']);
  assert.equal(columnOf(s, 'a'), columnOf(df, 'a'));
  assert.deepEqual(s.index, df.index);
  assert.throws(() => select(df, ['a', 'zz']), /Unknown column "zz"/);
  assert.throws(() => select(df, ['a', 'a']), /listed twice/);
  assert.throws(() => select(df, 5 as never), TypeError);
  assert.deepEqual(select(df, []).shape, [7, 0]);
});

test('drop and selectByPattern', () => {
  assert.deepEqual(drop(df, ['b']).columns, ['a', 'c']);
  assert.throws(() => drop(df, 'nope'), RangeError);
  assert.deepEqual(selectByPattern(df, /^[ab]$/g).columns, ['a', 'b']);
  assert.deepEqual(selectByPattern(df, /^[ab]$/g).columns, ['a', 'b']); // a global RegExp is safe to reuse
  assert.deepEqual(selectByPattern(df, 'x').shape, [7, 0]);
  assert.throws(() => selectByPattern(df, 5 as never), TypeError);
  assert.throws(() => selectByPattern(df, '('), SyntaxError);
});

test('head and tail', () => {
  assert.deepEqual(head(df, 2).get('a'), new Int32Array([10, 20]));
  assert.equal(head(df).rowCount, 5);
  assert.equal(head(df, 100).rowCount, 7);
  assert.equal(head(df, 0).rowCount, 0);
  assert.deepEqual(tail(df, 2).get('b'), ['u', 'v']);
  assert.deepEqual(tail(df, 2).index, [5, 6]);
  assert.equal(tail(empty).rowCount, 0);
  assert.throws(() => head(df, -1), RangeError);
  assert.throws(() => head(df, 1.5), RangeError);
  assert.throws(() => tail(df, '2' as never), TypeError);
});

test('first, last and at', () => {
  assert.deepEqual(first(df), { a: 10, b: 'p', c: 1.5 });
  assert.equal(first(df, 'b'), 'p');
  assert.equal(last(df, 'a'), 70);
  assert.equal(first(empty), undefined);
  assert.equal(last(empty, 'a'), undefined);
  assert.equal(df.at(1).c, null);
  assert.deepEqual(at(df, -1), { a: 70, b: 'v', c: 7 });
  assert.throws(
    () => at(df, 7),
    /position 7 is out of range; expected -7 to 6 for a frame of 7 rows/,
  );
  assert.throws(() => at(df, -8), RangeError);
  assert.throws(() => at(empty, 0), /the frame has no rows/);
  assert.throws(() => at(df, 0.5), TypeError);
  assert.throws(() => first(df, 'zz'), RangeError);
});

test('iloc: positions, negatives, slices, columns', () => {
  assert.deepEqual(iloc(df, 0).toArray(), [{ a: 10, b: 'p', c: 1.5 }]);
  assert.deepEqual(iloc(df, [-1, 0]).get('a'), new Int32Array([70, 10]));
  assert.deepEqual(iloc(df, '2:4').get('a'), new Int32Array([30, 40]));
  assert.deepEqual(iloc(df, '-2:').get('a'), new Int32Array([60, 70]));
  assert.deepEqual(iloc(df, '::3').get('a'), new Int32Array([10, 40, 70]));
  assert.deepEqual(iloc(df, '::-2').get('a'), new Int32Array([70, 50, 30, 10]));
  assert.deepEqual(iloc(df, { start: 5, end: 100 }).get('a'), new Int32Array([60, 70]));
  assert.deepEqual(iloc(df, ':', [2, 0]).columns, ['c', 'a']);
  assert.deepEqual(iloc(df, '1:3', '1:').columns, ['b', 'c']);
  assert.deepEqual(iloc(df, [1, 1]).index, [1, 1]);
  assert.throws(() => iloc(df, 7), RangeError);
  assert.throws(() => iloc(df, '1:x'), SyntaxError);
  assert.throws(() => iloc(df, { step: 0 }), RangeError);
  assert.throws(() => iloc(df, [0.5]), TypeError);
  assert.throws(() => iloc(df, 0, [5]), /column position 5 is out of range/);
  assert.equal(iloc(empty, ':').rowCount, 0);
});

test('loc: labels, arrays, masks, dates, columns', () => {
  const byCity = new DataFrame({ pop: [1, 2, 3, 4] }, { index: ['Oslo', 'Rome', 'Oslo', 'Lima'] });
  assert.deepEqual(loc(byCity, 'Oslo').get('pop'), new Int32Array([1, 3]));
  assert.deepEqual(loc(byCity, ['Lima', 'Rome']).index, ['Lima', 'Rome']);
  assert.throws(() => loc(byCity, 'Paris'), /label "Paris" is not in the index/);
  assert.deepEqual(loc(df, [6, 0], 'a').toArray(), [{ a: 70 }, { a: 10 }]);
  assert.throws(() => loc(df, '0'), RangeError); // labels are typed: '0' is not 0
  assert.equal(loc(df, [true, false, true, false, false, false, false]).rowCount, 2);
  assert.throws(() => loc(df, [true]), /one entry per row/);
  const days = new DataFrame(
    { v: [1, 2] },
    { index: [new Date('2024-01-01'), new Date('2024-01-02')] },
  );
  assert.deepEqual(loc(days, new Date('2024-01-02')).get('v'), new Int32Array([2]));
  // labels survive filtering
  assert.deepEqual(loc(df.query('a > 40'), 5).get('a'), new Int32Array([60]));
});

test('sample: seeded and reproducible, without and with replacement', () => {
  const big = new DataFrame({ id: Array.from({ length: 1000 }, (_, i) => i) });
  const a = sample(big, 10, { seed: 123 });
  const b = big.sample({ n: 10, seed: 123 });
  assert.deepEqual(a.get('id'), b.get('id'));
  assert.notDeepEqual(sample(big, 10, { seed: 124 }).get('id'), a.get('id'));
  assert.equal(new Set(sample(big, 1000, { seed: 1 }).get('id') as Int32Array).size, 1000);
  assert.equal(sample(big, { frac: 0.25, seed: 1 }).rowCount, 250);
  assert.equal(sample(big, 5000, { seed: 1, replace: true }).rowCount, 5000);
  assert.deepEqual(a.index, Array.from(a.get('id') as Int32Array));
  assert.throws(() => sample(big, 1001), /cannot draw 1001 rows without replacement/);
  assert.throws(() => sample(big, -1), RangeError);
  assert.throws(() => sample(big, {}), TypeError);
  assert.throws(() => sample(big, { n: 1, frac: 0.1 }), TypeError);
  assert.throws(() => sample(big, 1, { sed: 1 } as never), /unknown option "sed"/);
  assert.equal(sample(empty, 0).rowCount, 0);
  // the sequence is fixed across runs and platforms
  assert.deepEqual(
    Array.from(sample(big, 5, { seed: 42 }).get('id') as Int32Array),
    Array.from(sample(big, 5, { seed: 42 }).get('id') as Int32Array),
  );
});

test('stratifiedSample keeps each group share and original order', () => {
  const cls = [...Array(60).fill('a'), ...Array(30).fill('b'), ...Array(10).fill('c'), null, null];
  const frame = new DataFrame({ cls, i: cls.map((_, i) => i) });
  const s = stratifiedSample(frame, 'cls', 0.1, { seed: 3 });
  const counts: Record<string, number> = {};
  for (const v of s.get('cls')) counts[String(v)] = (counts[String(v)] ?? 0) + 1;
  assert.deepEqual(counts, { a: 6, b: 3, c: 1, null: 1 });
  const ids = Array.from(s.get('i') as Int32Array);
  assert.deepEqual(
    ids,
    [...ids].sort((x, y) => x - y),
  );
  assert.deepEqual(stratifiedSample(frame, 'cls', 0.1, { seed: 3 }).get('i'), s.get('i'));
  assert.equal(stratifiedSample(frame, 'cls', 0).rowCount, 0);
  assert.equal(stratifiedSample(frame, 'cls', 1).rowCount, frame.rowCount);
  assert.throws(() => stratifiedSample(frame, 'cls', 1.5), RangeError);
  assert.throws(() => stratifiedSample(frame, 'nope', 0.5), RangeError);
});
