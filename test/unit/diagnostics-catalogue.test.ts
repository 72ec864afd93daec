/**
 * The diagnostics catalogue (issue 26 item 4): every code `src/` reports is listed in
 * src/render/diagnostics/catalogue.ts, and every code listed there is reported somewhere.
 * The source is read with TypeScript's parser (no type check), so a code written in a
 * comment or a string that is not a code does not count.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { REPO_ROOT } from '../helpers/site';
import { catalogue, isDiagnosticCode } from '../../src/render/diagnostics/catalogue';
import { diagnostic, withDefaultHint } from '../../src/render/diagnostics/make';
import { codeFrame } from '../../src/render/diagnostics/codeFrame';
import { summaryByCode } from '../../src/render/diagnostics/summary';
import { messageOf } from '../../src/render/diagnostics/fromVfile';
import { VFile } from 'vfile';
import { logLineOf } from '../../src/dev/errorPayload';

const CATALOGUE_FILE = 'src/render/diagnostics/catalogue.ts';
/** A code's form: PascalCase, two words at least (`BrokenLink`, `NotUtf8`). */
const CODE_FORM = /^[A-Z][a-z]+(?:[A-Z0-9][a-z0-9]*)+$/;
/** Functions that take a code as an argument (markdown/report.ts, diagnostics/make.ts, local helpers). */
const CODE_TAKERS = new Set([
  'warn',
  'warnFromCatalogue',
  'diagnostic',
  'problem',
  'failure',
  'esbuildError',
]);

function sourceFiles(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) sourceFiles(p, out);
    else if (/\.tsx?$/.test(name) && !name.endsWith('.d.ts')) out.push(p);
  }
  return out;
}

/** The string literals of an expression that may hold a code (`a ? 'X' : 'Y'`, `x ?? 'Z'`). */
function literalsIn(node: ts.Node, out: string[]): void {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
    if (CODE_FORM.test(node.text)) out.push(node.text);
    return;
  }
  if (
    ts.isConditionalExpression(node) ||
    ts.isParenthesizedExpression(node) ||
    ts.isBinaryExpression(node) ||
    ts.isAsExpression(node)
  )
    ts.forEachChild(node, (child) => literalsIn(child, out));
}

const nameOf = (e: ts.Expression): string | undefined =>
  ts.isIdentifier(e) ? e.text : ts.isPropertyAccessExpression(e) ? e.name.text : undefined;

