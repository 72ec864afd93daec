import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DataFrame, filter, query, where, expr$, QuerySyntaxError } from '../src/index.js';

const people = new DataFrame({
  name: ['Ana', 'Ben', 'Cai', 'Dee', 'Eve'],
  age: [34, 27, null, 30, 41],
  city: ['Oslo', 'Rome', 'Oslo', null, 'Lima'],
  joined: [
    new Date('2020-05-01'),
    new Date('2021-01-15'),
    null,
    new Date('2023-07-09'),
    new Date('2019-12-31'),
  ],
  vip: [true, false, null, true, false],
  'unit price': [1, 2, 3, 4, 5],
});
const tsa = (s: string) => Object.assign([s], { raw: [s] }) as unknown as TemplateStringsArray;
const names = (df: DataFrame) => df.get('name') as readonly string[];

test('filter with a row function, a mask, and an expr$', () => {
  assert.deepEqual(names(filter(people, (r) => r.age > 30)), ['Ana', 'Eve']);
  assert.deepEqual(names(filter(people, (_r, i) => i % 2 === 0)), ['Ana', 'Cai', 'Eve']);
  assert.deepEqual(names(filter(people, new Uint8Array([0, 1, 0, 0, 1]))), ['Ben', 'Eve']);
  assert.deepEqual(names(people.filter(expr$`age >= ${30}`)), ['Ana', 'Dee', 'Eve']);
  assert.deepEqual(filter(people, (r) => r.age > 30).index, [0, 4]);
  assert.throws(() => filter(people, [true]), RangeError);
  assert.throws(() => filter(people, 'age > 3' as never), TypeError);
  assert.equal(filter(new DataFrame([]), () => true).rowCount, 0);
});

test('query: comparisons, logic, in, strings, params', () => {
  assert.deepEqual(names(query(people, 'age > 30 and city in ["Oslo", "Rome"]')), ['Ana']);
  assert.deepEqual(names(query(people, 'age > 30 or city == "Rome"')), ['Ana', 'Ben', 'Eve']);
  assert.deepEqual(names(query(people, 'not (age > 30)')), ['Ben', 'Cai', 'Dee']);
  assert.deepEqual(names(query(people, 'city not in ("Oslo")')), ['Ben', 'Dee', 'Eve']);
  assert.deepEqual(names(query(people, 'city != "Oslo"')), ['Ben', 'Dee', 'Eve']);
  assert.deepEqual(names(query(people, "name startsWith 'E' || name endsWith 'n'")), [
    'Ben',
    'Eve',
  ]);
  assert.deepEqual(
    names(query(people, 'city contains "o"')),
    ['Oslo', 'Rome', 'Oslo'].length ? ['Ana', 'Ben', 'Cai'] : [],
  );
  assert.deepEqual(names(query(people, 'name matches "^[AB]"')), ['Ana', 'Ben']);
  assert.deepEqual(names(query(people, 'age * 2 >= 68 && age - 1 < 40')), ['Ana']);
  assert.deepEqual(names(query(people, 'age % 2 == 1')), ['Ben', 'Eve']);
  assert.deepEqual(names(query(people, '-age < -35')), ['Eve']);
  assert.deepEqual(names(query(people, 'age > @min', { min: 33 })), ['Ana', 'Eve']);
  assert.deepEqual(names(query(people, '`unit price` >= 4')), ['Dee', 'Eve']);
  assert.deepEqual(names(query(people, 'vip')), ['Ana', 'Dee']);
  assert.deepEqual(names(query(people, 'vip == false')), ['Ben', 'Eve']);
  assert.deepEqual(names(query(people, 'true')), names(people));
  assert.deepEqual(names(query(people, 'lower(name) == "ana" or length(name) > 3')), ['Ana']);
  assert.deepEqual(names(query(people, 'AND_x == 1'.replace('AND_x == 1', 'age == 27'))), ['Ben']);
  assert.deepEqual(names(query(people, 'name == "Ana" AND age == 34')), ['Ana']);
});

