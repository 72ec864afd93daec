import { createElement, type ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { toHtml } from 'hast-util-to-html';
import type { Root, RootContent, Element, ElementContent, Parent } from 'hast';
import { CodeBlock } from '../../../templates/markdown/CodeBlock';
import { Admonition } from '../../../templates/markdown/Admonition';
import { Tabs, Tab, resetTabIds } from '../../../templates/markdown/Tabs';

/**
 * A page body as HTML. The client sets it as inner HTML (it is never hydrated as React
 * elements), so plain hast nodes are serialized straight to HTML with hast-util-to-html;
 * only the custom elements the markdown plugins emit (code blocks, admonitions, tabs)
 * go through their React templates, with their already-serialized children spliced in.
 * Building React elements for every node of a page cost 4–5× more than serializing it.
 */
export function renderHastToHtml(
  tree: Root,
  options: { consume?: boolean; collect?: () => void } = {},
): string {
  resetTabIds();
  if (!options.consume) return toHtml(withComponentsRendered(tree), HTML_OPTIONS);
  // A large page's tree, one top-level node at a time, each let go once serialized: the
  // rendering copies the tree, and a copy of all of it beside the tree and its HTML was
  // the largest moment of a large page. The HTML is the same (a root's is its children's, in order).
  const pieces: string[] = [];
  let since = 0;
  for (let i = 0; i < tree.children.length; i++) {
    const piece: Root = { type: 'root', children: [tree.children[i]!] };
    const html = toHtml(withComponentsRendered(piece), HTML_OPTIONS);
    pieces.push(html);
    (tree.children as (RootContent | undefined)[])[i] = undefined;
    if ((since += html.length) >= COLLECT_EVERY) {
      options.collect?.();
      since = 0;
    }
  }
  tree.children = [];
  return pieces.join('');
}

/** HTML made between calls of `collect` when consuming a tree. */
const COLLECT_EVERY = 2 * 1024 * 1024;

/**
 * Nodes of a page as HTML, as `renderHastToHtml` writes them (without starting the page's
 * tab numbering again): the parts of an MDX page that hold no JSX (src/render/mdx/).
 */
export function renderHastNodesToHtml(nodes: RootContent[]): string {
  return toHtml(withComponentsRendered<Root>({ type: 'root', children: nodes }), HTML_OPTIONS);
}

/** Raw HTML of templates passes through; `&lt;` rather than `&#x3C;` keeps the output readable. */
const HTML_OPTIONS = {
  allowDangerousHtml: true,
  characterReferences: { useNamedReferences: true },
} as const;

/** Marks where a template's children go; replaced by their HTML after rendering. */
const SLOT = 'dfdocs-slot';
const slot = (index: number): ReactElement =>
  createElement(SLOT, { key: index, 'data-slot': index });
const slotMarkup = (index: number): string => `<${SLOT} data-slot="${index}"></${SLOT}>`;

const text = (value: unknown): string | undefined =>
  value === undefined || value === null ? undefined : String(value);

/**
 * Markup of templates that depend only on their props (code block, admonition), by
 * template and props: a page's code blocks all share one or two, and rendering one
 * through React cost more than splicing its code in.
 */
const markupByProps = new Map<string, string>();
const MAX_MARKUPS = 1000;

function markupOf(element: ReactElement, key: string | undefined): string {
  let html = key === undefined ? undefined : markupByProps.get(key);
  if (html === undefined) {
    html = renderToStaticMarkup(element);
    if (key !== undefined && markupByProps.size < MAX_MARKUPS) markupByProps.set(key, html);
  }
  return html;
}

/** Renders a template (or takes its markup for these props, `key`) whose slots stand for the given children, then splices their HTML in. */
function renderTemplate(element: ReactElement, slots: ElementContent[][], key?: string): string {
  let html = markupOf(element, key);
  slots.forEach((children, i) => {
    html = html.replace(slotMarkup(i), () => toHtml({ type: 'root', children }, HTML_OPTIONS));
  });
  return html;
}

type Template = (node: Element) => string;

/** A runnable example's position on its page (`examples/remarkRunnableExamples.ts`), if the block is one. */
const exampleOf = (node: Element): number | undefined => {
  const k = text(node.properties.example);
  return k === undefined ? undefined : Number(k);
};

const TEMPLATES: Record<string, Template> = {
  codeblock: (node) => {
    const numbers = text(node.properties.lineNumbers);
    const props = {
      language: text(node.properties.language),
      title: text(node.properties.title) || undefined,
      lineNumbers: numbers ? Number(numbers) : undefined,
      example: exampleOf(node),
      examplePlot: node.properties.examplePlot === true || undefined,
      examplePrepared: text(node.properties.examplePrepared),
      exampleOutput: node.properties.exampleOutput === true || undefined,
    };
    return renderTemplate(
      createElement(CodeBlock, props, slot(0)),
      [node.children],
      // A runnable example's markup is its own (its prepared code): not kept for reuse.
      props.example !== undefined
        ? undefined
        : JSON.stringify([
            'codeblock',
            props.language,
            props.title,
            props.lineNumbers,
            props.example,
            props.examplePlot,
            props.exampleOutput,
            props.examplePrepared,
          ]),
    );
  },
  admonition: (node) => {
    const props = {
      type: text(node.properties.type) ?? 'note',
      title: text(node.properties.title),
    };
    return renderTemplate(
      createElement(Admonition, props, slot(0)),
      [node.children],
      JSON.stringify(['admonition', props.type, props.title]),
    );
  },
  tabs: (node) => {
    const tabs = node.children.filter(
      (c): c is Element => c.type === 'element' && c.tagName === 'tab',
    );
    return renderTemplate(
      createElement(
        Tabs,
        {
          id: text(node.properties.id),
          groupId: text(node.properties.groupId),
          queryString: text(node.properties.queryString),
        },
        ...tabs.map((tab, i) =>
          createElement(
            Tab,
            {
              key: i,
              label: text(tab.properties.label) ?? '',
              value: text(tab.properties.value),
              default: tab.properties.default === true,
            },
            slot(i),
          ),
        ),
      ),
      tabs.map((tab) => tab.children),
    );
  },
  // A tab outside tabs shows its content, as the Tab template does.
  tab: (node) => toHtml({ type: 'root', children: node.children }, HTML_OPTIONS),
};

/** A copy of `node` in which every template element is replaced by its HTML (innermost first). */
function withComponentsRendered<T extends Parent>(node: T): T {
  const children = node.children.map((child): RootContent => {
    if (child.type !== 'element') return child;
    const template = TEMPLATES[child.tagName];
    // Tabs read their `tab` children themselves; everything else is rendered inside out.
    const inner =
      child.tagName === 'tabs'
        ? {
            ...child,
            children: child.children.map((c) =>
              c.type === 'element' ? withComponentsRendered(c) : c,
            ),
          }
        : withComponentsRendered(child);
    return template ? { type: 'raw', value: template(inner) } : inner;
  });
  return { ...node, children } as T;
}
