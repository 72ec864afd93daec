// The TinyFrame site's routes (issue 10, site-spec §2): every route of the spec's table answers 200
// with its real content, the 44 function pages included; an unknown path (and /blog) answers the
// not-found page; and no route exists beyond the table, except extra API pages the reference
// generator adds for the engine's other exports (toolkit functions, option types, helper classes).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT, buildRepoSite, serveDir, type RunningServer } from './helpers/site';

const FUNCTIONS = [
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
];

const TUTORIALS: Record<string, string> = {
  'combining-tables': 'How do I combine several tables?',
  'dataframe-basics': 'What is a DataFrame, and how do I make one?',
  'derived-columns': 'How do I add new columns from existing ones?',
  filtering: 'How do I pick the rows and columns I need?',
  io: 'How do I read and write tabular data?',
  plotting: 'How do I draw a chart from my data?',
  reshaping: 'How do I turn long tables wide, and back?',
  statistics: 'How do I summarise my data?',
  'text-processing': 'How do I clean and search text columns?',
  'time-series': 'How do I work with dates and time series?',
};

const COMPARISONS: Record<string, string> = {
  'other-js-libraries': 'TinyFrame and other JavaScript libraries',
  r: 'TinyFrame for R and pandas users',
  spreadsheets: 'TinyFrame for spreadsheet users',
  sql: 'TinyFrame for SQL users',
};

/** Route → the page's one `<h1>` and a phrase only the real page has. */
const ROUTES: Record<string, { h1: string; has: string }> = {
  '/': { h1: 'TinyFrameJS', has: 'A tiny, lightning-fast dataframe engine for JavaScript' },
  '/markdown-page': { h1: 'Markdown pages', has: 'pages/markdown-page.md' },
  '/docs/intro': { h1: 'Introduction', has: 'five minutes' },
  '/docs/getting-started': { h1: 'Getting Started', has: 'A one-minute example' },
  '/docs/getting-started/community-next-steps': {
    h1: 'Community &amp; Next Steps',
    has: 'Report a bug',
  },
  '/docs/getting-started/installation': { h1: 'Installation', has: 'Optional packages' },
  '/docs/getting-started/package-overview': { h1: 'Package overview', has: 'Module map' },
  '/docs/release-notes': { h1: 'Release Notes', has: '0.1.0' },
  '/docs/user-guide': { h1: 'User Guide', has: 'All tutorials' },
  '/docs/api/': { h1: 'API Reference', has: 'readCsv' },
  '/docs/api/classes/DataFrame': { h1: 'DataFrame', has: 'rowCount' },
  ...Object.fromEntries(
    Object.entries(TUTORIALS).map(([slug, h1]) => [
      `/docs/getting-started/tutorials/${slug}`,
      { h1, has: 'language-txt' },
    ]),
  ),
  ...Object.fromEntries(
    Object.entries(COMPARISONS).map(([slug, h1]) => [
      `/docs/getting-started/comparison/${slug}`,
      { h1, has: 'tinyframejs' },
    ]),
  ),
  ...Object.fromEntries(
    FUNCTIONS.map((name) => [
      `/docs/api/functions/${name}`,
      { h1: name, has: 'class="api-examples"' },
    ]),
  ),
};

/** Pages the API generator may add beyond the spec's table (other exports of the engine). */
const GENERATED_EXTRA = /^\/docs\/api\/(functions|types|classes)\/[^/]+$/;

let outDir: string;
let server: RunningServer;
before(async () => {
  ({ outDir } = await buildRepoSite());
  server = await serveDir(outDir);
});
after(() => server?.close());

const get = (path: string) => fetch(server.url + path);

test('the spec lists 44 function pages', () => {
  assert.equal(FUNCTIONS.length, 44);
  assert.equal(Object.keys(ROUTES).length, 11 + 10 + 4 + 44);
});

