// The behaviour the tutorials state in prose (issue 28), each claim backed by a test named after
// its page. The walk: every sentence of these pages that states an order, a stability or an
// immutability ("sorted", "stable", "never changes", "keeps", "in the order", "code point", …)
// must be covered by a claim below (or listed as not about the engine's behaviour, with why), and
// every claim's words must still be on its page — so a new promise in the prose needs a test, and
// a claim whose sentence was reworded fails until the test follows it.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  DataFrame,
  concat,
  dateRange,
  readCsv,
  readExcel,
  sort,
  type CellValue,
  type Row,
} from '../src/index.js';
import { columnOf } from '../src/storage.js';
import { rng, randInt } from './toolkit-helpers';

const DOCS = join(import.meta.dirname, '..', '..', 'docs', 'getting-started');
const DATA = join(import.meta.dirname, '..', '..', 'static', 'data');

/** A page's file: markdown, or MDX when the page has interactive parts. */
function pageFile(base: string): string {
  return existsSync(`${base}.md`) ? `${base}.md` : `${base}.mdx`;
}

/** Pages walked, by the name their tests carry. */
const PAGES: Record<string, string> = {
  'getting-started': join(DOCS, 'index.md'),
  'package-overview': join(DOCS, 'package-overview.md'),
  ...Object.fromEntries(
    [
      'dataframe-basics',
      'io',
      'filtering',
      'plotting',
      'derived-columns',
      'statistics',
      'reshaping',
      'combining-tables',
      'time-series',
      'text-processing',
    ].map((p) => [p, pageFile(join(DOCS, 'tutorials', p))]),
  ),
};

/** Words that make a sentence a statement about order, stability or immutability. */
const BEHAVIOUR =
  /\bsorted\b|\bstable\b|never chang|unchanged|code[- ]point|\bin (the )?order\b|first appear|\bkeeps?\b|\bkept\b/i;

