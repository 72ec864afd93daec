// Property and edge-case tests for the toolkit's array kernels (rolling windows, quantile,
// correlation, hash grouping, hash join, calendar, ticks) against naive reference implementations.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  rollingSumKernel,
  rollingExtremeKernel,
  rollingVarKernel,
} from '../src/timeseries/windowKernels';
import { quantileSorted, sortedNumbers, pearson, covariance } from '../src/stats/kernels';
import { factorize, groupRows } from '../src/grouping/factorize';
import { encodeJoinKeys, hashJoin, type JoinHow } from '../src/combining/joinKernel';
import { addSteps, floorTo, parseStep, toTime } from '../src/timeseries/calendar';
import { niceTicks, timeTicks, formatNumber } from '../src/plot/ticks';
import {
  rng,
  randInt,
  randomNumbers,
  closeArrays,
  close,
  naiveVar,
  naiveQuantile,
} from './toolkit-helpers';

function naiveRolling(
  xs: Float64Array,
  w: number,
  minP: number,
  f: (v: number[]) => number,
): Float64Array {
  const out = new Float64Array(xs.length);
  for (let i = 0; i < xs.length; i++) {
    const win = Array.from(xs.slice(Math.max(0, i - w + 1), i + 1)).filter((x) => !Number.isNaN(x));
    out[i] = win.length >= minP ? f(win) : NaN;
  }
  return out;
}

describe('rolling kernels', () => {
  it('match naive windows on seeded random data', () => {
    const r = rng(42);
    for (let trial = 0; trial < 60; trial++) {
      const n = randInt(r, 0, 80);
      const xs = randomNumbers(r, n, r() * 0.3);
      const w = randInt(r, 1, 12);
      const minP = randInt(r, 1, w);
      closeArrays(
        rollingSumKernel(xs, w, minP, false),
        naiveRolling(xs, w, minP, (v) => v.reduce((a, b) => a + b, 0)),
        1e-9,
      );
      closeArrays(
        rollingSumKernel(xs, w, minP, true),
        naiveRolling(xs, w, minP, (v) => v.reduce((a, b) => a + b, 0) / v.length),
        1e-9,
      );
      closeArrays(
        rollingExtremeKernel(xs, w, minP, false),
        naiveRolling(xs, w, minP, (v) => Math.min(...v)),
        0,
      );
      closeArrays(
        rollingExtremeKernel(xs, w, minP, true),
        naiveRolling(xs, w, minP, (v) => Math.max(...v)),
        0,
      );
      closeArrays(
        rollingVarKernel(xs, w, minP, 1, true),
        naiveRolling(xs, w, minP, (v) => Math.sqrt(naiveVar(v))),
        1e-7,
      );
      closeArrays(
        rollingVarKernel(xs, w, minP, 0, false),
        naiveRolling(xs, w, minP, (v) => naiveVar(v, 0)),
        1e-7,
      );
    }
  });
  it('gives all NaN when the window is larger than the data', () => {
    const out = rollingSumKernel([1, 2, 3], 5, 5, true);
    assert.ok(Array.from(out).every(Number.isNaN));
    assert.deepEqual(Array.from(rollingSumKernel([1, 2, 3], 5, 1, false)), [1, 3, 6]);
  });
  it('leaves no residue after large values leave the window', () => {
    const out = rollingSumKernel([1e16, 1, 1, 1], 2, 1, false);
    assert.equal(out[3], 2);
  });
  it('handles infinities', () => {
    assert.deepEqual(Array.from(rollingSumKernel([1, Infinity, 2, 3], 2, 1, false)), [
      1,
      Infinity,
      Infinity,
      5,
    ]);
    assert.deepEqual(Array.from(rollingExtremeKernel([1, Infinity, 2, 3], 2, 1, true)), [
      1,
      Infinity,
      Infinity,
      3,
    ]);
  });
  it('rejects bad windows', () => {
    assert.throws(() => rollingSumKernel([1], 0, 1, false), RangeError);
    assert.throws(() => rollingSumKernel([1], 1.5, 1, false), RangeError);
    assert.throws(() => rollingSumKernel([1], 2, 3, false), RangeError);
  });
  it('is linear: a million rows with a wide window is fast', () => {
    const xs = randomNumbers(rng(1), 1_000_000, 0.01);
    const t = performance.now();
    rollingExtremeKernel(xs, 10_000, 1, true);
    rollingVarKernel(xs, 10_000, 1, 1, true);
    assert.ok(performance.now() - t < 2000);
  });
});

