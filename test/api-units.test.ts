import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { JSONOutput } from 'typedoc';
import {
  TypePrinter,
  signatureTokens,
  textOf,
  typeAliasTokens,
} from '../src/render/api/typeTokens';
import { firstSentence, partsToMarkdown, plainText } from '../src/render/api/commentMarkdown';
import { simpleMarkdownToHtml } from '../src/render/api/simpleMarkdown';
import { ApiIndexer, memberAnchor } from '../src/render/api/reflections';
import { getHighlighter } from '../src/render/markdown/highlighter';
import { createMarkdownRenderer } from '../src/render/markdown/processor';
import { renderHastToHtml } from '../src/render/ssr/renderBody';
import { loadTypedocProject } from '../src/render/api/typedocCache';
import { REPO_ROOT } from './helpers/site';
import { join } from 'node:path';

type T = JSONOutput.SomeType;
const str: T = { type: 'intrinsic', name: 'string' };
const num: T = { type: 'intrinsic', name: 'number' };
const ref = (name: string, target: number | JSONOutput.ReflectionSymbolId): T =>
  ({ type: 'reference', name, target }) as unknown as T;
const hrefs: Record<number, string> = {
  1: '/docs/api/classes/DataFrame',
  2: '/docs/api/types/SortOptions',
};
const printer = new TypePrinter((id) => hrefs[id]);

test('types print as TypeScript, with named types linked to their pages', () => {
  const union: T = {
    type: 'union',
    types: [
      str,
      { type: 'typeOperator', operator: 'readonly', target: { type: 'array', elementType: str } },
    ],
  };
  assert.equal(textOf(printer.type(union)), 'string | readonly string[]');
  const arrOfUnion: T = {
    type: 'array',
    elementType: { type: 'union', types: [num, { type: 'literal', value: null }] },
  };
  assert.equal(textOf(printer.type(arrOfUnion)), '(number | null)[]');
  const promise: T = {
    type: 'reference',
    name: 'Promise',
    target: {
      packageName: 'typescript',
      packagePath: 'lib/lib.es5.d.ts',
      qualifiedName: 'Promise',
    },
    typeArguments: [ref('DataFrame', 1)],
  } as T;
  const tokens = printer.type(promise);
  assert.equal(textOf(tokens), 'Promise<DataFrame>');
  assert.deepEqual(
    tokens.filter((t) => t.href).map((t) => [t.text, t.href]),
    [['DataFrame', '/docs/api/classes/DataFrame']],
    'only the documented type is a link',
  );
  assert.equal(textOf(printer.type({ type: 'literal', value: "it's" })), "'it\\'s'");
  assert.equal(
    textOf(printer.type({ type: 'predicate', name: 'x', asserts: true, targetType: str })),
    'asserts x is string',
  );
  const fn: T = {
    type: 'reflection',
    declaration: {
      id: 9,
      name: '__type',
      variant: 'declaration',
      kind: 65536,
      flags: {},
      signatures: [
        {
          id: 10,
          name: '__call',
          variant: 'signature',
          kind: 4096,
          flags: {},
          parameters: [
            { id: 11, name: 'row', variant: 'param', kind: 32768, flags: {}, type: ref('Row', 77) },
          ],
          type: { type: 'intrinsic', name: 'boolean' },
        },
      ],
    },
  } as T;
  assert.equal(textOf(printer.type(fn)), '(row: Row) => boolean');
  assert.equal(
    textOf(printer.type({ type: 'union', types: [fn, str] })),
    '((row: Row) => boolean) | string',
  );
  const obj: T = {
    type: 'reflection',
    declaration: {
      id: 12,
      name: '__type',
      variant: 'declaration',
      kind: 65536,
      flags: {},
      children: [
        {
          id: 13,
          name: 'oneOf',
          variant: 'declaration',
          kind: 1024,
          flags: { isReadonly: true, isOptional: true },
          type: { type: 'array', elementType: str },
        },
      ],
    },
  } as T;
  assert.equal(textOf(printer.type(obj)), '{ readonly oneOf?: string[] }');
});

