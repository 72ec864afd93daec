/**
 * One diagnostic path (issue 26 item 4), seen from the command line: the
 * diagnostics-site fixture holds one of each problem a build reports as a warning, and
 * copies of it add one error each. `dfdocs build` prints every problem with its code,
 * `file:line:column`, and a code frame (the lines around it, a caret under the column),
 * counts the warnings by code, exits 0 — and 1 under --strict, where each warning is an
 * error.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { buildSite, copyFixture, removeDir } from '../helpers/site';
import { runCliAsync } from '../helpers/cliProcess';
import { runCli } from '../helpers/tempSite';

/** Each warning of the fixture: its code and where it is, as `file:line:column`. */
const WARNINGS = [
  ['BrokenLink', 'docs/intro.md:7:42'],
  ['BrokenAnchor', 'docs/intro.md:9:18'],
  ['UnknownDirective', 'docs/intro.md:11:1'],
  ['UnknownDirective', 'docs/intro.md:15:1'],
  ['UnknownComponent', 'docs/intro.md:17:1'],
  ['AssetMissing', 'docs/intro.md:19:1'],
  ['UnsafeLink', 'docs/intro.md:21:1'],
  ['MarkdownPluginMessage', 'docs/intro.md:23:1'],
] as const;
const SUMMARY =
  '8 warnings: 2 UnknownDirective, 1 AssetMissing, 1 BrokenAnchor, 1 BrokenLink, 1 MarkdownPluginMessage, 1 UnknownComponent, 1 UnsafeLink';

const ESC = '\u001b';
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Asserts that `stderr` reports `code` at `place` with the given severity, followed by a
 * code frame whose marked line is the source line and whose caret sits under the column.
 */
function assertReported(
  stderr: string,
  severity: 'warning' | 'error',
  code: string,
  place: string,
  root: string,
): void {
  const [file, line, column] = place.split(':') as [string, string, string];
  const header = new RegExp(`^${severity}: ${escape(place)} — .+ \\[${code}\\]$`, 'm');
  const m = header.exec(stderr);
  assert.ok(m, `${severity} ${code} at ${place} in:\n${stderr}`);
  const source = readFileSync(join(root, file), 'utf8').split('\n')[Number(line) - 1]!;
  const after = stderr.slice(m.index + m[0].length + 1).split('\n');
  const marked = after.findIndex((l) => /^\s+> +\d+ \| /.test(l));
  assert.ok(marked >= 0 && marked <= 2, `a frame follows ${code} at ${place}`);
  assert.equal(after[marked], `  > ${line.padStart(after[marked]!.indexOf(' |') - 4)} | ${source}`);
  const caret = after[marked + 1]!;
  assert.equal(caret.indexOf('^') - caret.indexOf('|') - 2, Number(column) - 1, `caret of ${code}`);
}

test('a build with one of each warning prints each with its code, place and frame, counts them by code, and exits 0', () => {
  const root = copyFixture('diagnostics-site');
  try {
    const r = runCli(['build', '--root', root, '--out', join(root, 'dist')], undefined, {
      NO_COLOR: '',
    });
    assert.equal(r.status, 0, r.stderr);
    for (const [code, place] of WARNINGS) assertReported(r.stderr, 'warning', code, place, root);
    assert.equal((r.stderr.match(/^warning: /gm) ?? []).length, WARNINGS.length);
    assert.match(r.stderr, new RegExp(`^dfdocs: ${escape(SUMMARY)}$`, 'm'));
    assert.match(r.stdout, /built 4 pages into .* — 8 warnings,/);
    assert.ok(!r.stderr.includes(`${ESC}[`), 'no colours when stderr is not a terminal');
  } finally {
    removeDir(root);
  }
});

test('the same warnings, at the same places, come back from render workers', async () => {
  const root = copyFixture('diagnostics-site');
  try {
    const result = await buildSite(root, { workers: 2, cache: false });
    assert.deepEqual(
      result.warnings.map((w) => `${w.code} ${w.file}:${w.line}:${w.column}`).sort(),
      WARNINGS.map(([code, place]) => `${code} ${place}`).sort(),
    );
  } finally {
    removeDir(root);
  }
});

test('--strict makes each warning an error, still with its code, place and frame, and exits 1', () => {
  const root = copyFixture('diagnostics-site');
  try {
    const r = runCli(['build', '--root', root, '--out', join(root, 'dist'), '--strict']);
    assert.equal(r.status, 1, r.stderr);
    for (const [code, place] of WARNINGS) assertReported(r.stderr, 'error', code, place, root);
    assert.match(r.stderr, /; the build is --strict \[UnknownDirective\]$/m);
    assert.match(
      r.stderr,
      new RegExp(`^dfdocs: ${escape(SUMMARY.replace('warnings', 'errors'))}$`, 'm'),
    );
    assert.match(r.stderr, /^dfdocs: build failed; the previous output was left as it was\.$/m);
  } finally {
    removeDir(root);
  }
});

