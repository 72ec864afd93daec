import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { unified } from 'unified';
import remarkParse from 'remark-parse';
import remarkGfm from 'remark-gfm';
import remarkDirective from 'remark-directive';
import type { Root } from 'mdast';
import { cutPoints, parseMarkdown } from '../../src/render/markdown/chunkedParse';
import { preprocessMarkdown } from '../../src/render/markdown/preprocess';
import { filesUnder } from '../helpers/files';
import { REPO_ROOT } from '../helpers/site';

const processor = unified().use(remarkParse).use(remarkGfm).use(remarkDirective);
const parse = (text: string) => processor.parse(text) as Root;
/** Parsed in pieces at every place a piece may start (the smallest pieces). */
const inPieces = (text: string) => parseMarkdown(parse, text, { from: 0, piece: 1 });
const plain = (tree: unknown) => JSON.parse(JSON.stringify(tree)) as unknown;

/** Documents where a heading-looking line must not start a piece: each is parsed the same in pieces. */
const TRICKY: Record<string, string> = {
  'a comment in fenced code': '# A\n\n```bash\nnpm i\n\n# install\nls\n```\n\n# B\n\ntext\n',
  'tilde fence with a longer closer': '# A\n\n~~~\n\n# not a heading\n~~~~\n\n# B\n',
  'a backtick line that is not a fence closer': '# A\n\n```\n``` x\n\n# still code\n```\n\n# B\n',
  'indented closer is still a closer': '# A\n\n```\ncode\n   ```\n\n# B\n',
  'a fence inside a list item': '- item\n\n  ```\n\n# ends the item\n  ```\n\n# C\n',
  'an HTML comment over blank lines': '# A\n\n<!--\n\n# hidden\n\n-->\n\n# B\n',
  'a pre block': '# A\n\n<pre>\n\n# kept\n\n</pre>\n\n# B\n',
  'a div ends at a blank line': '# A\n\n<div>\n\n# a heading\n\n</div>\n\n# B\n',
  'a directive container': '# A\n\n:::note\n\n# inside the note\n\n:::\n\n# B\n',
  'nested directive containers':
    '::::tabs\n:::tab[a]\n\n# one\n\n:::\n:::tab[b]\n\n# two\n\n:::\n::::\n\n# after\n',
  'a loose list and a quote': '- a\n\n- b\n\n# H\n\n> quote\n\n# I\n\n    indented code\n\n# J\n',
  'a table': '| a | b |\n|---|---|\n| 1 | 2 |\n\n# H\n\n| c |\n|---|\n| 3 |\n',
  'setext and atx': 'Title\n=====\n\n# H\n\ntext\nmore\n\n## H2 ##\n',
  'a heading right after text is not a cut': 'text\n# H\n\n# I\n',
  'CRLF lines': '# A\r\n\r\ntext\r\n\r\n# B\r\n\r\n```\r\n\r\n# c\r\n```\r\n\r\n# D\r\n',
  'no final newline': '# A\n\ntext\n\n# B',
  'tabs after the hashes': '# A\n\n#\tB\n\n#\n\n# C\n',
};

test('a page parsed in pieces gives the same tree (positions included) as parsed whole', () => {
  for (const [name, text] of Object.entries(TRICKY))
    assert.deepEqual(plain(inPieces(text)), plain(parse(text)), name);
});

test('pieces start only at top-level headings after a blank line, outside code, raw HTML and directives', () => {
  const text = TRICKY['a comment in fenced code']!;
  assert.deepEqual(cutPoints(text, 1), [text.indexOf('# B')]);
  assert.deepEqual(cutPoints(TRICKY['an HTML comment over blank lines']!, 1).length, 1);
  assert.deepEqual(cutPoints(TRICKY['a directive container']!, 1).length, 1);
  assert.deepEqual(cutPoints('text\n# H\n', 1), [], 'a heading right after a paragraph line');
});

test('a page with a link reference or footnote definition is parsed whole', () => {
  const text =
    '# A\n\nSee [the ref][r] and[^1].\n\n# B\n\n[r]: https://example.com\n\n[^1]: A note.\n';
  assert.deepEqual(plain(inPieces(text)), plain(parse(text)));
  const withRef = inPieces(text);
  assert.ok(JSON.stringify(withRef).includes('"linkReference"'), 'the reference resolves');
});

test("every markdown file of the site, the fixtures and dfdocs's docs parses the same in pieces", () => {
  const files = [
    ...filesUnder(`${REPO_ROOT}/docs`, (n) => /\.mdx?$/.test(n)),
    ...filesUnder(`${REPO_ROOT}/test/fixtures`, (n) => /\.mdx?$/.test(n)),
    `${REPO_ROOT}/README.md`,
  ];
  assert.ok(files.length > 20);
  for (const file of files) {
    const text = preprocessMarkdown(readFileSync(file, 'utf8')).value;
    assert.deepEqual(plain(inPieces(text)), plain(parse(text)), file);
  }
});
