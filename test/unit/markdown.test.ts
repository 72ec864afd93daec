import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  getHighlighter,
  createSiteHighlighter,
  highlightCode,
  loadLanguages,
} from '../../src/render/markdown/highlighter';
import { createMarkdownRenderer } from '../../src/render/markdown/processor';
import { renderHastToHtml } from '../../src/render/ssr/renderBody';
import { parseMeta } from '../../src/render/markdown/rehypeCodeBlocks';

async function render(
  md: string,
  opts: { baseUrl?: string; sourcePath?: string; routes?: Record<string, string> } = {},
) {
  const highlighter = await getHighlighter();
  const routes = opts.routes ?? {
    'docs/a/other.md': '/docs/a/other',
    'docs/guide.md': '/docs/guide',
  };
  const renderer = createMarkdownRenderer({
    highlighter,
    baseUrl: opts.baseUrl ?? '/',
    toc: { minHeadingLevel: 2, maxHeadingLevel: 3 },
    routeOfSource: (p) => routes[p],
  });
  const out = await renderer(md, opts.sourcePath ?? 'docs/a/page.md');
  return { ...out, html: renderHastToHtml(out.hast) };
}

test('heading ids match GitHub slugs, deduplicated; h1 has no id or anchor', async () => {
  const { html, toc } = await render(
    '# Title\n\n## Hello, World!\n\n## Hello, World!\n\n### `readCsv()` options\n\n#### Deep\n',
  );
  assert.match(html, /<h1>Title<\/h1>/);
  assert.match(html, /<h2 id="hello-world" class="anchor">/);
  assert.match(html, /<h2 id="hello-world-1" class="anchor">/);
  assert.match(html, /<h3 id="readcsv-options" class="anchor">/);
  assert.deepEqual(
    toc.map((t) => [t.id, t.level]),
    [
      ['hello-world', 2],
      ['hello-world-1', 2],
      ['readcsv-options', 3],
    ],
  );
});

test('every h2+ gets a direct-link anchor with an accessible label (B51)', async () => {
  const { html } = await render('## Install it\n\n#### Deep one\n');
  assert.match(
    html,
    /<a class="hash-link" href="#install-it" aria-label="Direct link to Install it" title="Direct link to Install it">\u200B<\/a>/,
  );
  assert.match(html, /href="#deep-one" aria-label="Direct link to Deep one"/);
});

test('custom heading ids {#id}', async () => {
  const { html } = await render('## Something long {#short}\n');
  assert.match(html, /<h2 id="short" class="anchor">Something long/);
});

test('admonitions: both `:::note Title` and `:::tip[Title]`, default title from the type', async () => {
  const { html } = await render(
    ':::note Read this\nBody **bold**\n:::\n\n:::tip[Label here]\nx\n:::\n\n:::danger\ny\n:::\n',
  );
  assert.match(
    html,
    /class="admonition admonition--note"[\s\S]*Read this[\s\S]*<strong>bold<\/strong>/,
  );
  assert.match(html, /class="admonition admonition--tip"[\s\S]*Label here/);
  assert.match(html, /class="admonition admonition--danger"[\s\S]*DANGER/);
});

test('text that looks like a directive stays text', async () => {
  const { html } = await render('Meet at 10:30 or use a:b and :smile here.\n');
  assert.match(html, /Meet at 10:30 or use a:b and :smile here\./);
});

test('code blocks: highlighted at build time with both themes and a title', async () => {
  const { html } = await render('```js title="src/app.js"\nconst x = 1;\n```\n');
  assert.match(html, /<div class="code-block__title">src\/app.js<\/div>/);
  assert.match(html, /class="shiki shiki-themes github-light github-dark"/);
  assert.match(html, /--shiki-dark:/);
  assert.match(html, /aria-label="Copy code to clipboard"/);
  assert.deepEqual(parseMeta('title="a b.js" showLineNumbers x=1'), {
    title: 'a b.js',
    showLineNumbers: 'true',
    x: '1',
  });
});