test('colours are used when asked for (FORCE_COLOR), as on a terminal', () => {
  const root = copyFixture('diagnostics-site');
  try {
    const r = runCli(['build', '--root', root, '--out', join(root, 'dist')], undefined, {
      NO_COLOR: '',
      FORCE_COLOR: '1',
    });
    assert.equal(r.status, 0, r.stderr);
    assert.ok(
      r.stderr.includes(`${ESC}[1m${ESC}[33mwarning${ESC}[39m${ESC}[22m: docs/intro.md:11:1 — `),
      r.stderr,
    );
    assert.ok(r.stderr.includes(`${ESC}[2m[UnknownDirective]${ESC}[22m`));
  } finally {
    removeDir(root);
  }
});

/** Each error, added to a copy of the fixture: the files to write, the code, where it is reported. */
const ERRORS: {
  name: string;
  files: Record<string, string | ((root: string) => string)>;
  code: string;
  place: string;
}[] = [
  {
    name: 'config',
    files: {
      'dfdocs.config.ts': (root) =>
        readFileSync(join(root, 'dfdocs.config.ts'), 'utf8').replace(
          "title: 'Diagnostics'",
          'title: 42',
        ),
    },
    code: 'ConfigInvalid',
    place: 'dfdocs.config.ts:4:3',
  },
  {
    name: 'front matter',
    files: { 'docs/broken.md': '---\ntitle: Broken\ntags: [one, two\n---\n\n# Broken\n' },
    code: 'FrontMatterInvalid',
    place: 'docs/broken.md:2:1',
  },
  {
    name: "a markdown plugin's file.fail()",
    files: {
      'plugins/remark-no-todo.mjs': (root) =>
        readFileSync(join(root, 'plugins/remark-no-todo.mjs'), 'utf8').replace(
          "file.message('a TODO",
          "file.fail('a TODO",
        ),
    },
    code: 'MarkdownPluginMessage',
    place: 'docs/intro.md:23:1',
  },
  {
    name: 'MDX',
    files: { 'docs/gauges.mdx': '# Gauges\n\nThe gauge:\n\n<Gauge value={3} />\n' },
    code: 'MdxUnknownComponent',
    place: 'docs/gauges.mdx:5:1',
  },
  {
    name: 'server rendering',
    files: {
      'pages/boom.tsx':
        'export default function Boom() {\n  const parts: string[] = [];\n  return <p>{parts[0]!.toUpperCase()}</p>;\n}\n',
    },
    code: 'RenderFailed',
    place: 'pages/boom.tsx:3:24', // where it threw, through the compiled page's source map
  },
];

test('an error of each kind stops the build with its code, place and frame (exit 1)', async () => {
  const roots = ERRORS.map(() => copyFixture('diagnostics-site'));
  try {
    const runs = ERRORS.map((e, k) => {
      const root = roots[k]!;
      for (const [file, content] of Object.entries(e.files)) {
        const text = typeof content === 'function' ? content(root) : content;
        mkdirSync(dirname(join(root, file)), { recursive: true });
        writeFileSync(join(root, file), text);
      }
      return runCliAsync(['build', '--root', root, '--out', join(root, 'dist')]);
    });
    const results = await Promise.all(runs);
    ERRORS.forEach((e, k) => {
      const r = results[k]!;
      assert.equal(r.status, 1, `${e.name}: ${r.stderr}`);
      assertReported(r.stderr, 'error', e.code, e.place, roots[k]!);
      assert.match(r.stderr, /^dfdocs: build failed;/m, e.name);
    });
  } finally {
    for (const root of roots) rmSync(root, { recursive: true, force: true });
  }
});

test('a syntax error in the config names it from the site, whatever folder dfdocs runs in', () => {
  const root = copyFixture('diagnostics-site');
  try {
    const config = join(root, 'dfdocs.config.ts');
    writeFileSync(
      config,
      readFileSync(config, 'utf8').replace("title: 'Diagnostics',", "title: 'Diagnostics' +,"),
    );
    // esbuild, which compiles the config, reports places from its working folder: here
    // two levels below the site, where they were taken as the site's own.
    const cwd = join(root, 'docs', 'deeper');
    mkdirSync(cwd, { recursive: true });
    const r = runCli(['build', '--root', '../..'], cwd, { NO_COLOR: '1' });
    assert.equal(r.status, 1, r.stderr);
    assertReported(r.stderr, 'error', 'ConfigSyntax', 'dfdocs.config.ts:4:25', root);
  } finally {
    removeDir(root);
  }
});
