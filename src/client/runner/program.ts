/**
 * A page's blocks (as the reader sees them, edited or not) as one ES module, the way
 * `--check-examples` builds it (src/render/examples/program.ts): every block's top-level
 * imports merged and hoisted, each block's code after a `__tf.enter(k)` marker so the worker
 * knows whose output a `console.log` is, and a `plot` block's last expression handed to
 * `__tf.value`. Lines are kept, so an error's program line maps back to the reader's line.
 * Each block comes with what src/shared/exampleBlock.ts read in it: from the page for code as
 * the page shows it, or parsed here (with the editor's grammar) once the reader edited it.
 */
import type { CodeEdit, PreparedBlock } from '../../shared/exampleBlock';

export interface ProgramBlock {
  code: string;
  prepared: PreparedBlock;
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

const lineAt = (code: string, pos: number) => code.slice(0, pos).split('\n').length;

/** The module URL an example's import of `specifier` gets here, or why it cannot run. */
function resolve(
  specifier: string,
  urlOf: (specifier: string) => string | undefined,
  k: number,
  line: number,
): string {
  if (specifier.startsWith('node:'))
    throw new ProgramError(
      `the example imports "${specifier}", a module of Node.js: it runs with Node (--check-examples), not here in the browser`,
      k,
      line,
    );
  // A URL stays as written (the sandbox's policy decides: it loads nothing from anywhere).
  if (/^[a-z][a-z0-9+.-]*:/i.test(specifier)) return specifier;
  const url = urlOf(specifier);
  if (url) return url;
  throw new ProgramError(
    /^\.{0,2}\//.test(specifier)
      ? `the example imports "${specifier}", a file beside the page: that runs with --check-examples, not here in the browser`
      : `the example imports "${specifier}", which this site does not load in the browser (config examples.browser.modules)`,
    k,
    line,
  );
}

function apply(code: string, edits: readonly CodeEdit[], url: (e: CodeEdit) => string): string {
  for (const e of [...edits].sort((a, b) => b.from - a.from || b.to - a.to)) {
    const text =
      e.specifier !== undefined
        ? JSON.stringify(url(e))
        : (e.text ?? code.slice(e.from, e.to).replace(/[^\n]/g, ' '));
    code = code.slice(0, e.from) + text + code.slice(e.to);
  }
  return code;
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

/** Builds the program of `blocks` (the page's blocks up to the one that runs), in order. */
export function buildProgram(
  blocks: readonly ProgramBlock[],
  urlOf: (specifier: string) => string | undefined,
): Program {
  const imports = new Map<string, ImportSet>();
  const bodies = blocks.map(({ code, prepared }, k) => {
    if (prepared.error) throw new ProgramError(prepared.error.message, k, prepared.error.line);
    for (const i of prepared.imports) {
      const url = resolve(i.specifier, urlOf, k, i.line);
      const set = imports.get(url) ?? {
        named: new Map(),
        defaults: new Set(),
        namespaces: new Set(),
      };
      imports.set(url, set);
      readClause(i.clause, set);
    }
    return apply(code, prepared.edits, (e) =>
      resolve(e.specifier!, urlOf, k, lineAt(code, e.from)),
    );
  });
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
