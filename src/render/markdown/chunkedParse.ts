import type { Root, RootContent } from 'mdast';
import type { Point, Position } from 'unist';
import { largePageKb } from '../tuning';

/**
 * Pages from this many characters are parsed in pieces (smaller ones in one go, as always):
 * 64 KB, or what `DFDOCS_LARGE_PAGE_KB` says (the tests build with it small, and so large
 * that nothing is cut, and compare).
 */
const chunkedFrom = (): number => largePageKb(64) * 1024;
/** About how many characters a piece holds. */
const PIECE = 32 * 1024;

/** A link reference or footnote definition: it applies to the whole document, so a page holding one is parsed whole. */
const DEFINITION = /^ {0,3}\[(?:[^\]\\\n]|\\.)+\]:/m;
const FENCE = /^ {0,3}(`{3,}|~{3,})(.*)$/;
/** HTML blocks that a blank line does not end (CommonMark's kinds 1–5), with what ends each. */
const RAW_BLOCKS: [RegExp, RegExp][] = [
  [/^ {0,3}<(script|pre|style|textarea)(?=[\s>]|$)/i, /<\/(script|pre|style|textarea)>/i],
  [/^ {0,3}<!--/, /-->/],
  [/^ {0,3}<\?/, /\?>/],
  [/^ {0,3}<![A-Za-z]/, />/],
  [/^ {0,3}<!\[CDATA\[/, /\]\]>/],
];
const DIRECTIVE_OPEN = /^ {0,3}(:{3,})[A-Za-z]/;
const DIRECTIVE_CLOSE = /^ {0,3}(:{3,})[ \t]*$/;

/**
 * Where a large page may be cut into pieces that parse exactly as the whole does: before
 * a line at the top level that is an ATX heading (`#` in the first column) after a blank
 * line, outside fenced code, raw HTML blocks and directive containers. Such a heading
 * closes every open block (a list, a quote, a table, a paragraph, indented code), so
 * nothing before it bears on what follows. Offsets of the line starts, in order.
 */
export function cutPoints(text: string, piece = PIECE): number[] {
  const cuts: number[] = [];
  let fence: { char: string; length: number } | undefined;
  let raw: RegExp | undefined;
  let directives = 0;
  // The indentation of the fence or raw block open. Indented, it may belong to a list item,
  // which ends (and it with it) at a line indented less: then where it ends is not known
  // here, and the rest of the page is one piece.
  let openIndent = 0;
  const indentOf = (line: string) => line.length - line.trimStart().length;
  let blankBefore = true;
  let lastCut = 0;
  for (let at = 0; at < text.length;) {
    let end = text.indexOf('\n', at);
    if (end < 0) end = text.length;
    const line = text.slice(at, text.charCodeAt(end - 1) === 13 ? end - 1 : end); // without a CR
    const start = at;
    at = end + 1;
    if ((fence || raw) && openIndent > 0 && line.trim() !== '' && indentOf(line) < openIndent)
      return cuts;
    if (fence) {
      const f = FENCE.exec(line);
      if (f && f[1]![0] === fence.char && f[1]!.length >= fence.length && !f[2]!.trim())
        fence = undefined;
      continue;
    }
    if (raw) {
      if (raw.test(line)) raw = undefined;
      blankBefore = false;
      continue;
    }
    const blank = line.trim() === '';
    if (
      !blank &&
      blankBefore &&
      directives === 0 &&
      /^#{1,6}(?:[ \t]|$)/.test(line) &&
      start - lastCut >= piece
    ) {
      cuts.push(start);
      lastCut = start;
    }
    blankBefore = blank;
    const f = FENCE.exec(line);
    if (f && !(f[1]![0] === '`' && f[2]!.includes('`'))) {
      fence = { char: f[1]![0]!, length: f[1]!.length };
      openIndent = indentOf(line);
      continue;
    }
    const opened = RAW_BLOCKS.find(([open]) => open.test(line));
    if (opened && !opened[1].test(line.slice(line.indexOf('<') + 2))) {
      raw = opened[1];
      openIndent = indentOf(line);
      continue;
    }
    if (DIRECTIVE_OPEN.test(line)) {
      if (indentOf(line) > 0) return cuts; // perhaps in a list item: where it ends is not known here
      directives++;
    } else if (directives > 0 && DIRECTIVE_CLOSE.test(line)) directives--;
  }
  return cuts;
}

/** Moves every position in a tree by `lines` lines and `offset` characters. */
function shift(nodes: RootContent[], lines: number, offset: number): void {
  const move = (p: Point) => {
    p.line += lines;
    if (p.offset !== undefined) p.offset += offset;
  };
  const visit = (node: { position?: Position; children?: unknown[] }) => {
    if (node.position) {
      move(node.position.start);
      move(node.position.end);
    }
    if (node.children) for (const child of node.children) visit(child as typeof node);
  };
  for (const node of nodes) visit(node);
}

/**
 * Parses a page's markdown, a large one piece by piece (`cutPoints`), giving the same tree
 * as parsing it whole. micromark holds the events of everything it parses at once — for a
 * 2 MB page about 200 MiB, and superlinear in time (1 MB: 1.2 s, 2 MB: 3.8 s) — while the
 * tree it builds is a small part of that; in pieces, only one piece's events live at a time.
 * A page holding a link reference or footnote definition (they apply to the whole page) is
 * parsed whole.
 */
export function parseMarkdown(
  parse: (text: string) => Root,
  text: string,
  sizes: { from?: number; piece?: number } = {},
  /** Called after each `sizes.every` characters parsed (see `collectGarbage`). */
  between?: { every: number; run: () => void },
): Root {
  if (text.length < (sizes.from ?? chunkedFrom()) || DEFINITION.test(text)) return parse(text);
  const cuts = cutPoints(text, sizes.piece);
  if (cuts.length === 0) return parse(text);
  const root: Root = { type: 'root', children: [] };
  let lineOffset = 0;
  const bounds = [0, ...cuts, text.length];
  let last: Root | undefined;
  let since = 0;
  for (let i = 0; i + 1 < bounds.length; i++) {
    const piece = text.slice(bounds[i], bounds[i + 1]);
    if (between && (since += piece.length) >= between.every) {
      between.run();
      since = 0;
    }
    const tree = parse(piece);
    shift(tree.children, lineOffset, bounds[i]!);
    root.children.push(...tree.children);
    if (i + 2 === bounds.length) last = tree;
    else lineOffset += countLines(piece);
  }
  const end = last?.position?.end;
  root.position = {
    start: { line: 1, column: 1, offset: 0 },
    end: end
      ? {
          line: end.line + lineOffset,
          column: end.column,
          offset: (end.offset ?? 0) + bounds.at(-2)!,
        }
      : { line: lineOffset + 1, column: 1, offset: text.length },
  };
  return root;
}

/** Line breaks in a piece (each piece ends with one, before the next piece's first line). */
function countLines(piece: string): number {
  let n = 0;
  for (let i = piece.indexOf('\n'); i >= 0; i = piece.indexOf('\n', i + 1)) n++;
  return n;
}
