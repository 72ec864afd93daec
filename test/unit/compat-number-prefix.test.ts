/**
 * Docusaurus's number prefixes and category index pages, read from real files: ids,
 * routes, order and labels of `01-intro.md` and `02-guides/`; `_category_.json`/`.yml`
 * links (generated index, doc, none); the routes those index pages get.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { splitNumberPrefix, stripNumberPrefixes } from '../../src/render/content/numberPrefix';
import { labelSlug } from '../../src/render/content/categoryIndex';
import { loadSources } from '../../src/render/content/loadSources';
import { buildSiteModel } from '../../src/render/site/siteModel';
import { assembleSite } from '../../src/render/site/assemble';
import { defaultConfig } from '../../src/render/config/defaults';
import { DfdocsError } from '../../src/render/diagnostics';
import type { SidebarItem } from '../../src/shared/pageData';
import { makeSite } from '../helpers/tempSite';

test('a number prefix is a number, a separator and a name; dates and versions are names', () => {
  assert.deepEqual(splitNumberPrefix('01-intro'), { name: 'intro', number: 1 });
  assert.deepEqual(splitNumberPrefix('2_guides'), { name: 'guides', number: 2 });
  assert.deepEqual(splitNumberPrefix('10. Streaming'), { name: 'Streaming', number: 10 });
  assert.deepEqual(splitNumberPrefix('3 - setup'), { name: 'setup', number: 3 });
  for (const name of ['2024-05-01-notes', '1.2-upgrade', '1.2.3', 'intro', '42', '7-', 'v2-api'])
    assert.deepEqual(splitNumberPrefix(name), { name }, name);
  assert.equal(stripNumberPrefixes('01-a/02-b.md'), 'a/b.md');
  assert.equal(stripNumberPrefixes('1.md'), '1.md', 'a file named by a number keeps it');
  assert.equal(stripNumberPrefixes('2024-05-01-notes.mdx'), '2024-05-01-notes.mdx');
});

test('the default slug of a category index is its label, kebab-cased', () => {
  assert.equal(labelSlug('Getting Started!'), 'getting-started');
  assert.equal(labelSlug('Café & Co.'), 'cafe-co');
  assert.equal(labelSlug('API v2'), 'api-v2');
  assert.equal(labelSlug('***'), 'category');
});

function siteOf(files: Record<string, string>) {
  const root = makeSite(files);
  try {
    const sources = loadSources(root);
    const model = buildSiteModel(sources, defaultConfig());
    return { sources, model };
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

const shape = (items: SidebarItem[]): unknown[] =>
  items.map((i) =>
    i.type === 'category'
      ? { [`${i.label} ${i.href ?? '-'}`]: shape(i.items) }
      : `${i.label} ${i.href}`,
  );

test('prefixed files and folders: ids, routes and labels without the number, the sidebar ordered by it; id, slug and sidebar_position win', () => {
  const { sources, model } = siteOf({
    'docs/01-intro.md': 'Welcome.\n',
    'docs/02-guides/10-last.md': '# Last guide\n',
    'docs/02-guides/2-second.md': '# Second guide\n',
    'docs/02-guides/01-first.md': '---\nsidebar_position: 5\n---\n# First guide\n',
    'docs/02-guides/03-custom.md': '---\nid: own-id\nslug: /elsewhere\n---\n# Custom\n',
    'docs/10-appendix/index.md': '# Appendix\n',
    'docs/3-reference.md': '# Reference\n',
    'docs/2024-01-05-notes.md': '# Notes\n',
  });
  const byPath = new Map(sources.docs.map((d) => [d.docPath, [d.id, d.route]]));
  assert.deepEqual(Object.fromEntries(byPath), {
    '01-intro.md': ['intro', '/docs/intro'],
    '02-guides/10-last.md': ['guides/last', '/docs/guides/last'],
    '02-guides/2-second.md': ['guides/second', '/docs/guides/second'],
    '02-guides/01-first.md': ['guides/first', '/docs/guides/first'],
    '02-guides/03-custom.md': ['guides/own-id', '/docs/elsewhere'],
    '10-appendix/index.md': ['appendix', '/docs/appendix'],
    '3-reference.md': ['reference', '/docs/reference'],
    '2024-01-05-notes.md': ['2024-01-05-notes', '/docs/2024-01-05-notes'],
  });
  // Links to the files themselves (`./01-intro.md`) are resolved by source path.
  assert.equal(model.routeOfSource.get('docs/01-intro.md'), '/docs/intro');
  assert.deepEqual(shape(model.sidebars.docs!), [
    'Intro /docs/intro',
    // 02-guides: 2-second, 03-custom, then 01-first (sidebar_position 5), then 10-last.
    {
      'Guides -': [
        'Second guide /docs/guides/second',
        'Custom /docs/elsewhere',
        'First guide /docs/guides/first',
        'Last guide /docs/guides/last',
      ],
    },
    'Reference /docs/reference',
    { 'Appendix /docs/appendix': [] },
    // No number prefix: after the numbered ones.
    'Notes /docs/2024-01-05-notes',
  ]);
});

test('_category_.json and _category_.yml links: a generated index (default slug or its own), a doc, or none', () => {
  const { model } = siteOf({
    'docs/intro.md': '---\nsidebar_position: 1\n---\n# Intro\n',
    'docs/guides/_category_.yml':
      'label: How-to guides\nposition: 2\nlink:\n  type: generated-index\n  description: Tasks, one by one.\n',
    'docs/guides/a.md': '# A\n',
    'docs/recipes/_category_.json':
      '{ "position": 3, "link": { "type": "generated-index", "slug": "/cookbook", "title": "The cookbook" } }',
    'docs/recipes/b.md': '# B\n',
    'docs/faq/_category_.json': '{ "position": 4, "link": null }',
    'docs/faq/index.md': '# FAQ\n',
    'docs/faq/c.md': '# C\n',
    'docs/ref/_category_.json': '{ "position": 5, "link": { "type": "doc", "id": "ref/d" } }',
    'docs/ref/d.md': '# D\n',
  });
  assert.deepEqual(shape(model.sidebars.docs!), [
    'Intro /docs/intro',
    { 'How-to guides /docs/category/how-to-guides': ['A /docs/guides/a'] },
    { 'Recipes /docs/cookbook': ['B /docs/recipes/b'] },
    // `link: null`: no page; its index doc is an item.
    { 'Faq -': ['C /docs/faq/c', 'FAQ /docs/faq'] },
    { 'Ref /docs/ref/d': ['D /docs/ref/d'] },
  ]);
  assert.deepEqual(
    model.categoryIndexes.map((p) => [p.route, p.title, p.description, p.sidebarId]),
    [
      ['/docs/category/how-to-guides', 'How-to guides', 'Tasks, one by one.', 'docs'],
      ['/docs/cookbook', 'The cookbook', undefined, 'docs'],
    ],
  );
  assert.deepEqual(
    model.routes.filter((r) => r.kind === 'generated').map((r) => r.route),
    ['/docs/category/how-to-guides', '/docs/cookbook'],
  );
});

test('a category index whose route a doc has: the doc keeps it, and the clash is reported', () => {
  const { model } = siteOf({
    'docs/cookbook.md': '# Cookbook\n',
    'docs/recipes/_category_.json':
      '{ "link": { "type": "generated-index", "slug": "/cookbook" } }',
    'docs/recipes/b.md': '# B\n',
  });
  assert.equal(model.routes.find((r) => r.route === '/docs/cookbook')?.kind, 'doc');
  assert.deepEqual(
    model.warnings.map((w) => w.code),
    ['DuplicateRoute'],
  );
});

test('a _category_ link of another shape is refused with its file and line', () => {
  assert.throws(
    () =>
      siteOf({
        'docs/a/_category_.json': '{\n  "label": "A",\n  "link": { "type": "page" }\n}\n',
        'docs/a/x.md': '# X\n',
      }),
    (err: unknown) => {
      const d = (err as DfdocsError).diagnostics[0]!;
      assert.equal(d.code, 'CategoryInvalid');
      assert.equal(d.file, 'docs/a/_category_.json');
      assert.equal(d.line, 3);
      assert.match(d.message, /`link` must be/);
      return true;
    },
  );
  assert.throws(
    () => siteOf({ 'docs/a/_category_.yml': 'label: [unclosed\n', 'docs/a/x.md': '# X\n' }),
    (err: unknown) => {
      const d = (err as DfdocsError).diagnostics[0]!;
      assert.equal(d.file, 'docs/a/_category_.yml');
      assert.match(d.message, /invalid YAML/);
      return true;
    },
  );
});

test('docs.sidebarRoot may name a prefixed folder without its number', () => {
  const root = makeSite({
    'docs/01-intro.md': '# Intro\n',
    'docs/02-guides/01-a.md': '# A\n',
    'docs/02-guides/02-b.md': '# B\n',
  });
  try {
    const sources = loadSources(root);
    const config = defaultConfig();
    config.docs.sidebarRoot = 'guides';
    const site = assembleSite(sources, config, [], { locate: () => ({ line: 1, column: 1 }) });
    assert.deepEqual(shape(site.model.sidebars.docs!), [
      { 'Guides -': ['A /docs/guides/a', 'B /docs/guides/b'] },
    ]);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test('a _category_ link to a doc that does not exist is reported at its link', () => {
  const { model } = siteOf({
    'docs/ref/_category_.json':
      '{\n  "label": "Ref",\n  "link": { "type": "doc", "id": "ref/nope" }\n}\n',
    'docs/ref/d.md': '# D\n',
  });
  assert.deepEqual(
    model.warnings.map((w) => [w.code, w.file, w.line]),
    [['SidebarUnknownDoc', 'docs/ref/_category_.json', 3]],
  );
  assert.match(model.warnings[0]!.message, /"ref\/nope"/);
});
