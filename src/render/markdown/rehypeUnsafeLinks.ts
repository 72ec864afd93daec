import type { Element, ElementContent, Root } from 'hast';
import type { VFile } from 'vfile';
import { walk, type WalkNode } from '../tree/walk';
import { warn } from './report';

/** The attributes holding a URL a browser follows or loads, by element. */
const URL_ATTRIBUTES: Record<string, string> = {
  a: 'href',
  area: 'href',
  iframe: 'src',
  frame: 'src',
  embed: 'src',
  object: 'data',
  form: 'action',
  button: 'formAction',
  input: 'formAction',
};

/**
 * Whether a URL runs code when followed: `javascript:`, `vbscript:` or an HTML `data:`
 * document. Browsers ignore ASCII whitespace and control characters inside the scheme
 * and its case (`Java\tScript:` runs), so those are removed before comparing.
 */
export function isUnsafeUrl(url: string): boolean {
  let scheme = '';
  for (const c of url) {
    const code = c.charCodeAt(0);
    if (code <= 0x20 || code === 0x7f) continue;
    scheme += c.toLowerCase();
    if (scheme.length >= 14) break;
  }
  return (
    scheme.startsWith('javascript:') ||
    scheme.startsWith('vbscript:') ||
    scheme.startsWith('data:text/html')
  );
}

/**
 * Unpublishes links whose URL would run code in the reader's browser — `[x](javascript:…)`
 * in markdown, or the same in raw HTML: a link becomes its text, another element loses
 * the attribute. Each is a warning at its line (`UnsafeLink`; the page's warnings are
 * kept with its cached render, so every build reports it).
 */
export function rehypeUnsafeLinks() {
  return (tree: Root, file: VFile) => {
    walk(tree as WalkNode, (n, index, parent) => {
      const node = n as unknown as Element;
      if (node.type !== 'element') return;
      const attr = URL_ATTRIBUTES[node.tagName];
      const value = attr ? node.properties[attr] : undefined;
      if (typeof value !== 'string' || !isUnsafeUrl(value)) return;
      const shown = value.length > 60 ? value.slice(0, 57) + '…' : value;
      warn(
        file,
        'UnsafeLink',
        `the link ${JSON.stringify(shown)} would run code in the reader's browser; it was published as plain text`,
        node,
        'link to a page or an http(s) URL instead',
      );
      if (node.tagName === 'a') {
        // The link becomes its text (walked on from there: it may hold another such link).
        (parent as unknown as Element).children.splice(
          index,
          1,
          ...(node.children as ElementContent[]),
        );
        return index;
      }
      delete node.properties[attr!];
    });
  };
}
