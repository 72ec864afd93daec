import { walk, type WalkNode } from '../tree/walk';
import type { Root, Element } from 'hast';

const text = (v: unknown): string | undefined =>
  typeof v === 'string' ? v : Array.isArray(v) ? v.join(' ') : undefined;

/** `tabitem` elements of a `tabs` element: its children, and those inside its paragraphs (one-line items). */
function tabItems(node: Element): Element[] {
  const out: Element[] = [];
  for (const c of node.children) {
    if (c.type !== 'element') continue;
    if (c.tagName === 'tabitem' || c.tagName === 'tab') out.push(c);
    else if (c.tagName === 'p')
      for (const d of c.children) if (d.type === 'element' && d.tagName === 'tabitem') out.push(d);
  }
  return out;
}

/**
 * Docusaurus's `<Tabs>`/`<TabItem>` reached through raw HTML (tags sharing a line with
 * their content, e.g. `<TabItem value="a">Apple</TabItem>`, which `jsxTabs.ts` leaves
 * alone): after rehype-raw they are `tabs` and `tabitem` elements (HTML has no case),
 * made here into the `tabs`/`tab` elements the Tabs template renders.
 */
export function rehypeComponents() {
  return (tree: Root) => {
    walk(tree as WalkNode, (n) => {
      const node = n as unknown as Element;
      if (node.type !== 'element' || node.tagName !== 'tabs') return;
      const items = tabItems(node);
      if (!items.some((i) => i.tagName === 'tabitem')) return;
      const p = node.properties;
      const groupId = text(p.groupId ?? p.groupid);
      const query = p.queryString ?? p.querystring;
      const defaultValue = text(p.defaultvalue ?? p.defaultValue);
      node.properties = {
        groupId,
        queryString:
          typeof query === 'string' && query !== ''
            ? query
            : query !== undefined
              ? groupId
              : undefined,
      };
      node.children = items;
      for (const item of items) {
        if (item.tagName === 'tab') continue;
        const value = text(item.properties.value);
        const isDefault = defaultValue
          ? defaultValue === value
          : item.properties.default !== undefined && item.properties.default !== 'false';
        item.tagName = 'tab';
        item.properties = {
          label: text(item.properties.label) ?? value ?? 'Tab',
          value,
          default: isDefault,
        };
      }
    });
  };
}
