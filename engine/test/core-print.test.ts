import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DataFrame, print } from '../src/index.js';
import { formatNumber } from '../src/output/formatValue.js';

const lines = (...l: string[]) => l.join('\n');

test('the documented table format, exactly', () => {
  const df = new DataFrame({
    fruit: ['apple', 'banana', 'cherry'],
    price: [1.2, 0.5, null],
    qty: [10, 25, 7],
  });
  assert.equal(
    df.toString(),
    lines(
      '┌───┬────────┬───────┬─────┐',
      '│   │ fruit  │ price │ qty │',
      '├───┼────────┼───────┼─────┤',
      '│ 0 │ apple  │   1.2 │  10 │',
      '│ 1 │ banana │   0.5 │  25 │',
      '│ 2 │ cherry │  null │   7 │',
      '└───┴────────┴───────┴─────┘',
      '[3 rows × 3 columns]',
    ),
  );
});

test('print writes toString() to the console', () => {
  const df = new DataFrame({ a: [1] });
  const seen: unknown[] = [];
  const log = console.log;
  console.log = (...args: unknown[]) => void seen.push(...args);
  try {
    print(df);
    df.print({ rows: 3 });
  } finally {
    console.log = log;
  }
  assert.deepEqual(seen, [df.toString(), df.toString()]);
});

test('rows and columns elided in the middle, with counts grouped', () => {
  const n = 1234;
  const cols: Record<string, number[]> = {};
  for (const c of 'abcdefghij') cols[c] = Array.from({ length: n }, (_, i) => i);
  const out = new DataFrame(cols).toString({ rows: 4, cols: 4 });
  assert.equal(
    out,
    lines(
      '┌──────┬──────┬──────┬───┬──────┬──────┐',
      '│      │    a │    b │ … │    i │    j │',
      '├──────┼──────┼──────┼───┼──────┼──────┤',
      '│    0 │    0 │    0 │ … │    0 │    0 │',
      '│    1 │    1 │    1 │ … │    1 │    1 │',
      '│    … │    … │    … │ … │    … │    … │',
      '│ 1232 │ 1232 │ 1232 │ … │ 1232 │ 1232 │',
      '│ 1233 │ 1233 │ 1233 │ … │ 1233 │ 1233 │',
      '└──────┴──────┴──────┴───┴──────┴──────┘',
      '[1,234 rows × 10 columns]',
    ),
  );
  // defaults: 10 rows (5 + 5) and 8 columns (4 + 4)
  const big = new DataFrame(cols).toString().split('\n');
  assert.equal(big.length, 1 + 1 + 1 + 11 + 1 + 1);
  assert.equal(big[1], '│      │    a │    b │    c │    d │ … │    g │    h │    i │    j │');
});

test('index labels, dates, booleans, text escaping and truncation', () => {
  const df = new DataFrame(
    {
      day: [new Date('2024-03-01'), null],
      at: [new Date('2024-03-01T14:30:00Z'), new Date('2024-03-01T00:00:00.250Z')],
      ok: [true, null],
      note: ['line one\nline two', 'x'.repeat(40)],
    },
    { index: ['first', 'second'] },
  );
  assert.equal(
    df.toString(),
    lines(
      '┌────────┬────────────┬──────────────────────────┬──────┬──────────────────────────────────┐',
      '│        │ day        │ at                       │ ok   │ note                             │',
      '├────────┼────────────┼──────────────────────────┼──────┼──────────────────────────────────┤',
      '│ first  │ 2024-03-01 │ 2024-03-01T14:30:00Z     │ true │ line one\\nline two               │',
      '│ second │ null       │ 2024-03-01T00:00:00.250Z │ null │ xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx… │',
      '└────────┴────────────┴──────────────────────────┴──────┴──────────────────────────────────┘',
      '[2 rows × 4 columns]',
    ),
  );
  const named = new DataFrame({ city: ['Oslo'], pop: [0.7] }, { index: 'city' });
  assert.equal(named.toString().split('\n')[1], '│ city │ pop │');
});

test('labels carried by row selections are shown', () => {
  const df = new DataFrame({ v: [5, 3, 9] }).sort('v');
  assert.deepEqual(df.toString().split('\n').slice(3, 6), ['│ 1 │ 3 │', '│ 0 │ 5 │', '│ 2 │ 9 │']);
});

test('wide characters count double', () => {
  const df = new DataFrame({ 名前: ['東京', 'Oslo'] });
  assert.equal(
    df.toString(),
    lines(
      '┌───┬──────┐',
      '│   │ 名前 │',
      '├───┼──────┤',
      '│ 0 │ 東京 │',
      '│ 1 │ Oslo │',
      '└───┴──────┘',
      '[2 rows × 1 column]',
    ),
  );
});

test('empty frames', () => {
  assert.equal(new DataFrame([]).toString(), '[0 rows × 0 columns]');
  assert.equal(
    new DataFrame({ a: [] as number[], b: [] as string[] }).toString(),
    lines('┌──┬───┬───┐', '│  │ a │ b │', '└──┴───┴───┘', '[0 rows × 2 columns]'),
  );
  assert.equal(new DataFrame({ a: [1] }).select([]).toString(), '[1 row × 0 columns]');
});

test('number formatting', () => {
  assert.equal(formatNumber(0.1 + 0.2), '0.3');
  assert.equal(formatNumber(2 / 3), '0.666667');
  assert.equal(formatNumber(1234.56789), '1234.56789');
  assert.equal(formatNumber(-1.5), '-1.5');
  assert.equal(formatNumber(1e-7 * 1.5), '1.5e-7');
  assert.equal(formatNumber(123456789012345680000), '1.23457e+20');
  assert.equal(formatNumber(1e21), '1e+21');
  assert.equal(formatNumber(42), '42');
  assert.equal(formatNumber(-0), '0');
  assert.equal(formatNumber(NaN), 'null');
  assert.equal(formatNumber(Infinity), 'Infinity');
  assert.equal(formatNumber(-0.0000001), '-1e-7');
  assert.equal(formatNumber(0.0001), '0.0001');
});

test('options are checked', () => {
  const df = new DataFrame({ a: [1] });
  assert.throws(() => df.toString({ rows: 0 }), RangeError);
  assert.throws(() => df.toString({ row: 3 } as never), /unknown option "row"/);
  assert.throws(() => df.toString({ rows: 2.5 }), TypeError);
});

test('console.log and util.inspect show the table', async () => {
  const { inspect } = await import('node:util');
  const df = new DataFrame({ a: [1] });
  assert.equal(inspect(df), df.toString());
});
