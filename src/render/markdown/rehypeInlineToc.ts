import { walk, type WalkNode } from '../tree/walk';
import type { Root, Element, ElementContent } from 'hast';
import type { VFile } from 'vfile';
import type { TocItem } from '../../shared/pageData';

const list = (): Element => ({ type: 'element', tagName: 'ul', properties: {}, children: [] });

/** The TOC entries as nested lists: an entry deeper than the one before goes in a list inside it. */
function tocList(items: TocItem[]): Element {
  const root = list();
  const open: { level: number; li: Element }[] = [];
  for (const item of items) {
    while (open.length && open[open.length - 1]!.level >= item.level) open.pop();
    const li: Element = {
      type: 'element',
      tagName: 'li',
      properties: {},
      children: [
        {
          type: 'element',
          tagName: 'a',
          properties: { href: `#${item.id}` },
          children: [{ type: 'text', value: item.value }],
        },
      ],
    };
    const parent = open[open.length - 1]?.li;
    if (!parent) root.children.push(li);
    else {
      let sub = parent.children.find(
        (c): c is Element => c.type === 'element' && c.tagName === 'ul',
      );
      if (!sub) parent.children.push((sub = list()));
      sub.children.push(li);
    }
    open.push({ level: item.level, li });
  }
  return root;
}

/**
 * VitePress's `[[toc]]` and Docusaurus's `<TOCInline />` (an `inline-toc` element, see
 * `remarkForeignParts.ts`): the page's table of contents, as links, where they stand.
 */
export function rehypeInlineToc() {
  return (tree: Root, file: VFile) => {
    walk(tree as WalkNode, (n, index, parent) => {
      const node = n as unknown as Element;
      if (node.type !== 'element' || node.tagName !== 'inline-toc') return;
      const nav: Element = {
        type: 'element',
        tagName: 'nav',
        properties: { className: ['table-of-contents'], ariaLabel: 'Table of contents' },
        children: [tocList(file.data.toc ?? []) as ElementContent],
      };
      (parent as unknown as Element).children[index] = nav;
      return index + 1;
    });
  };
}
