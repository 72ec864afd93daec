import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { createHash } from 'node:crypto';
import { build } from '../../src/render/build';
import { DfdocsError } from '../../src/render/diagnostics';
import { makeSite } from '../helpers/tempSite';

const CONFIG = `import { defineConfig } from 'dfdocs';
export default defineConfig({
  title: 'Fixture', tagline: 'A fixture site', url: 'https://fixture.dev',
  docs: { version: { name: 'current', label: 'Next', path: '/docs', mainDocId: 'guide' }, sidebarRoot: 'guide' },
  navbar: { items: [{ label: 'Guide', to: '/docs/guide', position: 'left' }] },
});
`;

function basicSite(extra: Record<string, string | Buffer> = {}) {
  return makeSite({
    'dfdocs.config.ts': CONFIG,
    'docs/intro.md':
      '---\ntitle: Intro\ndescription: The intro.\n---\n\n# Intro\n\nSee the [first step](./guide/basics/first.md#setup) and [the guide](guide/index.md).\n',
    'docs/guide/index.md': '---\ntitle: The Guide\n---\n\n# The Guide\n\nWelcome.\n',
    'docs/guide/basics/_category_.json': '{ "label": "Basics", "position": 2 }',
    'docs/guide/basics/first.md':
      '---\nsidebar_position: 1\n---\n\n# First step\n\n## Setup\n\nText.\n',
    'docs/guide/basics/second.md':
      '---\nsidebar_position: 2\nsidebar_label: Step two\nslug: /custom-second\n---\n\n# Second step\n',
    'docs/guide/overview.md':
      '---\nsidebar_position: 1\n---\n\n# Overview\n\nBack to [intro](../intro.md).\n',
    'pages/standalone.md': '# Standalone\n\nA page outside the docs.\n',
    ...extra,
  });
}

const read = (dir: string, rel: string) => readFileSync(join(dir, rel), 'utf8');

test('routes: index, slug and nested categories; sidebar and manifest', async () => {
  const root = basicSite();
  const outDir = join(root, 'dist');
  const result = await build({ root, outDir });
  assert.deepEqual(result.warnings, []);
  for (const f of [
    'docs/intro/index.html',
    'docs/guide/index.html',
    'docs/guide/basics/first/index.html',
    'docs/custom-second/index.html',
    'docs/guide/overview/index.html',
    'standalone/index.html',
    '404.html',
    'sitemap.xml',
    'robots.txt',
    'route-manifest.json',
  ]) {
    assert.ok(existsSync(join(outDir, f)), `${f} exists`);
  }
  const manifest = JSON.parse(read(outDir, 'route-manifest.json'));
  assert.deepEqual(Object.keys(manifest.routes).sort(), [
    '/',
    '/docs/custom-second',
    '/docs/guide',
    '/docs/guide/basics/first',
    '/docs/guide/overview',
    '/docs/intro',
    '/standalone',
  ]);
  assert.equal(manifest.routes['/docs/guide/basics/first'].sidebar, 'docs');
  assert.equal(
    manifest.routes['/docs/intro'].sidebar,
    undefined,
    'intro is outside the sidebar root',
  );
  const data = JSON.parse(read(outDir, manifest.routes['/docs/guide/basics/first'].data));
  assert.equal(data.page.title, 'First step');
  assert.deepEqual(
    data.page.breadcrumbs.map((b: { title: string }) => b.title),
    ['The Guide', 'Basics'],
  );
  assert.equal(data.page.previous.href, '/docs/guide/overview');
  assert.equal(data.page.next.href, '/docs/custom-second');
  const sidebar = JSON.parse(read(outDir, 'assets/data/_sidebars/docs.json'));
  assert.equal(sidebar[0].label, 'The Guide');
  assert.deepEqual(
    sidebar[0].items.map((i: { label: string }) => i.label),
    ['Overview', 'Basics'],
  );
  assert.deepEqual(
    sidebar[0].items[1].items.map((i: { label: string }) => i.label),
    ['First step', 'Step two'],
  );
});

