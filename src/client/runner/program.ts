/**
 * A page's blocks (as the reader sees them, edited or not) as one ES module, the way
 * `--check-examples` builds it (src/render/examples/program.ts): every block's top-level
 * imports merged and hoisted, each block's code after a `__tf.enter(k)` marker so the worker
 * knows whose output a `console.log` is, and a `plot` block's last expression handed to
 * `__tf.value`. Lines are kept, so an error's program line maps back to the reader's line.
 * Parsed with Lezer's JavaScript grammar (CodeMirror's, so the editor shares it); TypeScript
 * blocks have their types blanked out (annotations, type declarations, `as`/`satisfies`,
 * non-null `!`, generics) — what is left is the JavaScript that runs.
 */
import { parser as jsParser } from '@lezer/javascript';
import type { SyntaxNode, Tree } from '@lezer/common';

export interface ProgramBlock {
  code: string;
  /** Fence language (`js`, `ts`…). */
  lang: string;
  plot: boolean;
}

export interface Program {
  text: string;
  /** For program line i + 1: the block (position) and the line in it (1-based). */
  lineMap: { block: number; line: number }[];
}

/** A problem in the reader's code found before it runs (a syntax error, an import that cannot run here). */
export class ProgramError extends Error {
  constructor(
    message: string,
    readonly block: number,
    readonly line: number,
  ) {
    super(message);
  }
}

const tsParser = jsParser.configure({ dialect: 'ts' });
const isTs = (lang: string) => /^(ts|typescript|mts)$/.test(lang);

interface Edit {
  from: number;
  to: number;
  text: string;
}

/** `text` with [from, to) replaced by spaces (newlines kept, so lines stay where they were). */
const blank = (from: number, to: number): Edit => ({ from, to, text: '' });

function apply(code: string, edits: Edit[]): string {
  edits.sort((a, b) => b.from - a.from);
  for (const e of edits) {
    const replacement = e.text || code.slice(e.from, e.to).replace(/[^\n]/g, ' ');
    code = code.slice(0, e.from) + replacement + code.slice(e.to);
  }
  return code;
}

const lineAt = (code: string, pos: number) => code.slice(0, pos).split('\n').length;

/** TypeScript-only syntax: blanked out, leaving JavaScript with the same lines. */
function typeEdits(tree: Tree, code: string, edits: Edit[]): void {
  tree.iterate({
    enter(node) {
      switch (node.name) {
        case 'TypeAnnotation':
        case 'TypeParamList':
        case 'TypeArgList':
        case 'InterfaceDeclaration':
        case 'TypeAliasDeclaration':
          edits.push(blank(node.from, node.to));
          return false;
        case 'as':
        case 'satisfies': {
          // `expr as T`: the keyword and the type after it.
          const type = node.node.nextSibling;
          edits.push(blank(node.from, type ? type.to : node.to));
          return false;
        }
        case 'Optional':
          if (node.node.parent?.name === 'ParamList') edits.push(blank(node.from, node.to));
          return false;
        case 'LogicOp':
          if (
            node.node.parent?.name === 'PostfixExpression' &&
            code.slice(node.from, node.to) === '!'
          )
            edits.push(blank(node.from, node.to));
          return false;
      }
      return undefined;
    },
  });
}

interface ImportSet {
  named: Map<string, string>;
  defaults: Set<string>;
  namespaces: Set<string>;
}

/** Reads an import clause (`a`, `{ a, b as c }`, `* as ns`, `a, { b }`) into `set`. */
function readClause(clause: string, set: ImportSet): void {
  const ns = /\*\s*as\s+([\w$]+)/.exec(clause);
  if (ns) set.namespaces.add(ns[1]!);
  const group = /\{([^}]*)\}/.exec(clause);
  if (group)
    for (const part of group[1]!.split(',')) {
      const m = /^\s*(?:type\s+)?([\w$]+|'[^']*'|"[^"]*")(?:\s+as\s+([\w$]+))?\s*$/.exec(part);
      if (!m || /^\s*type\s/.test(part)) continue;
      set.named.set(m[2] ?? m[1]!, m[1]!);
    }
  const def = /^\s*([\w$]+)\s*(?:,|$)/.exec(clause.replace(/\{[^}]*\}|\*\s*as\s+[\w$]+/g, ''));
  if (def) set.defaults.add(def[1]!);
}

function importLines(imports: Map<string, ImportSet>): string[] {
  const out: string[] = [];
  for (const [url, set] of imports) {
    const from = JSON.stringify(url);
    const named = [...set.named].map(([local, imported]) =>
      local === imported ? local : `${imported} as ${local}`,
    );
    if (named.length) out.push(`import { ${named.join(', ')} } from ${from};`);
    for (const d of set.defaults) out.push(`import ${d} from ${from};`);
    for (const ns of set.namespaces) out.push(`import * as ${ns} from ${from};`);
    if (!named.length && !set.defaults.size && !set.namespaces.size) out.push(`import ${from};`);
  }
  return out;
}

