/**
 * A page's example blocks as one ES module, from what src/shared/exampleBlock.ts read in each:
 * every block's top-level imports merged and hoisted (a tutorial may repeat
 * `import { DataFrame } from 'some-library'` in several blocks), then each block's code after a
 * `__tf.enter(k)` marker so the runner knows whose output a `console.log` is. Lines are kept,
 * so a program line maps back to its block's line.
 *
 * One assembly for both runners: the build's (src/render/examples/program.ts, run by Node)
 * and the browser's (src/client/runner/program.ts). They differ only in where an import's
 * specifier points, which the caller says.
 */
import type { CodeEdit, PreparedBlock } from './exampleBlock';

export interface ProgramBlock {
  code: string;
  prepared: PreparedBlock;
}

export interface AssembledProgram {
  text: string;
  /** For program line i + 1: the block (position) and the line in it (1-based). */
  lineMap: { block: number; line: number }[];
}

/**
 * Where an import of `specifier` (in block `block`, at its line `line`) points in the
 * program: the specifier itself for Node, a module URL in the browser. It may throw.
 */
export type ImportTarget = (specifier: string, block: number, line: number) => string;

const lineAt = (code: string, pos: number) => code.slice(0, pos).split('\n').length;

/** The block's code with its edits applied (an edit without text blanks its range, newlines kept). */
function applyEdits(
  code: string,
  edits: readonly CodeEdit[],
  url: (e: CodeEdit) => string,
): string {
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
  named: Map<string, string>; // local name → imported name
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

/** The program of `blocks`, in order (each block's `prepared.error` is the caller's to handle first). */
export function assembleProgram(
  blocks: readonly ProgramBlock[],
  target: ImportTarget,
): AssembledProgram {
  const imports = new Map<string, ImportSet>();
  const bodies = blocks.map(({ code, prepared }, k) => {
    for (const i of prepared.imports) {
      const url = target(i.specifier, k, i.line);
      const set = imports.get(url) ?? {
        named: new Map(),
        defaults: new Set(),
        namespaces: new Set(),
      };
      imports.set(url, set);
      readClause(i.clause, set);
    }
    return applyEdits(code, prepared.edits, (e) => target(e.specifier!, k, lineAt(code, e.from)));
  });
  const lines: string[] = [];
  const lineMap: AssembledProgram['lineMap'] = [];
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
