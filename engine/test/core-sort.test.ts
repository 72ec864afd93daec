import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DataFrame, sort } from '../src/index.js';
import { seededRandom } from '../src/selection/random.js';
import { compareCodePoints } from '../src/ordering/compare.js';

test('numbers numerically, missing last in both directions, stable', () => {
  const df = new DataFrame({ v: [3, null, -1, 3, 10, NaN, 2.5], id: [0, 1, 2, 3, 4, 5, 6] });
  assert.deepEqual(Array.from(sort(df, 'v').get('id') as Int32Array), [2, 6, 0, 3, 4, 1, 5]);
  assert.deepEqual(
    Array.from(sort(df, 'v', { ascending: false }).get('id') as Int32Array),
    [4, 0, 3, 6, 2, 1, 5],
  );
  assert.deepEqual(sort(df, 'v').index, [2, 6, 0, 3, 4, 1, 5]);
});

test('strings by code point (not locale), or by a locale when asked', () => {
  const df = new DataFrame({ s: ['b', 'B', 'a', 'é', 'Z', null, '\u{1F600}', '\uFF5E', 'a'] });
  assert.deepEqual(sort(df, 's').get('s'), [
    'B',
    'Z',
    'a',
    'a',
    'b',
    'é',
    '\uFF5E',
    '\u{1F600}',
    null,
  ]);
  assert.deepEqual(sort(df, 's', { ascending: false }).get('s'), [
    '\u{1F600}',
    '\uFF5E',
    'é',
    'b',
    'a',
    'a',
    'Z',
    'B',
    null,
  ]);
  const letters = new DataFrame({ s: ['b', 'B', 'a', 'é', 'Z', null, 'a'] });
  assert.deepEqual(sort(letters, 's', { locale: 'en' }).get('s'), [
    'a',
    'a',
    'b',
    'B',
    'é',
    'Z',
    null,
  ]);
  const sv = new DataFrame({ s: ['ö', 'z', 'a'] });
  assert.deepEqual(sort(sv, 's', { locale: 'sv' }).get('s'), ['a', 'z', 'ö']);
  assert.deepEqual(sort(sv, 's', { locale: 'de' }).get('s'), ['a', 'ö', 'z']);
  assert.throws(() => sort(sv, 's', { locale: 'not a locale!' }), RangeError);
});

test('dates by time, booleans false before true, integer dtypes', () => {
  const df = new DataFrame({
    d: [new Date('2024-01-02'), null, new Date('1969-12-31'), new Date('2024-01-01')],
    b: [true, false, null, false],
    u: new Uint8Array([200, 3, 255, 0]),
    i: new Int16Array([-5, 300, -32768, 7]),
  });
  assert.deepEqual(
    (sort(df, 'd').get('d') as readonly (Date | null)[]).map(
      (x) => x?.toISOString().slice(0, 10) ?? null,
    ),
    ['1969-12-31', '2024-01-01', '2024-01-02', null],
  );
  assert.deepEqual(sort(df, 'b').get('b'), [false, false, true, null]);
  assert.deepEqual(Array.from(sort(df, 'u').get('u') as Uint8Array), [0, 3, 200, 255]);
  assert.deepEqual(
    Array.from(sort(df, 'i', { ascending: false }).get('i') as Int16Array),
    [300, 7, -5, -32768],
  );
});

test('several keys with per-key directions', () => {
  const df = new DataFrame({
    g: ['b', 'a', 'b', 'a', 'a'],
    v: [1, 2, 3, 2, 1],
    id: [0, 1, 2, 3, 4],
  });
  assert.deepEqual(Array.from(sort(df, ['g', 'v']).get('id') as Int32Array), [4, 1, 3, 0, 2]);
  assert.deepEqual(
    Array.from(sort(df, ['g', 'v'], { ascending: [true, false] }).get('id') as Int32Array),
    [1, 3, 4, 2, 0],
  );
  assert.throws(
    () => sort(df, ['g', 'v'], { ascending: [true] }),
    /ascending has 1 entries but 2 sort columns/,
  );
  assert.throws(() => sort(df, 'zz'), /Unknown column "zz"/);
  assert.throws(() => sort(df, 'g', { ascending: 'yes' } as never), TypeError);
  assert.deepEqual(sort(new DataFrame([]), []).shape, [0, 0]);
  assert.deepEqual(sort(df.head(1), 'v').toArray(), df.head(1).toArray());
});

test('property: matches a naive stable sort on random data (seeded)', () => {
  const rand = seededRandom(99);
  const words = ['', 'a', 'ab', 'B', 'b', 'zz', 'Å', '\u{1F600}', 'x y'];
  for (let trial = 0; trial < 150; trial++) {
    const n = Math.floor(rand() * 80);
    const num = Array.from({ length: n }, () =>
      rand() < 0.15
        ? null
        : rand() < 0.5
          ? Math.floor(rand() * 5) - 2
          : (rand() - 0.5) * 1e6 * rand(),
    );
    const str = Array.from({ length: n }, () =>
      rand() < 0.15 ? null : words[Math.floor(rand() * words.length)]!,
    );
    const df = new DataFrame({ num, str, id: Array.from({ length: n }, (_, i) => i) });
    const ascN = rand() < 0.5;
    const ascS = rand() < 0.5;
    const keys = rand() < 0.5 ? ['str', 'num'] : ['num', 'str'];
    const asc: Record<string, boolean> = { num: ascN, str: ascS };
    const cmp = (k: string, a: unknown, b: unknown): number => {
      const am = a === null || (typeof a === 'number' && Number.isNaN(a));
      const bm = b === null || (typeof b === 'number' && Number.isNaN(b));
      if (am || bm) return am === bm ? 0 : am ? 1 : -1;
      const c =
        typeof a === 'number'
          ? (a as number) - (b as number)
          : compareCodePoints(a as string, b as string);
      return asc[k] ? c : -c;
    };
    const rows = df.toArray();
    const expected = [...rows]
      .sort(
        (r, s) =>
          cmp(keys[0]!, r[keys[0]!], s[keys[0]!]) || cmp(keys[1]!, r[keys[1]!], s[keys[1]!]),
      )
      .map((r) => r.id);
    const got = Array.from(
      sort(df, keys, { ascending: keys.map((k) => asc[k]!) }).get('id') as Int32Array,
    );
    assert.deepEqual(got, expected, `trial ${trial}`);
  }
});

test('a million rows sort quickly', () => {
  const rand = seededRandom(1);
  const x = new Float64Array(1_000_000).map(() => rand());
  const t = performance.now();
  const out = sort(new DataFrame({ x }), 'x').get('x') as Float64Array;
  const ms = performance.now() - t;
  for (let i = 1; i < out.length; i++) if (out[i - 1]! > out[i]!) assert.fail(`not sorted at ${i}`);
  assert.ok(ms < 3000, `took ${ms} ms`);
});
