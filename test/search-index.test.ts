import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import MiniSearch from 'minisearch';
import { extractSections, decodeEntities } from '../src/render/search/sections';
import {
  SearchIndexBuilder,
  codeIdentifiers,
  truncateText,
} from '../src/render/search/searchIndexBuilder';
import {
  SEARCH_MANIFEST_FILE,
  SEARCH_STORE_FIELDS,
  searchIndexOptions,
  tokenizeForIndex,
  tokenizeQuery,
  processIndexTerm,
  processQueryTerm,
  normaliseName,
  type SearchIndexFile,
  type SearchManifest,
  type SearchSection,
} from '../src/shared/searchIndex';
import { decodeIndex, encodeIndex, type MiniSearchPlain } from '../src/shared/searchIndexCodec';
import { createSearchEngine } from '../src/client/search/searchEngine';
import { CompactMiniSearch } from '../src/client/search/compactMiniSearch';
import { findMatches, snippetAround, termPattern } from '../templates/search/highlight';

const heading = (level: number, id: string, text: string) =>
  `<h${level} id="${id}" class="anchor">${text}<a class="hash-link" href="#${id}" aria-label="Direct link to ${text}" title="Direct link to ${text}">\u200B</a></h${level}>`;

test('sections: split at h2–h4 with ids; the top holds the h1 and the intro', () => {
  const html = [
    '<h1>Time series</h1><p>Frames with a <code>datetime</code> column.</p>',
    heading(2, 'rolling-mean', 'Rolling mean'),
    '<p>Smooths noise.</p><div class="code-block"><button>Copy</button><pre class="shiki"><code><span class="line"><span>s.rolling</span><span>(7)</span></span>\n<span class="line">.mean()</span></code></pre></div>',
    heading(3, 'min-periods', 'Min periods'),
    '<ul><li>one</li><li>two</li></ul><table><tr><td>a</td><td>b</td></tr></table>',
    '<h5>Deep heading</h5><p>still min periods</p>',
    heading(2, 'r-amp-d', 'R &amp; D &#x3C;x&#x3E;'),
    '<script>var hidden = 1;</script><svg><text>icon</text></svg><p>Done&nbsp;now.</p><!-- note -->',
  ].join('');
  const s = extractSections(html);
  assert.deepEqual(
    s.map((x) => [x.anchor, x.level, x.heading]),
    [
      ['', 1, 'Time series'],
      ['rolling-mean', 2, 'Rolling mean'],
      ['min-periods', 3, 'Min periods'],
      ['r-amp-d', 2, 'R & D <x>'],
    ],
  );
  assert.equal(s[0]!.text, 'Frames with a datetime column.');
  assert.equal(s[1]!.text, 'Smooths noise.', 'code blocks and buttons are not prose');
  assert.equal(s[1]!.code, 's.rolling(7) .mean()');
  assert.equal(
    s[2]!.text,
    'one two a b Deep heading still min periods',
    'block edges separate words; h5 stays text',
  );
  assert.equal(s[3]!.text, 'Done now.', 'scripts, svg and comments are skipped');
});

test('sections: page meta is not content — nav, header extras, aria-hidden, data-search-ignore', () => {
  const html =
    '<div class="api-page"><header class="api-header"><div><span class="api-kind">Function</span><nav aria-label="API reference"><a href="/docs/api">API Reference</a><span aria-hidden="true">/</span></nav></div><h1 class="api-header__title">rolling</h1></header>' +
    '<p>A trailing window.</p><p>Params: <code>options</code><code class="api-type">RollingOptions</code><span class="badge">optional</span></p>' +
    '<p class="api-source" data-search-ignore><svg><path d=""></path></svg>Defined in <a href="x">rolling.ts:100</a></p><p>End.</p></div>';
  const [top] = extractSections(html);
  assert.equal(top!.heading, 'rolling');
  assert.equal(top!.text, 'A trailing window. Params: options RollingOptions optional End.');
});

test('sections: a page without h1 or headings is one section', () => {
  assert.deepEqual(extractSections('<p>Just text.</p>'), [
    { anchor: '', level: 1, heading: '', text: 'Just text.', code: '' },
  ]);
  assert.equal(decodeEntities('&#39;a&#x27; &amp;amp; &unknown;'), "'a' &amp; &unknown;");
});

