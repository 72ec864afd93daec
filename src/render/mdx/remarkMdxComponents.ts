/**
 * What an MDX page's JSX names, read on its markdown tree (where each element has its
 * position in the `.mdx` file):
 *
 * - a component that is neither imported, exported by the page, built in nor registered
 *   (config `mdx.components`) is an `MdxUnknownComponent` error at its line and column
 *   (MDX itself would only fail when rendering, without a position);
 * - every component element gets a `dfdocs:at` attribute (its name and position), read
 *   and removed again by `recmaComponentSites.ts`, so that a component that throws while
 *   rendering is reported where it is used;
 * - `client:load` / `client:visible` make the element an island (see islands.ts): the
 *   attribute becomes `dfdocs:island`, and the page's islands are listed in
 *   `file.data.islands`;
 * - Docusaurus's `<TOCInline />` becomes the page's inline table of contents.
 */
import { dirname } from 'node:path';
import type { Root } from 'mdast';
import type { Program } from 'estree';
import type { VFile } from 'vfile';
import { walk, SKIP, type WalkNode } from '../tree/walk';
import { DfdocsError, type Diagnostic, type DiagnosticCode } from '../diagnostics';
import { HYDRATE_ATTRIBUTES, islandId, type IslandUse } from './islands';

/** The components every MDX page has without importing them (templates/markdown/**). */
export const BUILT_IN_COMPONENTS = ['Tabs', 'TabItem', 'Admonition', 'Details', 'CodeBlock'];

interface JsxAttribute {
  type: 'mdxJsxAttribute' | 'mdxJsxExpressionAttribute';
  name?: string;
  value?: unknown;
}

interface JsxElement {
  type: 'mdxJsxFlowElement' | 'mdxJsxTextElement';
  name: string | null;
  attributes: JsxAttribute[];
  children: unknown[];
  position?: { start: { line: number; column: number } };
  data?: Record<string, unknown>;
}

/** A binding an import gives the page: which module, which export (`*` for a namespace). */
interface Imported {
  source: string;
  exportName: string;
}

declare module 'vfile' {
  interface DataMap {
    /** The islands of an MDX page (remarkMdxComponents.ts). */
    islands: IslandUse[];
    /** The absolute path of the MDX page being compiled. */
    mdxAbsPath: string;
    /** The modules an MDX page imports, where each import statement is (remarkMdxComponents.ts). */
    mdxImports: { source: string; line: number; column: number }[];
  }
}

export interface MdxComponentsOptions {
  /** Names the site's `mdx.components` module exports, and its absolute path. */
  registered: { names: Set<string>; module?: string };
}

/** The names an MDX page's `import`/`export` statements bind, and where imported ones come from. */
function declaredNames(tree: Root): {
  declared: Set<string>;
  imported: Map<string, Imported>;
  statements: { source: string; line: number; column: number }[];
} {
  const declared = new Set<string>();
  const imported = new Map<string, Imported>();
  const statements: { source: string; line: number; column: number }[] = [];
  for (const node of tree.children as { type: string; data?: { estree?: Program } }[]) {
    if (node.type !== 'mdxjsEsm' || !node.data?.estree) continue;
    for (const statement of node.data.estree.body) {
      if (statement.type === 'ImportDeclaration') {
        statements.push({
          source: String(statement.source.value),
          line: statement.loc?.start.line ?? 1,
          column: (statement.loc?.start.column ?? 0) + 1,
        });
        for (const s of statement.specifiers) {
          declared.add(s.local.name);
          imported.set(s.local.name, {
            source: String(statement.source.value),
            exportName:
              s.type === 'ImportDefaultSpecifier'
                ? 'default'
                : s.type === 'ImportNamespaceSpecifier'
                  ? '*'
                  : s.imported.type === 'Identifier'
                    ? s.imported.name
                    : String(s.imported.value),
          });
        }
      } else if (statement.type === 'ExportNamedDeclaration' && statement.declaration) {
        const d = statement.declaration;
        if (d.type === 'VariableDeclaration') {
          for (const v of d.declarations) if (v.id.type === 'Identifier') declared.add(v.id.name);
        } else if (d.id) declared.add(d.id.name);
      }
    }
  }
  return { declared, imported, statements };
}

const isIntrinsic = (name: string) => !name.includes('.') && /^[a-z]/.test(name);