test('fenced blocks and alerts are found inside every container: list items, blockquotes, admonitions, footnotes', async () => {
  const md = [
    '- step one',
    '',
    '  ```js title="in-list.js"',
    '  const a = 1;',
    '  ```',
    '',
    '  > [!TIP]',
    '  > An alert in a list item.',
    '',
    '> quoted',
    '>',
    '> ```js title="in-quote.js"',
    '> const b = 2;',
    '> ```',
    '',
    ':::note Held',
    '```js title="in-admonition.js"',
    'const c = 3;',
    '```',
    ':::',
    '',
    'A claim.[^1]',
    '',
    '[^1]: The source:',
    '',
    '    ```js title="in-footnote.js"',
    '    const d = 4;',
    '    ```',
    '',
    'A paragraph with `code` and a [link](https://example.com) but no block.',
    '',
  ].join('\n');
  const { html } = await render(md);
  for (const title of ['in-list.js', 'in-quote.js', 'in-admonition.js', 'in-footnote.js'])
    assert.match(
      html,
      new RegExp(`<div class="code-block__title">${title.replace('.', '\\.')}</div>`),
      title,
    );
  assert.match(html, /class="admonition admonition--tip"[\s\S]*An alert in a list item\./);
  assert.doesNotMatch(html, /\[!TIP\]/);
});

test('unknown languages fall back to plain text', async () => {
  const { html } = await render('```nosuchlang\nplain <text>\n```\n');
  assert.match(html, /plain &lt;text>/);
});

test('GFM: tables, task lists, strikethrough, autolinks, footnotes', async () => {
  const { html } = await render(
    '| a | b |\n| - | - |\n| 1 | 2 |\n\n- [x] done\n\n~~old~~ www.example.com\n\nWrite to team@example.com.\n\nNote[^1].\n\n[^1]: The footnote.\n',
  );
  assert.match(html, /<table>/);
  assert.match(html, /<input type="checkbox"[^>]*checked[ >]/);
  assert.match(html, /id="footnote-label"/);
  assert.match(html, /<del>old<\/del>/);
  assert.match(html, /href="http:\/\/www.example.com"/);
  assert.match(html, /href="mailto:team@example.com"/);
  assert.match(html, /The footnote\./);
});

test('relative .md links are rewritten to routes, keeping the hash', async () => {
  const { html, links } = await render(
    '[o](./other.md#part) [g](../guide.md) [x](/docs/x) [h](#local) [e](https://e.org)',
    { sourcePath: 'docs/a/page.md' },
  );
  assert.match(html, /href="\/docs\/a\/other#part"/);
  assert.match(html, /href="\/docs\/guide"/);
  assert.match(html, /href="#local"/);
  assert.match(html, /href="https:\/\/e.org" target="_blank" rel="noopener noreferrer"/);
  assert.deepEqual(
    links.map((l) => [l.route, l.hash]),
    [
      ['/docs/a/other', 'part'],
      ['/docs/guide', ''],
      ['/docs/x', ''],
      ['', 'local'],
    ],
  );
});

