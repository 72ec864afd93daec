// Right answers (issue 28): each wrong result a differential test against pandas found, pinned
// by a property test against an independent computation — rolling std/var against a two-pass
// computation on series mixing 1e9 and 1e-9; toCsv → readCsv over random frames of every dtype
// (one-column frames, all-missing columns, empty strings); one code-point order for every
// operation that orders strings; readCsv's blank lines and fields of spaces; row labels after
// dropna/dropDuplicates; the integer dtype inference; get() handing out a copy.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  DataFrame,
  readCsv,
  toCsv,
  sort,
  min,
  max,
  filter,
  type DType,
  type CellValue,
} from '../src/index.js';
import { rng, randInt } from './toolkit-helpers';

/** Σ of doubles, exactly rounded (Shewchuk's partials, as Python's math.fsum). */
function fsum(xs: readonly number[]): number {
  const partials: number[] = [];
  for (let x of xs) {
    let k = 0;
    for (let y of partials) {
      if (Math.abs(x) < Math.abs(y)) [x, y] = [y, x];
      const hi = x + y;
      const lo = y - (hi - x);
      if (lo) partials[k++] = lo;
      x = hi;
    }
    partials.length = k;
    partials.push(x);
  }
  return partials.reduce((a, b) => a + b, 0);
}

/** Two-pass variance of the finite values (exact sums): the reference for rolling std/var. */
function twoPassVar(xs: readonly number[], ddof: number): number {
  const n = xs.length;
  if (n - ddof <= 0) return NaN;
  const mean = fsum(xs) / n;
  return fsum(xs.map((x) => (x - mean) * (x - mean))) / (n - ddof);
}

function close(actual: number, expected: number, rel: number, what: string): void {
  if (Number.isNaN(expected)) {
    assert.ok(Number.isNaN(actual), `${what}: expected NaN, got ${actual}`);
    return;
  }
  const tol = rel * Math.max(Math.abs(expected), 1e-300);
  assert.ok(
    Math.abs(actual - expected) <= tol,
    `${what}: expected ${expected}, got ${actual} (|diff| ${Math.abs(actual - expected)})`,
  );
}

describe('rolling std and variance are stable for any window (no drift after outliers)', () => {
  test('the cases pandas showed wrong', () => {
    const std = new DataFrame({ x: [1e8, 1, 2, 3, 4] }).rolling('x', 2).std();
    close(std[2]!, Math.SQRT1_2, 1e-12, 'row 2');
    close(std[4]!, Math.SQRT1_2, 1e-12, 'row 4');
    const p = [101.2, 101.5, 100.9, 1e9, 101.1, 100.7, 101.4, 102.0, 101.8, 100.6, 101.3];
    const w = 3;
    const got = new DataFrame({ p }).rolling('p', w).std();
    for (let i = w - 1; i < p.length; i++)
      close(got[i]!, Math.sqrt(twoPassVar(p.slice(i - w + 1, i + 1), 1)), 1e-9, `tick row ${i}`);
  });

  test('property: matches a two-pass computation on series mixing 1e9 and 1e-9', () => {
    const r = rng(2801);
    for (let trial = 0; trial < 200; trial++) {
      const n = randInt(r, 1, 80);
      const x = Array.from({ length: n }, () => {
        const u = r();
        if (u < 0.1) return NaN; // missing
        if (u < 0.25) return (r() < 0.5 ? -1 : 1) * 1e9 * (1 + r());
        if (u < 0.6) return 1e-9 * (1 + r()) * (r() < 0.5 ? -1 : 1);
        return Math.round(r() * 1000) / 10;
      });
      const window = randInt(r, 1, Math.max(1, Math.min(n + 3, 25)));
      const minPeriods = randInt(r, 1, window);
      const ddof = randInt(r, 0, 1);
      const roll = new DataFrame({ x }).rolling('x', window, { minPeriods });
      const std = roll.std({ ddof });
      const variance = roll.variance({ ddof });
      for (let i = 0; i < n; i++) {
        const win = x.slice(Math.max(0, i - window + 1), i + 1).filter((v) => v === v);
        const expected = win.length < minPeriods ? NaN : twoPassVar(win, ddof);
        const what = `trial ${trial} row ${i} (window ${window}, minPeriods ${minPeriods}, ddof ${ddof})`;
        close(variance[i]!, expected, 1e-9, what);
        close(std[i]!, Math.sqrt(expected), 1e-9, what);
      }
    }
  });

  test('property: rolling sum and mean match exact sums after large values leave', () => {
    const r = rng(2802);
    for (let trial = 0; trial < 100; trial++) {
      const n = randInt(r, 1, 60);
      const x = Array.from({ length: n }, () =>
        r() < 0.2 ? 1e9 * (r() < 0.5 ? -1 : 1) : 1e-9 * Math.round(r() * 100),
      );
      const window = randInt(r, 1, 12);
      const roll = new DataFrame({ x }).rolling('x', window, { minPeriods: 1 });
      const sum = roll.sum();
      for (let i = 0; i < n; i++) {
        const win = x.slice(Math.max(0, i - window + 1), i + 1);
        const exact = fsum(win);
        // Within a few rounding errors of the window's own values (a 1e9 that left the window
        // and left residue behind would be off by about 1e9 × 2⁻⁵² ≈ 2e-7).
        const scale = fsum(win.map(Math.abs));
        assert.ok(
          Math.abs(sum[i]! - exact) <= 1e-14 * scale,
          `trial ${trial} row ${i}: ${sum[i]} vs ${exact}`,
        );
      }
    }
  });
});

