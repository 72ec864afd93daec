/**
 * The single-pass highlighter (src/render/markdown/dualThemeHighlight.ts) against shiki's
 * own dual-theme output: over every fenced block of the site's docs, every engine source
 * file and a sample of each loaded language, each character gets the same light colour,
 * dark colour and font style, inside the same <pre>.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { filesUnder } from '../helpers/files';
import type { Root, Element, ElementContent } from 'hast';
import { toHtml } from 'hast-util-to-html';
import {
  createSiteHighlighter,
  HIGHLIGHT_OPTIONS,
  LANGUAGES,
  loadLanguages,
  resolveLanguage,
  THEMES,
} from '../../src/render/markdown/highlighter';
import { createDualThemeHighlighter } from '../../src/render/markdown/dualThemeHighlight';

const isMarkdown = (name: string) => /\.mdx?$/.test(name);

const SAMPLES: Record<string, string> = {
  javascript:
    'const re = /^(?:\\d+|\\p{L})$/u; // a regex\nconst s = `total ${sum(1, 2)} rows`;\n  /** @param {string} a */\nfunction f(a) { return a?.b ?? null }',
  typescript:
    'interface Row<T extends object = {}> { readonly id: number; tags?: string[] }\nexport abstract class Frame { @memo get size(): number { return 0 } }\nconst x = <T,>(v: T): T => v as unknown as T;',
  tsx: 'export const App = () => <div className="a" onClick={() => go(1)}>{items.map((i) => <Item key={i} />)}</div>;',
  jsx: 'const el = <Frame data={rows} {...props}>hello {name}</Frame>;',
  json: '{ "name": "tinyframe", "version": "1.0.0", "n": [1, 2.5e3, true, null] }',
  bash: 'npm install tinyframejs && echo "$HOME/${USER:-me}" | grep -E \'^/\' > out.txt # done\nfor f in *.csv; do wc -l "$f"; done',
  shellscript: 'if [ -f x ]; then\n  export A=1\nfi',
  sql: 'SELECT city, AVG(price) AS mean FROM sales WHERE year >= 2020 GROUP BY city ORDER BY mean DESC; -- note',
  r: 'df <- read.csv("sales.csv")\nsummary(df[df$price > 10, ])  # filter\nlibrary(dplyr)',
  python:
    'import pandas as pd\n\n@dataclass\nclass A:\n    """Doc."""\n    x: int = f"{1 + 2}"\n    def m(self): return lambda y: y ** 2',
  csv: 'city,price,qty\nParis,10.5,3\n"New, York",7,1',
  yaml: 'name: ci\non: [push]\njobs:\n  test:\n    runs-on: ubuntu-latest # comment\n    steps: &s\n      - run: npm test',
  markdown:
    '# Title\n\n*emphasis* and **strong**, `code`, [link](http://x.y), ~~gone~~\n\n> quote\n\n- [ ] task',
  html: '<!doctype html>\n<html><body class="a"><script>let x = 1;</script><style>p { color: red }</style><!-- c --></body></html>',
  css: '@media (max-width: 996px) { .a > b:hover::before { content: "x"; color: #fff !important; --v: calc(1px + 2em); } }',
  diff: '--- a/x\n+++ b/x\n@@ -1,2 +1,2 @@\n-old line\n+new line\n context',
};

function corpus(): { lang: string; code: string; where: string }[] {
  const blocks = Object.entries(SAMPLES).map(([lang, code]) => ({
    lang,
    code,
    where: `sample ${lang}`,
  }));
  for (const file of [
    ...filesUnder('docs', isMarkdown),
    ...filesUnder('pages', isMarkdown),
    ...filesUnder('test/fixtures', isMarkdown),
  ]) {
    for (const m of readFileSync(file, 'utf8').matchAll(/^```(\w+)[^\n]*\n([\s\S]*?)^```/gm))
      blocks.push({ lang: m[1]!, code: m[2]!.replace(/\n$/, ''), where: file });
  }
  for (const name of readdirSync('engine/src'))
    if (name.endsWith('.ts'))
      blocks.push({
        lang: 'ts',
        code: readFileSync(join('engine/src', name), 'utf8'),
        where: `engine/src/${name}`,
      });
  return blocks;
}

/** Each character of the code with the style of the span around it. */
function styledCharacters(root: Root): {
  text: string;
  styles: string[];
  pre: Element['properties'];
} {
  const pre = root.children[0] as Element;
  const styles: string[] = [];
  let text = '';
  const walk = (node: ElementContent, style: string) => {
    if (node.type === 'text') {
      text += node.value;
      for (let i = 0; i < node.value.length; i++) styles.push(node.value[i] === '\n' ? '' : style);
    } else if (node.type === 'element') {
      const own = node.properties.style;
      for (const child of node.children) walk(child, typeof own === 'string' ? own : style);
    }
  };
  for (const child of pre.children) walk(child, '');
  return { text, styles, pre: pre.properties };
}