test('base URL is added once to internal links, never to hash-only or external ones', async () => {
  const { html } = await render(
    '[a](/docs/x) [b](/sub/docs/y) [c](#h) [d](https://e.org) [e](./other.md)',
    { baseUrl: '/sub/' },
  );
  assert.match(html, /href="\/sub\/docs\/x"/);
  assert.match(html, /href="\/sub\/docs\/y"/);
  assert.doesNotMatch(html, /\/sub\/sub\//);
  assert.match(html, /href="#c"|href="#h"/);
  assert.match(html, /href="https:\/\/e.org"/);
  assert.match(html, /href="\/sub\/docs\/a\/other"/);
});

test('tabs directive renders an accessible tablist', async () => {
  const { html } = await render(
    '::::tabs\n:::tab[npm]\nnpm i\n:::\n:::tab[yarn]\nyarn add\n:::\n::::\n',
  );
  assert.match(html, /role="tablist"/);
  assert.match(html, /role="tab"[^>]*aria-selected="true"[^>]*>npm</);
  assert.match(html, /role="tabpanel"[^>]*hidden=""/);
});

test('highlighting does not depend on timing: the first block of a new highlighter is fully coloured', async () => {
  const fresh = await createSiteHighlighter();
  await loadLanguages(fresh, ['js']);
  const first = highlightCode(fresh, 'const x = 0;', 'javascript');
  const second = highlightCode(fresh, 'const x = 0;', 'javascript');
  assert.equal(first, second);
  assert.match(first, /<span style="--shiki-light:#005CC5;--shiki-dark:#79B8FF"> x<\/span>/);
});

test('a grammar is loaded when a page first uses it, and unknown languages stay plain text', async () => {
  const fresh = await createSiteHighlighter();
  assert.deepEqual(
    fresh.getLoadedLanguages().filter((l) => l === 'python' || l === 'sql'),
    [],
  );
  const renderer = createMarkdownRenderer({
    highlighter: fresh,
    baseUrl: '/',
    toc: { minHeadingLevel: 2, maxHeadingLevel: 3 },
    routeOfSource: () => undefined,
  });
  const out = await renderer('```py\nprint(1)\n```\n\n```klingon\nQapla\n```\n', 'docs/x.md');
  const html = renderHastToHtml(out.hast);
  assert.ok(fresh.getLoadedLanguages().includes('python'), 'python was loaded for the py fence');
  assert.ok(!fresh.getLoadedLanguages().includes('sql'), 'sql was not');
  assert.match(html, /<span style="--shiki-light:#005CC5;--shiki-dark:#79B8FF">print<\/span>/);
  assert.match(html, /Qapla/);
});

test('a page that cannot hold an autolink literal or a table parses the same without those extensions', async () => {
  const { readdirSync, readFileSync } = await import('node:fs');
  const { join } = await import('node:path');
  const { unified } = await import('unified');
  const { default: remarkParse } = await import('remark-parse');
  const { default: remarkGfm } = await import('remark-gfm');
  const { mayHoldAutolinkLiteral, mayHoldTable, remarkGfmLean } =
    await import('../../src/render/markdown/remarkGfmLean');
  for (const s of [
    'www.example.com',
    'WWW.Example.com',
    'see https://x.dev',
    'HTTP://x',
    'a@b.co',
    'mailto:a@b.co',
    'xmpp:a@b.co/r',
  ])
    assert.ok(mayHoldAutolinkLiteral(s), s);
  for (const s of ['wwwexample', 'http:x', 'ftp://x', 'a at b'])
    assert.ok(!mayHoldAutolinkLiteral(s), s);

  const full = unified().use(remarkParse).use(remarkGfm);
  const lean = unified().use(remarkParse).use(remarkGfmLean, { tables: true });
  const leanWithoutTables = unified().use(remarkParse).use(remarkGfmLean, { tables: false });
  // Tables in every container and spelling micromark accepts: each must be seen as possible.
  const tables = [
    '| a | b |\n|---|:-:|\n| 1 | 2 |',
    'a | b\n--|--',
    '| a |\n| :- |',
    'a |\n:-',
    '> | a |\n> | - |',
    '- item\n\n  | a | b |\n  | --- | ---: |',
    '1. x\n   | a |\n   |---|',
    '[^1]: note\n\n    | a |\n    | - |\n\nuse[^1]',
    ':::note\n| a |\n|-|\n:::',
    '| a |\r\n| - |\r\n',
    '| a |\r| - |\r',
  ];
  for (const t of tables) {
    assert.ok(mayHoldTable(t), JSON.stringify(t));
    assert.ok(
      JSON.stringify(full.parse(t)).includes('"type":"table"'),
      `remark-gfm sees a table in ${JSON.stringify(t)}`,
    );
  }
  // Pipes and rules that are not tables.
  for (const s of [
    'a | b',
    '`x | y`\n\n---',
    'cat a | grep b\n\n***',
    'a\n---',
    '| a |\n|-x-|',
    'Title\n===',
  ])
    assert.ok(!mayHoldTable(s), JSON.stringify(s));

  // The site's own pages with what could start a literal taken out, plus GFM's other constructs.
  const pages = readdirSync('docs', { recursive: true })
    .map(String)
    .filter((p) => p.endsWith('.md'))
    .map((p) => readFileSync(join('docs', p), 'utf8'));
  pages.push(
    '| a | b |\n|---|:-:|\n| ~~x~~ | [^1] |\n\n- [ ] todo\n- [x] done\n\n[^1]: note\n\n<span>w w w . x</span> ftp://x.y',
    ...tables,
  );
  let compared = 0;
  let withoutTables = 0;
  for (const page of pages) {
    const source = page
      .replaceAll('@', ' at ')
      .replace(/www\./gi, 'w w w.')
      .replace(/https?:\/\//gi, 'web ');
    assert.ok(!mayHoldAutolinkLiteral(source));
    const expected = full.parse(source);
    assert.deepEqual(lean.parse(source), expected);
    // Without its tables (the delimiter rows broken), a page parses the same without the extension.
    const noTables = source.replace(/^([ \t>]*\|?[ \t]*:?)-/gm, '$1x-');
    if (!mayHoldTable(noTables)) {
      assert.deepEqual(leanWithoutTables.parse(noTables), full.parse(noTables));
      withoutTables++;
    }
    compared++;
  }
  assert.ok(compared >= 20, `compared ${compared} pages`);
  assert.ok(withoutTables >= 20, `compared ${withoutTables} pages without tables`);
});

test('code blocks kept from an earlier render are reused without highlighting, and give the same HTML', async () => {
  const { collectingHighlightCache } = await import('../../src/render/markdown/highlightCache');
  const md =
    '# Page\n\n```js title="a.js"\nconst a = 1;\n```\n\nText.\n\n```python\nprint(2)\n```\n\n```\nplain\n```\n';
  const highlighter = await getHighlighter();
  const options = {
    baseUrl: '/',
    toc: { minHeadingLevel: 2, maxHeadingLevel: 3 },
    routeOfSource: () => undefined,
  };
  // A first render records every block.
  const first = collectingHighlightCache();
  const fresh = await createMarkdownRenderer({ highlighter, ...options })(
    md,
    'docs/a.md',
    first.cache,
  );
  assert.equal(first.blocks.length, 3);
  // A second render with a highlighter that must not be touched: every block comes from the cache.
  const untouchable = new Proxy(
    {},
    {
      get: () => {
        throw new Error('the highlighter was used');
      },
    },
  ) as typeof highlighter;
  const kept = new Map(first.blocks);
  const again = collectingHighlightCache((key) => kept.get(key));
  const reused = await createMarkdownRenderer({ highlighter: untouchable, ...options })(
    md.replace('Text.', 'Text, edited.'),
    'docs/a.md',
    again.cache,
  );
  assert.equal(
    renderHastToHtml(reused.hast),
    renderHastToHtml(fresh.hast).replace('Text.', 'Text, edited.'),
  );
  assert.deepEqual(
    again.blocks,
    first.blocks,
    'the reused blocks are recorded again for the next build',
  );
  // Given a way to load one instead, the renderer never asks for a highlighter then.
  const lazy = createMarkdownRenderer({
    highlighter: () => Promise.reject(new Error('a highlighter was loaded')),
    ...options,
  });
  const lazyRender = await lazy(
    md,
    'docs/a.md',
    collectingHighlightCache((key) => kept.get(key)).cache,
  );
  assert.equal(renderHastToHtml(lazyRender.hast), renderHastToHtml(fresh.hast));
  // A changed block is highlighted anew.
  const third = collectingHighlightCache((key) => kept.get(key));
  const changed = await createMarkdownRenderer({ highlighter, ...options })(
    md.replace('const a = 1;', 'const a = 2;'),
    'docs/a.md',
    third.cache,
  );
  assert.match(renderHastToHtml(changed.hast), />2<\/span>/);
  assert.notDeepEqual(
    third.blocks.map(([k]) => k),
    first.blocks.map(([k]) => k),
  );
});

test('deferred code blocks: the markdown half leaves a marker per block, and highlighting them in another step gives the same HTML', async () => {
  const { collectingHighlightCache } = await import('../../src/render/markdown/highlightCache');
  const { highlightBlocks } = await import('../../src/render/markdown/rehypeCodeBlocks');
  const { spliceBlocks } = await import('../../src/render/markdown/deferredBlocks');
  const md =
    '# Page\n\n```js title="a.js"\nconst a = 1;\n```\n\n:::tip\n```ts\nlet b: number = 2;\n```\n:::\n\n```\nplain <text> & more\n```\n\n```python\nprint(3)\n```\n';
  const highlighter = await getHighlighter();
  const options = {
    baseUrl: '/',
    toc: { minHeadingLevel: 2, maxHeadingLevel: 3 },
    routeOfSource: () => undefined,
  };
  const whole = await createMarkdownRenderer({ highlighter, ...options })(md, 'docs/a.md');
  const deferred = await createMarkdownRenderer({ highlighter: 'deferred', ...options })(
    md,
    'docs/a.md',
  );
  assert.ok(deferred.deferred, 'the blocks are listed');
  assert.deepEqual(deferred.deferred.blocks, [
    { lang: 'js', code: 'const a = 1;' },
    { lang: 'ts', code: 'let b: number = 2;' },
    { lang: undefined, code: 'plain <text> & more' },
    { lang: 'python', code: 'print(3)' },
  ]);
  const body = renderHastToHtml(deferred.hast);
  assert.doesNotMatch(body, /class="shiki/, 'nothing is highlighted in the markdown half');
  assert.equal(body.match(/<!--dfdocs-block:[0-9a-f]{16}:\d+-->/g)?.length, 4);
  // The other half highlights them (recording them for the cache) and splices them in.
  const collected = collectingHighlightCache();
  const html = spliceBlocks(
    body,
    deferred.deferred.nonce,
    await highlightBlocks(async () => highlighter, deferred.deferred.blocks, collected.cache),
  );
  assert.equal(html, renderHastToHtml(whole.hast));
  assert.equal(collected.blocks.length, 4);
  // A missing marker is an error, never code silently dropped.
  assert.throws(
    () =>
      spliceBlocks(body.replace(/<!--dfdocs-block:[^>]*:2-->/, ''), deferred.deferred!.nonce, [
        'a',
        'b',
        'c',
        'd',
      ]),
    /4 highlighted, 3 markers/,
  );
  // A page without code has nothing deferred.
  assert.equal(
    (
      await createMarkdownRenderer({ highlighter: 'deferred', ...options })(
        '# Plain\n\nText.\n',
        'docs/b.md',
      )
    ).deferred,
    undefined,
  );
});

test("the line guards are off for a site whose remark plugins add syntax: their rules are GFM's as written", async () => {
  const { addsSyntax } = await import('../../src/render/markdown/processor');
  const { default: remarkFrontmatter } = await import('remark-frontmatter');
  // A transformer only: GFM's lines are what they were.
  const transformer = () => (tree: unknown) => tree;
  assert.equal(addsSyntax(undefined), false);
  assert.equal(addsSyntax([]), false);
  assert.equal(addsSyntax([transformer]), false);
  // A plugin adding micromark syntax, alone or among others, or only to the tree's making.
  assert.equal(addsSyntax([remarkFrontmatter]), true);
  function mdastOnly(this: { data(): { fromMarkdownExtensions?: unknown[] } }) {
    (this.data().fromMarkdownExtensions ??= []).push({ enter: {} });
  }
  assert.equal(addsSyntax([mdastOnly]), true);
  assert.equal(addsSyntax([transformer, [remarkFrontmatter, ['yaml']]]), true);
});