export function remarkMdxComponents(options: MdxComponentsOptions) {
  return (tree: Root, file: VFile) => {
    const { declared, imported, statements } = declaredNames(tree);
    file.data.mdxImports = statements;
    const problems: Diagnostic[] = [];
    const islands: IslandUse[] = [];
    const pageDir = dirname(file.data.mdxAbsPath ?? file.path);
    const problem = (node: JsxElement, code: DiagnosticCode, message: string, hint: string) =>
      problems.push({
        code,
        severity: 'error',
        message,
        hint,
        file: file.path,
        line: node.position?.start.line,
        column: node.position?.start.column,
      });
    const known = (root: string) =>
      declared.has(root) ||
      root === 'props' ||
      BUILT_IN_COMPONENTS.includes(root) ||
      options.registered.names.has(root);

    walk(tree as unknown as WalkNode, (n, index, parent) => {
      const node = n as unknown as JsxElement;
      if (node.type !== 'mdxJsxFlowElement' && node.type !== 'mdxJsxTextElement') return;
      const name = node.name;
      if (!name) return; // a fragment
      const hydrateAttr = node.attributes.find(
        (a) => a.type === 'mdxJsxAttribute' && a.name! in HYDRATE_ATTRIBUTES,
      );
      if (isIntrinsic(name)) {
        if (hydrateAttr)
          problem(
            node,
            'MdxIslandNotComponent',
            `\`${hydrateAttr.name}\` on <${name}>: only a component can be an island`,
            'put the attribute on a component imported from a module (`import Counter from "./Counter"`)',
          );
        return;
      }
      if (name === 'TOCInline' && !imported.has(name)) {
        const marker = { type: 'paragraph', children: [], data: { hName: 'inline-toc' } };
        (parent as unknown as { children: unknown[] }).children.splice(index, 1, marker);
        return SKIP;
      }
      const root = name.split('.')[0]!;
      if (!known(root)) {
        problem(
          node,
          'MdxUnknownComponent',
          `unknown component <${name}>: it is neither imported, built in nor registered`,
          `import it (\`import ${root} from './${root}'\`), register it in \`mdx.components\` of the config, or use one of ${BUILT_IN_COMPONENTS.join(', ')}`,
        );
        return;
      }
      const at = `${name}@${node.position?.start.line ?? 0}:${node.position?.start.column ?? 0}`;
      node.attributes.push({ type: 'mdxJsxAttribute', name: 'dfdocs:at', value: at });
      if (!hydrateAttr) return;
      node.attributes = node.attributes.filter(
        (a) => !(a.type === 'mdxJsxAttribute' && a.name! in HYDRATE_ATTRIBUTES),
      );
      const module = islandModule(name, imported, options, pageDir);
      if (!module) {
        problem(
          node,
          'MdxIslandSource',
          `<${name} ${hydrateAttr.name}>: an island must be a component imported from a module or registered in \`mdx.components\``,
          BUILT_IN_COMPONENTS.includes(root)
            ? `${root} works in the browser without hydration: remove \`${hydrateAttr.name}\``
            : 'import it by name or as default (`import { Chart } from "./Chart"`, `import * as UI from "ui"` then <UI.Chart>), not defined in the page',
        );
        return;
      }
      const island: IslandUse = {
        ...module,
        id: islandId(module),
        hydrate: HYDRATE_ATTRIBUTES[hydrateAttr.name!]!,
      };
      islands.push(island);
      node.attributes.push({
        type: 'mdxJsxAttribute',
        name: 'dfdocs:island',
        value: `${island.id}:${island.hydrate}`,
      });
    });
    if (problems.length) throw new DfdocsError(problems);
    file.data.islands = islands;
  };
}

/** Where an island's component comes from, or undefined when it is not a module's export. */
function islandModule(
  name: string,
  imported: Map<string, Imported>,
  options: MdxComponentsOptions,
  pageDir: string,
): { source: string; resolveDir: string; exportName: string } | undefined {
  const parts = name.split('.');
  const from = imported.get(parts[0]!);
  if (from) {
    if (parts.length === 1 && from.exportName !== '*')
      return { source: from.source, resolveDir: pageDir, exportName: from.exportName };
    if (parts.length === 2 && from.exportName === '*')
      return { source: from.source, resolveDir: pageDir, exportName: parts[1]! };
    return undefined;
  }
  const module = options.registered.module;
  if (parts.length === 1 && module && options.registered.names.has(name))
    return { source: module, resolveDir: dirname(module), exportName: name };
  return undefined;
}
