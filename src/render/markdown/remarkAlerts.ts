import type { Root, Nodes, Paragraph } from 'mdast';
import { SKIP, walk } from '../tree/walk';
import { holdsOnlyPhrasing } from './phrasing';

/** GitHub's alert kinds, as the admonition types that look like them. */
const ALERTS: Record<string, string> = {
  NOTE: 'note',
  TIP: 'tip',
  IMPORTANT: 'info',
  WARNING: 'warning',
  CAUTION: 'danger',
};

const MARKER = /^\[!(NOTE|TIP|IMPORTANT|WARNING|CAUTION)\][ \t]*(?:\r?\n|$)/i;

/**
 * GitHub's alerts (`> [!NOTE]` as the first line of a blockquote), which GitHub and
 * VitePress render as callouts, become admonitions titled by their kind.
 */
export function remarkAlerts() {
  return (tree: Root) => {
    walk<Nodes>(tree, (node) => {
      if (holdsOnlyPhrasing(node)) return SKIP;
      if (node.type !== 'blockquote') return;
      const first = node.children[0];
      if (first?.type !== 'paragraph') return;
      const paragraph: Paragraph = first;
      const text = paragraph.children[0];
      if (text?.type !== 'text') return;
      const m = MARKER.exec(text.value);
      if (!m) return;
      const kind = m[1]!.toUpperCase();
      text.value = text.value.slice(m[0].length);
      if (!text.value) paragraph.children.shift();
      else if (paragraph.children.length === 1) text.value = text.value.trimStart();
      if (!paragraph.children.length) node.children.shift();
      node.data = { hName: 'admonition', hProperties: { type: ALERTS[kind], title: kind } };
      return SKIP;
    });
  };
}
