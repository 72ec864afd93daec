/**
 * The pieces that read Docusaurus's and VitePress's syntax (issue 27), one by one: the
 * line rewrites before parsing, code-block metadata, VitePress's heading ids, link
 * resolution, "did you mean" suggestions, the link summary and authored sidebars.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { preprocessMarkdown } from '../../src/render/markdown/preprocess';
import { importedNames } from '../../src/render/markdown/mdxSyntax';
import {
  decorateLines,
  formatMarks,
  parseCodeMeta,
  splitLang,
  takeMagicComments,
  type LineMark,
} from '../../src/render/markdown/codeMeta';
import { createSlugger, vitepressSlug } from '../../src/render/markdown/slugger';
import { resolvePageLink } from '../../src/render/markdown/rehypeLinks';
import { nearest } from '../../src/render/links/nearest';
import { checkLinks } from '../../src/render/links/checkLinks';
import { buildAuthoredSidebars } from '../../src/render/content/authoredSidebar';
import { createMarkdownRenderer } from '../../src/render/markdown/processor';
import { renderHastToHtml } from '../../src/render/ssr/renderBody';
import type { DocSource } from '../../src/render/content/sources';

test('container fences: spaces and titles normalised, equal-colon nesting renumbered, stray closers removed and reported', () => {
  const source = [
    '::: details Click me {open}',
    '::: tip',
    'inner',
    ':::',
    ':::',
    '',
    ':::note A [bracketed] title',
    'body',
    ':::',
    '',
    '```md',
    '::: tip',
    '```',
    ':::',
  ].join('\n');
  const { value, notes } = preprocessMarkdown(source);
  assert.deepEqual(value.split('\n'), [
    '::::details[Click me]{open}',
    ':::tip',
    'inner',
    ':::',
    '::::',
    '',
    ':::note[A \\[bracketed\\] title]',
    'body',
    ':::',
    '',
    '```md',
    '::: tip',
    '```',
    '',
  ]);
  assert.deepEqual(notes, [
    {
      line: 14,
      column: 1,
      message: 'a closing `:::` with no container open before it was removed',
    },
  ]);
});

test('MDX: ESM blocks and {/* comments */} are blanked in place; a prose line starting with "import" is kept', () => {
  const source = [
    "import Tabs from '@theme/Tabs';",
    "import { A, B as C } from './parts';",
    '',
    'export const meta = {',
    '  a: 1,',
    '};',
    '',
    'Text {/* a comment',
    'over two lines */} after, and `{/* in code */}` stays.',
    '',
    'import the package from npm before you start.',
  ].join('\n');
  const { value, mdx, imports } = preprocessMarkdown(source);
  const lines = value.split('\n');
  assert.equal(lines.length, 11, 'lines keep their numbers');
  assert.deepEqual(lines.slice(0, 7), ['', '', '', '', '', '', '']);
  assert.equal(lines[7]!.trimEnd(), 'Text');
  assert.equal(lines[7]!.length, 'Text {/* a comment'.length, 'columns stay true');
  assert.equal(
    lines[8],
    ' '.repeat('over two lines */}'.length) + ' after, and `{/* in code */}` stays.',
  );
  assert.equal(lines[10], 'import the package from npm before you start.');
  assert.equal(mdx, true);
  assert.deepEqual(Object.fromEntries(imports), {
    Tabs: '@theme/Tabs',
    A: './parts',
    C: './parts',
  });
  assert.deepEqual(importedNames("import Foo, * as all from 'x'"), [
    ['Foo', 'x'],
    ['all', 'x'],
  ]);
  assert.equal(preprocessMarkdown('# Plain\n\nNo MDX here.\n').mdx, false);
});

test('<Tabs>/<TabItem> on lines of their own become tab directives; one-line items keep their tags with their labels', () => {
  const source = [
    '<Tabs groupId="os" queryString>',
    '  <TabItem value="mac" label="macOS" default>',
    '    Mac text',
    '  </TabItem>',
    '</Tabs>',
    '',
    '<Tabs',
    "  values={[{label: 'A', value: 'a'}, {label: 'B', value: 'b'}]}",
    '  defaultValue="b">',
    '<TabItem value="a">Apple</TabItem>',
    '<TabItem value="b">Banana</TabItem>',
    '</Tabs>',
  ].join('\n');
  assert.deepEqual(preprocessMarkdown(source).value.split('\n'), [
    '::::tabs{groupId="os" queryString="os"}',
    '  :::tab[macOS]{value="mac" default}',
    '    Mac text',
    '  :::',
    '::::',
    '',
    ':::tabs',
    '',
    '',
    '<TabItem value="a" label="A">Apple</TabItem>',
    '<TabItem value="b" label="B" default>Banana</TabItem>',
    ':::',
  ]);
});

