/** The tree walk (src/render/tree/walk.ts) visits what unist-util-visit visits, in the same order, with its SKIP/EXIT/index controls. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { unified } from 'unified';
import remarkParse from 'remark-parse';
import remarkGfm from 'remark-gfm';
import remarkRehype from 'remark-rehype';
import { visit, SKIP as VSKIP, EXIT as VEXIT } from 'unist-util-visit';
import { walk, SKIP, EXIT, type WalkNode } from '../../src/render/tree/walk';

const md =
  '# Title\n\nSome *text* with `code` and a [link](./a.md).\n\n- one\n- **two** [x](#y)\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n```js\nconst x = 1;\n```\n\n> quote\n';

function trees() {
  const proc = unified().use(remarkParse).use(remarkGfm).use(remarkRehype);
  const mdast = proc.parse(md);
  return { mdast, hast: proc.runSync(structuredClone(mdast)) };
}

const label = (n: WalkNode & { tagName?: string; value?: string }) =>
  `${n.type}:${n.tagName ?? n.value ?? ''}`;

test('visits every descendant in the order unist-util-visit does', () => {
  for (const tree of Object.values(trees()) as WalkNode[]) {
    const expected: string[] = [];
    visit(tree as never, (n: WalkNode) => {
      if (n !== tree) expected.push(label(n));
    });
    const got: string[] = [];
    walk(tree, (n) => void got.push(label(n)));
    assert.ok(got.length > 20);
    assert.deepEqual(got, expected);
  }
});

test('SKIP does not enter a node, EXIT stops, an index resumes there', () => {
  const { hast } = trees();
  const skipped: string[] = [];
  const expectedSkipped: string[] = [];
  walk(hast as WalkNode, (n: WalkNode & { tagName?: string }) => {
    skipped.push(label(n));
    return n.tagName === 'p' ? SKIP : undefined;
  });
  visit(hast, (n: WalkNode & { tagName?: string }) => {
    if (n !== (hast as unknown)) expectedSkipped.push(label(n));
    return n.tagName === 'p' ? VSKIP : undefined;
  });
  assert.deepEqual(skipped, expectedSkipped);
  assert.ok(!skipped.includes('text:text'), 'the paragraph’s children were not visited');

  let seen = 0;
  const exited = walk(
    hast as WalkNode,
    (n: WalkNode & { tagName?: string }) => (++seen, n.tagName === 'li' ? EXIT : undefined),
  );
  let vseen = 0;
  visit(
    hast,
    (n: WalkNode & { tagName?: string }) => (
      n !== (hast as unknown) && ++vseen,
      n.tagName === 'li' ? VEXIT : undefined
    ),
  );
  assert.equal(exited, true);
  assert.equal(seen, vseen);

  // Replace every inline code node by two text nodes and resume after them.
  const { mdast } = trees();
  walk(mdast as WalkNode, (n: WalkNode & { value?: string }, i, parent) => {
    if (n.type !== 'inlineCode') return;
    parent.children.splice(
      i,
      1,
      { type: 'text', value: '<' } as WalkNode,
      { type: 'text', value: `${n.value}>` } as WalkNode,
    );
    return i + 2;
  });
  const texts: string[] = [];
  walk(
    mdast as WalkNode,
    (n: WalkNode & { value?: string }) => void (n.type === 'text' && texts.push(n.value!)),
  );
  assert.ok(texts.join('').includes('<code>'), texts.join('|'));
  assert.equal(JSON.stringify(mdast).includes('inlineCode'), false);
});
