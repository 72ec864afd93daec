// Engine wiring one way (issue 26, item 8): the DataFrame class imports the operations it
// exposes; operations never import the class (they read a frame's storage and make their
// results through the frame they were given); only factories — functions that make a frame from
// something that is not a frame — import it, and the class imports none of them. So the value
// imports form no cycle, nothing has to be registered, and importing any one module of the
// engine alone gives frames whose every method works (before, importing DataFrame.js alone left
// groupBy() and 33 other methods throwing).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import ts from 'typescript';

const SRC = resolve(import.meta.dirname, '..', 'src');
const DIST = resolve(import.meta.dirname, '..', 'dist');

/** The modules allowed to import the DataFrame class: the public entry point and the factories. */
const FACTORIES = [
  'index.ts',
  'combining/concat.ts', // concat([]) makes an empty frame; concatFrames is the operation
  'creation/apiToFrame.ts',
  'creation/arrayToFrame.ts',
  'creation/createFrame.ts',
  'creation/jsonToFrame.ts',
  'io/readCsv.ts',
  'io/readSql.ts',
];

function sources(dir = SRC, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) sources(p, out);
    else if (name.endsWith('.ts')) out.push(p);
  }
  return out;
}

/** The engine modules a file imports as values (type-only imports are erased by the compiler). */
function valueImports(file: string): string[] {
  const js = ts.transpileModule(readFileSync(file, 'utf8'), {
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
  }).outputText;
  return [
    ...js.matchAll(
      /^\s*(?:import|export)\s[^;]*?from\s*['"](\.[^'"]+)['"]|^\s*import\s*['"](\.[^'"]+)['"]/gm,
    ),
  ]
    .map((m) => resolve(dirname(file), (m[1] ?? m[2]!).replace(/\.js$/, '.ts')))
    .filter((p) => p.startsWith(SRC));
}

const graph = new Map(sources().map((f) => [f, valueImports(f)]));
const rel = (f: string) => relative(SRC, f);

test('the value imports of the engine form no cycle', () => {
  const state = new Map<string, 1 | 2>();
  const cycles: string[] = [];
  const stack: string[] = [];
  const visit = (f: string) => {
    state.set(f, 1);
    stack.push(f);
    for (const d of graph.get(f) ?? []) {
      if (state.get(d) === 1)
        cycles.push([...stack.slice(stack.indexOf(d)), d].map(rel).join(' → '));
      else if (!state.has(d)) visit(d);
    }
    stack.pop();
    state.set(f, 2);
  };
  for (const f of graph.keys()) if (!state.has(f)) visit(f);
  assert.deepEqual(cycles, []);
});

test('operations never import the DataFrame class; only the entry point and factories do', () => {
  const importers = [...graph]
    .filter(([, deps]) => deps.includes(join(SRC, 'DataFrame.ts')))
    .map(([f]) => rel(f))
    .sort();
  assert.deepEqual(importers, [...FACTORIES].sort());
  // Nothing is registered with the class at load time any more.
  for (const f of graph.keys())
    assert.doesNotMatch(
      readFileSync(f, 'utf8'),
      /\bregister(StorageReader|FrameMaker)\b|DataFrame\.toolkit\b/,
      rel(f),
    );
});

/**
 * Calls every method and getter of DataFrame.prototype on a small frame, in a fresh module graph
 * (a worker thread) where one built engine module was imported alone: the class module itself,
 * or a factory, whose first frame gives the class (never imported here by name).
 */