test('long signatures put one parameter per line; short ones stay on one line', () => {
  const param = (
    id: number,
    name: string,
    type: T,
    optional = false,
  ): JSONOutput.ParameterReflection =>
    ({
      id,
      name,
      variant: 'param',
      kind: 32768,
      flags: optional ? { isOptional: true } : {},
      type,
    }) as unknown as JSONOutput.ParameterReflection;
  const short = {
    id: 1,
    name: 'sort',
    variant: 'signature',
    kind: 4096,
    flags: {},
    parameters: [param(2, 'by', str), param(3, 'options', ref('SortOptions', 2), true)],
    type: ref('DataFrame', 1),
  } as JSONOutput.SignatureReflection;
  assert.equal(
    textOf(signatureTokens(printer, { name: 'sort', sig: short })),
    'sort(by: string, options?: SortOptions): DataFrame',
  );
  const long = {
    ...short,
    parameters: [
      param(2, 'aVeryLongParameterName', str),
      param(3, 'anotherQuiteLongParameterName', ref('SortOptions', 2), true),
      param(4, 'third', num),
    ],
  };
  assert.equal(
    textOf(signatureTokens(printer, { prefix: [{ text: 'function ' }], name: 'sort', sig: long })),
    'function sort(\n  aVeryLongParameterName: string,\n  anotherQuiteLongParameterName?: SortOptions,\n  third: number,\n): DataFrame',
  );
  const alias = {
    id: 5,
    name: 'DType',
    variant: 'declaration',
    kind: 2097152,
    flags: {},
    type: {
      type: 'union',
      types: [
        'f64',
        'f32',
        'i32',
        'i16',
        'i8',
        'u32',
        'u16',
        'u8',
        'bool',
        'str',
        'date',
        'mixed',
      ].map((value) => ({ type: 'literal', value })),
    },
  } as JSONOutput.DeclarationReflection;
  assert.match(
    textOf(typeAliasTokens(printer, alias)),
    /^type DType =\n {2}\| 'f64'\n {2}\| 'f32'/,
  );
});

test('TSDoc text becomes markdown: {@link} resolved, unresolved ones reported and shown as code', () => {
  const unresolved: string[] = [];
  const md = partsToMarkdown(
    [
      { kind: 'text', text: 'See ' },
      { kind: 'inline-tag', tag: '@link', text: 'DataFrame', target: 1 as never },
      { kind: 'text', text: ', ' },
      { kind: 'inline-tag', tag: '@linkplain', text: 'the options', target: 2 as never },
      { kind: 'text', text: ' and ' },
      { kind: 'inline-tag', tag: '@link', text: 'createFrame' },
      { kind: 'text', text: ' for ' },
      { kind: 'code', text: '`df`' },
      { kind: 'text', text: '.' },
    ],
    (id) => hrefs[id],
    (l) => unresolved.push(l.text),
  );
  assert.equal(
    md,
    'See [`DataFrame`](/docs/api/classes/DataFrame), [the options](/docs/api/types/SortOptions) and `createFrame` for `df`.',
  );
  assert.deepEqual(unresolved, ['createFrame']);
  assert.equal(plainText(md), 'See DataFrame, the options and createFrame for df.');
});

test('one-line summaries stop at the first sentence, not at an abbreviation or inside code', () => {
  assert.equal(firstSentence('Sorts the rows. Missing values go last.'), 'Sorts the rows.');
  assert.equal(
    firstSentence('Counts values, e.g. `count(df)`. Then more.'),
    'Counts values, e.g. `count(df)`.',
  );
  assert.equal(firstSentence('Reads `a. B` text. Next.'), 'Reads `a. B` text.');
  assert.equal(firstSentence('One paragraph\n\nTwo paragraphs.'), 'One paragraph');
  assert.equal(firstSentence('Version 1.5 is here'), 'Version 1.5 is here');
});

test('member anchors are id-safe names', () => {
  assert.equal(memberAnchor('sort'), 'sort');
  assert.equal(memberAnchor('[iterator]'), 'iterator');
  assert.equal(memberAnchor('expr$'), 'expr$');
});

