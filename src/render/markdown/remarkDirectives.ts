import { walk, type WalkNode } from '../tree/walk';
import type { Root, Parent, PhrasingContent } from 'mdast';
import type { ContainerDirective, LeafDirective, TextDirective } from 'mdast-util-directive';
import type { VFile } from 'vfile';

export const ADMONITION_TYPES = ['note', 'tip', 'info', 'warning', 'danger', 'caution'] as const;

type Directive = ContainerDirective | LeafDirective | TextDirective;

function takeLabel(node: ContainerDirective): string | undefined {
  const first = node.children[0];
  if (
    first &&
    first.type === 'paragraph' &&
    (first.data as { directiveLabel?: boolean } | undefined)?.directiveLabel
  ) {
    node.children.shift();
    return first.children.map((c) => ('value' in c ? c.value : '')).join('');
  }
  return undefined;
}

/**
 * Turns container directives into the elements the templates render:
 * `:::note[Title]` → `<admonition type title>`, `::::tabs` holding `:::tab[Label]` →
 * `<tabs>` and `<tab label>`. Any other directive was not meant as one (e.g. `a:b` in
 * prose) and is put back as the text the author wrote.
 */
export function remarkDirectives() {
  return (tree: Root, file: VFile) => {
    const source = String(file.value);
    walk(tree as WalkNode, (n, index, p) => {
      const node = n as unknown as Root['children'][number];
      const parent = p as unknown as Parent;
      if (
        node.type !== 'containerDirective' &&
        node.type !== 'leafDirective' &&
        node.type !== 'textDirective'
      )
        return;
      const d = node as Directive;
      if (
        d.type === 'containerDirective' &&
        (ADMONITION_TYPES as readonly string[]).includes(d.name)
      ) {
        const title = takeLabel(d);
        d.data = {
          hName: 'admonition',
          hProperties: { type: d.name, title: title ?? d.name.toUpperCase() },
        };
        return;
      }
      if (d.type === 'containerDirective' && d.name === 'tabs') {
        d.data = { hName: 'tabs', hProperties: {} };
        return;
      }
      if (d.type === 'containerDirective' && d.name === 'tab') {
        const label = takeLabel(d) ?? d.attributes?.label ?? 'Tab';
        d.data = { hName: 'tab', hProperties: { label } };
        return;
      }
      if (d.type === 'containerDirective') {
        file.message(
          `unknown directive \`:::${d.name}\`; expected one of ${ADMONITION_TYPES.join(', ')}, tabs, tab`,
          d,
        );
        return;
      }
      const start = d.position?.start.offset;
      const end = d.position?.end.offset;
      const text =
        start !== undefined && end !== undefined ? source.slice(start, end) : `:${d.name}`;
      if (d.type === 'textDirective') {
        parent.children.splice(index, 1, { type: 'text', value: text } as PhrasingContent);
      } else {
        parent.children.splice(index, 1, {
          type: 'paragraph',
          children: [{ type: 'text', value: text }],
        } as never);
      }
      return index + 1; // on after the put-back text, not into it
    });
    mergeAdjacentText(tree);
  };
}

/** Joins neighbouring text nodes (left behind by put-back directives) so the HTML has no split text. */
function mergeAdjacentText(node: Parent | Root): void {
  const children = node.children as Array<{ type: string; value?: string; children?: unknown[] }>;
  for (let i = children.length - 1; i > 0; i--) {
    const a = children[i - 1]!;
    const b = children[i]!;
    if (a.type === 'text' && b.type === 'text') {
      a.value = (a.value ?? '') + (b.value ?? '');
      children.splice(i, 1);
    }
  }
  for (const c of children)
    if (Array.isArray(c.children)) mergeAdjacentText(c as unknown as Parent);
}
