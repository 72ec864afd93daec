import { test } from 'node:test';
import assert from 'node:assert/strict';
import { unified } from 'unified';
import remarkParse from 'remark-parse';
import remarkGfm from 'remark-gfm';
import type { Root } from 'mdast';
import { mayHoldTable, remarkGfmLean } from '../../src/render/markdown/remarkGfmLean';
import { GfmLineGuards, constructLines } from '../../src/render/markdown/gfmLineGuards';
// A seeded generator (mulberry32), so a failure names a seed that reproduces it.
import { rng as random } from '../../engine/test/toolkit-helpers';

const gfm = unified().use(remarkParse).use(remarkGfm);

const hasTable = (source: string): boolean => {
  const walk = (node: { type: string; children?: unknown[] }): boolean =>
    node.type === 'table' || (node.children ?? []).some((c) => walk(c as { type: string }));
  return walk(gfm.parse(source) as Root);
};

// Pieces tables are made of, and what surrounds them (containers, indentation, other blocks).
// A container's first line and the lines after it (list items continue indented; a lazy line does not).
const CONTAINERS: [string, string][] = [
  ['', ''],
  ['', ''],
  [' ', ' '],
  ['   ', '   '],
  ['    ', '    '],
  ['\t', '\t'],
  ['> ', '> '],
  ['>', '>'],
  ['> > ', '> > '],
  ['- ', '  '],
  ['1. ', '   '],
  ['* ', '  '],
  ['- ', ''],
  ['> ', ''],
];
const CELLS = ['a', 'b c', '', ' ', '-', '|', '\\|', '`|`', '*', '1', '#', '<b>'];
const DELIMITERS = ['-', '--', '---', ':-', '-:', ':-:', ':--:', ' - ', ': -', '- :', '-', ''];
const SEPARATORS = ['|', ' | ', '', ' '];

const pick = <T>(next: () => number, list: T[]): T => list[Math.floor(next() * list.length)]!;

function line(next: () => number, prefix: string, delimiter: boolean, width: number): string {
  const pick = <T>(list: T[]): T => list[Math.floor(next() * list.length)]!;
  let out = prefix;
  if (next() < 0.4) out += pick(['|', '| ']);
  const cells = next() < 0.8 ? width : 1 + Math.floor(next() * 3);
  for (let i = 0; i < cells; i++)
    out += (i ? pick(SEPARATORS) : '') + pick(delimiter && next() < 0.9 ? DELIMITERS : CELLS);
  if (next() < 0.4) out += pick(['|', ' |', '| ']);
  return out;
}

test('the lean table check never declines a source in which remark-gfm finds a table', () => {
  const runs = Number(process.env.GFM_FUZZ_RUNS ?? 3000);
  let tables = 0;
  for (let seed = 1; seed <= runs; seed++) {
    const next = random(seed);
    const lines = 2 + Math.floor(next() * 3);
    // The second line (or a later one) is most often a delimiter row.
    const delimiterAt = next() < 0.8 ? 1 : Math.floor(next() * lines);
    const [first, rest] = pick(next, CONTAINERS);
    const width = 1 + Math.floor(next() * 3);
    const source =
      Array.from({ length: lines }, (_, i) =>
        line(
          next,
          next() < 0.1 ? pick(next, CONTAINERS)[0] : i ? rest : first,
          i === delimiterAt,
          width,
        ),
      ).join('\n') + '\n';
    if (!hasTable(source)) continue;
    tables++;
    assert.ok(
      mayHoldTable(source),
      `seed ${seed}: remark-gfm finds a table in ${JSON.stringify(source)}`,
    );
  }
  assert.ok(tables > runs / 20, `the generator made tables (${tables} of ${runs})`);
});

test('a one-column table without a pipe is a table', () => {
  for (const source of ['a\n:-:\n', 'a\n-:\n', 'a\n:-\n', '> a\n> :-:\n']) {
    assert.ok(hasTable(source), `remark-gfm reads ${JSON.stringify(source)} as a table`);
    assert.ok(mayHoldTable(source), JSON.stringify(source));
  }
  assert.equal(mayHoldTable('a\n---\n\nno table here: just prose.\n'), false);
});

