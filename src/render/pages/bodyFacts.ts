import { toString } from 'hast-util-to-string';
import type { Root, Element } from 'hast';
import { walk, type WalkNode } from '../tree/walk';

/** What the page needs to know of its body, gathered in one walk: element ids, whether it has an h1, its first paragraph. */
export function bodyFacts(tree: Root): { ids: string[]; hasH1: boolean; firstParagraph?: string } {
  const ids: string[] = [];
  let hasH1 = false;
  let first: Element | undefined;
  walk(tree as WalkNode, (n) => {
    if (n.type !== 'element') return;
    const node = n as unknown as Element;
    if (typeof node.properties.id === 'string') ids.push(node.properties.id);
    if (node.tagName === 'h1') hasH1 = true;
    else if (node.tagName === 'p' && !first) first = node;
  });
  return { ids, hasH1, firstParagraph: first && summary(toString(first)) };
}

/** A paragraph's text as a meta description: whitespace folded, at most 160 characters. */
function summary(paragraph: string): string | undefined {
  const text = paragraph.replace(/\s+/g, ' ').trim();
  if (!text) return undefined;
  return text.length > 160 ? text.slice(0, 157).replace(/\s+\S*$/, '') + '…' : text;
}