/** A random value of a dtype (never missing). */
function value(r: () => number, dtype: DType): CellValue {
  const pick = <T>(xs: readonly T[]) => xs[randInt(r, 0, xs.length - 1)]!;
  switch (dtype) {
    case 'f64':
      return pick([0, -0, 1.5, -2.25, 1e21, 1e-300, 0.1 + 0.2, Infinity, -Infinity, 123456789.125]);
    case 'f32':
      return pick([0, 1.5, -2.25, 1024, 0.5]);
    case 'i32':
      return randInt(r, -(2 ** 31), 2 ** 31 - 1);
    case 'i16':
      return randInt(r, -32768, 32767);
    case 'u8':
      return randInt(r, 0, 255);
    case 'bool':
      return r() < 0.5;
    case 'date':
      return new Date(
        Date.UTC(
          randInt(r, 1900, 2100),
          randInt(r, 0, 11),
          randInt(r, 1, 28),
          randInt(r, 0, 23),
          randInt(r, 0, 59),
          randInt(r, 0, 59),
          randInt(r, 0, 999),
        ),
      );
    default:
      return pick([
        '',
        ' ',
        '  two spaces  ',
        'plain',
        'comma, inside',
        'quote " inside',
        '""',
        'line\nbreak',
        'crlf\r\nbreak',
        'NA',
        'null',
        '1',
        '-0',
        'true',
        '2024-01-02',
        'é',
        '😀',
        '～',
        '\t',
        '#hash',
      ]);
  }
}

const NULLABLE: readonly DType[] = ['f64', 'bool', 'date', 'str'];
const NO_MISSING: readonly DType[] = ['f32', 'i32', 'i16', 'u8'];

function sameCell(a: unknown, b: unknown): boolean {
  if (a instanceof Date && b instanceof Date) return a.getTime() === b.getTime();
  return Object.is(a, b);
}

test('property: toCsv → readCsv with the dtypes gives the same frame (every dtype but mixed)', async () => {
  const r = rng(2803);
  for (let trial = 0; trial < 300; trial++) {
    const width = trial % 5 === 0 ? 1 : randInt(r, 1, 5); // many one-column frames
    const rows = randInt(r, 0, 12);
    const columns: Record<string, unknown> = {};
    const dtypes: Record<string, DType> = {};
    for (let j = 0; j < width; j++) {
      const dtype = r() < 0.7 ? NULLABLE[randInt(r, 0, 3)]! : NO_MISSING[randInt(r, 0, 3)]!;
      const allMissing = NULLABLE.includes(dtype) && r() < 0.15;
      const missingRate = NULLABLE.includes(dtype) ? (r() < 0.5 ? 0.3 : 0) : 0;
      columns[`c${j} ${dtype}`] = Array.from({ length: rows }, () =>
        allMissing || r() < missingRate ? null : value(r, dtype),
      );
      dtypes[`c${j} ${dtype}`] = dtype;
    }
    const df = new DataFrame(columns as Record<string, unknown[]>, { dtypes });
    for (const [delimiter, newline] of [
      [',', '\n'],
      [';', '\r\n'],
      ['\t', '\n'],
    ] as const) {
      const text = toCsv(df, { delimiter, newline });
      const back = await readCsv({ text }, { delimiter, dtypes: df.dtypes });
      const what = `trial ${trial} (${delimiter === '\t' ? 'tab' : delimiter}): ${JSON.stringify(text)}`;
      assert.deepEqual(back.columns, df.columns, what);
      assert.deepEqual(back.dtypes, df.dtypes, what);
      assert.equal(back.rowCount, df.rowCount, what);
      for (const c of df.columns) {
        const a = df.get(c);
        const b = back.get(c);
        for (let i = 0; i < df.rowCount; i++)
          assert.ok(sameCell(b[i], a[i]), `${what}\n${c}[${i}]: ${String(b[i])} ≠ ${String(a[i])}`);
      }
    }
  }
});

