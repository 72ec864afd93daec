import type { Construct, Extension, TokenizeContext } from 'micromark-util-types';
import { gfmTable } from 'micromark-extension-gfm-table';

/**
 * A line that could be a GFM table's delimiter row (`| --- | :-: |`) once container
 * prefixes (indentation, `>`) are taken off: cells of dashes with optional alignment
 * colons, between pipes. micromark also wants a pipe or a colon in it (`DELIMITER_MARK`).
 * Loosened on purpose: any line that could be one counts, whatever its container.
 */
export const DELIMITER_ROW = /^[ \t>]*\|?[ \t]*:?-+:?[ \t]*(?:\|[ \t]*:?-+:?[ \t]*)*\|?[ \t]*$/;
export const DELIMITER_MARK = /[|:]/;

/** micromark's line endings: CR LF, CR or LF (not U+2028, which JavaScript's `^`/`$` also take). */
const LINE_ENDING = /\r\n|\r|\n/;

/**
 * The lines (1-based, micromark's numbering) a table's head row could be on in `text`:
 * those followed by a line that could be a delimiter row. A head row must be followed
 * at once by its delimiter row, so no table starts anywhere else.
 */
export function headRowLines(text: string): Set<number> {
  const lines = new Set<number>();
  const parts = text.split(LINE_ENDING);
  for (let i = 1; i < parts.length; i++) {
    const line = parts[i]!;
    if (DELIMITER_ROW.test(line) && DELIMITER_MARK.test(line)) lines.add(i);
  }
  return lines;
}

/**
 * Where a GFM table may start in the markdown being parsed, for `guardedGfmTable`.
 *
 * micromark tries the table construct at the start of every line of flow content
 * (every paragraph line, to see whether a table interrupts it), and the construct reads
 * the whole line as a possible head row before it finds no delimiter row below: a page
 * holding one table paid that on every line, about a quarter of its parse. Told which
 * lines could be a head row, the guard refuses the others at once.
 */
export class TableStarts {
  private lines: Set<number> | undefined;

  /** Runs `parse` (micromark parses synchronously) knowing where tables may start in `text`. */
  during<T>(text: string, parse: () => T): T {
    const outer = this.lines;
    this.lines = headRowLines(text);
    try {
      return parse();
    } finally {
      this.lines = outer;
    }
  }

  /** Whether a table's head row may be on `line`; true outside `during` (nothing known: the construct decides). */
  mayStartOn(line: number): boolean {
    return this.lines === undefined || this.lines.has(line);
  }
}

/** Whether the construct is tried for a body row: the last token before the line is a table's head or row. */
function continuesTable(context: TokenizeContext): boolean {
  const { events } = context;
  for (let i = events.length - 1; i >= 0; i--) {
    const type = events[i]![1].type;
    if (type === 'lineEnding' || type === 'linePrefix') continue;
    return type === 'tableHead' || type === 'tableRow';
  }
  return false;
}

/**
 * micromark-extension-gfm-table's construct, refusing at once the lines `starts` rules
 * out (a body row, which follows a head or row, is always tried). Where it does try, it
 * is the construct itself, so the tree is the same as with `gfmTable()`.
 */
export function guardedGfmTable(starts: TableStarts): Extension {
  const flow = gfmTable().flow as Record<string, Construct>;
  const table = flow['null']!;
  const guarded: Construct = {
    ...table,
    tokenize(effects, ok, nok) {
      if (starts.mayStartOn(this.now().line) || continuesTable(this))
        return table.tokenize.call(this, effects, ok, nok);
      return nok;
    },
  };
  return { flow: { null: guarded } } as Extension;
}