const EXERCISE = `
const { workerData, parentPort } = await import('node:worker_threads');
const mod = await import(workerData.module);
const made =
  mod.DataFrame ? new mod.DataFrame({ a: [1] })
  : mod.createFrame ? mod.createFrame({ a: [1] })
  : mod.arrayToFrame ? mod.arrayToFrame([['a'], [1]], { headerRow: true })
  : mod.jsonToFrame ? mod.jsonToFrame('{"a":[1]}')
  : mod.apiToFrame ? mod.apiToFrame([{ a: 1 }])
  : mod.readCsv ? await mod.readCsv({ text: 'a\\n1\\n' })
  : mod.readSql ? await mod.readSql({ query: async () => [{ a: 1 }] }, 'select 1')
  : mod.concat ? mod.concat([])
  : undefined;
const DataFrame = made.constructor;
const df = new DataFrame({
  k: ['a', 'b', 'a', 'c'],
  v: [1, 2, null, 4],
  d: [new Date(0), new Date(86400000), null, new Date(3 * 86400000)],
});
const other = new DataFrame({ k: ['a', 'b'], w: [10, 20] });
const calls = {
  columns: () => df.columns, rowCount: () => df.rowCount, shape: () => df.shape,
  dtypes: () => df.dtypes, index: () => df.index,
  has: () => df.has('k'), get: () => df.get('v'), row: () => df.row(0), toArray: () => df.toArray(),
  cell: () => df.cell(0, 'k'), select: () => df.select('k'), drop: () => df.drop('k'),
  selectByPattern: () => df.selectByPattern('^k'), head: () => df.head(2), tail: () => df.tail(2),
  first: () => df.first(), last: () => df.last(), at: () => df.at(-1), iloc: () => df.iloc([0]),
  loc: () => df.loc([0]), sample: () => df.sample(2, { seed: 1 }),
  stratifiedSample: () => df.stratifiedSample('k', 0.5, { seed: 1 }),
  filter: () => df.filter(() => true), query: () => df.query('v > 1'), where: () => df.where('v', '>', 1),
  sort: () => df.sort('v'), count: () => df.count('v'), sum: () => df.sum('v'), mean: () => df.mean('v'),
  median: () => df.median('v'), mode: () => df.mode('k'), min: () => df.min('v'), max: () => df.max('v'),
  std: () => df.std('v'), variance: () => df.variance('v'), print: () => df.toString(),
  toString: () => df.toString(), assign: () => df.assign({ x: 1 }), apply: () => df.apply('v', (x) => x),
  rename: () => df.rename({ v: 'w' }), cast: () => df.cast('v', 'str'),
  cut: () => df.cut('v', { bins: [0, 2, 5] }), oneHot: () => df.oneHot('k'), isna: () => df.isna(),
  dropna: () => df.dropna(), fillna: () => df.fillna({ v: 0 }), interpolate: () => df.interpolate('v'),
  describe: () => df.describe(), quantile: () => df.quantile('v', 0.5), corr: () => df.corr('v', 'v'),
  cov: () => df.cov('v', 'v'), valueCounts: () => df.valueCounts('k'),
  groupBy: () => df.groupBy('k').agg({ v: 'sum' }), concat: () => df.concat([df]),
  join: () => df.join(other, { on: 'k' }), dropDuplicates: () => df.dropDuplicates(),
  pivot: () => df.pivot({ index: 'k', columns: 'k', values: 'v', agg: 'sum' }),
  melt: () => df.melt({ idVars: 'k' }), transpose: () => df.transpose(),
  rolling: () => df.rolling('v', 2).mean(), shift: () => df.shift('v'),
  resample: () => df.resample('d', 'day'), str: () => df.str('k').upper(),
  explode: () => df.explode('k'), toCsv: () => df.toCsv(), toJson: () => df.toJson(),
  toMarkdown: () => df.toMarkdown(), toHTML: () => df.toHTML(),
  writeCsv: () => typeof df.writeCsv, writeJson: () => typeof df.writeJson,
  plot: () => df.plot({ kind: 'bar', x: 'k', y: 'v' }),
};
const methods = Object.getOwnPropertyNames(DataFrame.prototype).filter((m) => m !== 'constructor');
const failures = [];
if (Object.getPrototypeOf(df) !== made.constructor.prototype) failures.push('not the same class');
for (const m of methods) {
  if (!(m in calls)) { failures.push(m + ': no call in the test (add one)'); continue; }
  try { calls[m](); } catch (e) { failures.push(m + ': ' + e.message); }
}
parentPort.postMessage({ failures, methods: methods.length });
`;

function exercise(module: string): Promise<{ failures: string[]; methods: number }> {
  return new Promise((resolvePromise, reject) => {
    const w = new Worker(
      `import(${JSON.stringify(`data:text/javascript,${encodeURIComponent(EXERCISE)}`)})`,
      { eval: true, workerData: { module: pathToFileURL(module).href } },
    );
    w.once('message', (m) => {
      resolvePromise(m);
      void w.terminate();
    });
    w.once('error', reject);
  });
}

test('importing the class module alone, or any one factory alone, leaves no method unregistered', async () => {
  // DataFrame.js alone is the case that used to break. With no registration left (above), what
  // another module loads first cannot matter; the factories are the other ways in.
  const modules = ['DataFrame.ts', ...FACTORIES.filter((f) => f !== 'index.ts')].map((f) =>
    join(DIST, f.replace(/\.ts$/, '.js')),
  );
  const problems: string[] = [];
  let methods = 0;
  for (const m of modules) {
    const r = await exercise(m);
    methods = r.methods;
    for (const f of r.failures) problems.push(`${relative(DIST, m)} alone → ${f}`);
  }
  assert.deepEqual(problems, []);
  assert.ok(methods > 60, `only ${methods} methods and getters found`);
});
