/**
 * The parts of MDX that Docusaurus pages hold and plain markdown prints as text: ESM
 * lines (`import Tabs from '@theme/Tabs'`, `export const x = …`) and `{/* comments *\/}`.
 * Both are blanked in place (line and column numbers of everything else stay true).
 */

/** A line that can start an ESM block (MDX reads one from `import`/`export` at column 0 after a blank line). */
const ESM_START =
  /^(?:import[\s{*'"]|export\s+(?:const|let|var|function|async|class|default|\{|\*))/;
/** A whole import statement, so a prose line that begins with "import the …" is not taken for one. */
const IMPORT_STATEMENT = /^import\s*(?:['"]|[\s\S]*?\bfrom\s*['"][^'"\n]+['"])/;

/** Names an import statement binds, each with the module it comes from. */
export function importedNames(statement: string): [string, string][] {
  const from = /\bfrom\s*['"]([^'"]+)['"]/.exec(statement)?.[1];
  if (!from) return [];
  const out: [string, string][] = [];
  const head = /^import\s+(?:type\s+)?([\s\S]*?)\s*\bfrom\b/.exec(statement)?.[1] ?? '';
  const defaultName = /^([\w$]+)/.exec(head)?.[1];
  if (defaultName) out.push([defaultName, from]);
  const star = /\*\s*as\s+([\w$]+)/.exec(head)?.[1];
  if (star) out.push([star, from]);
  const braces = /\{([^}]*)\}/.exec(head)?.[1];
  for (const part of braces?.split(',') ?? []) {
    const name = /(?:[\w$]+\s+as\s+)?([\w$]+)\s*$/.exec(part.trim())?.[1];
    if (name) out.push([name, from]);
  }
  return out;
}

/**
 * If an ESM block starts at line `i` (after a blank line, outside code), its lines are
 * blanked up to the next blank line and their imports returned; otherwise undefined.
 */
export function takeEsmBlock(
  lines: string[],
  i: number,
): { imports: [string, string][]; end: number } | undefined {
  const first = lines[i]!;
  if (!ESM_START.test(first)) return undefined;
  let end = i;
  while (end + 1 < lines.length && lines[end + 1]!.trim() !== '') end++;
  const statement = lines.slice(i, end + 1).join('\n');
  if (first.startsWith('import') && !IMPORT_STATEMENT.test(statement)) return undefined;
  const imports: [string, string][] = [];
  for (const m of statement.matchAll(/^import[\s\S]*?(?=^import|(?![\s\S]))/gm))
    imports.push(...importedNames(m[0]));
  for (let j = i; j <= end; j++) lines[j] = '';
  return { imports, end };
}

/** Whether position `at` of a line sits inside an inline code span (an odd number of backticks before it). */
function inInlineCode(line: string, at: number): boolean {
  let ticks = 0;
  for (let k = 0; k < at; k++) if (line.charCodeAt(k) === 96) ticks++;
  return ticks % 2 === 1;
}

/**
 * Blanks the `{/* … *\/}` comments of a line with spaces; `open` says whether a comment
 * from an earlier line is still open, and the result whether one is open at its end.
 */
export function blankMdxComments(line: string, open: boolean): { line: string; open: boolean } {
  let out = '';
  let k = 0;
  while (k < line.length) {
    if (open) {
      const close = line.indexOf('*/}', k);
      if (close < 0) return { line: out + ' '.repeat(line.length - k), open: true };
      out += ' '.repeat(close + 3 - k);
      k = close + 3;
      open = false;
      continue;
    }
    const start = line.indexOf('{/*', k);
    if (start < 0 || inInlineCode(line, start)) {
      out += line.slice(k);
      break;
    }
    out += line.slice(k, start);
    k = start;
    open = true;
  }
  return { line: out, open };
}