describe('quantile, corr and cov kernels', () => {
  it('quantile matches the naive type-7 definition', () => {
    const r = rng(7);
    for (let trial = 0; trial < 100; trial++) {
      const xs = randomNumbers(r, randInt(r, 0, 30), 0.2);
      const q = trial % 5 === 0 ? 0 : trial % 7 === 0 ? 1 : r();
      close(quantileSorted(sortedNumbers(xs), q), naiveQuantile(Array.from(xs), q), 1e-12);
    }
  });
  it('quantile of one value is that value', () =>
    assert.equal(quantileSorted(new Float64Array([5]), 0.3), 5));
  it('pearson and covariance skip incomplete pairs', () => {
    close(pearson([1, 2, 3, NaN], [2, 4, 6, 1]), 1);
    close(pearson([1, 2, 3], [3, 2, 1]), -1);
    assert.ok(Number.isNaN(pearson([1, 1, 1], [1, 2, 3])));
    assert.ok(Number.isNaN(pearson([1], [1])));
    close(covariance([1, 2, 3, 4], [2, 4, 6, 8]), 10 / 3);
    close(covariance([1, 2, 3, 4], [2, 4, 6, 8], 0), 2.5);
    assert.ok(Number.isNaN(covariance([1], [2])));
  });
});

describe('factorize', () => {
  it('numbers groups in first-appearance order over several keys', () => {
    const f = factorize([['b', 'a', 'b', 'a', null], new Float64Array([1, 1, 1, 2, NaN])], 5);
    assert.deepEqual(Array.from(f.ids), [0, 1, 0, 2, 3]);
    assert.equal(f.count, 4);
    assert.deepEqual(Array.from(f.firstRow), [0, 1, 3, 4]);
  });
  it('treats equal dates as one key and missing as its own group or none', () => {
    const f = factorize([[new Date(0), new Date(0), null, new Date(1)]], 4);
    assert.deepEqual(Array.from(f.ids), [0, 0, 1, 2]);
    const g = factorize([[1, null, 1]], 3, false);
    assert.deepEqual(Array.from(g.ids), [0, -1, 0]);
  });
  it('matches a naive string-key grouping on random data', () => {
    const r = rng(3);
    for (let trial = 0; trial < 30; trial++) {
      const n = randInt(r, 0, 200);
      const a = Int32Array.from({ length: n }, () => randInt(r, -3, 3));
      const b = Array.from({ length: n }, () =>
        r() < 0.1 ? null : String.fromCharCode(97 + randInt(r, 0, 4)),
      );
      const c = Float64Array.from({ length: n }, () =>
        r() < 0.1 ? NaN : randInt(r, 0, 1e6) * 1e3,
      );
      const f = factorize([a, b, c], n);
      const seen = new Map<string, number>();
      const expected = Array.from({ length: n }, (_, i) => {
        const k = JSON.stringify([a[i], b[i], Number.isNaN(c[i]) ? null : c[i]]);
        if (!seen.has(k)) seen.set(k, seen.size);
        return seen.get(k)!;
      });
      assert.deepEqual(Array.from(f.ids), expected);
      assert.equal(f.count, seen.size);
      const { offsets, rows } = groupRows(f.ids, f.count);
      for (let g = 0; g < f.count; g++) {
        const rs = Array.from(rows.subarray(offsets[g], offsets[g + 1]));
        assert.deepEqual(
          rs,
          expected.flatMap((e, i) => (e === g ? [i] : [])),
        );
      }
    }
  });
  it('handles no rows and no keys', () => {
    assert.equal(factorize([[]], 0).count, 0);
    assert.equal(factorize([], 3).count, 1);
  });
});

describe('hash join kernel', () => {
  const naiveJoin = (lk: unknown[][], rk: unknown[][], how: JoinHow): Array<[number, number]> => {
    const nL = lk[0]!.length;
    const nR = rk[0]!.length;
    const eq = (i: number, j: number): boolean =>
      lk.every((col, k) => col[i] !== null && col[i] === rk[k]![j]);
    const out: Array<[number, number]> = [];
    if (how === 'right') {
      for (let j = 0; j < nR; j++) {
        const m = [...Array(nL).keys()].filter((i) => eq(i, j));
        if (m.length === 0) out.push([-1, j]);
        else for (const i of m) out.push([i, j]);
      }
      return out;
    }
    const matched = new Set<number>();
    for (let i = 0; i < nL; i++) {
      const m = [...Array(nR).keys()].filter((j) => eq(i, j));
      m.forEach((j) => matched.add(j));
      if (m.length === 0) {
        if (how !== 'inner') out.push([i, -1]);
      } else for (const j of m) out.push([i, j]);
    }
    if (how === 'outer') for (let j = 0; j < nR; j++) if (!matched.has(j)) out.push([-1, j]);
    return out;
  };
  it('matches a nested-loop join on random multi-key data with duplicates', () => {
    const r = rng(11);
    for (let trial = 0; trial < 40; trial++) {
      const nL = randInt(r, 0, 40);
      const nR = randInt(r, 0, 40);
      const keys = randInt(r, 1, 2);
      const gen = (n: number): unknown[][] =>
        Array.from({ length: keys }, (_, k) =>
          Array.from({ length: n }, () =>
            r() < 0.08 ? null : k === 0 ? randInt(r, 0, 5) : ['x', 'y'][randInt(r, 0, 1)],
          ),
        );
      const lk = gen(nL);
      const rk = gen(nR);
      const enc = encodeJoinKeys(lk, rk, nL, nR);
      for (const how of ['inner', 'left', 'right', 'outer'] as const) {
        const { leftRows, rightRows } = hashJoin(enc.left, enc.right, enc.size, how);
        const got = Array.from(leftRows, (l, i) => [l, rightRows[i]!] as [number, number]);
        assert.deepEqual(got, naiveJoin(lk, rk, how), `${how} trial ${trial}`);
      }
    }
  });
});

