import { createRequire } from 'node:module';
import type TS from 'typescript';
import type { ExampleBlock } from './extract';

/**
 * A page's blocks as one ES module: the blocks' imports merged and hoisted to the top (a
 * tutorial may repeat `import { DataFrame } from 'some-library'` in several blocks), then each
 * block's code after a `__tf.enter(k)` marker so the harness knows whose output a
 * `console.log` is. Lines are kept: `lineMap[i]` is the markdown line of program line i + 1.
 */
export interface ExampleProgram {
  text: string;
  lineMap: number[];
}

export const PROGRAM_FILE = 'tf-example-program.ts';

interface ImportSet {
  named: Map<string, string>; // local name → imported name
  defaults: Set<string>;
  namespaces: Set<string>;
  bare: boolean;
}

function blankOut(text: string, start: number, end: number): string {
  return text.slice(0, start) + text.slice(start, end).replace(/[^\n]/g, ' ') + text.slice(end);
}

/** Removes the block's top-level imports (recording them) and, for a plot block, wraps the last expression. */
function prepareBlock(ts: typeof TS, block: ExampleBlock, imports: Map<string, ImportSet>): string {
  const kind =
    block.lang.startsWith('t') || block.lang === 'mts' ? ts.ScriptKind.TS : ts.ScriptKind.JS;
  const sf = ts.createSourceFile(
    `block${block.index}.${kind === ts.ScriptKind.TS ? 'ts' : 'js'}`,
    block.code,
    ts.ScriptTarget.ES2022,
    true,
    kind,
  );
  let code = block.code;
  const edits: { start: number; end: number; text: string }[] = [];
  for (const st of sf.statements) {
    if (!ts.isImportDeclaration(st) || !ts.isStringLiteral(st.moduleSpecifier)) continue;
    const spec = st.moduleSpecifier.text;
    const clause = st.importClause;
    edits.push({ start: st.getStart(sf), end: st.end, text: '' });
    if (clause?.isTypeOnly) continue;
    const set = imports.get(spec) ?? {
      named: new Map(),
      defaults: new Set(),
      namespaces: new Set(),
      bare: false,
    };
    imports.set(spec, set);
    if (!clause) {
      set.bare = true;
      continue;
    }
    if (clause.name) set.defaults.add(clause.name.text);
    const nb = clause.namedBindings;
    if (nb && ts.isNamespaceImport(nb)) set.namespaces.add(nb.name.text);
    if (nb && ts.isNamedImports(nb)) {
      for (const el of nb.elements)
        if (!el.isTypeOnly) set.named.set(el.name.text, (el.propertyName ?? el.name).text);
    }
  }
  if (block.plot) {
    const last = [...sf.statements].reverse().find((s) => !ts.isImportDeclaration(s));
    if (last && ts.isExpressionStatement(last)) {
      const e = last.expression;
      edits.push({ start: e.getStart(sf), end: e.getStart(sf), text: '__tf.value((' });
      edits.push({ start: e.end, end: e.end, text: '))' });
    }
  }
  // Apply from the end so offsets stay valid; imports are blanked (lines kept), wraps inserted.
  edits.sort((a, b) => b.start - a.start || b.end - a.end);
  for (const ed of edits)
    code =
      ed.text === '' && ed.end > ed.start
        ? blankOut(code, ed.start, ed.end)
        : code.slice(0, ed.start) + ed.text + code.slice(ed.end);
  return code;
}

function importLines(imports: Map<string, ImportSet>): string[] {
  const out: string[] = [];
  for (const [spec, set] of imports) {
    const from = JSON.stringify(spec);
    const named = [...set.named].map(([local, imported]) =>
      local === imported ? local : `${imported} as ${local}`,
    );
    const defaults = [...set.defaults];
    if (named.length || defaults.length)
      out.push(
        `import ${[defaults.shift(), named.length ? `{ ${named.join(', ')} }` : undefined].filter(Boolean).join(', ')} from ${from};`,
      );
    for (const d of defaults) out.push(`import ${d} from ${from};`);
    for (const ns of set.namespaces) out.push(`import * as ${ns} from ${from};`);
    if (set.bare && !named.length && !set.defaults.size && !set.namespaces.size)
      out.push(`import ${from};`);
  }
  return out;
}

/**
 * Builds the page program. Import specifiers are kept as written: the harness resolves them
 * from the site root (packages) and the page's folder (relative paths). TypeScript's parser
 * (for imports and the last expression) loads only here, so a build whose plot results are
 * all cached never pays for it.
 */
export async function buildProgram(blocks: readonly ExampleBlock[]): Promise<ExampleProgram> {
  // require(), not import(): TypeScript is one 9 MB CommonJS file, which an import has
  // Node scan for its module format and its named exports first (~0.3-0.5 s per thread).
  const ts = createRequire(import.meta.url)('typescript') as typeof TS;
  const imports = new Map<string, ImportSet>();
  const bodies = blocks.map((b) => prepareBlock(ts, b, imports));
  const lines: string[] = [];
  const lineMap: number[] = [];
  const firstLine = blocks[0]?.codeLine ?? 1;
  for (const l of importLines(imports)) {
    lines.push(l);
    lineMap.push(firstLine);
  }
  lines.push('const __tf = globalThis.__tfExamples;');
  lineMap.push(firstLine);
  blocks.forEach((b, k) => {
    lines.push(`__tf.enter(${k});`);
    lineMap.push(b.fenceLine);
    bodies[k]!.split('\n').forEach((l, i) => {
      lines.push(l);
      lineMap.push(b.codeLine + i);
    });
    // A block may end in an unterminated statement; the next marker must not join it.
    lines.push(';');
    lineMap.push(b.codeLine + bodies[k]!.split('\n').length - 1);
  });
  lines.push('__tf.enter(-1);');
  lineMap.push(lineMap[lineMap.length - 1] ?? 1);
  return { text: lines.join('\n') + '\n', lineMap };
}
