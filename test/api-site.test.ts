import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { BuildResult } from '../src/render/build';
import { buildRepoSite } from './helpers/site';

/** The function pages the spec's route list names (site-spec.md §2). */
const SPEC_FUNCTIONS =
  'apiToFrame, arrayToFrame, at, cloneFrame, count, createFrame, drop, expr$, filter, first, head, iloc, jsonToFrame, last, loc, max, mean, median, min, mode, print, query, readCsv, readExcel, readJson, readSql, readTsv, sample, select, selectByPattern, sort, std, stratifiedSample, sum, tail, validateColumn, validateColumnLengths, validateColumnNames, validateDType, validateInputData, validateNumericArray, validateOptions, variance, where'.split(
    ', ',
  );

let outDir: string;
let result: BuildResult;
before(async () => {
  ({ outDir, result } = await buildRepoSite());
});

const html = (route: string) => readFileSync(join(outDir, route.slice(1), 'index.html'), 'utf8');
const pageData = (route: string) =>
  JSON.parse(readFileSync(join(outDir, `assets/data${route}.json`), 'utf8')).page;
const has = (text: string, re: RegExp, message?: string) =>
  assert.ok(re.test(text), message ?? `matches ${re}`);
const builtFunctions = () => readdirSync(join(outDir, 'docs/api/functions')).sort();

test("the spec's API routes exist: the index, DataFrame and one page per listed function", () => {
  assert.equal(SPEC_FUNCTIONS.length, 44);
  const routes = [
    '/docs/api',
    '/docs/api/classes/DataFrame',
    ...SPEC_FUNCTIONS.map((n) => `/docs/api/functions/${n}`),
  ];
  const missing = routes.filter((r) => !existsSync(join(outDir, r.slice(1), 'index.html')));
  assert.deepEqual(
    missing,
    [],
    `every API route of the spec is built (missing: ${missing.join(', ')})`,
  );
  const manifest = JSON.parse(readFileSync(join(outDir, 'route-manifest.json'), 'utf8')) as {
    routes: Record<string, { title: string }>;
  };
  for (const r of routes) assert.ok(manifest.routes[r], `${r} is in the route manifest`);
});

test('the API index: titled "API Reference", every class and function listed by category with its summary', () => {
  const index = html('/docs/api');
  has(index, /<title>API Reference \| TinyFrameJS<\/title>/);
  has(index, /<h1 class="api-header__title">API Reference<\/h1>/);
  assert.ok(!/README/.test(index), 'never titled README');
  const data = pageData('/docs/api');
  assert.equal(data.kind, 'api');
  assert.equal(data.title, 'API Reference');
  const sections = data.toc.map((t: { value: string }) => t.value);
  for (const c of [
    'DataFrame',
    'Creation',
    'I/O',
    'Selection',
    'Filtering',
    'Aggregation',
    'Validation',
    'Types',
  ])
    assert.ok(sections.includes(c), `category ${c}`);
  assert.equal(sections.at(-1), 'Types');
  for (const name of builtFunctions())
    has(
      index,
      new RegExp(`href="/docs/api/functions/${name.replace('$', '\\$')}"`),
      `the index links ${name}`,
    );
  has(
    index,
    /href="\/docs\/api\/functions\/mean"[^>]*><code>mean<\/code><\/a><div class="api-index__summary">[^<]+/,
    'a one-line summary beside each name',
  );
});

