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
    'Changelog',
  ]);
  const guides = items[1] as Extract<SidebarItem, { type: 'category' }>;
  assert.equal(guides.href, '/docs/guides', 'the category links to its doc');
  // The pager follows the sidebar: Page 2 comes after Page 1.
  const next = select('a.pager__link--next', documentOf('compat-docusaurus', '/docs/pages/page-1'));
  assert.match(text(next), /Page 2/);
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