test('the indexer gives every export a route and every member an anchor', () => {
  const project = {
    id: 0,
    name: 'lib',
    variant: 'project',
    kind: 1,
    flags: {},
    schemaVersion: '2.0',
    files: { entries: {}, reflections: {} },
    symbolIdMap: {},
    categories: [{ title: 'Core', children: [1] }],
    children: [
      {
        id: 1,
        name: 'Table',
        variant: 'declaration',
        kind: 128,
        flags: {},
        children: [
          { id: 2, name: 'constructor', variant: 'declaration', kind: 512, flags: {} },
          { id: 3, name: 'size', variant: 'declaration', kind: 262144, flags: {} },
          { id: 4, name: 'from', variant: 'declaration', kind: 2048, flags: { isStatic: true } },
          { id: 5, name: 'from', variant: 'declaration', kind: 2048, flags: {} },
        ],
      },
      {
        id: 6,
        name: 'total',
        variant: 'declaration',
        kind: 64,
        flags: {},
        signatures: [
          {
            id: 7,
            name: 'total',
            variant: 'signature',
            kind: 4096,
            flags: {},
            parameters: [{ id: 8, name: 't', variant: 'param', kind: 32768, flags: {} }],
          },
        ],
      },
    ],
  } as unknown as JSONOutput.ProjectReflection;
  const ix = new ApiIndexer(project, '/docs/api');
  assert.deepEqual(
    ix.entries.map((e) => [e.name, e.route, e.category]),
    [
      ['Table', '/docs/api/classes/Table', 'Core'],
      ['total', '/docs/api/functions/total', 'Other'],
    ],
  );
  assert.equal(ix.hrefOf(3), '/docs/api/classes/Table#size');
  assert.equal(ix.hrefOf(2), '/docs/api/classes/Table#constructor');
  assert.notEqual(
    ix.hrefOf(4),
    ix.hrefOf(5),
    'a static and an instance member of the same name get distinct anchors',
  );
  assert.equal(ix.hrefOf(8), '/docs/api/functions/total', 'a parameter links to its function');
});

test('the fast path for plain TSDoc text renders what the markdown pipeline renders', async () => {
  const highlighter = await getHighlighter();
  const markdown = createMarkdownRenderer({
    highlighter,
    baseUrl: '/base/',
    toc: { minHeadingLevel: 2, maxHeadingLevel: 3 },
    routeOfSource: () => undefined,
  });
  const normalise = (html: string) =>
    html
      .replace(/&#x27;/g, "'")
      .replace(/&quot;/g, '"')
      .trim();
  const samples = [
    'The column name.',
    'Sorts the rows (stable; missing values last) — see [`sort`](/docs/api/functions/sort).',
    'Uses `` a`b `` and `x < y && z` and "quotes", more?',
    'Two\nlines.\n\nSecond paragraph with [`DataFrame.dtypes`](/docs/api/classes/DataFrame#dtypes).',
    'An [external](https://example.com/x) link.',
    'Has *emphasis*.',
    '- a list',
    'A literal www.example.com autolink.',
    'A :directive here.',
    '```ts\ncode\n```',
  ];
  let fast = 0;
  for (const md of samples) {
    const simple = simpleMarkdownToHtml(md, '/base/');
    if (simple === undefined) continue;
    fast++;
    const full = renderHastToHtml((await markdown(md, 'x.ts')).hast);
    assert.equal(normalise(simple), normalise(full), `same HTML for ${JSON.stringify(md)}`);
  }
  assert.equal(
    fast,
    5,
    'plain text, code spans and links take the fast path; emphasis, lists, autolinks, directives and fences do not',
  );

  // And on every comment of the real engine (its cached TypeDoc JSON).
  const { project } = await loadTypedocProject(REPO_ROOT, join(REPO_ROOT, 'engine/src/index.ts'));
  const indexer = new ApiIndexer(project, '/docs/api');
  let checked = 0;
  for (const r of indexer.byId.values()) {
    const comment = (r as { comment?: JSONOutput.Comment }).comment;
    for (const parts of comment
      ? [comment.summary, ...(comment.blockTags ?? []).map((t) => t.content)]
      : []) {
      const md = partsToMarkdown(
        parts,
        (id) => indexer.hrefOf(id),
        () => {},
      );
      const simple = md ? simpleMarkdownToHtml(md, '/base/') : undefined;
      if (simple === undefined) continue;
      checked++;
      assert.equal(
        normalise(simple),
        normalise(renderHastToHtml((await markdown(md, 'x.ts')).hast)),
        `same HTML for ${JSON.stringify(md)}`,
      );
    }
  }
  assert.ok(checked > 100, `checked ${checked} engine comments`);
});
