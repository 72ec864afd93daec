/**
 * The browser runner's program (src/client/runner/program.ts): a page's blocks, as the reader
 * sees or edited them, become one module as `--check-examples` builds it. Each program here
 * is imported for real (its package a data: URL module), with the worker's two hooks.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { buildProgram, ProgramError } from '../../src/client/runner/program';
import { prepareExampleBlock, type ExampleBlockSource } from '../../src/shared/exampleBlock';
import { exampleFileUrl } from '../../src/client/runner/dataAccess';

const LIB =
  'data:text/javascript,' +
  encodeURIComponent(
    'export const add = (a, b) => a + b; export const twice = (x) => 2 * x; export default 40;',
  );
const urlOf = (spec: string) => (spec === 'lib' ? LIB : undefined);

/** The program of blocks read as the build and the editor read them (src/shared/exampleBlock.ts). */
const programOf = (blocks: ExampleBlockSource[]) =>
  buildProgram(
    blocks.map((b) => ({ code: b.code, prepared: prepareExampleBlock(b) })),
    urlOf,
  );

/** Runs a program as the worker does: output per block, plot values, the block that threw. */
async function run(blocks: ExampleBlockSource[]) {
  const program = programOf(blocks);
  const outputs: string[][] = [];
  const values: Record<number, unknown> = {};
  let current = -1;
  const log = console.log;
  (globalThis as Record<string, unknown>).__tfExamples = {
    enter(k: number) {
      current = k;
      if (k >= 0) outputs[k] ??= [];
    },
    value(v: unknown) {
      values[current] = v;
      return v;
    },
  };
  console.log = (...args: unknown[]) => outputs[current]!.push(args.join(' '));
  let error: unknown;
  try {
    await import('data:text/javascript,' + encodeURIComponent(program.text));
  } catch (e) {
    error = e;
  } finally {
    console.log = log;
  }
  return { program, outputs: outputs.map((o) => o.join('\n')), values, error, current };
}

const js = (code: string, plot = false): ExampleBlockSource => ({ code, lang: 'js', plot });

test('blocks run in order in one scope; imports are merged and hoisted, whatever form they take', async () => {
  const r = await run([
    js("import { add } from 'lib';\nconst a = add(1, 2);\nconsole.log(a);"),
    js(
      "import { add, twice as double } from 'lib';\nimport base from 'lib';\nconsole.log(double(a), add(base, 2));",
    ),
    js(
      "import * as lib from 'lib';\nconsole.log(lib.twice(a + 1));\nconst m = await import('lib');\nconsole.log(m.default)",
    ),
  ]);
  assert.equal(r.error, undefined);
  assert.deepEqual(r.outputs, ['3', '6 42', '8\n40']);
  // One import line per form, before everything; the blocks' lines stay where they were.
  const lines = r.program.text.split('\n');
  assert.equal(lines[0], `import { add, twice as double } from ${JSON.stringify(LIB)};`);
  assert.deepEqual(r.program.lineMap[lines.indexOf('console.log(a);')], { block: 0, line: 3 });
});

test('a plot block hands its last expression (the chart) to the runner', async () => {
  const r = await run([
    js("import { twice } from 'lib';\nconst n = 21;"),
    js('`<svg>${twice(n)}</svg>`', true),
  ]);
  assert.equal(r.values[1], '<svg>42</svg>');
});

test('TypeScript blocks run with their types blanked out, lines kept', async () => {
  const code = [
    "import { add } from 'lib';",
    "import type { Frame } from 'lib';",
    'interface Row { a: number }',
    'type N = number;',
    'function sum<T extends N>(xs: T[], start?: number): number { return xs.reduce((s: number, x) => add(s, x), start ?? 0); }',
    'const rows = [{ a: 1 }, { a: 2 }] as Row[];',
    'const first = rows[0]!.a satisfies N;',
    'console.log(sum<number>(rows.map((r) => r.a)), first, [1] as const);',
  ].join('\n');
  const r = await run([{ code, lang: 'ts', plot: false }]);
  assert.equal(r.error, undefined, String(r.error));
  assert.equal(r.outputs[0], '3 1 1');
  // The import, the hooks, the block's marker and end, the last marker — and the final newline.
  assert.equal(r.program.text.split('\n').length, code.split('\n').length + 6);
});

test("a thrown error is the reader's: its block and the line in their code", async () => {
  const r = await run([
    js('const x = 1;\nconsole.log(x);'),
    js('console.log("before");\nnull.boom;'),
  ]);
  assert.ok(r.error instanceof TypeError);
  assert.equal(r.current, 1);
  assert.deepEqual(r.outputs, ['1', 'before']);
  const line = Number(/:(\d+):\d+/.exec(String((r.error as Error).stack))?.[1]);
  assert.deepEqual(r.program.lineMap[line - 1], { block: 1, line: 2 });
});

test('a syntax error, or an import that cannot run in the browser, is reported at its line before running', () => {
  const at = (blocks: ExampleBlockSource[]) => {
    try {
      programOf(blocks);
    } catch (e) {
      assert.ok(e instanceof ProgramError);
      return { block: e.block, line: e.line, message: e.message };
    }
    assert.fail('no error');
  };
  assert.deepEqual(at([js('const a = 1;'), js('const b = 2;\nconst c = (b;\n')]), {
    block: 1,
    line: 2,
    message: 'SyntaxError: unexpected ";"',
  });
  const other = at([js("const ok = 1;\nimport { x } from 'other-lib';")]);
  assert.equal(other.line, 2);
  assert.match(other.message, /"other-lib", which this site does not load in the browser/);
  assert.match(at([js("import { y } from './local.js';")]).message, /a file beside the page/);
  const node = at([js("const a = 1;\n\nimport { tmpdir } from 'node:os';")]);
  assert.equal(node.line, 3);
  assert.match(node.message, /"node:os", a module of Node\.js: it runs with Node/);
  // The first problem in reading order: an import of block 0 before a syntax error of block 1.
  const first = at([js("import { x } from 'other-lib';"), js('const c = (1;')]);
  assert.equal(first.block, 0);
  assert.match(first.message, /"other-lib"/);
});

test('a file an example reads: a relative path is in the published data folder, and nothing else is', () => {
  (globalThis as { location?: unknown }).location = { href: 'https://site.dev/docs/tutorial/' };
  try {
    const ok = exampleFileUrl('listings.csv', '/data/');
    assert.ok(ok instanceof URL && ok.href === 'https://site.dev/data/listings.csv');
    const sub = exampleFileUrl('./sales/2024.csv', '/data/');
    assert.ok(sub instanceof URL && sub.pathname === '/data/sales/2024.csv');
    for (const url of [
      '../secret.json',
      '/assets/client.js',
      'https://other.example/data/x.csv',
      'https://site.dev/api/me',
    ])
      assert.ok('error' in exampleFileUrl(url, '/data/'), url);
    assert.match(
      (exampleFileUrl('x.csv', undefined) as { error: string }).error,
      /does not publish the examples' data files/,
    );
  } finally {
    delete (globalThis as { location?: unknown }).location;
  }
});