test('code meta: titles, labels, ranges and line numbers in both spellings', () => {
  const docusaurus = parseCodeMeta('title="src/a.js" {1,3-5} showLineNumbers=7');
  assert.equal(docusaurus.title, 'src/a.js');
  assert.equal(docusaurus.lineNumbers, 7);
  assert.deepEqual([...docusaurus.marks.keys()], [1, 3, 4, 5]);
  const vitepress = parseCodeMeta('[vite.config.js]{2} :line-numbers');
  assert.equal(vitepress.label, 'vite.config.js');
  assert.equal(vitepress.title, undefined);
  assert.equal(vitepress.lineNumbers, 1);
  assert.deepEqual(splitLang('js{4-5,8}'), { lang: 'js', rest: '{4-5,8}' });
  assert.deepEqual(splitLang('ts'), { lang: 'ts', rest: '' });
});

test('magic comments are removed and mark the lines they name', () => {
  const marks = new Map<number, LineMark>();
  const code = takeMagicComments(
    [
      'a',
      '// highlight-next-line',
      'b',
      '# highlight-start',
      'c',
      'd',
      '# highlight-end',
      'e // [!code ++]',
      'f # [!code --]',
      'g <!-- [!code focus:2] -->',
      'h',
      'i /* [!code error] */',
    ].join('\n'),
    marks,
  );
  assert.equal(code, 'a\nb\nc\nd\ne\nf\ng\nh\ni');
  assert.equal(
    formatMarks(marks),
    '2:highlighted 3:highlighted 4:highlighted 5:add 6:remove 7:focus 8:focus 9:error',
  );
  const html = decorateLines(
    '<pre class="shiki"><code><span class="line">a</span>\n<span class="line">b</span></code></pre>',
    '2:add',
  );
  assert.equal(
    html,
    '<pre class="has-diff shiki"><code><span class="line">a</span>\n<span class="line diff add">b</span></code></pre>',
  );
});

test('VitePress heading ids: punctuation runs become one dash, accents go, a leading digit gets an underscore, repeats are numbered', () => {
  assert.equal(vitepressSlug('build.target'), 'build-target');
  assert.equal(vitepressSlug('  What’s new in v2.0?  '), 'what-s-new-in-v2-0');
  assert.equal(vitepressSlug('Café & crème'), 'cafe-creme');
  assert.equal(vitepressSlug('1. Install'), '_1-install');
  const slugger = createSlugger('vitepress');
  assert.deepEqual(
    ['Usage', 'Usage', 'Usage'].map((t) => slugger.slug(t)),
    ['usage', 'usage-1', 'usage-2'],
  );
  assert.equal(createSlugger('github').slug('build.target'), 'buildtarget');
});

test('page links: .md, .html, /index.md, root-absolute and extensionless relative paths reach their routes', () => {
  const routes = new Map([
    ['docs/guide/index.md', '/guide'],
    ['docs/guide/features.md', '/guide/features'],
    ['docs/bar/three.md', '/bar/three'],
    ['pages/about.md', '/about'],
  ]);
  const of = (p: string) => routes.get(p);
  const from = 'docs/guide/features.md';
  const cases: [string, string | undefined][] = [
    ['./index.md', '/guide'],
    ['../bar/three.md', '/bar/three'],
    ['../bar/three', '/bar/three'],
    ['../bar/three.html', '/bar/three'],
    ['./', '/guide'],
    ['/guide/features.md', '/guide/features'],
    ['/guide/features.html', '/guide/features'],
    ['/guide/index.html', '/guide'],
    ['/pages/about.md', '/about'],
    ['/elsewhere.html', '/elsewhere'],
    ['./nothing-here', undefined],
  ];
  for (const [link, route] of cases)
    assert.equal(resolvePageLink(link, from, of).route, route, link);
  assert.deepEqual(resolvePageLink('./gone.md', from, of), { missingSource: 'docs/guide/gone.md' });
});

test('suggestions name the nearest route or id, preferring the same last segment, and only when near', () => {
  const routes = ['/docs/guide/features', '/docs/guide/install', '/docs/intro'];
  assert.equal(nearest('/guide/features', routes), '/docs/guide/features');
  assert.equal(nearest('/docs/guide/instal', routes), '/docs/guide/install');
  assert.equal(nearest('/completely/else', routes), undefined);
  assert.equal(nearest('buildtarget', ['build-target', 'hot-reload']), 'build-target');
});

