import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  DataFrame,
  count,
  sum,
  mean,
  median,
  mode,
  min,
  max,
  std,
  variance,
} from '../src/index.js';
import { seededRandom } from '../src/selection/random.js';

const df = new DataFrame({
  x: [4, null, 1, 7, NaN, 2],
  i: [1, 2, 3, 4, 5, 6],
  s: ['b', 'a', null, 'c', 'a', 'b'],
  d: [new Date('2024-03-01'), null, new Date('2023-01-01'), null, null, null],
  b: [true, false, true, null, true, false],
});
const empty = new DataFrame({ x: [] as number[], s: [] as string[] });

test('count skips missing values; no column counts all', () => {
  assert.equal(count(df, 'x'), 4);
  assert.equal(count(df, 's'), 5);
  assert.deepEqual(count(df), { x: 4, i: 6, s: 5, d: 2, b: 5 });
  assert.deepEqual(count(df, ['i', 'd']), { i: 6, d: 2 });
  assert.equal(count(empty, 'x'), 0);
});

test('sum, mean, median skip missing; empty input gives 0 / NaN', () => {
  assert.equal(sum(df, 'x'), 14);
  assert.equal(mean(df, 'x'), 3.5);
  assert.equal(median(df, 'x'), 3);
  assert.equal(median(df, 'i'), 3.5);
  assert.equal(sum(df, 'b'), 3);
  assert.equal(mean(df, 'b'), 0.6);
  assert.deepEqual(sum(df), { x: 14, i: 21 });
  assert.equal(sum(empty, 'x'), 0);
  assert.ok(Number.isNaN(mean(empty, 'x')));
  assert.ok(Number.isNaN(median(empty, 'x')));
  assert.ok(Number.isNaN(mean(new DataFrame({ x: [null, NaN] }), 'x')));
  assert.equal(df.mean('i'), 3.5);
});

test('std and variance: sample by default, ddof: 0 for population', () => {
  const v = new DataFrame({ x: [2, 4, 4, 4, 5, 5, 7, 9] });
  assert.equal(variance(v, 'x', { ddof: 0 }), 4);
  assert.equal(std(v, 'x', { ddof: 0 }), 2);
  assert.equal(variance(v, 'x'), 32 / 7);
  assert.equal(std(v, 'x'), Math.sqrt(32 / 7));
  assert.ok(Number.isNaN(std(new DataFrame({ x: [1] }), 'x')));
  assert.equal(std(new DataFrame({ x: [1] }), 'x', { ddof: 0 }), 0);
  assert.ok(Number.isNaN(variance(empty, 'x')));
  assert.throws(() => std(v, 'x', { ddof: -1 }), RangeError);
  assert.throws(() => std(v, 'x', { dof: 0 } as never), /unknown option "dof"/);
  assert.deepEqual(Object.keys(std(df)), ['x', 'i']);
});

test('min and max on numbers, dates, strings and booleans', () => {
  assert.equal(min(df, 'x'), 1);
  assert.equal(max(df, 'x'), 7);
  assert.equal(min<string>(df, 's'), 'a');
  assert.equal(max<string>(df, 's'), 'c');
  assert.equal(min<Date>(df, 'd').toISOString(), '2023-01-01T00:00:00.000Z');
  assert.equal(max<boolean>(df, 'b'), true);
  assert.ok(Number.isNaN(min(empty, 'x')));
  assert.equal(max(new DataFrame({ s: [null] }, { dtypes: { s: 'str' } }), 's'), null);
  assert.ok(min(new DataFrame({ x: [-0, 0] }), 'x') === 0);
  assert.equal(max<string>(new DataFrame({ s: ['\uFF5E', '\u{1F600}'] }), 's'), '\u{1F600}'); // code-point order
  assert.throws(() => min(new DataFrame({ m: [1, 'a'] }), 'm'), /dtype mixed/);
  const all = min(df);
  assert.deepEqual(Object.keys(all), ['x', 'i', 's', 'd', 'b']);
});