test('tokenizer: identifiers are indexed whole and by their camelCase parts; stop words dropped', () => {
  assert.deepEqual(tokenizeForIndex('df.readCsv(path) toJSON HTMLParser'), [
    'df',
    'readCsv',
    'read',
    'Csv',
    'path',
    'toJSON',
    'to',
    'JSON',
    'HTMLParser',
    'HTML',
    'Parser',
  ]);
  assert.equal(processIndexTerm('Group', 'text'), 'group');
  assert.equal(processIndexTerm('by', 'text'), null, 'stop words leave prose');
  assert.equal(processIndexTerm('at', 'heading'), 'at', 'but stay in names: the function `at`');
  assert.equal(processIndexTerm('x', 'code'), null);
  assert.equal(processIndexTerm('7', 'text'), '7');
  assert.deepEqual(tokenizeQuery('group by'), ['group']);
  assert.deepEqual(tokenizeQuery('at'), ['at'], 'a query of stop words only keeps them');
  assert.equal(processQueryTerm('At'), 'at');
  assert.equal(normaliseName(' drop() '), 'drop');
  assert.equal(normaliseName('Rolling  mean'), 'rolling mean');
  assert.equal(
    codeIdentifiers("const df = await readCsv('a.csv'); const out = df.filter(x);"),
    'readCsv csv out filter',
  );
  assert.equal(truncateText('one two three four', 10), 'one two…');
});

test('codec: the compact index decodes to exactly what MiniSearch serialised', () => {
  const ms = new MiniSearch<SearchSection>(searchIndexOptions);
  const docs: SearchSection[] = [
    {
      id: 0,
      page: 0,
      anchor: '',
      path: ['readCsv'],
      headings: [],
      text: 'Reads a CSV file. CSV csv.',
      code: 'readCsv source',
    },
    {
      id: 1,
      page: 0,
      anchor: 'example',
      path: ['readCsv', 'Example'],
      headings: ['Example'],
      text: '',
      code: 'readCsv',
    },
    {
      id: 2,
      page: 1,
      anchor: 'joins',
      path: ['Combining', 'Joins'],
      headings: ['Joins'],
      text: 'Join two frames with a hash join.',
      code: '',
    },
  ];
  ms.addAll(docs);
  const plain = ms.toJSON() as unknown as MiniSearchPlain;
  const compact = encodeIndex(plain, SEARCH_STORE_FIELDS);
  assert.deepEqual(
    decodeIndex(JSON.parse(JSON.stringify(compact))),
    JSON.parse(JSON.stringify(plain)),
  );
  const loaded = MiniSearch.loadJS(decodeIndex(compact) as never, searchIndexOptions);
  assert.deepEqual(
    loaded.search('join').map((r) => r.id),
    [2],
  );
  // The direct loader builds the same index as decode + loadJS.
  const direct = CompactMiniSearch.fromCompact(compact, searchIndexOptions);
  const byTerm = (p: MiniSearchPlain) => ({
    ...p,
    index: [...p.index].sort((a, b) => a[0].localeCompare(b[0])),
  });
  assert.deepEqual(
    byTerm(JSON.parse(JSON.stringify(direct.toJSON()))),
    byTerm(JSON.parse(JSON.stringify(plain))),
  );
  for (const q of ['csv', 'redCsv', 'join frames', 'example', 'rea']) {
    assert.deepEqual(
      direct.search(q, { prefix: true, fuzzy: 0.2 }),
      loaded.search(q, { prefix: true, fuzzy: 0.2 }),
      q,
    );
  }
});

function buildIndex(pages: { route: string; kind: string; title: string; html: string }[]) {
  const builder = new SearchIndexBuilder({ siteTitle: 'Site' });
  for (const p of pages) builder.addPage(p);
  const out = builder.finish();
  const files = new Map(out.files.map((f) => [f.path, String(f.content)]));
  const manifest = JSON.parse(files.get(SEARCH_MANIFEST_FILE)!) as SearchManifest;
  const file = JSON.parse(files.get(manifest.index)!) as SearchIndexFile;
  const engine = createSearchEngine(file, manifest, async (path) => JSON.parse(files.get(path)!));
  return { out, files, manifest, file, engine };
}

test('the manifest path inlined in the first-load module is the shared constant', () => {
  assert.match(
    readFileSync(new URL('../src/client/search/provideSearch.ts', import.meta.url), 'utf8'),
    new RegExp(`const MANIFEST = '${SEARCH_MANIFEST_FILE}'`),
  );
});