test('broken links suggest a near route; a widespread one names its files and lines, and the navbar only when it links there', () => {
  const routes = new Set(['/docs/guide/features', '/docs/intro']);
  const page = (n: number) => ({
    route: `/docs/p${n}`,
    sourcePath: `docs/p${n}.md`,
    links: [{ route: '/guide/features', hash: '', raw: '/guide/features', line: n, column: 3 }],
  });
  const pages = [1, 2, 3, 4, 5, 6, 7].map(page);
  const out = checkLinks(pages, routes, new Map());
  assert.equal(out.filter((d) => d.code === 'BrokenLink').length, 7);
  assert.equal(out[0]!.hint, 'did you mean /docs/guide/features?');
  const summary = out.find((d) => d.code === 'BrokenLinkWidespread')!;
  assert.equal(
    summary.message,
    'the link to /guide/features is broken on 7 pages: docs/p1.md:1:3, docs/p2.md:2:3, docs/p3.md:3:3, docs/p4.md:4:3, docs/p5.md:5:3 and 2 more',
  );
  assert.doesNotMatch(summary.hint!, /navbar/);
  const withChrome = checkLinks(pages, routes, new Map(), new Set(['/guide/features']));
  assert.match(
    withChrome.find((d) => d.code === 'BrokenLinkWidespread')!.hint!,
    /navbar or footer/,
  );
  const anchors = checkLinks(
    [
      {
        route: '/docs/intro',
        links: [{ route: '/docs/intro', hash: 'buildtarget', raw: '#buildtarget' }],
      },
    ],
    routes,
    new Map([['/docs/intro', new Set(['build-target'])]]),
  );
  assert.equal(anchors[0]!.code, 'BrokenAnchor');
  assert.equal(anchors[0]!.hint, 'did you mean #build-target?');
});

const doc = (id: string, title: string, position?: number): DocSource =>
  ({
    kind: 'doc',
    id,
    sourcePath: `docs/${id}.md`,
    absPath: `/site/docs/${id}.md`,
    docPath: `${id}.md`,
    route: `/docs/${id}`,
    title,
    sidebarPosition: position,
    body: '',
    frontMatter: {},
  }) as DocSource;

test('authored sidebars: ids, shorthand categories, autogenerated folders in natural order, unknown ids reported with a near match', () => {
  const docs = [
    doc('intro', 'Intro'),
    doc('guide/index', 'Guide'),
    doc('guide/page-10', 'Page 10'),
    doc('guide/page-2', 'Page 2'),
    doc('guide/first', 'Zebra first', 1),
  ];
  docs[1]!.id = 'guide';
  docs[1]!.docPath = 'guide/index.md';
  docs[1]!.route = '/docs/guide';
  const { sidebars, warnings } = buildAuthoredSidebars(
    {
      main: [
        'intro',
        'intor',
        { 'Shorthand category': ['guide/index'] },
        { type: 'category', label: 'Auto', items: [{ type: 'autogenerated', dirName: 'guide' }] },
        { type: 'link', label: 'Out', href: 'https://example.com' },
      ],
    },
    docs,
    { categories: new Map() },
    { root: '/nowhere', file: 'sidebars.js' },
  );
  const labels = (items: typeof sidebars.main): unknown[] =>
    items!.map((i) => (i.type === 'category' ? { [i.label]: labels(i.items) } : i.label));
  assert.deepEqual(labels(sidebars.main), [
    'Intro',
    { 'Shorthand category': ['Guide'] },
    { Auto: ['Guide', 'Zebra first', 'Page 2', 'Page 10'] },
    'Out',
  ]);
  assert.deepEqual(
    warnings.map((w) => [w.code, w.hint]),
    [['SidebarUnknownDoc', 'did you mean "intro"?']],
  );
});

test('a tabs block with content outside its tabs, and an unknown leaf directive, are reported; text directives in prose are not', async () => {
  const render = createMarkdownRenderer({
    highlighter: 'deferred',
    baseUrl: '/',
    toc: { minHeadingLevel: 2, maxHeadingLevel: 3 },
    routeOfSource: () => undefined,
  });
  const out = await render(
    [
      '::::tabs',
      'stray',
      ':::tab[A]',
      'a',
      ':::',
      '::::',
      '',
      '::youtube[x]',
      '',
      'Ratio 16:9 and a:b.',
    ].join('\n'),
    'docs/x.md',
  );
  assert.deepEqual(
    out.messages.map((m) => [m.code, m.line]),
    [
      ['TabsContent', 2],
      ['UnknownDirective', 8],
    ],
  );
  assert.match(renderHastToHtml(out.hast), /Ratio 16:9 and a:b\./);
});