const stringValue = (literal: string) => literal.slice(1, -1);

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

/**
 * One block: its imports taken out (recorded in `imports`, by the URL `urlOf` gives the
 * specifier), dynamic imports of the same packages pointed at their URLs, types blanked,
 * a plot block's last expression wrapped.
 */
function prepareBlock(
  block: ProgramBlock,
  k: number,
  imports: Map<string, ImportSet>,
  urlOf: (specifier: string) => string | undefined,
): string {
  const { code } = block;
  const ts = isTs(block.lang);
  const tree = (ts ? tsParser : jsParser).parse(code);
  const error = firstError(tree);
  if (error !== undefined)
    throw new ProgramError(
      `SyntaxError: unexpected ${error < code.length ? JSON.stringify(code.slice(error, error + 12).split('\n')[0]) : 'end of the code'}`,
      k,
      lineAt(code, error),
    );
  const edits: Edit[] = [];
  const resolve = (node: SyntaxNode, specifier: string): string => {
    if (specifier.startsWith('node:'))
      throw new ProgramError(
        `the example imports "${specifier}", a module of Node.js: it runs with Node (--check-examples), not here in the browser`,
        k,
        lineAt(code, node.from),
      );
    // A URL stays as written (the sandbox's policy decides: it loads nothing from anywhere).
    if (/^[a-z][a-z0-9+.-]*:/i.test(specifier)) return specifier;
    const url = urlOf(specifier);
    if (url) return url;
    const relative = /^\.{0,2}\//.test(specifier);
    throw new ProgramError(
      relative
        ? `the example imports "${specifier}", a file beside the page: that runs with --check-examples, not here in the browser`
        : `the example imports "${specifier}", which this site does not load in the browser (config examples.browser.modules)`,
      k,
      lineAt(code, node.from),
    );
  };
  const statements: SyntaxNode[] = [];
  for (let st = tree.topNode.firstChild; st; st = st.nextSibling) statements.push(st);
  for (const st of statements) {
    if (st.name !== 'ImportDeclaration') continue;
    const source = st.getChild('String');
    edits.push(blank(st.from, st.to));
    if (!source) continue;
    const text = code.slice(st.from, source.from);
    if (/^import\s+type\b/.test(text)) continue;
    const url = resolve(st, stringValue(code.slice(source.from, source.to)));
    const set = imports.get(url) ?? {
      named: new Map(),
      defaults: new Set(),
      namespaces: new Set(),
    };
    imports.set(url, set);
    readClause(text.replace(/^import\s*/, '').replace(/\s*from\s*$/, ''), set);
  }
  // `await import('pkg')` in the code: the same module.
  tree.iterate({
    enter(node) {
      if (node.name !== 'DynamicImport') return;
      const arg = node.node.getChild('String');
      if (!arg) return;
      const url = resolve(arg, stringValue(code.slice(arg.from, arg.to)));
      edits.push({ from: arg.from, to: arg.to, text: JSON.stringify(url) });
    },
  });
  if (ts) typeEdits(tree, code, edits);
  if (block.plot) {
    const last = [...statements].reverse().find((s) => s.name !== 'ImportDeclaration');
    if (last?.name === 'ExpressionStatement') {
      const expr = last.firstChild!;
      edits.push({ from: expr.from, to: expr.from, text: '__tf.value((' });
      edits.push({ from: expr.to, to: expr.to, text: '))' });
    }
  }
  return apply(code, edits);
}

/** Builds the program of `blocks` (the page's blocks up to the one that runs), in order. */
export function buildProgram(
  blocks: readonly ProgramBlock[],
  urlOf: (specifier: string) => string | undefined,
): Program {
  const imports = new Map<string, ImportSet>();
  const bodies = blocks.map((b, k) => prepareBlock(b, k, imports, urlOf));
  const lines: string[] = [];
  const lineMap: Program['lineMap'] = [];
  const push = (text: string, block: number, line: number) => {
    lines.push(text);
    lineMap.push({ block, line });
  };
  for (const l of importLines(imports)) push(l, 0, 1);
  push('const __tf = globalThis.__tfExamples;', 0, 1);
  bodies.forEach((body, k) => {
    push(`__tf.enter(${k});`, k, 1);
    const own = body.split('\n');
    own.forEach((l, i) => push(l, k, i + 1));
    // A block may end in an unterminated statement; the next marker must not join it.
    push(';', k, own.length);
  });
  push('__tf.enter(-1);', Math.max(0, blocks.length - 1), 1);
  return { text: lines.join('\n') + '\n', lineMap };
}