test('every route of the spec answers 200 with its real content', async () => {
  const problems: string[] = [];
  for (const [route, want] of Object.entries(ROUTES)) {
    const res = await get(route);
    const html = await res.text();
    if (res.status !== 200) {
      problems.push(`${route}: status ${res.status}`);
      continue;
    }
    const h1s = [...html.matchAll(/<h1[^>]*>([\s\S]*?)<\/h1>/g)].map((m) =>
      m[1]!.replace(/<[^>]+>/g, '').trim(),
    );
    if (h1s.length !== 1)
      problems.push(`${route}: ${h1s.length} <h1> elements (${h1s.join(' | ')})`);
    else if (h1s[0] !== want.h1)
      problems.push(`${route}: <h1> is "${h1s[0]}", expected "${want.h1}"`);
    if (!html.includes(want.has)) problems.push(`${route}: does not contain "${want.has}"`);
  }
  assert.deepEqual(problems, []);
});

test('each tutorial shows at least five printed outputs; the plotting tutorial shows build-time SVG charts', async () => {
  for (const slug of Object.keys(TUTORIALS)) {
    const html = await (await get(`/docs/getting-started/tutorials/${slug}`)).text();
    const outputs = (html.match(/class="code-block language-txt"/g) ?? []).length;
    if (slug !== 'plotting') assert.ok(outputs >= 5, `${slug}: ${outputs} output blocks`);
  }
  const plotting = await (await get('/docs/getting-started/tutorials/plotting')).text();
  const charts = plotting.match(/<figure class="tf-plot-figure"[^>]*><svg[^>]*role="img"/g) ?? [];
  assert.ok(charts.length >= 4, `${charts.length} charts`);
  for (const kind of ['line', 'bar', 'scatter', 'histogram'])
    assert.ok(plotting.includes(`tf-plot tf-plot-${kind}`), `no ${kind} chart`);
});

test('an unknown path and /blog answer the not-found page', async () => {
  for (const path of [
    '/no-such-page',
    '/blog',
    '/blog/',
    '/docs/no-such-doc',
    '/docs/api/functions/noSuchFunction',
    '/docs/getting-started/tutorials/pandas',
  ]) {
    const res = await get(path);
    assert.equal(res.status, 404, path);
    assert.match(await res.text(), /Page Not Found/, path);
  }
});

test('no route exists besides the spec table (and the API generator’s extra reference pages)', () => {
  const manifest = JSON.parse(readFileSync(join(outDir, 'route-manifest.json'), 'utf8')) as {
    routes: Record<string, unknown>;
  };
  // The manifest spells routes without a trailing slash ('/docs/api'); the table uses '/docs/api/'.
  const norm = (r: string) => (r.length > 1 ? r.replace(/\/$/, '') : r);
  const built = Object.keys(manifest.routes).map(norm);
  const spec = new Set(Object.keys(ROUTES).map(norm));
  const extra = built.filter((r) => !spec.has(r) && !GENERATED_EXTRA.test(r));
  assert.deepEqual(extra, []);
  const missing = [...spec].filter((r) => !built.includes(r));
  assert.deepEqual(missing, []);
});

test('the built site serves every data file the tutorials read, and the pages link them (issue 28)', async () => {
  const data = join(REPO_ROOT, 'static', 'data');
  const names = readdirSync(data);
  const linked = new Set<string>();
  for (const slug of Object.keys(TUTORIALS)) {
    const html = await (await get(`/docs/getting-started/tutorials/${slug}`)).text();
    for (const m of html.matchAll(/<a [^>]*href="\/data\/([^"]+)"/g)) linked.add(m[1]!);
  }
  for (const name of names) {
    const res = await get(`/data/${name}`);
    assert.equal(res.status, 200, `/data/${name}`);
    assert.deepEqual(
      Buffer.from(await res.arrayBuffer()),
      readFileSync(join(data, name)),
      `/data/${name} is the file in static/data`,
    );
    assert.ok(linked.has(name), `no tutorial links /data/${name}`);
  }
});
