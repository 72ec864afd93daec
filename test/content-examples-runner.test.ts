// The example runner itself (issue 10), on test/fixtures/examples-site: blocks run in order in
// one scope from the page's folder; a wrong shown output or a throwing block fails with the
// file, the line and a diff; `dfdocs build --check-examples` exits 1 on it; `plot` blocks are
// drawn at build time as inline SVG, in worker threads too. The packages a page imports are the
// site's installed ones, resolved from the site root as Node resolves them (issue 28).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  readFileSync,
  writeFileSync,
  mkdtempSync,
  mkdirSync,
  realpathSync,
  symlinkSync,
} from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { tmpdir } from 'node:os';
import { spawnSync } from 'node:child_process';
import { copyFixture, fixture, removeDir, REPO_ROOT, buildSite } from './helpers/site';
import { checkPage } from '../src/render/examples/check';
import { extractExamples, importedPackages } from '../src/render/examples/extract';
import { lineDiff } from '../src/render/examples/lineDiff';

const GUIDE = 'docs/guide.md';

/**
 * A copy of a fixture site with the engine installed in it, as `npm install tinyframejs` would
 * (a link to this repository's workspace package): examples resolve packages from the site root.
 */
function siteCopy(name: string): string {
  const dir = copyFixture(name);
  mkdirSync(join(dir, 'node_modules'), { recursive: true });
  symlinkSync(
    realpathSync(join(REPO_ROOT, 'node_modules', 'tinyframejs')),
    join(dir, 'node_modules', 'tinyframejs'),
    'dir',
  );
  return dir;
}

/** A copy of the fixture with the guide edited by `edit`. */
function editedSite(edit: (text: string) => string): string {
  const dir = siteCopy('examples-site');
  const p = join(dir, GUIDE);
  writeFileSync(p, edit(readFileSync(p, 'utf8')));
  return dir;
}

function lineOf(text: string, needle: string): number {
  return text.slice(0, text.indexOf(needle)).split('\n').length;
}

test('extraction: runnable blocks, norun, plot, shown output and `// =>` lines', () => {
  const text = readFileSync(join(fixture('examples-site'), GUIDE), 'utf8');
  const { runnable, blocks } = extractExamples(text);
  assert.equal(runnable, true);
  assert.deepEqual(
    blocks.map((b) => [b.lang, b.plot, b.expected?.kind]),
    [
      ['js', false, 'block'],
      ['ts', false, 'arrows'],
      ['js', true, undefined],
    ],
  );
  assert.equal(blocks[0]!.fenceLine, lineOf(text, '```js title="read.js"'));
  assert.ok(!blocks.some((b) => b.code.includes('thisIsNotRun')));
  assert.equal(
    extractExamples('```js\nconsole.log(1)\n```\n').runnable,
    false,
    'a page that imports no package does not run',
  );
  assert.equal(
    extractExamples(
      "```js\nimport { readFile } from 'node:fs/promises';\nimport x from './x.js';\n```\n",
    ).runnable,
    false,
    'Node built-ins and relative modules do not make a page run',
  );
  assert.deepEqual(
    importedPackages(
      "import a from 'alpha/sub';\nimport '@scope/beta/x.css';\nconst g = await import('gamma');\nimport fs from 'fs';",
    ),
    ['alpha', '@scope/beta', 'gamma'],
  );
});

test('a page runs in order, in one scope, from its folder, and its outputs match', async () => {
  const page = await checkPage(join(fixture('examples-site'), GUIDE), {
    root: fixture('examples-site'),
  });
  assert.deepEqual(page.failures, []);
  assert.equal(page.executed, 3);
  assert.equal(page.checked, 2);
});

test('a wrong output block fails at its line with a diff', async () => {
  const dir = editedSite((t) =>
    t.replace('│ 2 │ plum  │  9 │   4.2 │', '│ 2 │ plum  │  9 │   4.3 │'),
  );
  try {
    const text = readFileSync(join(dir, GUIDE), 'utf8');
    const page = await checkPage(join(dir, GUIDE), { root: dir });
    assert.equal(page.failures.length, 1);
    const f = page.failures[0]!;
    assert.equal(f.file, GUIDE);
    assert.equal(f.line, lineOf(text, '```txt'));
    assert.match(f.detail!, /^- │ 2 │ plum {2}│ {2}9 │ {3}4\.3 │$/m);
    assert.match(f.detail!, /^\+ │ 2 │ plum {2}│ {2}9 │ {3}4\.2 │$/m);
  } finally {
    removeDir(dir);
  }
});