test('mode returns every most-frequent value, sorted', () => {
  assert.deepEqual(mode(df, 's'), ['a', 'b']);
  assert.deepEqual(mode(df, 'x'), [1, 2, 4, 7]);
  assert.deepEqual(mode(df, 'b'), [true]);
  assert.deepEqual(mode(new DataFrame({ n: [3, 10, 3, 10, 2] }), 'n'), [3, 10]);
  assert.deepEqual(
    mode(new DataFrame({ d: [new Date(5), new Date(1), new Date(5), new Date(1)] }), 'd').map((d) =>
      (d as Date).getTime(),
    ),
    [1, 5],
  );
  assert.deepEqual(mode(empty, 'x'), []);
});

test('wrong types and unknown columns', () => {
  assert.throws(
    () => sum(df, 's'),
    /sum\(\): column "s" has dtype str; expected a numeric or bool column/,
  );
  assert.throws(() => mean(df, 'd'), TypeError);
  assert.throws(() => median(df, 'nope'), /Unknown column "nope"/);
  assert.throws(() => sum(df, 5 as never), TypeError);
  assert.throws(() => mode(df, 'zz'), RangeError);
});

// Naive reference implementations for the property checks.
function naive(values: (number | null)[]) {
  const xs = values.filter((v): v is number => v !== null && !Number.isNaN(v));
  const n = xs.length;
  const s = xs.reduce((a, b) => a + b, 0);
  const m = n ? s / n : NaN;
  const ss = xs.reduce((a, b) => a + (b - m) ** 2, 0);
  const sorted = [...xs].sort((a, b) => a - b);
  const med =
    n === 0 ? NaN : n % 2 ? sorted[(n - 1) / 2]! : (sorted[n / 2 - 1]! + sorted[n / 2]!) / 2;
  const freq = new Map<number, number>();
  for (const x of xs) freq.set(x, (freq.get(x) ?? 0) + 1);
  const top = Math.max(0, ...freq.values());
  return {
    count: n,
    sum: s,
    mean: m,
    median: med,
    min: n ? Math.min(...xs) : NaN,
    max: n ? Math.max(...xs) : NaN,
    variance: n > 1 ? ss / (n - 1) : NaN,
    pvariance: n > 0 ? ss / n : NaN,
    mode: [...freq]
      .filter(([, c]) => c === top)
      .map(([v]) => v)
      .sort((a, b) => a - b),
  };
}

function close(a: number, b: number, what: string) {
  if (Number.isNaN(b)) return assert.ok(Number.isNaN(a), `${what}: expected NaN, got ${a}`);
  assert.ok(Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(b)), `${what}: ${a} vs ${b}`);
}

test('property: aggregations match a naive implementation on random data (seeded)', () => {
  const rand = seededRandom(20240601);
  for (let trial = 0; trial < 200; trial++) {
    const n = Math.floor(rand() * 60);
    const missingRate = rand() * 0.4;
    const ints = rand() < 0.5;
    const values = Array.from({ length: n }, () =>
      rand() < missingRate
        ? null
        : ints
          ? Math.floor(rand() * 20) - 10
          : (rand() - 0.5) * 10 ** Math.floor(rand() * 6),
    );
    const frame = new DataFrame({ v: values });
    const ref = naive(values);
    const what = `trial ${trial} (${JSON.stringify(values).slice(0, 80)})`;
    assert.equal(count(frame, 'v'), ref.count, what);
    close(sum(frame, 'v'), ref.sum, `sum ${what}`);
    close(mean(frame, 'v'), ref.mean, `mean ${what}`);
    close(median(frame, 'v'), ref.median, `median ${what}`);
    close(min(frame, 'v'), ref.min, `min ${what}`);
    close(max(frame, 'v'), ref.max, `max ${what}`);
    close(variance(frame, 'v'), ref.variance, `variance ${what}`);
    close(variance(frame, 'v', { ddof: 0 }), ref.pvariance, `pvariance ${what}`);
    close(std(frame, 'v'), Math.sqrt(ref.variance), `std ${what}`);
    assert.deepEqual(mode(frame, 'v'), ref.mode, `mode ${what}`);
  }
});

test('sums stay accurate on long columns (compensated summation)', () => {
  const n = 1_000_000;
  const xs = new Float64Array(n).fill(0.1);
  assert.equal(sum(new DataFrame({ x: xs }), 'x'), 100000);
  assert.equal(mean(new DataFrame({ x: [1e16, 1, -1e16] }), 'x'), 1 / 3);
});