test('every function page is server-rendered with its signature and description', () => {
  const names = builtFunctions();
  assert.ok(names.length >= 44, `${names.length} function pages`);
  for (const name of names) {
    const route = `/docs/api/functions/${name}`;
    const page = html(route);
    const data = pageData(route);
    assert.equal(data.kind, 'api', route);
    assert.equal(data.title, name, route);
    assert.ok(data.description && data.description.length > 10, `${route} has a description`);
    const sig = /<pre class="api-signature"[^>]*><code>([\s\S]*?)<\/code><\/pre>/.exec(page);
    assert.ok(sig, `${route} shows a signature`);
    has(
      sig[1]!
        .replace(/<[^>]+>/g, '')
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&amp;/g, '&'),
      new RegExp(`^function ${name.replace('$', '\\$')}[<(]`),
      `${route} signature`,
    );
    assert.equal((page.match(/<h1[\s>]/g) ?? []).length, 1, `${route} has one h1`);
    // The API reference's own sidebar (issue 29), never the docs sidebar's getting-started pages.
    assert.equal(data.sidebarId, 'api', `${route} is in the API sidebar`);
    has(
      page,
      /<div class="doc-layout__sidebar"><nav[^>]*><ul class="menu__list"><li class="menu__item menu__item--category"><div class="menu__category"><a href="\/docs\/api"/,
      `${route} shows the API sidebar`,
    );
    assert.ok(
      !page.includes('href="/docs/getting-started/installation" class="menu__link'),
      `${route} has no docs sidebar`,
    );
    has(
      page,
      /Defined in <a href="https:\/\/github\.com\/tinyframejs\/tinyframejs\/blob\/main\/engine\/src\/[\w/.-]+\.ts#L\d+"/,
      `${route} links its source line`,
    );
  }
});

test('types in signatures link to their pages; no API link or anchor is broken', () => {
  const readCsv = html('/docs/api/functions/readCsv');
  has(
    readCsv,
    /Promise<\/a?>?[\s\S]{0,120}<a href="\/docs\/api\/classes\/DataFrame"[^>]*>DataFrame<\/a>/,
    'readCsv returns a linked DataFrame',
  );
  has(
    html('/docs/api/functions/mean'),
    /<a href="\/docs\/api\/classes\/DataFrame"[^>]*>DataFrame<\/a>/,
  );
  const apiWarnings = result.warnings.filter(
    (w) => /\/docs\/api/.test(w.message) || w.code.startsWith('Api'),
  );
  assert.deepEqual(
    apiWarnings.map((w) => `${w.code}: ${w.message}`),
    [],
  );
});

test('DataFrame: constructor and members with anchors, listed in the TOC', () => {
  const page = html('/docs/api/classes/DataFrame');
  const data = pageData('/docs/api/classes/DataFrame');
  assert.equal(data.title, 'DataFrame');
  has(page, /class<\/span> <span class="api-tok api-tok--name">DataFrame<\/span>/);
  // fromArrays takes rows as readonly arrays: the parentheses precedence needs are kept (issue 29).
  const text = page.replace(/<[^>]+>/g, '');
  assert.ok(text.includes('readonly (readonly unknown[])[]'), 'fromArrays prints its rows type');
  assert.ok(!text.includes('readonly readonly'), 'no type loses its parentheses');
  const toc = data.toc as { id: string; value: string; level: number }[];
  const h2 = toc.filter((t) => t.level === 2).map((t) => t.value);
  assert.ok(h2.includes('Constructor') && h2.includes('Properties'), h2.join(', '));
  const members = toc.filter((t) => t.level === 3).map((t) => t.value);
  for (const m of [
    'columns',
    'rowCount',
    'dtypes',
    'shape',
    'get()',
    'row()',
    'toArray()',
    'toString()',
    'fromRows()',
    'fromColumns()',
  ])
    assert.ok(members.includes(m), `member ${m} in the TOC`);
  // The TOC is exactly the page's h2/h3 headings, in order.
  const headings = [...page.matchAll(/<h([23]) id="([^"]+)" class="anchor[^"]*">/g)].map(
    (m) => `${m[1]}:${m[2]}`,
  );
  assert.deepEqual(
    headings,
    toc.map((t) => `${t.level}:${t.id}`),
  );
  has(
    page,
    /<h3 id="fromRows" class="anchor api-member__title">fromRows\(\)<a class="hash-link" href="#fromRows" aria-label="Direct link to fromRows\(\)"/,
  );
});