test('a wrong `// =>` comment fails at its own line', async () => {
  const dir = editedSite((t) => t.replace('// => 25', '// => 26'));
  try {
    const text = readFileSync(join(dir, GUIDE), 'utf8');
    const page = await checkPage(join(dir, GUIDE), { root: dir });
    assert.equal(page.failures.length, 1);
    assert.equal(page.failures[0]!.line, lineOf(text, '// => 26'));
    assert.match(page.failures[0]!.detail!, /^- 26$/m);
  } finally {
    removeDir(dir);
  }
});

test('a block that throws fails at the throwing line, and later blocks do not run', async () => {
  const dir = editedSite((t) =>
    t.replace(
      "const total: number = sum(fruit, 'kg');",
      "const total: number = sum(fruit, 'kilos');",
    ),
  );
  try {
    const text = readFileSync(join(dir, GUIDE), 'utf8');
    const page = await checkPage(join(dir, GUIDE), { root: dir });
    const f = page.failures.at(-1)!;
    assert.equal(f.line, lineOf(text, "sum(fruit, 'kilos')"));
    assert.match(f.message, /threw RangeError: .*kilos/);
    assert.equal(page.executed, 1);
  } finally {
    removeDir(dir);
  }
});

test('`// =>` comments beside an output block must each be a printed line', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'dfdocs-arrows-'));
  const page = join(dir, 'page.md');
  const text = (n: number) =>
    [
      '```js',
      "import { DataFrame } from 'tinyframejs';",
      'const df = new DataFrame({ a: [1, 2] });',
      `console.log(df.rowCount); // => ${n}`,
      "console.log('done');",
      '```',
      '',
      '```txt',
      '2',
      'done',
      '```',
      '',
    ].join('\n');
  try {
    writeFileSync(page, text(2));
    assert.deepEqual((await checkPage(page, { root: REPO_ROOT })).failures, []);
    writeFileSync(page, text(3));
    const f = (await checkPage(page, { root: REPO_ROOT })).failures;
    assert.equal(f.length, 1);
    assert.equal(f[0]!.line, 4);
    assert.match(f[0]!.message, /says "3"/);
  } finally {
    removeDir(dir);
  }
});

test('dfdocs build --check-examples exits 1 with `file:line:column — …`, a code frame and a diff, and builds nothing', () => {
  const dir = editedSite((t) => t.replace('// => 25', '// => 26'));
  try {
    const text = readFileSync(join(dir, GUIDE), 'utf8');
    const out = join(dir, 'dist');
    const r = spawnSync(
      process.execPath,
      [join(REPO_ROOT, 'bin', 'dfdocs.js'), 'build', '--root', dir, '--check-examples'],
      { encoding: 'utf8' },
    );
    assert.equal(r.status, 1, r.stderr);
    assert.ok(r.stderr.includes(`${GUIDE}:${lineOf(text, '// => 26')}:1 — `), r.stderr);
    assert.match(
      r.stderr,
      /\[ExampleOutputMismatch\]\n.*\n.*\n\s+> \d+ \| console\.log\(total\); \/\/ => 26\n/,
    );
    assert.match(r.stderr, /^\s+- 26$/m);
    assert.match(r.stderr, /^\s+\+ 25$/m);
    assert.throws(() => readFileSync(join(out, 'index.html')));
  } finally {
    removeDir(dir);
  }
});

test("a page's imports merge across blocks (aliases, defaults, namespaces, type-only ones dropped) and TypeScript-only syntax runs", async () => {
  const dir = editedSite(
    (t) =>
      t +
      [
        '',
        'Aliases, a namespace and a default, and TypeScript beyond annotations:',
        '',
        '```ts',
        "import { sum as kgSum, type DataFrame } from 'tinyframejs';",
        "import * as tf from 'tinyframejs';",
        "import helper from './helper.mjs';",
        'enum Unit { Kg = 1 }',
        'const frame: DataFrame = fruit;',
        "console.log(kgSum(frame, 'kg') * Unit.Kg, tf.sum(frame, 'kg'), helper()); // => 25 25 helped",
        '```',
        '',
        '```ts',
        "import { sum as kgSum } from 'tinyframejs';",
        'console.log(kgSum(fruit, "kg") satisfies number); // => 25',
        '```',
        '',
      ].join('\n'),
  );
  try {
    writeFileSync(join(dir, 'docs', 'helper.mjs'), "export default () => 'helped';\n");
    const page = await checkPage(join(dir, GUIDE), { root: dir });
    assert.deepEqual(page.failures, []);
    assert.equal(page.executed, 5);
    assert.equal(page.checked, 4);
  } finally {
    removeDir(dir);
  }
});

