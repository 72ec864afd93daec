/**
 * Docs written for Docusaurus and VitePress build unchanged (issue 27): each fixture site
 * builds under --strict with the HTML each syntax should give; a page holding one of each
 * construct dfdocs does not render gets exactly one diagnostic each, with its position;
 * and no raw `:::`, ESM import, mustache or `[[toc]]` reaches a page's text, its meta
 * description or the search index.
 */
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fromHtml } from 'hast-util-from-html';
import { select, selectAll } from 'hast-util-select';
import { toString } from 'hast-util-to-string';
import type { Element, Root } from 'hast';
import { buildSite, fixture } from './helpers/site';
import { runCli } from './helpers/tempSite';
import type { BuildResult } from '../src/render/build';
import type { SidebarItem } from '../src/shared/pageData';

const built = new Map<string, { outDir: string; result: BuildResult }>();

before(async () => {
  for (const name of ['compat-docusaurus', 'compat-vitepress'])
    built.set(
      name,
      await buildSite(fixture(name), { strict: true, cache: false }).then((result) => ({
        outDir: result.outDir,
        result,
      })),
    );
  const diagnostics = await buildSite(fixture('compat-diagnostics'), { cache: false });
  built.set('compat-diagnostics', { outDir: diagnostics.outDir, result: diagnostics });
});

const outOf = (site: string) => built.get(site)!.outDir;

/** A built page's document. */
function documentOf(site: string, route: string): Root {
  const file = join(outOf(site), route.replace(/^\/|\/$/g, ''), 'index.html');
  return fromHtml(readFileSync(file, 'utf8'));
}

/** A built page's body (the rendered markdown). */
function bodyOf(site: string, route: string): Element {
  const body = select('[data-page-body]', documentOf(site, route));
  assert.ok(body, `${route} has a page body`);
  return body;
}

const text = (node: Element | Root | undefined): string =>
  node ? toString(node).replace(/\s+/g, ' ').trim() : '';

const attr = (node: Element | undefined, name: string): unknown => node?.properties[name];

/** The numbers (1-based) of the lines of a code block that carry `className`. */
function markedLines(block: Element, className: string): number[] {
  return selectAll('.line', block)
    .map((line, i) => ((line.properties.className as string[]).includes(className) ? i + 1 : 0))
    .filter(Boolean);
}

/** A copied file: its reference names a content-hashed file that exists in the output. */
function assertCopied(site: string, href: unknown, stem: string, ext: string): void {
  assert.equal(typeof href, 'string');
  assert.match(href as string, new RegExp(`^/assets/files/${stem}-[0-9a-f]{8}\\.${ext}$`));
  assert.ok(existsSync(join(outOf(site), href as string)), `${href} is in the output`);
}

function labels(items: SidebarItem[]): unknown[] {
  return items.map((i) => (i.type === 'category' ? { [i.label]: labels(i.items) } : i.label));
}

test('Docusaurus: <Tabs>/<TabItem> render as tabs holding every tab’s content, with groupId, queryString, values and default', () => {
  const body = bodyOf('compat-docusaurus', '/docs/guides/install');
  const groups = selectAll('[data-tabs]', body);
  assert.equal(groups.length, 3);
  const [first, second, platform] = groups as [Element, Element, Element];
  assert.equal(attr(first, 'dataGroupId'), 'package-manager');
  assert.equal(attr(first, 'dataQueryString'), 'package-manager');
  assert.equal(attr(second, 'dataGroupId'), 'package-manager');
  assert.deepEqual(
    selectAll('[role="tab"]', first).map((t) => [text(t), attr(t, 'dataValue')]),
    [
      ['npm', 'npm'],
      ['Yarn', 'yarn'],
      ['pnpm', 'pnpm'],
    ],
  );
  assert.deepEqual(selectAll('[role="tabpanel"]', first).map(text), [
    'npm install lumen-http',
    'With Yarn, the package is added to dependencies:yarn add lumen-http',
    'pnpm add lumen-http',
  ]);
  assert.deepEqual(selectAll('[role="tabpanel"]', second).map(text), [
    'npm update lumen-http',
    'yarn upgrade lumen-http',
    'pnpm update lumen-http',
  ]);
  // `values` and `defaultValue` of the Tabs give labels and the first choice to one-line items.
  assert.deepEqual(selectAll('[role="tab"]', platform).map(text), ['macOS', 'Linux']);
  assert.equal(attr(select('[role="tab"][aria-selected="true"]', platform), 'dataValue'), 'linux');
  assert.deepEqual(selectAll('[role="tabpanel"]', platform).map(text), [
    'Lumen uses the system proxy settings on macOS.',
    'Lumen reads HTTPS_PROXY on Linux.',
  ]);
  // Each tab list is a tablist whose tabs control their panels.
  for (const group of groups)
    for (const tab of selectAll('[role="tab"]', group))
      assert.ok(select(`#${attr(tab, 'ariaControls')}`, group), 'a tab controls its panel');
});

