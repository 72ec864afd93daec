/**
 * The single-pass highlighter (src/render/markdown/dualThemeHighlight.ts) against shiki's
 * own dual-theme output: over every fenced block of the site's docs, every engine source
 * file and a sample of each loaded language, each character gets the same light colour,
 * dark colour and font style, inside the same <pre>.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { corpus } from '../helpers/highlightCorpus';
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