describe('calendar', () => {
  it('parses steps', () => {
    assert.deepEqual(parseStep('day'), { count: 1, unit: 'day' });
    assert.deepEqual(parseStep('3 days'), { count: 3, unit: 'day' });
    assert.deepEqual(parseStep('2w'), { count: 2, unit: 'week' });
    assert.deepEqual(parseStep('15min'), { count: 15, unit: 'minute' });
    assert.throws(() => parseStep('fortnight'), RangeError);
    assert.throws(() => parseStep('0 days'), RangeError);
  });
  it('adds months without drift, clamping the day', () => {
    const t = Date.UTC(2024, 0, 31);
    assert.equal(
      new Date(addSteps(t, parseStep('month'), 1)).toISOString(),
      '2024-02-29T00:00:00.000Z',
    );
    assert.equal(
      new Date(addSteps(t, parseStep('month'), 2)).toISOString(),
      '2024-03-31T00:00:00.000Z',
    );
    assert.equal(
      new Date(addSteps(t, parseStep('year'), 1)).toISOString(),
      '2025-01-31T00:00:00.000Z',
    );
  });
  it('floors to day, Monday-start week and month', () => {
    const t = Date.UTC(2024, 4, 15, 13, 30); // Wednesday 2024-05-15
    assert.equal(new Date(floorTo(t, 'day')).toISOString(), '2024-05-15T00:00:00.000Z');
    assert.equal(new Date(floorTo(t, 'week')).toISOString(), '2024-05-13T00:00:00.000Z');
    assert.equal(
      new Date(floorTo(Date.UTC(2024, 4, 13), 'week')).toISOString(),
      '2024-05-13T00:00:00.000Z',
    );
    assert.equal(
      new Date(floorTo(Date.UTC(2024, 4, 19, 23), 'week')).toISOString(),
      '2024-05-13T00:00:00.000Z',
    );
    assert.equal(new Date(floorTo(t, 'month')).toISOString(), '2024-05-01T00:00:00.000Z');
    assert.equal(
      new Date(floorTo(Date.UTC(1969, 11, 31), 'week')).toISOString(),
      '1969-12-29T00:00:00.000Z',
    );
  });
  it('reads date-times without an offset as UTC', () => {
    assert.equal(toTime('2024-01-02T03:04:05'), Date.UTC(2024, 0, 2, 3, 4, 5));
    assert.equal(toTime('2024-01-02'), Date.UTC(2024, 0, 2));
    assert.ok(Number.isNaN(toTime('nope')));
    assert.ok(Number.isNaN(toTime(null)));
  });
});

describe('ticks', () => {
  it('are nice and cover the data', () => {
    assert.deepEqual(niceTicks(0, 97, 5).values, [0, 20, 40, 60, 80, 100]);
    assert.deepEqual(niceTicks(0.1, 0.93, 4).labels, ['0', '0.25', '0.5', '0.75', '1']);
    const t = niceTicks(-3, 3, 5);
    assert.ok(t.min <= -3 && t.max >= 3);
    assert.deepEqual(niceTicks(5, 5, 5).values.length > 1, true);
    assert.equal(formatNumber(1234567, 0), '1,234,567');
    assert.equal(formatNumber(-0.0001, 2), '0');
  });
  it('time ticks align to the calendar', () => {
    const t = timeTicks(Date.UTC(2024, 0, 1), Date.UTC(2024, 11, 31), 5);
    assert.ok(
      t.labels.every((l) => /^\d{4}-\d{2}$/.test(l)),
      t.labels.join(),
    );
    const d = timeTicks(Date.UTC(2024, 0, 1), Date.UTC(2024, 0, 6), 5);
    assert.deepEqual(d.labels.slice(0, 2), ['2024-01-01', '2024-01-02']);
    const inside = timeTicks(Date.UTC(2024, 0, 3), Date.UTC(2024, 1, 15), 6);
    assert.ok(
      inside.min === Date.UTC(2024, 0, 3) &&
        inside.values.every((v) => v >= inside.min && v <= inside.max),
    );
  });
});