test('query: missing values', () => {
  assert.deepEqual(names(query(people, 'age is null')), ['Cai']);
  assert.deepEqual(names(query(people, 'city is not null and age is not null')), [
    'Ana',
    'Ben',
    'Eve',
  ]);
  assert.deepEqual(names(query(people, 'age == null')), ['Cai']);
  assert.deepEqual(names(query(people, 'age != null')).length, 4);
  assert.deepEqual(names(query(people, 'age < 100')).length, 4); // missing never compares
  assert.deepEqual(names(query(people, 'age != 27')), ['Ana', 'Cai', 'Dee', 'Eve']);
  assert.deepEqual(names(query(people, 'isna(city)')), ['Dee']);
});

test('query: dates compare with ISO strings and functions', () => {
  assert.deepEqual(names(query(people, 'joined >= "2021-01-01"')), ['Ben', 'Dee']);
  assert.deepEqual(names(query(people, 'year(joined) == 2019')), ['Eve']);
  assert.deepEqual(names(query(people, 'joined in ["2020-05-01"]')), ['Ana']);
  const d = new Date('2023-07-09');
  assert.deepEqual(names(people.query(expr$`joined == ${d}`)), ['Dee']);
});

test('query: quoted strings are data, never code', () => {
  const t = new DataFrame({ s: ['a and b', 'x) or (1', "it's", 'say "hi"'] });
  assert.deepEqual(query(t, 's == "a and b"').get('s'), ['a and b']);
  assert.deepEqual(query(t, "s == 'x) or (1'").get('s'), ['x) or (1']);
  assert.deepEqual(query(t, "s == 'it\\'s'").get('s'), ["it's"]);
  assert.deepEqual(query(t, 's contains "\\"hi\\""').get('s'), ['say "hi"']);
  const evil = 'x" or s != "';
  assert.equal(t.query(expr$`s == ${evil}`).rowCount, 0);
});

test('query: syntax errors carry a position and a caret', () => {
  const cases: [string, number, RegExp][] = [
    ['age >> 3', 5, /Unexpected ">"/],
    ['age > ', 6, /Unexpected end of query/],
    ['(age > 3', 8, /expected "\)"/],
    ['age = 3', 4, /use == to compare/],
    ['name == "abc', 8, /Unterminated string/],
    ['age > 3 age', 8, /expected an operator or the end/],
    ['1 < age < 5', 8, /Chained comparison/],
    ['foo(age)', 0, /Unknown function "foo"/],
    ['', 0, /Empty query/],
    ['age # 3', 4, /Unexpected character "#"/],
    ['age > @', 6, /parameter name/],
  ];
  for (const [q, pos, re] of cases) {
    let err: unknown;
    try {
      query(people, q);
    } catch (e) {
      err = e;
    }
    assert.ok(
      err instanceof QuerySyntaxError && err instanceof SyntaxError,
      `${q} should throw a QuerySyntaxError`,
    );
    assert.equal((err as QuerySyntaxError).position, pos, q);
    assert.match((err as Error).message, re);
    assert.ok(
      (err as Error).message.includes(`\n  ${q}\n  ${' '.repeat(pos)}^`),
      (err as Error).message,
    );
  }
});

test('query: unknown columns, params and non-boolean results', () => {
  assert.throws(
    () => query(people, 'agee > 3'),
    /Unknown column "agee".*Did you mean "age"\?.*position 0/,
  );
  assert.throws(() => query(people, 'age > @x'), /Unknown parameter "@x"/);
  assert.throws(() => query(people, 'age * 2'), /does not give true\/false/);
  assert.throws(() => query(people, 'city in "Oslo"'), /Unexpected string "Oslo", expected a list/);
  assert.throws(() => query(people, 42 as never), TypeError);
});

