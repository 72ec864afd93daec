/**
 * The last rehype step of an MDX page, before MDX turns the tree into JavaScript: every
 * run of nodes that holds no JSX or expression is serialised to HTML here, exactly as a
 * markdown page's body is (renderBody.tsx: the same templates for code blocks,
 * admonitions and tabs), and stands in the tree as one `<DfdocsRaw html="…">` element.
 * So a page's prose costs no React element per node, its code blocks keep their
 * highlighted HTML (raw nodes MDX could not compile), and its static parts are the same
 * bytes a `.md` page would give. Only what holds JSX stays a tree: template elements
 * among it (an admonition around a component) become the runtime's `Dfdocs*` components.
 */
import type { Root, RootContent, Element } from 'hast';
import type { VFile } from 'vfile';
import { renderHastNodesToHtml } from '../ssr/renderBody';
import { bodyFacts } from '../pages/bodyFacts';

const MDX_NODES = new Set([
  'mdxJsxFlowElement',
  'mdxJsxTextElement',
  'mdxFlowExpression',
  'mdxTextExpression',
  'mdxjsEsm',
]);

/** Template elements (renderBody.tsx) and the runtime components that render them around JSX. */
const TEMPLATE_COMPONENTS: Record<string, string> = {
  admonition: 'DfdocsAdmonition',
  tabs: 'DfdocsTabs',
  tab: 'DfdocsTab',
};

declare module 'vfile' {
  interface DataMap {
    /** What the page body holds (ids, whether it has an h1, its first paragraph), read before it became JavaScript. */
    bodyFacts: ReturnType<typeof bodyFacts>;
  }
}

type Node = Root | RootContent;

const dynamicCache = new WeakMap<object, boolean>();

/** Whether a node is, or holds, JSX or an expression. */
function isDynamic(node: Node): boolean {
  if (MDX_NODES.has(node.type)) return true;
  if (!('children' in node)) return false;
  let known = dynamicCache.get(node);
  if (known === undefined) {
    known = (node.children as Node[]).some(isDynamic);
    dynamicCache.set(node, known);
  }
  return known;
}

const jsx = (name: string, attributes: [string, string | null][], children: unknown[] = []) =>
  ({
    type: 'mdxJsxFlowElement',
    name,
    attributes: attributes.map(([n, value]) => ({ type: 'mdxJsxAttribute', name: n, value })),
    children,
  }) as unknown as RootContent;

const raw = (nodes: RootContent[]) => jsx('DfdocsRaw', [['html', renderHastNodesToHtml(nodes)]]);

const text = (v: unknown): string | null =>
  v === undefined || v === null || v === false ? null : String(v);

/** A template element around JSX as its runtime component, with the props the template reads. */
function templateElement(node: Element, children: RootContent[]): RootContent {
  const p = node.properties;
  const attrs: [string, string | null][] =
    node.tagName === 'admonition'
      ? [
          ['type', text(p.type) ?? 'note'],
          ['title', text(p.title)],
        ]
      : node.tagName === 'tabs'
        ? [
            ['id', text(p.id)],
            ['groupId', text(p.groupId)],
            ['queryString', text(p.queryString)],
          ]
        : [
            ['label', text(p.label) ?? ''],
            ['value', text(p.value)],
            ['default', p.default === true ? 'true' : null],
          ];
  return jsx(
    TEMPLATE_COMPONENTS[node.tagName]!,
    attrs.filter(([, v]) => v !== null),
    children,
  );
}

/** The children of a node holding JSX, with their static runs made HTML. */
function collapse(children: RootContent[], keepTabs: boolean): RootContent[] {
  const out: RootContent[] = [];
  let run: RootContent[] = [];
  const flush = () => {
    if (run.length) out.push(raw(run));
    run = [];
  };
  for (const child of children) {
    // The tabs template reads its `tab` children: they stay elements, however static.
    const keep = keepTabs && child.type === 'element' && child.tagName === 'tab';
    if (!keep && !isDynamic(child)) {
      run.push(child);
      continue;
    }
    flush();
    out.push(dynamicNode(child));
  }
  flush();
  return out;
}

function dynamicNode(node: RootContent): RootContent {
  if (node.type !== 'element') {
    if ('children' in node && Array.isArray(node.children))
      return {
        ...node,
        children: collapse(node.children as RootContent[], false),
      } as unknown as RootContent;
    return node;
  }
  const children = collapse(node.children as RootContent[], node.tagName === 'tabs');
  if (node.tagName in TEMPLATE_COMPONENTS) return templateElement(node, children);
  return { ...node, children: children as Element['children'] };
}

/** Tab groups get ids of their own page's numbering (MDX pages render their parts at two times). */
function numberTabs(tree: Root): void {
  let n = 0;
  const visit = (node: Node) => {
    if (node.type === 'element' && node.tagName === 'tabs' && node.properties.id === undefined)
      node.properties.id = `mdx-tabs-${++n}`;
    if ('children' in node) for (const c of node.children as Node[]) visit(c);
  };
  visit(tree);
}

export function rehypeStaticHtml() {
  return (tree: Root, file: VFile) => {
    file.data.bodyFacts = bodyFacts(tree);
    numberTabs(tree);
    tree.children = collapse(tree.children, false);
  };
}
