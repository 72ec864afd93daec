/**
 * A depth-first, pre-order walk over the descendants of a unist tree (mdast or hast).
 *
 * The build walks every page's trees a dozen times (headings, links, code blocks, ids…),
 * and unist-util-visit allocates a closure and a parents array per node: on the
 * benchmark corpus those walks were a tenth of a render thread's time. This loop
 * allocates nothing.
 */

/** Return from a visitor: do not walk into this node's children. */
export const SKIP = 'skip';
/** Return from a visitor: stop the walk. */
export const EXIT = 'exit';

export interface WalkNode {
  type: string;
  children?: WalkNode[];
}

/**
 * What a visitor returns: nothing (go on, into the node's children), `SKIP`, `EXIT`, or
 * an index — the walk goes on at that index of the parent without entering the node
 * (for a visitor that replaced or removed nodes of its parent).
 */
export type WalkResult = void | undefined | typeof SKIP | typeof EXIT | number;

export type Visitor<N> = (node: N, index: number, parent: N & { children: N[] }) => WalkResult;

/** Calls `visitor` on every descendant of `tree` (not on `tree` itself); true if a visitor returned `EXIT`. */
export function walk<N extends WalkNode>(tree: N, visitor: Visitor<N>): boolean {
  const children = tree.children as N[] | undefined;
  if (!children) return false;
  for (let i = 0; i < children.length;) {
    const node = children[i]!;
    const result = visitor(node, i, tree as N & { children: N[] });
    if (result === EXIT) return true;
    if (typeof result === 'number') {
      i = result;
      continue;
    }
    if (result !== SKIP && node.children && walk(node, visitor)) return true;
    i++;
  }
  return false;
}