test('the guarded table construct gives the tree remark-gfm gives, table or not', () => {
  // Generated pages mixing prose, table rows and containers, with every line ending
  // micromark knows: the guard may only refuse lines on which no table can start.
  const starts = new GfmLineGuards();
  const guarded = unified().use(remarkParse).use(remarkGfmLean, { tables: true, guards: starts });
  const plain = unified().use(remarkParse).use(remarkGfmLean, { tables: true });
  // And with autolink literals: remark-gfm itself, whose extensions these are.
  const full = unified()
    .use(remarkParse)
    .use(remarkGfmLean, { tables: true, autolinks: true, guards: starts });
  const runs = Number(process.env.GFM_FUZZ_RUNS ?? 3000);
  const PROSE = [
    'a paragraph',
    'more | text',
    '- item',
    '> quote',
    '',
    '# heading',
    '    code',
    '```',
    'x\u2028| - |',
    'see https://x.dev, a@b.co',
  ];
  let tables = 0;
  for (let seed = 1; seed <= runs; seed++) {
    const next = random(seed);
    const width = 1 + Math.floor(next() * 3);
    const [first, rest] = pick(next, CONTAINERS);
    const lines: string[] = [];
    const count = 3 + Math.floor(next() * 6);
    for (let i = 0; i < count; i++) {
      const r = next();
      if (r < 0.35) lines.push(pick(next, PROSE));
      else lines.push(line(next, i ? rest : first, r < 0.6, width));
    }
    const source = lines.join(pick(next, ['\n', '\n', '\r\n', '\r']));
    const autolinks = source.includes('https://');
    const expected = JSON.stringify((autolinks ? gfm : plain).parse(source));
    if (expected.includes('"type":"table"')) tables++;
    assert.equal(
      JSON.stringify(starts.during(source, () => (autolinks ? full : guarded).parse(source))),
      expected,
      `seed ${seed}: ${JSON.stringify(source)}`,
    );
  }
  assert.ok(tables > runs / 20, `the generator made tables (${tables} of ${runs})`);
});

test('tables may start only on a line followed by a possible delimiter row, literals only on a line holding their mark, counted as micromark counts lines', () => {
  const tables = (text: string) => [...constructLines(text).table];
  const literals = (text: string) => [...constructLines(text).literal];
  assert.deepEqual(tables('a\n| b |\n| - |\n| 1 |\n'), [2]);
  assert.deepEqual(tables('a\r\n:-:\rb\n-|-'), [1, 3]);
  // U+2028 ends a line for a JavaScript regular expression, not for micromark.
  assert.deepEqual(tables('a\u2028| - |\nb'), []);
  assert.deepEqual(tables('no table here\n---\n'), []);
  assert.deepEqual(literals('a\r\nsee WWW.x.org\rno\nmail a@b.co\nHTTPS://x\nhttp:/x'), [2, 4, 5]);
});

test('the guarded autolink literal constructs give the tree remark-gfm gives', () => {
  // Prose where literals start mid-paragraph, after punctuation, in containers, code,
  // links and emphasis, beside look-alikes that are not literals, with every line ending.
  const guards = new GfmLineGuards();
  const guarded = unified()
    .use(remarkParse)
    .use(remarkGfmLean, { tables: true, autolinks: true, guards });
  const WORDS = [
    'word',
    'Www',
    'www.example.com/a?b=c.',
    'WWW.EXAMPLE.COM',
    'https://x.dev/path_(x)',
    'HTTP://X.org',
    'http:/no',
    'a@b.co',
    'first.last+tag@mail.example.org.',
    'mailto:me@x.io',
    'xmpp:me@x.io/res',
    '@handle',
    'x@y',
    '(www.paren.com)',
    '`https://in.code`',
    '[link](https://x.dev)',
    '<https://angle.dev>',
    '*www.em.com*',
    '~~a@b.co~~',
    'é@ü.de',
    // Marks the text gets from a reference or an escape, not the source.
    'a&#64;b.co',
    'https&#58;//ref.dev',
    'www&#x2E;ref.com',
    'a\\@b.co',
    'x\\_y@z.io',
    '_',
    '.',
  ];
  const PREFIXES = ['', '', '', '> ', '- ', '  ', '1. ', '    ', '# '];
  const runs = Number(process.env.GFM_FUZZ_RUNS ?? 3000);
  let literals = 0;
  for (let seed = 1; seed <= runs; seed++) {
    const next = random(seed);
    const lines = Array.from({ length: 1 + Math.floor(next() * 5) }, () => {
      const words = Array.from({ length: 1 + Math.floor(next() * 4) }, () => pick(next, WORDS));
      return pick(next, PREFIXES) + words.join(pick(next, [' ', ', ', ' — ', '']));
    });
    const source = lines.join(pick(next, ['\n', '\n', '\n\n', '\r\n', '\r']));
    const expected = JSON.stringify(gfm.parse(source));
    if (/"url":"(http|mailto|xmpp)/.test(expected)) literals++;
    assert.equal(
      JSON.stringify(guards.during(source, () => guarded.parse(source))),
      expected,
      `seed ${seed}: ${JSON.stringify(source)}`,
    );
  }
  assert.ok(literals > runs / 4, `the generator made literals (${literals} of ${runs})`);
});