test('expr$: interpolation, row evaluation, errors', () => {
  const limit = 30;
  const e = expr$`age > ${limit} and city in ${['Oslo', 'Lima']}`;
  assert.equal(typeof e, 'function');
  assert.equal(e.source, 'age > ${…} and city in ${…}');
  assert.equal(e({ age: 40, city: 'Oslo' }), true);
  assert.equal(e({ age: 40, city: 'Rome' }), false);
  assert.equal(e({ age: null, city: 'Oslo' }), false);
  assert.deepEqual(names(people.query(e)), ['Ana', 'Eve']);
  assert.equal(expr$`name matches ${/^c/i}`({ name: 'Cai' }), true);
  assert.equal(expr$`a + b`({ a: 'x', b: 'y' }), 'xy');
  assert.throws(() => expr$`age >`, QuerySyntaxError);
  assert.throws(() => people.filter(expr$`agee > 1`), /Unknown column "agee"/);
  assert.throws(() => expr$`zz > 1`({ a: 1 }), /Unknown column "zz"/);
  assert.throws(() => (expr$ as (s: unknown) => unknown)('x'), TypeError);
  // row-wise and column-wise evaluation agree
  const conds = [
    'age > 30',
    'city == "Oslo" or age is null',
    'not vip',
    'name contains "e"',
    'age % 2 == 0 and joined < "2022-01-01"',
  ];
  for (const c of conds) {
    const byRows = people
      .toArray()
      .filter((r) => expr$(tsa(c))(r) === true)
      .map((r) => r.name);
    assert.deepEqual(names(people.query(c)), byRows, c);
  }
});

test('where: every operator', () => {
  assert.deepEqual(names(where(people, 'age', '==', 27)), ['Ben']);
  assert.deepEqual(names(where(people, 'age', '!=', 27)), ['Ana', 'Cai', 'Dee', 'Eve']);
  assert.deepEqual(names(where(people, 'age', '>', 30)), ['Ana', 'Eve']);
  assert.deepEqual(names(where(people, 'age', '>=', 30)), ['Ana', 'Dee', 'Eve']);
  assert.deepEqual(names(where(people, 'age', '<', 30)), ['Ben']);
  assert.deepEqual(names(where(people, 'age', '<=', 30)), ['Ben', 'Dee']);
  assert.deepEqual(names(where(people, 'city', 'in', ['Lima', 'Rome'])), ['Ben', 'Eve']);
  assert.deepEqual(names(where(people, 'name', 'contains', 'e')), ['Ben', 'Dee', 'Eve']);
  assert.deepEqual(names(where(people, 'name', 'startsWith', 'D')), ['Dee']);
  assert.deepEqual(names(where(people, 'name', 'endsWith', 'i')), ['Cai']);
  assert.deepEqual(names(where(people, 'name', 'matches', /^[a-c]/i)), ['Ana', 'Ben', 'Cai']);
  assert.deepEqual(names(where(people, 'city', '==', null)), ['Dee']);
  assert.deepEqual(names(where(people, 'joined', '<', '2020-01-01')), ['Eve']);
  assert.deepEqual(names(where(people, 'name', '==', 'x" or 1')), []);
  assert.throws(() => where(people, 'age', '~' as never, 1), /unknown operator/);
  assert.throws(() => where(people, 'nope', '==', 1), /Unknown column "nope"/);
  assert.throws(() => where(people, 'city', 'in', 'Oslo'), /needs an array/);
  assert.throws(() => where(people, 'age', '>', null), TypeError);
});

test('numeric fast paths match the generic comparison on random data', () => {
  const n = 500;
  let seed = 7;
  const rnd = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const x = Array.from({ length: n }, () => (rnd() < 0.1 ? null : Math.round(rnd() * 100) / 4));
  const y = Array.from({ length: n }, () => Math.floor(rnd() * 50));
  const df = new DataFrame({ x, y });
  for (const op of ['<', '<=', '>', '>=', '==', '!=']) {
    const fast = Array.from(df.query(`x ${op} y / 2`).index as number[]);
    const slow = df.toArray().flatMap((r, i) => (expr$(tsa(`x ${op} y / 2`))(r) ? [i] : []));
    assert.deepEqual(fast, slow, op);
  }
});