test('toCsv → readCsv keeps the one-column missing value and the empty string apart', async () => {
  const df = new DataFrame({ s: ['x', '', null, 'y', null] });
  const back = await readCsv({ text: toCsv(df) });
  assert.deepEqual(back.get('s'), ['x', '', null, 'y', null]);
  const nums = new DataFrame({ n: [1, null, 3, null] });
  assert.deepEqual(Array.from((await readCsv({ text: toCsv(nums) })).get('n') as Float64Array), [
    1,
    NaN,
    3,
    NaN,
  ]);
});

describe('one string order (code points) for every operation that orders values', () => {
  const POOL = ['a', 'B', 'é', 'z', '～', '😀', '𝒜', '\uE000', 'ｚ', 'aa', '', '😀a', '～a'];

  /** The reference: compare code point by code point. */
  const reference = (a: string, b: string): number => {
    const x = Array.from(a, (c) => c.codePointAt(0)!);
    const y = Array.from(b, (c) => c.codePointAt(0)!);
    for (let i = 0; i < Math.min(x.length, y.length); i++) if (x[i] !== y[i]) return x[i]! - y[i]!;
    return x.length - y.length;
  };

  test("'～' (U+FF5E) comes before '😀' (U+1F600) everywhere", () => {
    const df = new DataFrame({ g: ['k', 'k'], s: ['😀', '～'] });
    assert.deepEqual(sort(df, 's').get('s'), ['～', '😀']);
    assert.equal(max(df, 's'), '😀');
    assert.equal(df.groupBy('g').agg({ s: 'max' }).get('s')[0], '😀');
    assert.equal(df.groupBy('g').agg({ s: 'min' }).get('s')[0], '～');
    const wide = df.pivot({ index: 'g', columns: 's', values: 's' });
    assert.deepEqual(wide.columns, ['g', '～', '😀']);
    assert.deepEqual(df.oneHot('s').columns, ['g', 's_～', 's_😀']);
    assert.equal(df.query('s > "～"').get('s')[0], '😀');
  });

  test('property: sort, min/max, groupBy min/max, pivot, oneHot, mode and comparisons agree', () => {
    const r = rng(2804);
    for (let trial = 0; trial < 150; trial++) {
      const n = randInt(r, 1, 25);
      const s = Array.from({ length: n }, () =>
        r() < 0.1 ? null : POOL[randInt(r, 0, POOL.length - 1)]!,
      );
      const g = Array.from({ length: n }, () => randInt(r, 0, 2));
      const df = new DataFrame({ g, s, i: Array.from({ length: n }, (_, k) => k) });
      const present = s.filter((v): v is string => v !== null);
      const ordered = [...present].sort(reference);
      const distinct = [...new Set(ordered)];
      // sort (missing last)
      assert.deepEqual(
        (sort(df, 's').get('s') as (string | null)[]).filter((v) => v !== null),
        ordered,
      );
      // min / max
      if (present.length) {
        assert.equal(min(df, 's'), ordered[0]);
        assert.equal(max(df, 's'), ordered.at(-1));
      }
      // groupBy min / max per group
      const agg = df.groupBy('g').agg({ s: ['min', 'max'] });
      for (const row of agg.toArray()) {
        const mine = s.filter((v, k): v is string => v !== null && g[k] === row.g).sort(reference);
        assert.equal(row.s_min, mine[0] ?? null);
        assert.equal(row.s_max, mine.at(-1) ?? null);
      }
      if (present.length) {
        // pivot's new columns and oneHot's indicator columns come in the same order
        const wide = df.pivot({ index: 'g', columns: 's', values: 'i', agg: 'count' });
        assert.deepEqual(wide.columns.slice(1), distinct);
        const hot = df.oneHot('s');
        assert.deepEqual(
          hot.columns.filter((c) => c.startsWith('s_')),
          distinct.map((v) => `s_${v}`),
        );
        // mode: every tie, in the same order
        const counts = new Map<string, number>();
        for (const v of present) counts.set(v, (counts.get(v) ?? 0) + 1);
        const top = Math.max(...counts.values());
        assert.deepEqual(
          df.mode('s'),
          distinct.filter((v) => counts.get(v) === top),
        );
        // comparisons in query/where agree with the order
        const pivot = present[randInt(r, 0, present.length - 1)]!;
        const above = df.where('s', '>', pivot).get('s');
        assert.deepEqual(
          above,
          s.filter((v): v is string => v !== null && reference(v, pivot) > 0),
        );
        assert.deepEqual(
          df.query('s <= @p', { p: pivot }).get('s'),
          s.filter((v): v is string => v !== null && reference(v, pivot) <= 0),
        );
      }
      // dropDuplicates keeps the first-seen copy in row order, whatever the string order
      const firstSeen = [...new Set(s)];
      assert.deepEqual(df.dropDuplicates({ subset: 's' }).get('s'), firstSeen);
    }
  });
});

