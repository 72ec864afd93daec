import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import * as tf from '../src/index.js';

// The 44 function names of the site's API reference (spec §2), plus the DataFrame class.
const NAMES = [
  'apiToFrame',
  'arrayToFrame',
  'at',
  'cloneFrame',
  'count',
  'createFrame',
  'drop',
  'expr$',
  'filter',
  'first',
  'head',
  'iloc',
  'jsonToFrame',
  'last',
  'loc',
  'max',
  'mean',
  'median',
  'min',
  'mode',
  'print',
  'query',
  'readCsv',
  'readExcel',
  'readJson',
  'readSql',
  'readTsv',
  'sample',
  'select',
  'selectByPattern',
  'sort',
  'std',
  'stratifiedSample',
  'sum',
  'tail',
  'validateColumn',
  'validateColumnLengths',
  'validateColumnNames',
  'validateDType',
  'validateInputData',
  'validateNumericArray',
  'validateOptions',
  'variance',
  'where',
] as const;

const METHODS = [
  'select',
  'drop',
  'selectByPattern',
  'head',
  'tail',
  'first',
  'last',
  'at',
  'iloc',
  'loc',
  'sample',
  'stratifiedSample',
  'filter',
  'query',
  'where',
  'sort',
  'count',
  'sum',
  'mean',
  'median',
  'mode',
  'min',
  'max',
  'std',
  'variance',
  'print',
  'toString',
  'toArray',
  'row',
  'get',
  'has',
];

const CATEGORIES = new Set([
  'Creation',
  'Selection',
  'Filtering',
  'Aggregation',
  'Ordering',
  'Output',
  'I/O',
  'Validation',
  'DataFrame',
]);

test('every name of the API reference is exported as a function', () => {
  assert.equal(NAMES.length, 44);
  for (const name of NAMES)
    assert.equal(typeof (tf as Record<string, unknown>)[name], 'function', name);
  assert.equal(typeof tf.DataFrame, 'function');
});

test('DataFrame has the chainable methods, statics and getters', () => {
  for (const m of METHODS)
    assert.equal(
      typeof (tf.DataFrame.prototype as unknown as Record<string, unknown>)[m],
      'function',
      m,
    );
  for (const s of ['fromRows', 'fromColumns', 'fromArrays', 'fromJson', 'fromCsv'])
    assert.equal(typeof (tf.DataFrame as unknown as Record<string, unknown>)[s], 'function', s);
  const df = new tf.DataFrame({ a: [1] });
  for (const g of ['columns', 'rowCount', 'dtypes', 'shape', 'index'])
    assert.notEqual((df as unknown as Record<string, unknown>)[g], undefined, g);
});

test('methods and standalone functions give the same results', () => {
  const df = new tf.DataFrame({ a: [3, 1, 2, null], b: ['x', 'y', 'x', 'z'] });
  const same = (x: tf.DataFrame, y: tf.DataFrame) =>
    assert.deepEqual([x.toArray(), x.index], [y.toArray(), y.index]);
  same(df.sort('a'), tf.sort(df, 'a'));
  same(df.head(2), tf.head(df, 2));
  same(df.tail(2), tf.tail(df, 2));
  same(df.select('b'), tf.select(df, 'b'));
  same(df.drop('b'), tf.drop(df, 'b'));
  same(df.selectByPattern('a'), tf.selectByPattern(df, 'a'));
  same(df.iloc('1:'), tf.iloc(df, '1:'));
  same(df.loc([0, 2]), tf.loc(df, [0, 2]));
  same(df.sample(2, { seed: 9 }), tf.sample(df, 2, { seed: 9 }));
  same(df.stratifiedSample('b', 0.5, { seed: 9 }), tf.stratifiedSample(df, 'b', 0.5, { seed: 9 }));
  same(
    df.filter((r) => r.b === 'x'),
    tf.filter(df, (r) => r.b === 'x'),
  );
  same(df.query('a > 1'), tf.query(df, 'a > 1'));
  same(df.where('b', '==', 'x'), tf.where(df, 'b', '==', 'x'));
  assert.deepEqual(df.at(-1), tf.at(df, -1));
  assert.deepEqual(df.first(), tf.first(df));
  assert.deepEqual(df.last('b'), tf.last(df, 'b'));
  assert.equal(df.count('a'), tf.count(df, 'a'));
  assert.equal(df.sum('a'), tf.sum(df, 'a'));
  assert.equal(df.mean('a'), tf.mean(df, 'a'));
  assert.equal(df.median('a'), tf.median(df, 'a'));
  assert.deepEqual(df.mode('b'), tf.mode(df, 'b'));
  assert.equal(df.min('a'), tf.min(df, 'a'));
  assert.equal(df.max('a'), tf.max(df, 'a'));
  assert.equal(df.std('a', { ddof: 0 }), tf.std(df, 'a', { ddof: 0 }));
  assert.equal(df.variance('a'), tf.variance(df, 'a'));
  assert.deepEqual(df.sum(), tf.sum(df));
});

function walk(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) walk(p, out);
    else if (name.endsWith('.ts')) out.push(p);
  }
  return out;
}

test('every API function has complete TSDoc: summary, @param, @returns, @throws, @category, a ts @example', () => {
  const sources = walk(resolve(import.meta.dirname, '../src')).map((f) => ({
    f,
    text: readFileSync(f, 'utf8'),
  }));
  const problems: string[] = [];
  for (const name of [...NAMES, 'DataFrame']) {
    const decl = new RegExp(
      `/\\*\\*((?:(?!\\*/)[\\s\\S])*)\\*/\\s*export (?:async )?(?:function|class) ${name.replace('$', '\\$')}(?![\\w$])`,
    );
    const hit = sources.map(({ f, text }) => ({ f, m: decl.exec(text) })).find((x) => x.m);
    if (!hit) {
      problems.push(`${name}: no doc comment found`);
      continue;
    }
    const doc = hit.m![1]!;
    const summary = doc
      .replace(/^\s*\*\s?/gm, '')
      .trim()
      .split('\n')[0]!;
    if (!summary || summary.startsWith('@')) problems.push(`${name}: no summary`);
    const category = /@category (\S+)/.exec(doc)?.[1];
    if (!category || !CATEGORIES.has(category))
      problems.push(`${name}: @category ${category ?? 'missing'}`);
    if (!/@example\s[\s\S]*```ts/.test(doc)) problems.push(`${name}: no \`\`\`ts @example`);
    if (name !== 'DataFrame') {
      for (const tag of ['@param', '@returns', '@throws'])
        if (!doc.includes(tag)) problems.push(`${name}: no ${tag}`);
    }
  }
  assert.deepEqual(problems, []);
});