test('a block with a syntax error fails at its line, and the build reads the blocks without loading TypeScript', async () => {
  const dir = editedSite((t) => t.replace('fruit.print();', 'fruit.print(;'));
  try {
    const text = readFileSync(join(dir, GUIDE), 'utf8');
    const page = await checkPage(join(dir, GUIDE), { root: dir });
    assert.equal(page.failures.length, 1);
    assert.equal(page.failures[0]!.line, lineOf(text, 'fruit.print(;'));
    assert.equal(page.failures[0]!.code, 'ExampleSyntaxError');
    assert.match(
      page.failures[0]!.message,
      /^the example does not parse: SyntaxError: .*\(none of the page's 3 examples ran\)$/,
    );
    assert.equal(page.executed, 0);
    // A build (no --check-examples) says why the page's chart is missing.
    const r = spawnSync(
      process.execPath,
      [join(REPO_ROOT, 'bin', 'dfdocs.js'), 'build', '--root', dir],
      { encoding: 'utf8' },
    );
    assert.equal(r.status, 0, r.stderr);
    assert.match(
      r.stderr,
      new RegExp(
        `${GUIDE}:${lineOf(text, '```js plot')}:1 — the plot example drew no chart: an example on the page does not parse: SyntaxError: .* \\(line ${lineOf(text, 'fruit.print(;')}\\)`,
      ),
    );
  } finally {
    removeDir(dir);
  }
  // TypeScript's parser used to be loaded for this (~50 MiB and ~170 ms of the build thread).
  const site = siteCopy('examples-site');
  const probe = join(site, 'probe.mjs');
  writeFileSync(
    probe,
    [
      "import { createRequire } from 'node:module';",
      'const cache = createRequire(import.meta.url).cache;',
      "process.on('exit', () => process.stderr.write(`\\nTYPESCRIPT_LOADED=${Object.keys(cache).some((f) => /[\\\\/]typescript[\\\\/]lib[\\\\/]/.test(f))}\\n`));",
    ].join('\n'),
  );
  try {
    const r = spawnSync(
      process.execPath,
      [
        '--import',
        pathToFileURL(probe).href,
        join(REPO_ROOT, 'bin', 'dfdocs.js'),
        'build',
        '--root',
        site,
        '--check-examples',
      ],
      { encoding: 'utf8' },
    );
    assert.equal(r.status, 0, r.stderr);
    assert.match(r.stdout, /3 examples executed/);
    assert.match(r.stderr, /^TYPESCRIPT_LOADED=false$/m);
  } finally {
    removeDir(site);
  }
});

test('dfdocs build --check-examples passes on a correct site and reports the count', () => {
  const dir = siteCopy('examples-site');
  try {
    const r = spawnSync(
      process.execPath,
      [join(REPO_ROOT, 'bin', 'dfdocs.js'), 'build', '--root', dir, '--check-examples'],
      { encoding: 'utf8' },
    );
    assert.equal(r.status, 0, r.stderr);
    assert.match(r.stdout, /examples OK — 3 examples executed on 1 page, 2 outputs compared/);
  } finally {
    removeDir(dir);
  }
});

for (const workers of [0, 1]) {
  test(`a plot block is drawn at build time as inline SVG after its code (${workers ? 'worker thread' : 'main thread'})`, async () => {
    const dir = siteCopy('examples-site');
    const outDir = mkdtempSync(join(tmpdir(), 'dfdocs-examples-out-'));
    try {
      const result = await buildSite(dir, { outDir, workers, cache: false });
      assert.deepEqual(result.warnings, []);
      const html = readFileSync(join(outDir, 'docs', 'guide', 'index.html'), 'utf8');
      const fig = html.indexOf(
        '<figure class="tf-plot-figure" tabindex="0" data-example-output=""><svg',
      );
      assert.ok(fig > 0, 'no chart in the page');
      assert.ok(
        html.lastIndexOf('fruit.plot(', fig) > 0 || html.lastIndexOf('plot', fig) > 0,
        'the chart follows its code block',
      );
      assert.match(html, /<title id="[^"]+">Fruit sold \(kg\)<\/title>/);
      assert.match(html, /var\(--tf-plot-1, #[0-9a-f]{6}\)/);
    } finally {
      removeDir(dir);
      removeDir(outDir);
    }
  });
}

/** A site folder holding `files` (path → text). */
function siteWith(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'dfdocs-examples-pkg-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

test('a page runs the package the site has installed, as Node resolves it from the site root', async () => {
  // Any package, not one name: its `exports` decide the file (`import` condition), and a
  // relative import is read from the page's folder.
  const dir = siteWith({
    'node_modules/greeting/package.json': JSON.stringify({
      name: 'greeting',
      version: '1.0.0',
      type: 'module',
      exports: { '.': { import: './esm.js', require: './cjs.cjs' } },
    }),
    'node_modules/greeting/esm.js': 'export const hello = (n) => `hello ${n} (esm)`;\n',
    'node_modules/greeting/cjs.cjs': 'exports.hello = (n) => `hello ${n} (cjs)`;\n',
    'docs/shout.js': 'export const shout = (s) => s.toUpperCase();\n',
    'docs/page.md': [
      '```js',
      "import { hello } from 'greeting';",
      "import { shout } from './shout.js';",
      "console.log(shout(hello('ada')));",
      '```',
      '',
      '```txt',
      'HELLO ADA (ESM)',
      '```',
      '',
    ].join('\n'),
  });
  try {
    const page = await checkPage(join(dir, 'docs/page.md'), { root: dir });
    assert.deepEqual(page.failures, []);
    assert.equal(page.checked, 1);
  } finally {
    removeDir(dir);
  }
});

test('a package the site has not installed fails with its name and what to do', async () => {
  const dir = siteWith({
    'docs/page.md': "# P\n\n```js\nimport { x } from 'not-installed-here';\nconsole.log(x);\n```\n",
  });
  try {
    const page = await checkPage(join(dir, 'docs/page.md'), { root: dir });
    assert.equal(page.failures.length, 1);
    assert.equal(page.failures[0]!.line, 4);
    assert.match(
      page.failures[0]!.message,
      /"not-installed-here", which is not installed where the site is .*npm install not-installed-here.*norun/,
    );
  } finally {
    removeDir(dir);
  }
});

test('examples.cwd: the examples run in the configured folder, which must be inside the site', async () => {
  const page = [
    '```js',
    "import { readFile } from 'node:fs/promises';",
    "import { hello } from 'greeting';",
    "console.log(hello((await readFile('name.txt', 'utf8')).trim()));",
    '```',
    '',
    '```txt',
    'hello grace',
    '```',
    '',
  ].join('\n');
  const files = {
    'node_modules/greeting/package.json': JSON.stringify({
      name: 'greeting',
      type: 'module',
      exports: './esm.js',
    }),
    'node_modules/greeting/esm.js': 'export const hello = (n) => `hello ${n}`;\n',
    'static/data/name.txt': 'grace\n',
    'docs/guide/page.md': page,
  };
  const dir = siteWith({
    ...files,
    'dfdocs.config.ts': "export default { examples: { cwd: 'static/data' } };\n",
  });
  const outside = siteWith({
    ...files,
    'dfdocs.config.ts': "export default { examples: { cwd: '../elsewhere' } };\n",
  });
  try {
    const ok = await checkPage(join(dir, 'docs/guide/page.md'), { root: dir });
    assert.deepEqual(ok.failures, []);
    assert.equal(ok.checked, 1);
    const bad = await checkPage(join(outside, 'docs/guide/page.md'), { root: outside });
    assert.equal(bad.failures.length, 1);
    assert.match(
      bad.failures[0]!.message,
      /examples\.cwd "\.\.\/elsewhere" is outside the site root/,
    );
  } finally {
    removeDir(dir);
    removeDir(outside);
  }
});

test('lineDiff marks removed and added lines and keeps context', () => {
  assert.equal(lineDiff('a\nb\nc', 'a\nB\nc'), '  a\n- b\n+ B\n  c');
});