test('Docusaurus: import lines and {/* comments */} are removed; admonitions keep their titles; the page description is its first paragraph', () => {
  const doc = documentOf('compat-docusaurus', '/docs/intro');
  const body = select('[data-page-body]', doc)!;
  assert.doesNotMatch(text(body), /import|@theme|comment/);
  assert.equal(
    attr(select('meta[name="description"]', doc), 'content'),
    'Lumen sends HTTP requests and reads their answers with one small function.',
  );
  const admonitions = selectAll('.admonition', body).map((a) => [
    (a.properties.className as string[])[1],
    text(select('.admonition__heading', a)),
  ]);
  assert.deepEqual(admonitions, [
    ['admonition--note', 'Before you start'],
    ['admonition--tip', 'TIP'],
    ['admonition--caution', 'CAUTION'],
    ['admonition--danger', 'Breaking change'],
  ]);
});

test('Docusaurus: code titles survive a page holding raw HTML; {1,3-5}, showLineNumbers and highlight comments mark lines', () => {
  const body = bodyOf('compat-docusaurus', '/docs/guides/requests');
  const blocks = selectAll('.code-block', body);
  assert.deepEqual(
    blocks.map((b) => text(select('.code-block__title', b))),
    ['src/client.js', 'src/post.js'],
  );
  const [client, post] = blocks as [Element, Element];
  assert.ok((client.properties.className as string[]).includes('code-block--numbered'));
  assert.deepEqual(markedLines(client, 'highlighted'), [1, 3, 4]);
  assert.deepEqual(markedLines(post, 'highlighted'), [2, 3, 4]);
  assert.doesNotMatch(text(post), /highlight-/, 'the magic comments are removed from the code');
  assert.equal(selectAll('.line', post).length, 4);
  // <details><summary> with markdown inside.
  const details = select('details', body)!;
  assert.equal(text(select('summary', details)), 'What about retries?');
  assert.equal(text(select('strong', details)), 'idempotent');
  // A linked file beside the page is copied under a hashed name.
  const link = selectAll('a', body).find((a) => text(a) === 'downloadable cheat sheet');
  assertCopied('compat-docusaurus', attr(link, 'href'), 'cheatsheet', 'txt');
});

test('Docusaurus: images beside the markdown are copied with hashed names and sized; .md links resolve; the title has an anchor target', () => {
  const body = bodyOf('compat-docusaurus', '/docs/intro');
  const img = select('img', body)!;
  assertCopied('compat-docusaurus', attr(img, 'src'), 'architecture', 'png');
  assert.equal(attr(img, 'width'), 64);
  assert.equal(attr(img, 'height'), 40);
  const hrefs = selectAll('a', body).map((a) => attr(a, 'href'));
  assert.ok(hrefs.includes('/docs/guides/install'), `${hrefs}`);
  assert.ok(hrefs.includes('/docs/guides/requests#sending-a-body'), `${hrefs}`);
  // B51 holds (no id on h1) and #introduction still lands on the title.
  const h1 = select('h1', body)!;
  assert.equal(attr(h1, 'id'), undefined);
  assert.equal(attr(select('#introduction', body), 'className')?.toString(), 'title-target');
});