/** The prose sentences of a page (code blocks, headings, tables and directives left out). */
function sentences(file: string): string[] {
  const text = readFileSync(file, 'utf8').replace(/^---[\s\S]*?\n---\n/, '');
  const prose = text.replace(/```[\s\S]*?```/g, '').replace(/^(#|\||:::).*$/gm, '');
  return prose
    .split(/\n\s*\n/)
    .map((p) => p.replace(/\s*\n\s*/g, ' ').trim())
    .flatMap((p) => p.split(/(?<=[.:;!?])\s+(?=[A-Z`*(-])/));
}

interface Claim {
  page: string;
  /** Words of the sentence the test backs (a substring of it). */
  says: string;
  check: () => void | Promise<void>;
}

/** Sentences the walk finds that are not about what the engine does. */
const NOT_ENGINE_BEHAVIOUR: { page: string; says: string; why: string }[] = [
  {
    page: 'dataframe-basics',
    says: 'Every code block on this page runs, in order, as one script',
    why: "about the docs: test/examples.test.ts runs each page's blocks in order and compares what they print",
  },
  {
    page: 'io',
    says: 'To keep this page runnable without a database',
    why: 'explains the stand-in client of the example',
  },
];

/** A frame and everything observable about it, to show an operation left it as it was. */
function snapshot(df: DataFrame): string {
  return JSON.stringify({
    columns: df.columns,
    dtypes: df.dtypes,
    index: df.index,
    rows: df.toArray(),
    data: df.columns.map((c) => Array.from(df.get(c) as ArrayLike<unknown>)),
  });
}

function sample(): DataFrame {
  return new DataFrame(
    {
      plant: ['Monstera', 'Snake plant', 'Calathea', 'Pothos', 'Boston fern'],
      price: [24.5, 18, 21, 9.5, 14],
      stock: [6, 11, null, 23, 4],
      since: [
        new Date(Date.UTC(2024, 0, 5)),
        null,
        new Date(Date.UTC(2023, 5, 1)),
        new Date(Date.UTC(2024, 2, 9)),
        new Date(Date.UTC(2022, 10, 30)),
      ],
      light: ['bright', 'low', 'medium', 'low', 'medium'],
    },
    { index: ['a', 'b', 'c', 'd', 'e'] },
  );
}

/** Runs a broad set of operations and returns what they made (used by "never changes"). */
function everyOperation(df: DataFrame): unknown[] {
  return [
    df.select(['plant', 'price']),
    df.drop('light'),
    df.head(2),
    df.tail(2),
    df.iloc([3, 1]),
    df.filter((r) => (r.price as number) > 10),
    df.query('price > 10'),
    df.where('light', '==', 'low'),
    df.sort('price', { ascending: false }),
    df.assign({ value: (r) => (r.price as number) * ((r.stock as number) ?? 0) }),
    df.apply('price', (v) => (v as number) * 2),
    df.rename({ price: 'cost' }),
    df.cast('stock', 'str'),
    df.dropna(),
    df.fillna({ stock: 0 }),
    df.interpolate('stock'),
    df.groupBy('light').agg({ price: 'mean', stock: 'sum' }),
    df.pivot({ index: 'light', columns: 'plant', values: 'price' }),
    df.melt({ idVars: 'plant', valueVars: ['price'] }),
    df.dropDuplicates({ subset: 'light' }),
    df.join(new DataFrame({ light: ['low'], water: ['rarely'] }), { on: 'light', how: 'left' }),
    df.concat([df]),
    df.describe(),
    df.valueCounts('light'),
    df.shift('price', 1),
    df.rolling('price', 2).mean(),
    df.oneHot('light'),
    df.str('plant').upper(),
    df.transpose(),
    df.toCsv(),
    df.toJson(),
    df.plot({ kind: 'bar', x: 'plant', y: 'price' }),
  ];
}

/** Code points, compared as numbers: the reference order for strings. */
function byCodePoint(a: string, b: string): number {
  const x = Array.from(a, (c) => c.codePointAt(0)!);
  const y = Array.from(b, (c) => c.codePointAt(0)!);
  for (let i = 0; i < Math.min(x.length, y.length); i++) if (x[i] !== y[i]) return x[i]! - y[i]!;
  return x.length - y.length;
}

const CLAIMS: Claim[] = [
  // --- getting-started ---
  {
    page: 'getting-started',
    says: '`cities` itself is unchanged',
    check: () => {
      const cities = new DataFrame({ city: ['Lagos', 'Osaka', 'Lima'], n: [3, 1, 2] });
      const before = snapshot(cities);
      cities
        .assign({ m: (r) => (r.n as number) * 2 })
        .sort('n')
        .head(2);
      assert.equal(snapshot(cities), before);
    },
  },
  {
    page: 'getting-started',
    says: 'The index follows the rows',
    check: () => {
      const df = new DataFrame({ city: ['Lagos', 'Osaka', 'Lima', 'Porto'], d: [5, 9, 1, 7] });
      const top = df.sort('d', { ascending: false }).head(2);
      assert.deepEqual(top.index, [1, 3]);
      assert.deepEqual(top.get('city'), ['Osaka', 'Porto']);
    },
  },
  // --- package-overview ---
  {
    page: 'package-overview',
    says: 'Missing values are kept, never guessed',
    check: () => {
      const df = new DataFrame({ n: [1, null, 3], s: ['a', null, 'c'] });
      assert.ok(Number.isNaN(df.get('n')[1]));
      assert.equal(df.get('s')[1], null);
      assert.equal(df.count('n'), 2);
      assert.equal(df.mean('n'), 2);
    },
  },
  {
    page: 'package-overview',
    says: 'whole numbers that fit in 32 bits, without gaps, become `i32`',
    check: () => {
      const dt = (values: unknown[]) => new DataFrame({ x: values }).dtypes.x;
      assert.equal(dt([1, 2, 3]), 'i32');
      assert.equal(dt([0, 2 ** 31 - 1, -(2 ** 31)]), 'i32');
      assert.equal(dt([1, 2 ** 31]), 'f64');
      assert.equal(dt([1, null, 3]), 'f64');
      assert.equal(dt([1.5, 2]), 'f64');
      assert.equal(new DataFrame({ x: new Uint8Array([1, 2]) }).dtypes.x, 'u8');
      assert.equal(new DataFrame({ x: new Int16Array([1, 2]) }).dtypes.x, 'i16');
    },
  },
  {
    page: 'package-overview',
    says: 'A column that mixes kinds of values is kept as it is, as `mixed`',
    check: () => {
      const df = new DataFrame({ m: [1, 'x', true, { k: 1 }] });
      assert.equal(df.dtypes.m, 'mixed');
      assert.deepEqual(df.get('m'), [1, 'x', true, { k: 1 }]);
    },
  },
  {
    page: 'package-overview',
    says: 'Sorting numbers uses a stable radix sort',
    check: () => {
      // Stable: rows with equal keys keep their order, ascending and descending, for every
      // dtype; missing values go last.
      const r = rng(28);
      for (let trial = 0; trial < 30; trial++) {
        const n = randInt(r, 0, 60);
        const pick = <T>(xs: T[]) => xs[randInt(r, 0, xs.length - 1)]!;
        const df = new DataFrame({
          f: Array.from({ length: n }, () => pick([1.5, -2, 0, 7, null, 1e9, -1e-9])),
          i: Array.from({ length: n }, () => pick([3, 1, 2])),
          s: Array.from({ length: n }, () => pick(['b', 'a', 'é', '😀', '～', null])),
          d: Array.from({ length: n }, () =>
            pick([new Date(0), new Date(86_400_000), null, new Date(-5)]),
          ),
          b: Array.from({ length: n }, () => pick([true, false, null])),
        });
        for (const key of df.columns)
          for (const ascending of [true, false]) {
            const out = sort(df, key, { ascending });
            const labels = out.index as number[];
            const keys = out.get(key) as ArrayLike<unknown>;
            const missing = (v: unknown) => v === null || (typeof v === 'number' && v !== v);
            for (let k = 1; k < labels.length; k++) {
              const a = keys[k - 1];
              const b = keys[k];
              if (missing(b)) {
                if (missing(a)) assert.ok(labels[k - 1]! < labels[k]!, `${key}: missing in order`);
                continue;
              }
              assert.ok(!missing(a), `${key}: a missing value before a present one`);
              const c =
                typeof a === 'string'
                  ? byCodePoint(a, b as string)
                  : Number(a as number | Date | boolean) - Number(b as number | Date | boolean);
              assert.ok(ascending ? c <= 0 : c >= 0, `${key}: out of order`);
              if (c === 0) assert.ok(labels[k - 1]! < labels[k]!, `${key}: ties reordered`);
            }
          }
      }
    },
  },
  {
    page: 'package-overview',
    says: 'Selecting or renaming columns shares their storage',
    check: () => {
      const df = sample();
      assert.equal(columnOf(df.select(['price']), 'price'), columnOf(df, 'price'));
      assert.equal(columnOf(df.rename({ price: 'cost' }), 'cost'), columnOf(df, 'price'));
    },
  },
  // --- dataframe-basics ---
  {
    page: 'dataframe-basics',
    says: 'Keys become columns in the order they first appear',
    check: () => {
      const df = new DataFrame([{ b: 1 }, { a: 2, b: 3 }, { c: 4, a: 5 }]);
      assert.deepEqual(df.columns, ['b', 'a', 'c']);
    },
  },
  {
    page: 'dataframe-basics',
    says: 'A typed array keeps its type; it is copied',
    check: () => {
      const boxes = new Uint8Array([3, 1, 2]);
      const df = new DataFrame({ boxes });
      boxes[0] = 99;
      assert.equal(df.dtypes.boxes, 'u8');
      assert.deepEqual(df.get('boxes'), new Uint8Array([3, 1, 2]));
    },
  },
  {
    page: 'dataframe-basics',
    says: '`deliveries.boxes` keeps the `u8` array it was given',
    check: () => {
      const df = new DataFrame({ boxes: new Uint8Array([1, 2]) });
      assert.ok(df.get('boxes') instanceof Uint8Array);
    },
  },
  {
    page: 'dataframe-basics',
    says: "`get(name)` returns a copy of the column's values",
    check: () => {
      const df = sample();
      const price = df.get('price') as Float64Array;
      price[0] = -1;
      const plants = df.get('plant') as unknown[];
      plants[0] = 'changed';
      (df.get('since')[0] as Date).setUTCFullYear(1900);
      // Nothing reached the frame, nor a frame made from it (the select example).
      assert.equal(df.get('price')[0], 24.5);
      assert.equal(df.select(['price']).get('price')[0], 24.5);
      assert.equal(df.get('plant')[0], 'Monstera');
      assert.equal((df.get('since')[0] as Date).getUTCFullYear(), 2024);
    },
  },
  {
    page: 'dataframe-basics',
    says: 'Each call copies the column',
    check: () => {
      const df = sample();
      assert.notEqual(df.get('price'), df.get('price'));
      assert.notEqual(df.get('plant'), df.get('plant'));
    },
  },
  {
    page: 'dataframe-basics',
    says: '`tail` keeps the original index label',
    check: () => {
      const df = new DataFrame({ x: [1, 2, 3, 4, 5] });
      assert.deepEqual(df.tail(1).index, [4]);
      assert.deepEqual(df.tail(2).index, [3, 4]);
    },
  },
  {
    page: 'dataframe-basics',
    says: '`select` keeps the columns you name, in the order you name them',
    check: () => {
      assert.deepEqual(sample().select(['stock', 'plant']).columns, ['stock', 'plant']);
    },
  },
  {
    page: 'dataframe-basics',
    says: 'TinyFrame keeps track of what is missing rather than guessing',
    check: () => {
      const df = sample().fillna({ light: 'x' });
      assert.ok(Number.isNaN(df.get('stock')[2]));
      assert.equal(df.get('since')[1], null);
      assert.equal(df.isna('stock')[2], true);
    },
  },
  {
    page: 'dataframe-basics',
    says: 'the others keep their labels (`0, 1, 3, 4`), as they do after `filter` or `sort`',
    check: () => {
      const df = new DataFrame({ plant: ['M', 'S', 'C', 'P', 'B'], stock: [6, 11, null, 23, 4] });
      assert.deepEqual(df.dropna().index, [0, 1, 3, 4]);
      assert.deepEqual(df.filter((r) => r.stock !== null).index, [0, 1, 3, 4]);
      assert.deepEqual(df.sort('stock').index, [4, 0, 1, 3, 2]);
      // The same with labels of your own.
      const named = new DataFrame({ s: [1, null, 3, 3] }, { index: ['w', 'x', 'y', 'z'] });
      assert.deepEqual(named.dropna().index, ['w', 'y', 'z']);
      assert.deepEqual(named.dropDuplicates().index, ['w', 'x', 'y']);
    },
  },
  {
    page: 'dataframe-basics',
    says: '`fillna` keeps every row',
    check: () => {
      const df = sample();
      const filled = df.fillna({ stock: 0 });
      assert.equal(filled.rowCount, df.rowCount);
      assert.deepEqual(filled.index, df.index);
    },
  },
  {
    page: 'dataframe-basics',
    says: 'That makes it safe to keep intermediate results around',
    check: () => {
      // "Frames never change": no operation changes its input.
      const df = sample();
      const before = snapshot(df);
      everyOperation(df);
      assert.equal(snapshot(df), before);
    },
  },
  // --- derived-columns ---
  {
    page: 'derived-columns',
    says: 'the original is never changed',
    check: () => {
      const df = sample();
      const before = snapshot(df);
      df.assign({ price: 0, extra: (r: Row) => r.plant });
      df.apply('price', () => 1);
      assert.equal(snapshot(df), before);
    },
  },
  {
    page: 'derived-columns',
    says: 'Entries are computed in order, so a later one can use an earlier one',
    check: () => {
      const out = new DataFrame({ a: [1, 2] }).assign({
        b: (r) => (r.a as number) * 10,
        c: (r) => (r.b as number) + 1,
      });
      assert.deepEqual(out.get('c'), new Int32Array([11, 21]));
    },
  },
  {
    page: 'derived-columns',
    says: 'New columns go to the end; a replaced column keeps its place',
    check: () => {
      const out = new DataFrame({ a: [1], b: [2], c: [3] }).assign({ z: 0, b: 'x' });
      assert.deepEqual(out.columns, ['a', 'b', 'c', 'z']);
      assert.deepEqual(out.get('b'), ['x']);
    },
  },
  {
    page: 'derived-columns',
    says: 'TinyFrame keeps dates in UTC',
    check: async () => {
      const df = await readCsv({ text: 'day\n2024-04-01\n2024-04-02T10:30:00\n' });
      assert.equal((df.get('day')[0] as Date).getTime(), Date.UTC(2024, 3, 1));
      assert.equal((df.get('day')[1] as Date).getTime(), Date.UTC(2024, 3, 2, 10, 30));
    },
  },
  // --- filtering ---
  {
    page: 'filtering',
    says: '`select` keeps columns in the order you give',
    check: () => {
      const df = sample();
      assert.deepEqual(df.select(['light', 'plant']).columns, ['light', 'plant']);
      assert.deepEqual(df.drop(['price', 'since']).columns, ['plant', 'stock', 'light']);
      assert.deepEqual(df.selectByPattern(/^p/).columns, ['plant', 'price']);
    },
  },
  {
    page: 'filtering',
    says: 'The rows keep their original index labels',
    check: () => {
      const df = sample();
      assert.deepEqual(df.filter((r) => r.light === 'low').index, ['b', 'd']);
      assert.deepEqual(df.query('light == "medium"').index, ['c', 'e']);
      assert.deepEqual(new DataFrame({ x: [5, 6, 7] }).where('x', '>', 5).index, [1, 2]);
    },
  },
  {
    page: 'filtering',
    says: 'input from a user can never change the meaning of the query',
    check: () => {
      const df = sample();
      const hostile = { light: 'low" or light != "' };
      assert.equal(df.query('light == @light', hostile).rowCount, 0);
      assert.equal(df.query('light == @light', { light: 'low' }).rowCount, 2);
    },
  },
  {
    page: 'filtering',
    says: "`loc` finds rows by that column's values, in the order you ask for them",
    check: () => {
      const df = new DataFrame({ rent: [900, 1200, 700] }, { index: ['L-1', 'L-2', 'L-3'] });
      assert.deepEqual(df.loc(['L-3', 'L-1']).get('rent'), new Int32Array([700, 900]));
    },
  },
  {
    page: 'filtering',
    says: '`head(n)` and `tail(n)` keep the first or last `n` rows (5 by default)',
    check: () => {
      const df = new DataFrame({ x: Array.from({ length: 8 }, (_, i) => i) });
      assert.deepEqual(df.head().index, [0, 1, 2, 3, 4]);
      assert.deepEqual(df.tail().index, [3, 4, 5, 6, 7]);
      assert.deepEqual(df.head(2).index, [0, 1]);
      assert.deepEqual(df.tail(2).index, [6, 7]);
    },
  },
  {
    page: 'filtering',
    says: 'a sample of listings keeps the mix of cities',
    check: () => {
      const city = [...Array(10).fill('Oslo'), ...Array(6).fill('Rome'), ...Array(4).fill('Lima')];
      const df = new DataFrame({ city });
      const s = df.stratifiedSample('city', 0.5, { seed: 3 });
      const counts = Object.fromEntries(
        s
          .valueCounts('city')
          .toArray()
          .map((r) => [r.city as string, r.count as number]),
      );
      assert.deepEqual(counts, { Oslo: 5, Rome: 3, Lima: 2 });
    },
  },
  // --- io ---
  {
    page: 'io',
    says: '`dynamicTyping: false` keeps every field as text',
    check: async () => {
      const df = await readCsv(
        { text: 'a,b,c\n1,true,2024-01-01\n,x,\n' },
        { dynamicTyping: false },
      );
      assert.deepEqual(df.dtypes, { a: 'str', b: 'str', c: 'str' });
      assert.deepEqual(df.toArray(), [
        { a: '1', b: 'true', c: '2024-01-01' },
        { a: '', b: 'x', c: '' },
      ]);
    },
  },
  {
    page: 'io',
    says: 'Excel cells keep their types',
    check: async () => {
      const stock = await readExcel(join(DATA, 'inventory.xlsx'));
      const types = Object.values(stock.dtypes);
      assert.ok(
        types.some((t) => t === 'i32' || t === 'f64'),
        'numbers stay numbers',
      );
      assert.ok(types.includes('date'), 'date cells become dates');
    },
  },
  // --- reshaping ---
  {
    page: 'reshaping',
    says: 'Rows come in the order the stalls first appear; the product columns are sorted',
    check: () => {
      const df = new DataFrame({
        stall: ['Orchard', 'Green', 'Orchard', 'Hive', 'Green'],
        product: ['pears', '～tea', 'apples', '😀 honey', 'kale'],
        kg: [1, 2, 3, 4, 5],
      });
      const wide = df.pivot({ index: 'stall', columns: 'product', values: 'kg', agg: 'sum' });
      assert.deepEqual(wide.get('stall'), ['Orchard', 'Green', 'Hive']);
      const products = ['pears', '～tea', 'apples', '😀 honey', 'kale'];
      assert.deepEqual(wide.columns.slice(1), [...products].sort(byCodePoint));
    },
  },
  // --- statistics ---
  {
    page: 'statistics',
    says: 'the **median** is the middle value once sorted',
    check: () => {
      assert.equal(new DataFrame({ x: [9, 1, 5] }).median('x'), 5);
      assert.equal(new DataFrame({ x: [9, 1, 5, 3] }).median('x'), 4);
      assert.deepEqual(new DataFrame({ s: ['😀', '～', 'b', '😀', '～', 'b', 'a'] }).mode('s'), [
        'b',
        '～',
        '😀',
      ]);
    },
  },
  // --- time-series ---
  {
    page: 'time-series',
    says: 'TinyFrame keeps dates as JavaScript `Date` objects in **UTC**',
    check: async () => {
      const df = await readCsv({ text: 'day\n2024-04-01\n' });
      const day = df.get('day')[0] as Date;
      assert.ok(day instanceof Date);
      assert.equal(day.toISOString(), '2024-04-01T00:00:00.000Z');
    },
  },
  {
    page: 'time-series',
    says: 'Month steps keep the day of the month',
    check: () => {
      const days = dateRange('2024-01-31', '2024-06-30', '1 month').map((d) =>
        d.toISOString().slice(0, 10),
      );
      assert.deepEqual(days, [
        '2024-01-31',
        '2024-02-29',
        '2024-03-31',
        '2024-04-30',
        '2024-05-31',
        '2024-06-30',
      ]);
    },
  },
  // --- combining-tables ---
  {
    page: 'combining-tables',
    says: "`keep: 'last'` keeps the last copy instead",
    check: () => {
      const df = new DataFrame({ id: [1, 2, 1, 2, 3], v: ['a', 'b', 'c', 'd', 'e'] });
      const last = df.dropDuplicates({ subset: 'id', keep: 'last' });
      assert.deepEqual(last.get('v'), ['c', 'd', 'e']);
      assert.deepEqual(last.index, [2, 3, 4]);
      assert.deepEqual(df.dropDuplicates({ subset: 'id' }).index, [0, 1, 4]);
    },
  },
  ...joinClaims(),
  {
    page: 'combining-tables',
    says: 'Both key columns are kept',
    check: () => {
      const loans = new DataFrame({ isbn: ['1', '2'], who: ['a', 'b'] });
      const books = new DataFrame({ book_isbn: ['2', '1'], title: ['B', 'A'] });
      const out = loans.join(books, { leftOn: 'isbn', rightOn: 'book_isbn' });
      assert.deepEqual(out.columns, ['isbn', 'who', 'book_isbn', 'title']);
    },
  },
];

function joinClaims(): Claim[] {
  const left = new DataFrame({ k: ['a', 'b', 'c', 'b'], l: [1, 2, 3, 4] });
  const right = new DataFrame({ k: ['b', 'c', 'd'], r: ['x', 'y', 'z'] });
  const pairs = (df: DataFrame) => df.toArray().map((row) => [row.k, row.l, row.r] as CellValue[]);
  return [
    {
      page: 'combining-tables',
      says: 'An **inner** join keeps only the rows that match on both sides',
      check: () =>
        assert.deepEqual(pairs(left.join(right, { on: 'k' })), [
          ['b', 2, 'x'],
          ['c', 3, 'y'],
          ['b', 4, 'x'],
        ]),
    },
    {
      page: 'combining-tables',
      says: 'A **left** join keeps every row of the left table and fills',
      check: () =>
        assert.deepEqual(pairs(left.join(right, { on: 'k', how: 'left' })), [
          ['a', 1, null],
          ['b', 2, 'x'],
          ['c', 3, 'y'],
          ['b', 4, 'x'],
        ]),
    },
    {
      page: 'combining-tables',
      says: 'A **right** join keeps every row of the right table',
      check: () => {
        const out = left.join(right, { on: 'k', how: 'right' });
        assert.deepEqual(
          [...new Set(out.get('k') as string[])].sort(),
          ['b', 'c', 'd'],
          'every right key',
        );
        assert.equal(out.rowCount, 4);
      },
    },
    {
      page: 'combining-tables',
      says: 'An **outer** join keeps everything from both sides',
      check: () => {
        const out = left.join(right, { on: 'k', how: 'outer' });
        assert.deepEqual([...new Set(out.get('k') as string[])].sort(), ['a', 'b', 'c', 'd']);
        assert.equal(out.rowCount, 5);
        assert.equal(concat([left, left]).rowCount, 8);
      },
    },
  ];
}

test('the walk: every behavioural sentence of the tutorials is backed by a test', () => {
  const unbacked: string[] = [];
  for (const [page, file] of Object.entries(PAGES)) {
    for (const s of sentences(file)) {
      if (!BEHAVIOUR.test(s)) continue;
      const covered =
        CLAIMS.some((c) => c.page === page && s.includes(c.says)) ||
        NOT_ENGINE_BEHAVIOUR.some((c) => c.page === page && s.includes(c.says));
      if (!covered) unbacked.push(`${page}: "${s}"`);
    }
  }
  assert.deepEqual(
    unbacked,
    [],
    'these sentences state behaviour no test backs: add a claim to engine/test/tutorial-claims.test.ts',
  );
  // And each claim still quotes its page.
  for (const c of [...CLAIMS, ...NOT_ENGINE_BEHAVIOUR]) {
    const page = PAGES[c.page];
    assert.ok(page, `unknown page ${c.page}`);
    assert.ok(
      sentences(page).some((s) => s.includes(c.says)),
      `${c.page} no longer says "${c.says}": update the claim with the page`,
    );
  }
});

for (const page of Object.keys(PAGES)) {
  const claims = CLAIMS.filter((c) => c.page === page);
  if (!claims.length) continue;
  describe(`tutorial claims: ${page}`, () => {
    for (const c of claims) test(c.says, c.check);
  });
}