test('built HTML is server-rendered with head tags, theme script first in body, hashed assets', async () => {
  const root = basicSite();
  const outDir = join(root, 'dist');
  await build({ root, outDir });
  const html = read(outDir, 'docs/intro/index.html');
  assert.match(
    html,
    /^<!DOCTYPE html><html lang="en" dir="ltr" data-theme="light" data-has-hydrated="false">/,
  );
  assert.match(html, /<title>Intro \| Fixture<\/title>/);
  assert.match(html, /<meta name="description" content="The intro.">/);
  assert.match(html, /<link rel="canonical" href="https:\/\/fixture.dev\/docs\/intro">/);
  assert.match(html, /hreflang="en"/);
  assert.match(html, /hreflang="x-default"/);
  assert.match(html, /<body class="navigation-with-keyboard"><script>\(function\(\)\{/);
  assert.match(html, /<h1>Intro<\/h1>/, 'the text is in the HTML, not an empty root');
  assert.match(html, /href="\/docs\/guide\/basics\/first#setup"/, 'relative .md link rewritten');
  assert.match(html, /<link rel="stylesheet" href="\/assets\/styles\.[A-Z0-9]{8}\.css">/);
  assert.match(html, /<link rel="modulepreload" href="\/assets\/client\.[A-Z0-9]{8}\.js">/);
  const notFound = read(outDir, '404.html');
  assert.match(notFound, /<title>Page Not Found \| Fixture<\/title>/);
  assert.match(notFound, /<h1>Page Not Found<\/h1>/);
  const sitemap = read(outDir, 'sitemap.xml');
  assert.match(sitemap, /<loc>https:\/\/fixture.dev\/docs\/intro<\/loc>/);
});

test('--base-url builds the same site for a sub-path, never prefixing twice', async () => {
  const root = basicSite({
    'docs/guide/links.md':
      '# Links\n\n[abs](/docs/intro) [pre](/sub/docs/intro) [hash](#x) [ext](https://e.org) [empty]()\n',
  });
  const outDir = join(root, 'dist');
  await build({ root, outDir, baseUrl: '/sub/' });
  const html = read(outDir, 'docs/guide/links/index.html');
  assert.match(html, /href="\/sub\/docs\/intro">abs/);
  assert.match(html, /href="\/sub\/docs\/intro">pre/);
  assert.doesNotMatch(html, /\/sub\/sub\//);
  assert.match(html, /href="#x">hash/);
  assert.match(html, /href="https:\/\/e.org"[^>]*>ext/);
  assert.match(html, /href="\/sub\/assets\/client\./);
  assert.match(
    html,
    /<link rel="canonical" href="https:\/\/fixture.dev\/sub\/docs\/guide\/links">/,
  );
  assert.match(read(outDir, 'docs/intro/index.html'), /href="\/sub\/docs\/guide"/);
});

test('broken links, broken anchors and duplicate routes are warnings with file:line; --strict makes them errors', async () => {
  const root = basicSite({
    'docs/guide/bad.md':
      '# Bad\n\nA [dead link](/docs/nope) here.\n\nAn [anchor](./basics/first.md#missing) too.\n\n## Fine\n\n[ok](#fine) [ok2](/docs/guide/basics/first#setup)\n',
    'docs/guide/dup.md': '---\nslug: /custom-second\n---\n# Dup\n',
  });
  const result = await build({ root, outDir: join(root, 'dist') });
  const byCode = (c: string) => result.warnings.filter((w) => w.code === c);
  assert.equal(byCode('BrokenLink').length, 1);
  assert.equal(byCode('BrokenLink')[0]!.file, 'docs/guide/bad.md');
  assert.equal(byCode('BrokenLink')[0]!.line, 3);
  assert.match(byCode('BrokenLink')[0]!.message, /\/docs\/nope/);
  assert.equal(byCode('BrokenAnchor').length, 1);
  assert.equal(byCode('BrokenAnchor')[0]!.line, 5);
  assert.equal(byCode('DuplicateRoute').length, 1);
  assert.match(
    byCode('DuplicateRoute')[0]!.message,
    /Duplicate routes found! Attempting to create page at url=\/docs\/custom-second, but a page already exists at this route\./,
  );
  await assert.rejects(
    build({ root, outDir: join(root, 'dist-strict'), strict: true }),
    (err: unknown) => err instanceof DfdocsError && err.diagnostics.length === 3,
  );
  assert.equal(existsSync(join(root, 'dist-strict')), false);
});

function hashTree(dir: string): string {
  const h = createHash('sha256');
  const walk = (d: string) => {
    for (const name of readdirSync(d).sort()) {
      const p = join(d, name);
      if (statSync(p).isDirectory()) walk(p);
      else h.update(p.slice(dir.length)).update(readFileSync(p));
    }
  };
  walk(dir);
  return h.digest('hex');
}

test('a failing build leaves the previous output byte-for-byte intact, and no staging folder behind', async () => {
  const root = basicSite();
  const outDir = join(root, 'dist');
  await build({ root, outDir });
  const before = hashTree(outDir);
  const { writeFileSync } = await import('node:fs');
  writeFileSync(join(root, 'docs/guide/overview.md'), '---\ntitle: [unclosed\n---\n# x\n');
  await assert.rejects(build({ root, outDir }), DfdocsError);
  assert.equal(hashTree(outDir), before);
  assert.deepEqual(
    readdirSync(root).filter((n) => n.startsWith('.dist')),
    [],
  );
});

test('a folder holding only docs/ builds with defaults, strictly, with a home page at /', async () => {
  const root = makeSite({
    'docs/intro.md': '# Hello\n\nWorld.\n',
    'docs/more/page.md': '# Page\n\nAbout the **more** part.\n',
  });
  const result = await build({ root, outDir: join(root, 'out'), strict: true });
  assert.equal(result.pages, 4, 'two docs, the generated home page and the 404 page');
  assert.deepEqual(result.warnings, []);
  const out = join(root, 'out');
  assert.match(read(out, 'docs/intro/index.html'), /<title>Hello \| Documentation<\/title>/);
  const home = read(out, 'index.html');
  assert.match(home, /<title>Documentation<\/title>/);
  assert.match(home, /<h1 class="hero__title">Documentation<\/h1>/);
  assert.match(
    home,
    /<a href="\/docs\/intro" class="button button--primary button--lg">Get started<\/a>/,
  );
  // A card for each top-level part of the docs, with its first paragraph.
  assert.match(home, /<h3 class="feature-card__title">More<\/h3>/);
  assert.match(home, /About the more part\./);
  // The 404 page's "Read the docs" leads to the main doc.
  assert.match(read(out, '404.html'), /href="\/docs\/intro"[^>]*>Read the docs/);
});

test('the main doc defaults to intro, else index, else the first doc in sidebar order', async () => {
  const startOf = async (files: Record<string, string>) => {
    const root = makeSite(files);
    await build({ root, outDir: join(root, 'out'), strict: true });
    return /href="([^"]+)"[^>]*>Get started</.exec(read(join(root, 'out'), 'index.html'))?.[1];
  };
  assert.equal(await startOf({ 'docs/a.md': '# A\n', 'docs/intro.md': '# I\n' }), '/docs/intro');
  assert.equal(await startOf({ 'docs/a.md': '# A\n', 'docs/index.md': '# I\n' }), '/docs');
  assert.equal(
    await startOf({
      'docs/z.md': '---\nsidebar_position: 1\n---\n# Z\n',
      'docs/b.md': '---\nsidebar_position: 2\n---\n# B\n',
    }),
    '/docs/z',
  );
});

test('an unknown main doc id is reported at its line, with the ids closest in spelling', async () => {
  const root = makeSite({
    'dfdocs.config.ts':
      "export default {\n  docs: {\n    version: { name: 'current', label: 'Next', path: '/docs', mainDocId: 'gide/start' },\n  },\n};\n",
    'docs/aaa.md': '# A\n',
    'docs/abc.md': '# B\n',
    'docs/guide/start.md': '# S\n',
  });
  await assert.rejects(build({ root, outDir: join(root, 'out') }), (err: DfdocsError) => {
    const d = err.diagnostics[0]!;
    assert.equal(d.file, 'dfdocs.config.ts');
    assert.equal(d.line, 3);
    assert.match(d.hint!, /did you mean "guide\/start"\?$/);
    return true;
  });
});

test('without a config file, a problem cites no config file', async () => {
  const root = makeSite({ 'docs/intro.md': '# I\n' });
  const { loadConfig } = await import('../../src/render/config/loadConfig');
  const { config } = await loadConfig(root);
  config.docs.sidebarRoot = 'nowhere';
  const { assembleSite } = await import('../../src/render/site/assemble');
  const { loadSources } = await import('../../src/render/content/loadSources');
  assert.throws(
    () => assembleSite(loadSources(root), config, [], { locate: () => ({ line: 1, column: 1 }) }),
    (err: DfdocsError) => err.diagnostics[0]!.file === undefined,
  );
});

test('prefetch hints list the existing routes a page links to, navbar and footer included', async () => {
  const root = basicSite();
  const outDir = join(root, 'dist');
  await build({ root, outDir });
  const data = JSON.parse(read(outDir, 'assets/data/docs/intro.json'));
  assert.deepEqual(data.page.links, ['/docs/guide', '/docs/guide/basics/first']);
  const first = JSON.parse(read(outDir, 'assets/data/docs/guide/basics/first.json'));
  assert.ok(first.page.links.includes('/docs/guide'), 'the navbar route is a hint');
});
