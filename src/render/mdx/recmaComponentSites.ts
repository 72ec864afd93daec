/**
 * The compiled MDX page's side of remarkMdxComponents.ts: in the JavaScript MDX makes,
 * `_jsx(Counter, { …, "dfdocs:at": "Counter@12:1", "dfdocs:island": "id:load" })` becomes
 * `_jsx(props.dfdocs.at(Counter, "Counter@12:1", "id:load"), { … })`. The renderer's `at`
 * (mdxRuntime.tsx) gives back the component itself, an island around it, or (when a page
 * failed to render and is rendered again to find where) a wrapper named after the place.
 * Its props, children and type stay the component's own.
 */
import type { CallExpression, Expression, Node, ObjectExpression, Program, Property } from 'estree';

const JSX_CALLS = new Set(['_jsx', '_jsxs', '_jsxDEV']);
const SITE_KEYS = new Set(['dfdocs:at', 'dfdocs:island']);

const keyOf = (p: Property): string | undefined =>
  p.key.type === 'Literal' ? String(p.key.value) : undefined;

function visit(node: unknown, fn: (n: Node) => void): void {
  if (!node || typeof node !== 'object') return;
  if (Array.isArray(node)) {
    for (const n of node) visit(n, fn);
    return;
  }
  if (typeof (node as Node).type === 'string') fn(node as Node);
  for (const key of Object.keys(node)) {
    if (key === 'loc' || key === 'range' || key === 'position' || key === 'data') continue;
    visit((node as Record<string, unknown>)[key], fn);
  }
}

function rewrite(call: CallExpression): void {
  if (call.callee.type !== 'Identifier' || !JSX_CALLS.has(call.callee.name)) return;
  const props = call.arguments[1];
  if (props?.type !== 'ObjectExpression') return;
  const found = new Map<string, Expression>();
  (props as ObjectExpression).properties = props.properties.filter((p) => {
    const key = p.type === 'Property' ? keyOf(p) : undefined;
    if (!key || !SITE_KEYS.has(key)) return true;
    found.set(key, (p as Property).value as Expression);
    return false;
  });
  const at = found.get('dfdocs:at');
  if (!at) return;
  const island = found.get('dfdocs:island');
  call.arguments[0] = {
    type: 'CallExpression',
    optional: false,
    callee: {
      type: 'MemberExpression',
      computed: false,
      optional: false,
      object: {
        type: 'MemberExpression',
        computed: false,
        optional: false,
        object: { type: 'Identifier', name: 'props' },
        property: { type: 'Identifier', name: 'dfdocs' },
      },
      property: { type: 'Identifier', name: 'at' },
    },
    arguments: [call.arguments[0] as Expression, at, ...(island ? [island] : [])],
  };
}

export function recmaComponentSites() {
  return (tree: Program) => {
    visit(tree, (n) => {
      if (n.type === 'CallExpression') rewrite(n);
    });
  };
}