test('Docusaurus: the authored sidebars.js is used in its order; autogenerated pages sort naturally (2 before 10)', () => {
  const items = JSON.parse(
    readFileSync(join(outOf('compat-docusaurus'), 'assets/data/_sidebars/docs.json'), 'utf8'),
  ) as SidebarItem[];
  assert.deepEqual(labels(items), [
    'Introduction',
    { Guides: ['Install', 'Making requests', 'When things fail'] },
    { 'Numbered pages': ['Page 1', 'Page 2', 'Page 10'] },
    {
      Tutorials: [
        'First steps',
        'Retries',
        { Advanced: ['Hooks', 'Custom agents'] },
        'Streaming responses',
      ],
    },
    'Changelog',
  ]);
  const guides = items[1] as Extract<SidebarItem, { type: 'category' }>;
  assert.equal(guides.href, '/docs/guides', 'the category links to its doc');
  // The pager follows the sidebar: Page 2 comes after Page 1.
  const next = select('a.pager__link--next', documentOf('compat-docusaurus', '/docs/pages/page-1'));
  assert.match(text(next), /Page 2/);
});

test('Docusaurus: number prefixes leave ids, routes and labels, and order the sidebar; a link to the prefixed file reaches the route', () => {
  const out = outOf('compat-docusaurus');
  for (const route of [
    'tutorials/first-steps',
    'tutorials/retries',
    'tutorials/streaming',
    'tutorials/advanced/hooks',
    'tutorials/advanced/custom-agents',
  ])
    assert.ok(existsSync(join(out, 'docs', route, 'index.html')), `/docs/${route} is built`);
  assert.ok(!existsSync(join(out, 'docs/03-tutorials')), 'no route keeps a number prefix');
  // sidebars.js names the folder by its id (`tutorials`), its number left out.
  const sidebar = JSON.parse(
    readFileSync(join(out, 'assets/data/_sidebars/docs.json'), 'utf8'),
  ) as SidebarItem[];
  const tutorials = sidebar.find((i) => i.label === 'Tutorials') as Extract<
    SidebarItem,
    { type: 'category' }
  >;
  assert.deepEqual(
    tutorials.items.map((i) => [i.label, i.href, i.type === 'link' ? i.docId : undefined]),
    [
      ['First steps', '/docs/tutorials/first-steps', 'tutorials/first-steps'],
      ['Retries', '/docs/tutorials/retries', 'tutorials/retries'],
      // 03-advanced/ before 10-streaming.md: by number, not by name.
      ['Advanced', '/docs/advanced-tutorials', undefined],
      ['Streaming responses', '/docs/tutorials/streaming', 'tutorials/streaming'],
    ],
  );
  const link = select(
    'a[href="/docs/tutorials/streaming"]',
    bodyOf('compat-docusaurus', '/docs/intro'),
  );
  assert.equal(text(link), 'streaming API', 'the link to ./03-tutorials/10-streaming.md');
  const sibling = select(
    'a[href="/docs/tutorials/retries"]',
    bodyOf('compat-docusaurus', '/docs/tutorials/first-steps'),
  );
  assert.ok(sibling, 'the link to ./02-retries.md');
});