/** The codes a source text reports: `code: '…'` / `ruleId: '…'` properties and code-taking calls. */
export function codesIn(text: string, fileName = 'x.ts'): { code: string; line: number }[] {
  const sf = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const found: { code: string; line: number }[] = [];
  const visit = (node: ts.Node) => {
    const literals: string[] = [];
    if (
      ts.isPropertyAssignment(node) &&
      (ts.isIdentifier(node.name) || ts.isStringLiteral(node.name)) &&
      (node.name.text === 'code' || node.name.text === 'ruleId')
    )
      literalsIn(node.initializer, literals);
    if (ts.isCallExpression(node) && CODE_TAKERS.has(nameOf(node.expression) ?? ''))
      for (const arg of node.arguments) literalsIn(arg, literals);
    for (const code of literals)
      found.push({ code, line: sf.getLineAndCharacterOfPosition(node.getStart()).line + 1 });
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}

const used = new Map<string, string[]>(); // code → where
for (const file of sourceFiles(join(REPO_ROOT, 'src'))) {
  const rel = relative(REPO_ROOT, file).split('\\').join('/');
  if (rel === CATALOGUE_FILE) continue;
  for (const { code, line } of codesIn(readFileSync(file, 'utf8'), file))
    used.set(code, [...(used.get(code) ?? []), `${rel}:${line}`]);
}

test('the scan finds codes where src/ reports them, and nothing else', () => {
  const sample = [
    "const d = { code: 'BrokenLink', severity: 'warning' };",
    "const e = { code: bad ? 'MdxSyntax' : 'MdxCompile' };",
    "warn(file, 'UnknownDirective', 'text', node);",
    "problem(node, 'NoSuchCodeAnywhere', 'm', 'h');",
    "const notACode = { label: 'BrokenAnchor' }; // code: 'InComment'",
  ].join('\n');
  assert.deepEqual(
    codesIn(sample).map((f) => `${f.code}@${f.line}`),
    ['BrokenLink@1', 'MdxSyntax@2', 'MdxCompile@2', 'UnknownDirective@3', 'NoSuchCodeAnywhere@4'],
  );
  assert.ok(used.size > 40, `only ${used.size} codes found in src/: is the scan broken?`);
});

test('every code src/ reports is in the catalogue', () => {
  const missing = [...used]
    .filter(([code]) => !isDiagnosticCode(code))
    .map(([code, where]) => `${code} (${where.join(', ')})`);
  assert.deepEqual(missing, [], `add these to ${CATALOGUE_FILE}`);
});

test('every code in the catalogue is reported somewhere in src/', () => {
  const unused = Object.keys(catalogue).filter((code) => !used.has(code));
  assert.deepEqual(unused, [], `remove these from ${CATALOGUE_FILE}, or report them`);
});

test('each catalogue entry has a severity, an area, a title and a hint', () => {
  for (const [code, entry] of Object.entries(catalogue)) {
    assert.match(code, CODE_FORM, code);
    assert.ok(entry.severity === 'error' || entry.severity === 'warning', code);
    assert.ok(entry.area, code);
    assert.ok(entry.title.length > 10 && !entry.title.endsWith('.'), `${code}: title`);
    assert.ok(entry.hint, `${code}: hint`);
  }
});

test('the README lists every code of the catalogue', () => {
  const readme = readFileSync(join(REPO_ROOT, 'README.md'), 'utf8');
  const absent = Object.keys(catalogue).filter((code) => !readme.includes(`| \`${code}\` |`));
  assert.deepEqual(absent, [], 'add these to the table under "Diagnostics" in README.md');
});

test('a diagnostic from the catalogue takes its message and hint from the entry unless given', () => {
  assert.deepEqual(
    diagnostic(
      'UnknownDirective',
      { file: 'docs/a.md', line: 3, column: 1 },
      { fence: ':::', name: 'foo', known: ['note', 'tip'] },
    ),
    {
      code: 'UnknownDirective',
      severity: 'warning',
      message: 'unknown directive `:::foo`; its content is shown as plain text',
      hint: 'use one of note, tip',
      file: 'docs/a.md',
      line: 3,
      column: 1,
    },
  );
  const own = diagnostic('BrokenLink', { message: 'broken link on /a: /b', hint: 'fix it' });
  assert.equal(own.message, 'broken link on /a: /b');
  assert.equal(own.hint, 'fix it');
  assert.equal(diagnostic('SymlinkLoop').hint, catalogue.SymlinkLoop.hint);
  // An entry with functions, given no details: its title, and no hint it cannot build.
  assert.deepEqual(diagnostic('BrokenLink'), {
    code: 'BrokenLink',
    severity: 'warning',
    message: catalogue.BrokenLink.title,
  });
  // A diagnostic written without a hint is printed with its entry's.
  const bare = { code: 'ConfigSyntax', severity: 'error', message: 'Unexpected }' } as const;
  assert.equal(withDefaultHint(bare).hint, catalogue.ConfigSyntax.hint);
  assert.equal(withDefaultHint({ ...bare, hint: 'mine' }).hint, 'mine');
});

test('a message of another markdown plugin is a MarkdownPluginMessage naming the plugin and its rule', () => {
  const file = new VFile({ value: 'x' });
  const m = file.message('Unexpected emphasis', {
    place: { line: 4, column: 7 },
    ruleId: 'no-emphasis',
    source: 'remark-lint',
  });
  assert.deepEqual(messageOf(m), {
    code: 'MarkdownPluginMessage',
    message: 'Unexpected emphasis (remark-lint:no-emphasis)',
    hint: catalogue.MarkdownPluginMessage.hint,
    line: 4,
    column: 7,
  });
  const ours = file.message('x', { ruleId: 'UnsafeLink', source: 'dfdocs' });
  assert.equal(messageOf(ours).code, 'UnsafeLink');
});

test('a code frame shows two lines either side with a caret under the column (tabs kept)', () => {
  assert.equal(
    codeFrame('one\ntwo\n\tthree x\nfour\nfive\nsix', 3, 8),
    '  1 | one\n  2 | two\n> 3 | \tthree x\n    | \t      ^\n  4 | four\n  5 | five',
  );
  assert.equal(codeFrame('a\nb', 1, 5), '> 1 | a\n    |     ^\n  2 | b');
});

test('warnings are counted by code, most frequent first', () => {
  const w = (code: 'BrokenAnchor' | 'UnknownDirective') => diagnostic(code, { message: 'm' });
  assert.equal(
    summaryByCode(
      [
        w('UnknownDirective'),
        w('BrokenAnchor'),
        w('BrokenAnchor'),
        w('UnknownDirective'),
        w('BrokenAnchor'),
      ],
      'warning',
    ),
    '5 warnings: 3 BrokenAnchor, 2 UnknownDirective',
  );
});

test('the dev server prints a problem in the terminal as the build does, with its code', () => {
  assert.equal(
    logLineOf({
      code: 'BrokenAnchor',
      message: 'broken anchor on /a: #b',
      hint: 'link to an existing heading id',
      file: 'docs/a.md',
      line: 3,
      column: 5,
      severity: 'warning',
    }),
    'warning: docs/a.md:3:5 — broken anchor on /a: #b — link to an existing heading id [BrokenAnchor]',
  );
  assert.equal(
    logLineOf({ code: 'InternalError', message: 'boom' }),
    'error: boom [InternalError]',
  );
});
