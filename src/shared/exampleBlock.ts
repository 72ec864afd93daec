/**
 * What one runnable example block needs before it joins its page's program (issue 30), read
 * with Lezer's JavaScript grammar: its top-level imports (taken out, to be merged and hoisted),
 * its `import('pkg')` calls (pointed at the package's module), for a TypeScript block its types
 * (blanked out), for a `plot` block its last expression (handed to the runner), and a syntax
 * error's line. Every change is an edit of the code that keeps its lines, so an error's line
 * is the reader's line.
 *
 * Shared: the build reads each block as the page shows it (the edits travel in the page, so a
 * Run of unedited code needs no parser) and to run it with Node, the browser reads a block the
 * reader edited. The program is assembled from these in src/shared/exampleProgram.ts.
 */
import { parser as jsParser } from '@lezer/javascript';
import type { Tree } from '@lezer/common';

export interface ExampleBlockSource {
  code: string;
  /** Fence language (`js`, `ts`…). */
  lang: string;
  plot: boolean;
}

/** An edit of the block's code: [from, to) becomes `text`, or spaces (newlines kept) when `text` is absent. */
export interface CodeEdit {
  from: number;
  to: number;
  text?: string;
  /** An `import('pkg')` argument: replaced by the package's module URL when the program is made. */
  specifier?: string;
}

/** A top-level import, taken out of the block. `clause`: what stands between `import` and `from` (`''` for `import 'x'`). */
export interface ExampleImport {
  specifier: string;
  clause: string;
  line: number;
}

export interface PreparedBlock {
  imports: ExampleImport[];
  edits: CodeEdit[];
  /** A syntax error: the message and its line in the block. */
  error?: { message: string; line: number };
}

const tsParser = jsParser.configure({ dialect: 'ts' });
const isTs = (lang: string) => /^(ts|typescript|mts)$/.test(lang);
const lineAt = (code: string, pos: number) => code.slice(0, pos).split('\n').length;

/** TypeScript-only syntax: blanked out, leaving JavaScript with the same lines. */
function typeEdits(tree: Tree, code: string, edits: CodeEdit[]): void {
  tree.iterate({
    enter(node) {
      switch (node.name) {
        case 'TypeAnnotation':
        case 'TypeParamList':
        case 'TypeArgList':
        case 'InterfaceDeclaration':
        case 'TypeAliasDeclaration':
          edits.push({ from: node.from, to: node.to });
          return false;
        case 'as':
        case 'satisfies': {
          // `expr as T`: the keyword and the type after it.
          const type = node.node.nextSibling;
          edits.push({ from: node.from, to: type ? type.to : node.to });
          return false;
        }
        case 'Optional':
          if (node.node.parent?.name === 'ParamList') edits.push({ from: node.from, to: node.to });
          return false;
        case 'LogicOp':
          if (
            node.node.parent?.name === 'PostfixExpression' &&
            code.slice(node.from, node.to) === '!'
          )
            edits.push({ from: node.from, to: node.to });
          return false;
      }
      return undefined;
    },
  });
}

/** The first syntax error of a tree: its position. */
function firstError(tree: Tree): number | undefined {
  let at: number | undefined;
  tree.iterate({
    enter(node) {
      if (at !== undefined) return false;
      if (node.type.isError) at = node.from;
      return undefined;
    },
  });
  return at;
}

const stringValue = (literal: string) => literal.slice(1, -1);

/**
 * Reads one block. `types: false` leaves a TypeScript block's types in place, for a runner
 * that compiles TypeScript itself (the build's, with esbuild).
 */
export function prepareExampleBlock(
  block: ExampleBlockSource,
  options: { types?: boolean } = {},
): PreparedBlock {
  const { code } = block;
  const ts = isTs(block.lang);
  const tree = (ts ? tsParser : jsParser).parse(code);
  const error = firstError(tree);
  if (error !== undefined)
    return {
      imports: [],
      edits: [],
      error: {
        message: `SyntaxError: unexpected ${error < code.length ? JSON.stringify(code.slice(error, error + 12).split('\n')[0]) : 'end of the code'}`,
        line: lineAt(code, error),
      },
    };
  const imports: ExampleImport[] = [];
  const edits: CodeEdit[] = [];
  const statements = [];
  for (let st = tree.topNode.firstChild; st; st = st.nextSibling) statements.push(st);
  for (const st of statements) {
    if (st.name !== 'ImportDeclaration') continue;
    edits.push({ from: st.from, to: st.to });
    const source = st.getChild('String');
    if (!source) continue;
    const head = code.slice(st.from, source.from);
    if (/^import\s+type\b/.test(head)) continue;
    imports.push({
      specifier: stringValue(code.slice(source.from, source.to)),
      clause: head.replace(/^import\s*/, '').replace(/\s*from\s*$/, ''),
      line: lineAt(code, st.from),
    });
  }
  tree.iterate({
    enter(node) {
      if (node.name !== 'DynamicImport') return;
      const arg = node.node.getChild('String');
      if (arg)
        edits.push({
          from: arg.from,
          to: arg.to,
          specifier: stringValue(code.slice(arg.from, arg.to)),
        });
    },
  });
  if (ts && options.types !== false) typeEdits(tree, code, edits);
  if (block.plot) {
    const last = [...statements].reverse().find((s) => s.name !== 'ImportDeclaration');
    if (last?.name === 'ExpressionStatement') {
      const expr = last.firstChild!;
      edits.push({ from: expr.from, to: expr.from, text: '__tf.value((' });
      edits.push({ from: expr.to, to: expr.to, text: '))' });
    }
  }
  return { imports, edits };
}