test('Docusaurus: a generated-index category (sidebars.js) is a page listing its items with their descriptions, in the sidebar, breadcrumbs, pager, search and sitemap', () => {
  const out = outOf('compat-docusaurus');
  const route = '/docs/category/tutorials';
  const doc = documentOf('compat-docusaurus', route);
  const body = bodyOf('compat-docusaurus', route);
  assert.equal(text(select('h1', body)), 'Tutorials', 'the title is the label');
  assert.equal(
    text(select('.category-index__description', body)),
    'Longer walks through Lumen, one feature at a time.',
  );
  const cards = selectAll('a.category-card', body).map((a) => [
    attr(a, 'href'),
    text(select('.category-card__title', a)),
    text(select('.category-card__text', a)),
  ]);
  assert.deepEqual(cards, [
    // Front matter description, else the doc's first paragraph; a category counts its items.
    [
      '/docs/tutorials/first-steps',
      'First steps',
      'Send a first request and print what comes back.',
    ],
    [
      '/docs/tutorials/retries',
      'Retries',
      'Lumen tries a failed request again up to three times, waiting longer each time.',
    ],
    ['/docs/advanced-tutorials', 'Advanced', '2 items'],
    [
      '/docs/tutorials/streaming',
      'Streaming responses',
      'Read a large answer piece by piece instead of holding it all in memory.',
    ],
  ]);
  // The docs layout: the sidebar, its category label linking here and current.
  const current = select('.doc-layout__sidebar [aria-current="page"]', doc);
  assert.equal(text(current), 'Tutorials');
  assert.equal(attr(current, 'href'), route);
  assert.equal(
    String(attr(select('meta[name="description"]', doc), 'content')),
    'Longer walks through Lumen, one feature at a time.',
  );
  assert.match(text(select('title', doc)), /^Tutorials/);
  // Previous/next go through it in sidebar order.
  assert.equal(attr(select('a.pager__link--prev', doc), 'href'), '/docs/pages/page-10');
  assert.equal(attr(select('a.pager__link--next', doc), 'href'), '/docs/tutorials/first-steps');
  const before = documentOf('compat-docusaurus', '/docs/pages/page-10');
  assert.equal(attr(select('a.pager__link--next', before), 'href'), route);
  const first = documentOf('compat-docusaurus', '/docs/tutorials/first-steps');
  assert.equal(attr(select('a.pager__link--prev', first), 'href'), route);
  // A doc inside the category has it in its breadcrumbs, linked.
  const crumbs = selectAll('.breadcrumbs a.breadcrumbs__link:not(.breadcrumbs__link--home)', first);
  assert.deepEqual(
    crumbs.map((a) => [text(a), attr(a, 'href')]),
    [['Tutorials', route]],
  );
  // Search and sitemap.
  const search = readdirSync(join(out, 'assets'))
    .filter((n) => /^search-.*\.json$/.test(n))
    .map((n) => readFileSync(join(out, 'assets', n), 'utf8'))
    .join('\n');
  assert.ok(search.includes(`"${route}"`), 'the page is in the search index');
  assert.match(
    readFileSync(join(out, 'sitemap.xml'), 'utf8'),
    /<loc>https:\/\/lumen\.example\/docs\/category\/tutorials<\/loc>/,
  );
});

test('Docusaurus: a _category_.json generated-index link gives its folder a page at its slug, with its title and description', () => {
  const out = outOf('compat-docusaurus');
  const route = '/docs/advanced-tutorials';
  const doc = documentOf('compat-docusaurus', route);
  const body = bodyOf('compat-docusaurus', route);
  assert.equal(text(select('h1', body)), 'Advanced tutorials');
  assert.equal(
    text(select('.category-index__description', body)),
    'For when the defaults are not enough.',
  );
  assert.deepEqual(
    selectAll('a.category-card', body).map((a) => [
      attr(a, 'href'),
      text(select('.category-card__title', a)),
    ]),
    [
      ['/docs/tutorials/advanced/hooks', 'Hooks'],
      ['/docs/tutorials/advanced/custom-agents', 'Custom agents'],
    ],
  );
  // Breadcrumbs: the parent category's index, then this page.
  const crumbs = selectAll('.breadcrumbs a.breadcrumbs__link:not(.breadcrumbs__link--home)', doc);
  assert.deepEqual(
    crumbs.map((a) => [text(a), attr(a, 'href')]),
    [['Tutorials', '/docs/category/tutorials']],
  );
  assert.equal(text(select('.breadcrumbs__link--current', doc)), 'Advanced tutorials');
  const hooks = documentOf('compat-docusaurus', '/docs/tutorials/advanced/hooks');
  assert.deepEqual(
    selectAll('.breadcrumbs a.breadcrumbs__link:not(.breadcrumbs__link--home)', hooks).map((a) =>
      attr(a, 'href'),
    ),
    ['/docs/category/tutorials', route],
  );
  assert.equal(attr(select('a.pager__link--prev', hooks), 'href'), route);
  assert.match(readFileSync(join(out, 'sitemap.xml'), 'utf8'), /\/docs\/advanced-tutorials<\/loc>/);
});