test('single-pass highlighting colours every character as shiki does with both themes', async () => {
  const highlighter = await createSiteHighlighter();
  const dual = await createDualThemeHighlighter(highlighter, THEMES);
  assert.ok(dual, 'GitHub light and dark share their rules');
  const blocks = corpus();
  await loadLanguages(highlighter, [...LANGUAGES]);
  const languages = new Set<string>();
  let spansShiki = 0;
  let spansOurs = 0;
  for (const { lang, code, where } of blocks) {
    const resolved = resolveLanguage(highlighter, lang);
    if (!resolved) continue;
    languages.add(resolved);
    const expected = highlighter.codeToHast(code, { ...HIGHLIGHT_OPTIONS, lang: resolved });
    const actual = dual.codeToHast(code, resolved);
    const a = styledCharacters(actual);
    const e = styledCharacters(expected);
    assert.deepEqual(a.pre, e.pre, `${where}: the <pre>`);
    assert.equal(a.text, e.text, `${where}: the text`);
    const first = a.styles.findIndex((s, i) => s !== e.styles[i]);
    assert.equal(
      first,
      -1,
      `${where} (${resolved}): character ${first} ${JSON.stringify(a.text.slice(first, first + 20))} is styled ${a.styles[first]}, shiki says ${e.styles[first]}`,
    );
    spansShiki += JSON.stringify(expected).split('"span"').length;
    spansOurs += JSON.stringify(actual).split('"span"').length;
  }
  assert.deepEqual(
    [...LANGUAGES].filter((l) => !languages.has(l)),
    [],
    'every loaded language was compared',
  );
  assert.ok(blocks.length > 100, `a real corpus (${blocks.length} blocks)`);
  assert.ok(spansOurs <= spansShiki, 'never more spans than shiki');
});

test('the HTML written straight from the tokens is what hast-util-to-html writes for the tree, block for block', async () => {
  const highlighter = await createSiteHighlighter();
  const dual = (await createDualThemeHighlighter(highlighter, THEMES))!;
  await loadLanguages(highlighter, [...LANGUAGES]);
  // Characters both serializers must escape, and an empty line.
  const blocks = [
    ...corpus(),
    {
      lang: 'javascript',
      code: 'if (a < b && c > "d") {}\n\nconst s = \'&amp; <b>\';',
      where: 'escapes',
    },
  ];
  let compared = 0;
  for (const { lang, code, where } of blocks) {
    const resolved = resolveLanguage(highlighter, lang);
    if (!resolved) continue;
    assert.equal(
      dual.codeToHtml(code, resolved),
      toHtml(dual.codeToHast(code, resolved), {
        characterReferences: { useNamedReferences: true },
      }),
      where,
    );
    compared++;
  }
  assert.ok(compared > 100, `a real corpus (${compared} blocks)`);
});

test('themes whose rules differ are not single-passed (shiki highlights them twice)', async () => {
  const highlighter = await createSiteHighlighter();
  await highlighter.loadTheme('nord');
  assert.equal(
    await createDualThemeHighlighter(highlighter, { light: 'github-light', dark: 'nord' }),
    undefined,
  );
});

test('a line seen before at the top level is reused there only: in a comment, a string or a block’s first line it is tokenized again', async () => {
  const highlighter = await createSiteHighlighter();
  const dual = (await createDualThemeHighlighter(highlighter, THEMES))!;
  await loadLanguages(highlighter, ['javascript', 'bash']);
  const line = "const df = await readCsv('data.csv'); // load";
  const blocks: [string, string][] = [
    ['javascript', `import x from 'y';\n${line}\n${line}`], // seen at the top level, then reused
    ['javascript', `/*\n${line}\n*/\n${line}`], // inside a block comment: not the memoized tokens
    ['javascript', `const s = \`\n${line}\n\`;\n\n${line}`], // inside a template literal, then after an empty line
    ['javascript', `${line}\nlet a = 1;`], // as the first line of a block
    ['javascript', `/*\n${line}`], // an unterminated comment: the state never returns to the top
    ['bash', '#!/bin/sh\n#!/bin/sh\necho "hi"\necho "hi"'], // a shebang is a first-line construct
  ];
  for (const round of [1, 2]) {
    for (const [lang, code] of blocks) {
      const expected = styledCharacters(
        highlighter.codeToHast(code, { ...HIGHLIGHT_OPTIONS, lang }),
      );
      const actual = styledCharacters(dual.codeToHast(code, lang));
      assert.equal(actual.text, expected.text);
      assert.deepEqual(actual.styles, expected.styles, `round ${round}: ${JSON.stringify(code)}`);
    }
  }
  // The contexts really differ (else the cases above would prove nothing)…
  const inComment = styledCharacters(dual.codeToHast(`/*\n${line}\n*/`, 'javascript'));
  const atTop = styledCharacters(dual.codeToHast(`let b;\n${line}`, 'javascript'));
  assert.notDeepEqual(
    inComment.styles.slice(3, 3 + line.length),
    atTop.styles.slice(7, 7 + line.length),
    'the comment context colours the line differently',
  );
  // …and a line met again at the top level is not tokenized again.
  const grammar = highlighter.getLanguage('javascript') as unknown as {
    tokenizeLine2: (...args: unknown[]) => unknown;
  };
  const tokenizeLine2 = grammar.tokenizeLine2;
  let calls = 0;
  grammar.tokenizeLine2 = function (this: unknown, ...args: unknown[]) {
    calls++;
    return tokenizeLine2.apply(this, args);
  };
  try {
    dual.codeToHast(`let fresh = 3;\n${line}\n${line}`, 'javascript');
  } finally {
    grammar.tokenizeLine2 = tokenizeLine2;
  }
  assert.equal(calls, 1, 'only the new first line was tokenized');
});
