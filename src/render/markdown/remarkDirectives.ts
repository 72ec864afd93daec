import { walk, type WalkNode } from '../tree/walk';
import type { Root, Parent, PhrasingContent, Paragraph, RootContent, Code } from 'mdast';
import type { ContainerDirective, LeafDirective, TextDirective } from 'mdast-util-directive';
import type { VFile } from 'vfile';
import { warn, warnFromCatalogue } from './report';
import type { CodeInfo } from './remarkCodeMeta';

export const ADMONITION_TYPES = ['note', 'tip', 'info', 'warning', 'danger', 'caution'] as const;

/** Containers that are not admonitions: dfdocs's tabs, and VitePress's details, code groups and pass-through blocks. */
const CONTAINERS = ['tabs', 'tab', 'details', 'code-group', 'raw', 'v-pre'] as const;

type Directive = ContainerDirective | LeafDirective | TextDirective;

/** The `[label]` paragraph of a container, taken out of its children. */
function takeLabel(node: ContainerDirective): Paragraph | undefined {
  const first = node.children[0];
  if (
    first &&
    first.type === 'paragraph' &&
    (first.data as { directiveLabel?: boolean } | undefined)?.directiveLabel
  ) {
    node.children.shift();
    return first;
  }
  return undefined;
}

const labelText = (label: Paragraph | undefined): string | undefined =>
  label?.children.map((c) => ('value' in c ? c.value : '')).join('');

/** An mdast node rendered as the element `name` (the templates render `tabs` and `tab`). */
function element(
  name: string,
  properties: Record<string, unknown>,
  children: RootContent[],
): RootContent {
  return {
    type: 'paragraph',
    data: { hName: name, hProperties: properties },
    children: children as PhrasingContent[],
  } as Paragraph;
}

/** A tab of a tabs block: a `:::tab` directive, or a paragraph of one-line `<TabItem>`s (see `jsxTabs.ts`). */
function isTab(node: RootContent): boolean {
  if (node.type === 'containerDirective') return node.name === 'tab';
  return (
    node.type === 'paragraph' &&
    node.children.some((c) => c.type === 'html' && /^<TabItem\b/.test(c.value))
  );
}

/** A `::: code-group`: one tab per fence, labelled by its `[label]` (which is then not its title). */
function codeGroup(d: ContainerDirective, file: VFile): void {
  const tabs: RootContent[] = [];
  let stray: RootContent | undefined;
  for (const child of d.children) {
    if (child.type === 'code') {
      const info = (child.data as { codeInfo?: CodeInfo } | undefined)?.codeInfo;
      const data = child.data as { hProperties?: Record<string, unknown> };
      if (info?.label && !info.title && data.hProperties) delete data.hProperties.dataTitle;
      const label = info?.label ?? info?.title ?? (child as Code).lang ?? `Tab ${tabs.length + 1}`;
      tabs.push(element('tab', { label }, [child]));
    } else {
      stray ??= child;
      const last = tabs[tabs.length - 1] as Parent | undefined;
      if (last) last.children.push(child);
      else tabs.push(element('tab', { label: `Tab ${tabs.length + 1}` }, [child]));
    }
  }
  if (stray)
    warn(
      file,
      'CodeGroupContent',
      'a `::: code-group` holds content that is not a code fence; it is shown in the tab before it',
      stray,
      'put only fenced code blocks in a code group (each ```lang [label] fence is a tab)',
    );
  d.children = tabs as ContainerDirective['children'];
  d.data = { hName: 'tabs', hProperties: {} };
}

/**
 * Turns container directives into the elements the templates render: admonitions
 * (`:::note[Title]` → `<admonition type title>`), tabs (`::::tabs{groupId}` holding
 * `:::tab[Label]{value default}`, which Docusaurus's `<Tabs>` lines become), VitePress's
 * `::: details [Summary]` (→ `<details><summary>`), `::: code-group` (→ tabs) and
 * `::: raw`/`::: v-pre` (their content as it is). An unknown container or leaf directive
 * is reported and its content kept. A text directive (`a:b` in prose) was not meant as
 * one and is put back as the text the author wrote.
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
      const attrs = d.attributes ?? {};
      if (d.type === 'containerDirective') {
        const name = d.name.toLowerCase();
        if ((ADMONITION_TYPES as readonly string[]).includes(name)) {
          const title = labelText(takeLabel(d)) ?? attrs.title ?? name.toUpperCase();
          d.data = { hName: 'admonition', hProperties: { type: name, title } };
          return;
        }
        switch (name as string) {
          case 'tabs':
            d.data = {
              hName: 'tabs',
              hProperties: {
                groupId: attrs.groupId ?? undefined,
                queryString: attrs.queryString ?? undefined,
              },
            };
            {
              const stray = d.children.find((c) => !isTab(c));
              if (stray)
                warn(
                  file,
                  'TabsContent',
                  'content of a tabs block outside any tab is not shown',
                  stray,
                  'put it inside a `:::tab[Label]` (or a `<TabItem>`), or after the tabs',
                );
            }
            return;
          case 'tab': {
            const label = labelText(takeLabel(d)) ?? attrs.label ?? attrs.value ?? 'Tab';
            d.data = {
              hName: 'tab',
              hProperties: {
                label,
                value: attrs.value ?? undefined,
                default: attrs.default !== undefined && attrs.default !== null,
              },
            };
            return;
          }
          case 'details': {
            const label = takeLabel(d);
            const summary = label
              ? { ...label, data: { hName: 'summary' } }
              : element('summary', {}, [{ type: 'text', value: attrs.title || 'Details' }]);
            d.children.unshift(summary as ContainerDirective['children'][number]);
            d.data = {
              hName: 'details',
              hProperties: { className: ['details'], open: attrs.open !== undefined },
            };
            return;
          }
          case 'code-group':
            codeGroup(d, file);
            return;
          case 'raw':
          case 'v-pre':
            d.data = { hName: 'div', hProperties: { dataVPre: name === 'v-pre' ? '' : undefined } };
            return;
        }
      }
      if (d.type !== 'textDirective') {
        const fence = d.type === 'containerDirective' ? ':::' : '::';
        warnFromCatalogue(file, 'UnknownDirective', d, {
          fence,
          name: d.name,
          known: [...ADMONITION_TYPES, ...CONTAINERS],
        });
        if (d.type === 'containerDirective') {
          d.data = { hName: 'div', hProperties: { className: ['directive-unknown'] } };
          return;
        }
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
