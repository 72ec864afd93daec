import { blankMdxComments, takeEsmBlock } from './mdxSyntax';
import { convertJsxTabs } from './jsxTabs';
import { normaliseContainerFences, type FenceNote } from './containerFences';

/** A page's markdown made readable by the parser, and what was learnt on the way. */
export interface Preprocessed {
  value: string;
  /**
   * The page holds MDX's ESM lines (`import`/`export`): it was written for MDX, where
   * indentation never makes a code block (content indented inside `<TabItem>` is prose).
   */
  mdx: boolean;
  /** Names the page's imports bind, and the module each comes from (for messages about components). */
  imports: Map<string, string>;
  /** Fence lines that were removed, to report. */
  notes: FenceNote[];
}

const FENCE = /^\s*(`{3,}|~{3,})/;

/**
 * Rewrites, line by line and keeping every line where it was (so positions in messages
 * stay true), the syntax of Docusaurus and VitePress pages that remark would print as
 * text: MDX's ESM lines and `{/* comments *\/}` are blanked; `<Tabs>`/`<TabItem>` on
 * lines of their own become container directives; container fences are normalised and
 * nested (`containerFences.ts`). Fenced code is left alone.
 */
export function preprocessMarkdown(source: string): Preprocessed {
  const imports = new Map<string, string>();
  const quick =
    source.includes(':::') ||
    source.includes('{/*') ||
    /^(?:import|export)\b/m.test(source) ||
    /<\/?(?:Tabs|TabItem)\b/.test(source);
  if (!quick) return { value: source, mdx: false, imports, notes: [] };
  const lines = source.split('\n');
  const code = new Uint8Array(lines.length);
  let fence: string | null = null;
  let comment = false;
  let mdx = false;
  let previousBlank = true;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const f = FENCE.exec(line);
    if (fence) {
      code[i] = 1;
      if (f && line.trim().startsWith(fence)) fence = null;
      continue;
    }
    if (f) {
      fence = f[1]!;
      code[i] = 1;
      previousBlank = false;
      continue;
    }
    if (comment || line.includes('{/*')) {
      const blanked = blankMdxComments(line, comment);
      lines[i] = blanked.line;
      comment = blanked.open;
    }
    if (previousBlank && !comment) {
      const esm = takeEsmBlock(lines, i);
      if (esm) {
        mdx = true;
        for (const [name, from] of esm.imports) imports.set(name, from);
        i = esm.end;
        previousBlank = true;
        continue;
      }
    }
    previousBlank = lines[i]!.trim() === '';
  }
  const isCode = (i: number) => code[i] === 1;
  convertJsxTabs(lines, isCode);
  const notes = normaliseContainerFences(lines, isCode);
  return { value: lines.join('\n'), mdx, imports, notes };
}
