/**
 * `renderPage` (src/render/pages/renderPage.ts) on its own: one page of a small site
 * rendered on this thread, with no build around it, to its files and metadata.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { defaultConfig } from '../../src/render/config/defaults';
import { loadSources } from '../../src/render/content/loadSources';
import { assembleSite } from '../../src/render/site/assemble';
import { clientConfigOf } from '../../src/render/site/clientConfig';
import { createMarkdownRenderer } from '../../src/render/markdown/processor';
import { getHighlighter } from '../../src/render/markdown/highlighter';
import { DfdocsError } from '../../src/render/diagnostics';
import { pageFiles, renderPage } from '../../src/render/pages/renderPage';
import { OnDemandExecutor } from '../../src/render/executor/onDemand';
import type { RenderContext } from '../../src/render/pages/renderRoute';
import { makeSite } from '../helpers/tempSite';

function contextOf(root: string): RenderContext {
  const config = defaultConfig();
  const sources = loadSources(root, { routeBasePath: config.docs.routeBasePath });
  const site = assembleSite(sources, config, [], { root, locate: () => ({ line: 1, column: 1 }) });
  const clientConfig = clientConfigOf(config);
  return {
    config,
    clientConfig,
    model: site.model,
    markdown: createMarkdownRenderer({
      highlighter: getHighlighter,
      baseUrl: config.baseUrl,
      toc: config.toc,
      routeOfSource: (p) => site.model.routeOfSource.get(p),
      root,
    }),
    assets: { entry: 'assets/client.T.js', preload: [], css: 'assets/styles.T.css' },
    reactPages: new Map(),
    generated: site.generators(clientConfig),
    routeSet: new Set(site.model.routes.map((r) => r.route)),
    mainDoc: site.mainDoc,
  };
}

const root = makeSite({
  'docs/intro.md':
    '---\ntitle: Getting started\ndescription: The first page.\n---\n\nRead [the usage](./next.md#usage) first.\n\n```js\nconst answer = 42;\n```\n\n## Install\n\nText.\n',
  'docs/next.md': '# Next\n\n## Usage\n\nMore.\n',
});
const ctx = contextOf(root);

test('renderPage renders one markdown page to its HTML document and content file', async () => {
  const entry = ctx.model.routes.find((r) => r.route === '/docs/intro')!;
  const rendered = await renderPage(entry, ctx);
  const files = pageFiles(rendered);
  assert.deepEqual([...files.keys()], ['docs/intro/index.html', 'assets/data/docs/intro.json']);
  const html = files.get('docs/intro/index.html')!;
  assert.match(html, /^<!DOCTYPE html>/i);
  // The title from the front matter becomes the page's heading; the code block is highlighted.
  assert.match(html, /<h1[^>]*>[^]*?Getting started[^]*?<\/h1>/);
  assert.match(html, /<h2[^>]*id="install"/);
  assert.match(html, /<pre[^>]*class="[^"]*shiki/);
  assert.match(html, /<meta name="description" content="The first page."/);
  // The linked page is a prefetch hint; the client's assets are named.
  assert.match(html, /assets\/client\.T\.js/);
  const data = JSON.parse(files.get('assets/data/docs/intro.json')!);
  assert.equal(data.page.title, 'Getting started');
  assert.deepEqual(data.page.links, ['/docs/next']);
  assert.deepEqual(
    data.page.toc.map((t: { id: string }) => t.id),
    ['install'],
  );
  // The metadata the build gathers: links with their anchors, ids, the search entry.
  assert.deepEqual(
    rendered.links.map((l) => [l.route, l.hash]),
    [['/docs/next', 'usage']],
  );
  assert.ok(rendered.ids.includes('install'));
  assert.ok(rendered.search, 'a search entry is prepared');
  assert.equal(rendered.warnings, undefined);
});

test('renderPage names the route when a page cannot be rendered', async () => {
  await assert.rejects(
    renderPage({ route: '/gone', kind: 'generated', id: 'no-such-generator' }, ctx),
    (err: unknown) =>
      err instanceof DfdocsError && /rendering \/gone threw: no generator/.test(err.message),
  );
});

test('the on-demand executor (dev) renders a page when asked and keeps it until it is invalidated', async () => {
  let renders = 0;
  const pages = new OnDemandExecutor((entry) => {
    renders++;
    return renderPage(entry, ctx);
  });
  const entry = ctx.model.routes.find((r) => r.route === '/docs/next')!;
  const first = await pages.render('/docs/next', entry);
  assert.equal(pages.kept('/docs/next'), first);
  assert.deepEqual(pages.keys(), ['/docs/next']);
  pages.invalidate('/docs/next');
  assert.equal(pages.kept('/docs/next'), undefined);
  assert.equal(pages.lastGood('/docs/next'), first, 'the last good page outlives invalidation');
  const again = await pages.render('/docs/next', entry);
  assert.equal(again.document, first.document);
  assert.equal(renders, 2);
});

test('the on-demand executor does not keep a page that rendered across an invalidation (it may show the site as it was)', async () => {
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  const pages = new OnDemandExecutor(async (entry) => {
    await held;
    return renderPage(entry, ctx);
  });
  const entry = ctx.model.routes.find((r) => r.route === '/docs/next')!;
  for (const invalidate of [() => pages.clear(), () => pages.invalidate('/docs/next')]) {
    const rendering = pages.render('/docs/next', entry);
    invalidate();
    release();
    const rendered = await rendering;
    assert.equal(pages.kept('/docs/next'), undefined, 'not kept');
    assert.equal(pages.lastGood('/docs/next'), rendered, 'still the last page that rendered');
    assert.equal(
      await pages.render('/docs/next', entry),
      pages.kept('/docs/next'),
      'kept when rendered after',
    );
  }
});