test('builder: content-hashed index and text files, a manifest, no not-found page; the engine finds sections', async () => {
  const { out, manifest, file, engine } = buildIndex([
    {
      route: '/docs/guide/joins',
      kind: 'doc',
      title: 'Combining frames',
      html: `<h1>Combining frames</h1><p>Intro.</p>${heading(2, 'joins', 'Joins')}<p>Match rows on keys with <code>join</code>.</p>${heading(3, 'outer', 'Outer joins')}<p>Keep every key.</p>`,
    },
    { route: '/404', kind: 'notFound', title: 'Page Not Found', html: '<h1>Page Not Found</h1>' },
    { route: '/', kind: 'home', title: '', html: '<p>Welcome home.</p>' },
  ]);
  assert.match(manifest.index, /^assets\/search-index\.[0-9a-f]{8}\.json$/);
  assert.ok(manifest.texts.every((t) => /^assets\/search-text\.[0-9a-f]{8}\.json$/.test(t)));
  assert.deepEqual(out.files.map((f) => f.path).slice(-1), [SEARCH_MANIFEST_FILE]);
  assert.deepEqual(file.pages, [
    { route: '/docs/guide/joins', title: 'Combining frames', kind: 'doc' },
    { route: '/', title: 'Site', kind: 'home' },
  ]);
  assert.equal(manifest.sections, 4);

  const groups = engine.search('outer join');
  assert.equal(groups[0]!.route, '/docs/guide/joins');
  assert.equal(groups[0]!.hits[0]!.href, '/docs/guide/joins#outer');
  assert.deepEqual(
    groups[0]!.hits[0]!.headings,
    ['Joins', 'Outer joins'],
    'the heading path below the page title',
  );
  const texts = await engine.texts([groups[0]!.hits[0]!.id]);
  assert.equal(texts.get(groups[0]!.hits[0]!.id), 'Keep every key.');
  assert.deepEqual(
    engine.search('welcome').map((g) => g.title),
    ['Site'],
    'a page without title takes the site title',
  );
  assert.deepEqual(engine.search('zzzz'), []);
  assert.deepEqual(engine.search('   '), []);
});

test('ranking: API pages (kind api) put their names first; typos and prefixes still match', () => {
  const { engine } = buildIndex([
    {
      route: '/docs/guide/io',
      kind: 'doc',
      title: 'Reading data',
      html: `<h1>Reading data</h1>${heading(2, 'csv', 'CSV files')}<p>Call <code>readCsv</code> to read CSV files; readCsv infers types.</p>`,
    },
    {
      route: '/docs/api/functions/readCsv',
      kind: 'api',
      title: 'readCsv',
      html: '<header><h1 class="api-header__title">readCsv</h1></header><pre><code>readCsv(source: string): Promise&lt;DataFrame&gt;</code></pre><p>Reads a CSV file.</p>',
    },
  ]);
  for (const q of ['readCsv', 'readcsv', 'redCsv', 'readCs', 'read csv']) {
    const groups = engine.search(q);
    assert.equal(groups[0]?.route, '/docs/api/functions/readCsv', q);
    assert.equal(groups[0]?.kind, 'api');
  }
  assert.equal(engine.search('infers types')[0]?.route, '/docs/guide/io');
});

test('ranking: an exact heading beats longer names sharing its prefix; stop-word names are found', () => {
  const { engine } = buildIndex([
    {
      route: '/docs/api/functions/dropDuplicates',
      kind: 'api',
      title: 'dropDuplicates',
      html: '<h1>dropDuplicates</h1><p>Drops duplicate rows; drop them by key. Drop.</p>',
    },
    {
      route: '/docs/api/functions/drop',
      kind: 'api',
      title: 'drop',
      html: '<h1>drop</h1><p>Removes columns.</p>',
    },
    {
      route: '/docs/api/functions/at',
      kind: 'api',
      title: 'at',
      html: '<h1>at</h1><p>The value at a position.</p>',
    },
  ]);
  assert.equal(engine.search('drop')[0]?.route, '/docs/api/functions/drop');
  assert.equal(engine.search('at')[0]?.route, '/docs/api/functions/at');
  assert.equal(engine.search('value at position')[0]?.route, '/docs/api/functions/at');
});

test('highlight: terms match at word starts and camelCase humps; snippets centre on the first match', () => {
  const p = termPattern(['csv', 'read']);
  assert.deepEqual(findMatches('readCsv reads csv; unread', p), [
    [0, 4],
    [4, 7],
    [8, 12],
    [14, 17],
  ]);
  assert.equal(termPattern([]), null);
  const text =
    'Alpha beta gamma delta epsilon zeta eta theta iota kappa lambda mu nu xi omicron pi rho sigma tau upsilon phi chi psi omega. The rolling mean smooths noise.';
  const snip = snippetAround(text, termPattern(['rolling']), 60);
  assert.ok(snip.startsWith('…') && snip.includes('rolling mean'), snip);
  assert.equal(snippetAround('Short text.', termPattern(['text'])), 'Short text.');
});