test('VitePress: docs at the root (routeBasePath "/"), root-absolute, .md and .html links resolved, [[toc]] inline', () => {
  const out = outOf('compat-vitepress');
  assert.ok(existsSync(join(out, 'index.html')));
  assert.ok(existsSync(join(out, 'guide/getting-started/index.html')));
  assert.ok(!existsSync(join(out, 'docs')), 'nothing is served under /docs');
  const body = bodyOf('compat-vitepress', '/guide');
  const hrefs = selectAll('a', body).map((a) => attr(a, 'href'));
  for (const href of [
    '/guide/getting-started',
    '/guide/features',
    '/guide/features#build-target',
    '/guide/config',
    '#what-is-vessel',
  ])
    assert.ok(hrefs.includes(href), `${href} in ${hrefs}`);
  assert.ok(select('#what-is-vessel', body), 'the title anchor has a target');
  const toc = select('nav.table-of-contents', body)!;
  assert.deepEqual(
    selectAll('a', toc).map((a) => attr(a, 'href')),
    ['#why-vessel', '#where-next'],
  );
  const tip = select('.admonition--tip', body)!;
  assert.equal(text(select('.admonition__heading', tip)), 'TIP');
  assert.equal(text(select('.admonition--info .admonition__heading', body)), 'Who is it for');
  // A root-absolute image from docs/public.
  const img = select('img', body)!;
  assertCopied('compat-vitepress', attr(img, 'src'), 'logo', 'png');
  assert.equal(attr(img, 'width'), 16);
});

