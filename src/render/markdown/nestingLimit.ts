import { errorDiagnostic } from '../diagnostics';

/**
 * How deep lists and block quotes may nest. No page is read at a hundred levels, and
 * parsing gets slow far sooner than that is reached: micromark's container handling is
 * roughly cubic in the depth of a nested list (250 levels: 0.4 s; 1,000: 20 s; a 5,000-level
 * list ran for 77 s before failing), and deeper trees overflow the stack of every later stage.
 */
export const MAX_NESTING_DEPTH = 100;

const LIST_MARKER = /^(?:[-*+]|\d{1,9}[.)])(?=[ \t]|$)/;
const DEEP_PREFIX = new RegExp(`^[ \\t>*+\\-\\d.)]{${MAX_NESTING_DEPTH}}`, 'm');

/**
 * Checks, in one pass over the lines and before anything parses it, that a page does not
 * nest lists and block quotes deeper than `MAX_NESTING_DEPTH`: an error at the line where
 * it does. The depth is estimated as a reader sees it — the block quote markers starting a
 * line, plus the list items still open (an item stays open while lines are indented to
 * its content) — outside fenced code blocks.
 */
export function checkNesting(text: string, sourcePath: string): void {
  // Each level takes at least one character before a line's text (`>`, or a marker and a
  // space): a page none of whose lines starts with that many such characters is within the limit.
  if (!DEEP_PREFIX.test(text)) return;
  const open: number[] = []; // content column of each list item still open
  let fence: string | undefined;
  let lineNo = 0;
  for (let at = 0; at <= text.length;) {
    let end = text.indexOf('\n', at);
    if (end < 0) end = text.length;
    const line = text.slice(at, end);
    at = end + 1;
    lineNo++;
    let i = 0;
    let quotes = 0;
    // Block quote markers: `>` after up to three spaces, each.
    for (;;) {
      let j = i;
      while (j < line.length && j - i < 3 && line[j] === ' ') j++;
      if (line[j] !== '>') break;
      quotes++;
      i = j + 1;
      if (line[i] === ' ') i++;
    }
    let indent = 0;
    while (i < line.length && (line[i] === ' ' || line[i] === '\t')) {
      indent += line[i] === '\t' ? 4 - (indent % 4) : 1;
      i++;
    }
    if (i >= line.length && quotes === 0) continue; // a blank line closes nothing
    const rest = line.slice(i);
    const fenceMark = /^(`{3,}|~{3,})/.exec(rest)?.[1];
    if (fence) {
      if (fenceMark && fenceMark[0] === fence[0] && fenceMark.length >= fence.length)
        fence = undefined;
      continue;
    }
    if (fenceMark) {
      fence = fenceMark;
      continue;
    }
    while (open.length && indent < open[open.length - 1]!) open.pop();
    // Each list marker opens an item (`- - - x` opens three on one line).
    let col = indent;
    let tail = rest;
    for (let m = LIST_MARKER.exec(tail); m; m = LIST_MARKER.exec(tail)) {
      let k = m[0].length;
      let spaces = 0;
      while (k < tail.length && tail[k] === ' ' && spaces < 4) {
        k++;
        spaces++;
      }
      col += m[0].length + Math.max(spaces, 1);
      open.push(col);
      tail = tail.slice(k);
      if (quotes + open.length > MAX_NESTING_DEPTH) break;
    }
    if (quotes + open.length > MAX_NESTING_DEPTH)
      throw errorDiagnostic({
        code: 'NestingTooDeep',
        message: `lists and block quotes nest more than ${MAX_NESTING_DEPTH} levels deep here`,
        hint: 'flatten the nesting (split the list, or use headings): no reader follows it, and parsing it would take minutes',
        file: sourcePath,
        line: lineNo,
        column: 1,
      });
  }
}