describe('readCsv: blank lines and fields of spaces', () => {
  test('whitespace-only lines are blank lines, skipped as pandas skips them', async () => {
    const df = await readCsv({ text: 'a,b\n1,x\n   \n\t \n\n2,y\n  ' });
    assert.deepEqual(df.toArray(), [
      { a: 1, b: 'x' },
      { a: 2, b: 'y' },
    ]);
    assert.deepEqual(df.dtypes, { a: 'i32', b: 'str' });
  });
  test('with a tab delimiter a line of tabs is a row of empty fields, not a blank line', async () => {
    const df = await readCsv({ text: 'a\tb\n1\tx\n\t\n2\ty\n' }, { delimiter: '\t' });
    assert.deepEqual(df.toArray(), [
      { a: 1, b: 'x' },
      { a: null, b: null },
      { a: 2, b: 'y' },
    ]);
  });
  test('a field of spaces: text in a text column, missing in a number column (documented)', async () => {
    const df = await readCsv({ text: 'n,s\n1,x\n   ,  \n3,z\n' });
    assert.deepEqual(df.dtypes, { n: 'f64', s: 'str' });
    assert.deepEqual(df.toArray(), [
      { n: 1, s: 'x' },
      { n: null, s: '  ' },
      { n: 3, s: 'z' },
    ]);
  });
  test('one column: an empty line is a missing value, a line of spaces a field', async () => {
    const df = await readCsv({ text: 's\nx\n\n  \ny\n' });
    assert.deepEqual(df.get('s'), ['x', null, '  ', 'y']);
    assert.equal((await readCsv({ text: 's\nx\n\ny\n' }, { skipEmptyLines: true })).rowCount, 2);
  });
});

test('property: dropna and dropDuplicates keep each row label, as filter does', () => {
  const r = rng(2805);
  for (let trial = 0; trial < 100; trial++) {
    const n = randInt(r, 0, 20);
    const named = r() < 0.5;
    const a = Array.from({ length: n }, () => (r() < 0.3 ? null : randInt(r, 0, 3)));
    const b = Array.from({ length: n }, () => (r() < 0.3 ? null : ['x', 'y'][randInt(r, 0, 1)]!));
    const df = new DataFrame(
      { a, b },
      named ? { index: Array.from({ length: n }, (_, k) => `r${k}`) } : {},
    );
    const kept = df.dropna();
    const same = filter(df, (row) => row.a !== null && row.b !== null);
    assert.deepEqual(kept.index, same.index);
    assert.deepEqual(kept.toArray(), same.toArray());
    const seen = new Set<string>();
    const firsts = filter(df, (row) => {
      const key = JSON.stringify([row.a, row.b]);
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
    assert.deepEqual(df.dropDuplicates().index, firsts.index);
  }
});

test('property: whole numbers that fit in 32 bits with none missing are i32, else f64', () => {
  const r = rng(2806);
  for (let trial = 0; trial < 300; trial++) {
    const n = randInt(r, 1, 10);
    const kind = randInt(r, 0, 3);
    const xs: (number | null)[] = Array.from({ length: n }, () => randInt(r, -1000, 1000));
    if (kind === 1) xs[randInt(r, 0, n - 1)] = 2 ** 31 + randInt(r, 0, 5);
    if (kind === 2) xs[randInt(r, 0, n - 1)] = null;
    if (kind === 3) xs[randInt(r, 0, n - 1)] = 0.5;
    const expected = kind === 0 ? 'i32' : 'f64';
    assert.equal(new DataFrame({ x: xs }).dtypes.x, expected, JSON.stringify(xs));
  }
  // Small numbers are not narrowed: [1, 2, 3] is i32, not i8 or u8.
  assert.equal(new DataFrame({ x: [1, 2, 3] }).dtypes.x, 'i32');
});

test('get() is a copy: writing into it changes no frame', () => {
  const df = new DataFrame({
    n: [1, 2, 3],
    s: ['a', 'b', 'c'],
    d: [new Date(0), null, new Date(1)],
  });
  const view = df.select(['n', 's', 'd']);
  (df.get('n') as Int32Array)[0] = 100;
  (df.get('s') as string[])[0] = 'changed';
  (df.get('d')[0] as Date).setTime(5);
  (df.cell(0, 'd') as Date).setTime(6);
  (df.row(0).d as Date).setTime(7);
  for (const f of [df, view]) {
    assert.deepEqual(f.get('n'), new Int32Array([1, 2, 3]));
    assert.deepEqual(f.get('s'), ['a', 'b', 'c']);
    assert.equal((f.get('d')[0] as Date).getTime(), 0);
  }
});