test('VitePress: code groups are tabs labelled by their fences; [file] titles, {2,5-6} and [!code ++/--] mark lines; details nest', () => {
  const body = bodyOf('compat-vitepress', '/guide/getting-started');
  const group = select('[data-tabs]', body)!;
  assert.deepEqual(selectAll('[role="tab"]', group).map(text), ['npm', 'pnpm', 'yarn']);
  assert.deepEqual(selectAll('[role="tabpanel"]', group).map(text), [
    'npm add -D vessel',
    'pnpm add -D vessel',
    'yarn add -D vessel',
  ]);
  assert.equal(select('.code-block__title', group), undefined, 'labels are tabs, not titles');
  const config = selectAll('.code-block', body).find(
    (b) => text(select('.code-block__title', b)) === 'vessel.config.js',
  )!;
  assert.ok(config, 'the [vessel.config.js] title');
  assert.deepEqual(markedLines(config, 'highlighted'), [2]);
  assert.deepEqual(markedLines(config, 'add'), [5]);
  assert.deepEqual(markedLines(config, 'remove'), [6]);
  assert.doesNotMatch(text(config), /\[!code/);
  const details = select('details.details', body)!;
  assert.equal(text(select('summary', details)), 'Show the full list of commands');
  assert.equal(text(select('.admonition--warning .admonition__heading', details)), 'WARNING');
  assert.equal(text(select('.admonition--danger .admonition__heading', body)), 'STOP');
  assert.ok(selectAll('a', body).some((a) => attr(a, 'href') === '/guide/features'));
});

test('VitePress: heading ids follow VitePress’s rules; images are sized; GitHub alerts and pipe-less tables render', () => {
  const body = bodyOf('compat-vitepress', '/guide/features');
  assert.ok(select('h2#build-target', body), 'build.target → build-target');
  const img = select('img', body)!;
  assertCopied('compat-vitepress', attr(img, 'src'), 'downloads', 'png');
  assert.deepEqual([attr(img, 'width'), attr(img, 'height')], [120, 60]);
  assert.match(text(select('.admonition--note', body)), /Hot reload needs a browser/);
  assert.ok(selectAll('a', body).some((a) => attr(a, 'href') === '/guide/config#options'));
  const tables = selectAll('table', bodyOf('compat-vitepress', '/guide/config'));
  assert.equal(tables.length, 2);
  assert.equal(text(select('th', tables[1])), 'Setting');
});

test('VitePress: the sidebar written in the config is used, in its order', () => {
  const items = JSON.parse(
    readFileSync(join(outOf('compat-vitepress'), 'assets/data/_sidebars/guide.json'), 'utf8'),
  ) as SidebarItem[];
  assert.deepEqual(labels(items), [
    { Introduction: ['What is Vessel?', 'Getting Started'] },
    { Reference: ['Features', 'Config'] },
  ]);
});

test('a page with one unknown directive, component, <script setup> and missing image gets exactly those four diagnostics, with positions', () => {
  const { warnings } = built.get('compat-diagnostics')!.result;
  assert.deepEqual(warnings.map((w) => [w.code, `${w.file}:${w.line}:${w.column}`]).sort(), [
    ['AssetMissing', 'docs/intro.md:15:1'],
    ['UnknownComponent', 'docs/intro.md:13:1'],
    ['UnknownDirective', 'docs/intro.md:9:1'],
    ['VueOnlyRemoved', 'docs/intro.md:1:1'],
  ]);
  const messages = warnings.map((w) => w.message).join('\n');
  for (const named of [':::sparkle', '<Counter>', '<script setup>', './missing-chart.png'])
    assert.ok(messages.includes(named), `a message names ${named}`);
  // The unknown directive's content is kept.
  assert.match(
    text(bodyOf('compat-diagnostics', '/docs/intro')),
    /An unknown directive's content is kept/,
  );
});

test('the CLI fails a --strict build of that page, printing each diagnostic at its position', () => {
  const { status, stderr } = runCli(
    [
      'build',
      '--strict',
      '--no-cache',
      '--out',
      join(outOf('compat-diagnostics'), '..', 'strict-out'),
    ],
    fixture('compat-diagnostics'),
  );
  assert.equal(status, 1, stderr);
  for (const at of [
    'docs/intro.md:1:1',
    'docs/intro.md:9:1',
    'docs/intro.md:13:1',
    'docs/intro.md:15:1',
  ])
    assert.match(
      stderr,
      new RegExp(`error: ${at.replace(/\./g, '\\.')} — `),
      `${at} in\n${stderr}`,
    );
  assert.equal(stderr.match(/^error: docs\//gm)?.length, 4, stderr);
});

/** Every built page (index.html) of an output folder. */
function pagesOf(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) pagesOf(p, out);
    else if (name === 'index.html' || name === '404.html') out.push(p);
  }
  return out;
}

/** A document's text as a reader sees it: the body without code, scripts and styles. */
function visibleText(doc: Root): string {
  const body = select('body', doc)!;
  const strip = (node: Element): Element => ({
    ...node,
    children: node.children
      .filter(
        (c) =>
          !(
            c.type === 'element' &&
            ['pre', 'code', 'script', 'style', 'template'].includes(c.tagName)
          ),
      )
      .map((c) => (c.type === 'element' ? strip(c) : c)),
  });
  return toString(strip(body));
}

const LEAKS: [string, RegExp][] = [
  ['a raw ::: fence', /:::/],
  ['an import line', /\bimport\s+[\w{}*,\s]+\s+from\b/],
  ['a mustache', /\{\{/],
  ['a [[toc]] marker', /\[\[toc\]\]/i],
];

test('no raw :::, import … from, {{ or [[toc]] reaches a page’s text, its meta description or the search index', () => {
  let pages = 0;
  for (const site of built.keys()) {
    const out = outOf(site);
    for (const file of pagesOf(out)) {
      pages++;
      const html = readFileSync(file, 'utf8');
      // A page React could not render on the server (it fell back to client rendering) shows nothing to check.
      assert.doesNotMatch(html, /Switched to client rendering/, `${file} rendered on the server`);
      const doc = fromHtml(html);
      const visible = visibleText(doc);
      const description = String(attr(select('meta[name="description"]', doc), 'content') ?? '');
      for (const [what, pattern] of LEAKS) {
        assert.doesNotMatch(visible, pattern, `${what} in the text of ${file}`);
        assert.doesNotMatch(description, pattern, `${what} in the description of ${file}`);
      }
    }
    const searchFiles = readdirSync(join(out, 'assets')).filter((n) => /^search-.*\.json$/.test(n));
    assert.ok(searchFiles.length >= 2, `${site} has a search index`);
    for (const name of searchFiles) {
      const index = readFileSync(join(out, 'assets', name), 'utf8');
      for (const [what, pattern] of LEAKS)
        assert.doesNotMatch(index, pattern, `${what} in ${site}'s ${name}`);
    }
  }
  assert.ok(pages >= 15, `checked ${pages} pages`);
});
