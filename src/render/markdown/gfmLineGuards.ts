import type { Construct, ConstructRecord, Extension, TokenizeContext } from 'micromark-util-types';
import type { Extension as FromMarkdownExtension, Transform } from 'mdast-util-from-markdown';
import type { Root } from 'mdast';
import { gfmAutolinkLiteral } from 'micromark-extension-gfm-autolink-literal';
import { gfmAutolinkLiteralFromMarkdown } from 'mdast-util-gfm-autolink-literal';
import { gfmTable } from 'micromark-extension-gfm-table';

/**
 * A line that could be a GFM table's delimiter row (`| --- | :-: |`) once container
 * prefixes (indentation, `>`) are taken off: cells of dashes with optional alignment
 * colons, between pipes. micromark also wants a pipe or a colon in it (`DELIMITER_MARK`).
 * Loosened on purpose: any line that could be one counts, whatever its container.
 */
export const DELIMITER_ROW = /^[ \t>]*\|?[ \t]*:?-+:?[ \t]*(?:\|[ \t]*:?-+:?[ \t]*)*\|?[ \t]*$/;
export const DELIMITER_MARK = /[|:]/;
/** What every autolink literal holds: `@` (emails, `mailto:`, `xmpp:`), `www.` or `http(s)://`. */
export const LITERAL_MARK = /@|www\.|https?:\/\//i;
/**
 * What a line's text may hold a literal mark through: a character reference (`&#64;`) or
 * a backslash escape (`\@`) becomes one in the text, where the tree's literals are found
 * again (`guardedGfmAutolinkLiteralFromMarkdown`), though not in the source.
 */
const HIDDEN_MARK = /[&\\]/;

/** micromark's line endings: CR LF, CR or LF (not U+2028, which JavaScript's `^`/`$` also take). */
const LINE_ENDING = /\r\n|\r|\n/;

/**
 * The lines (1-based, micromark's numbering) of `text` where GFM's table and autolink
 * literal constructs could start. A table's head row is followed at once by its delimiter
 * row, so a table starts only on a line followed by a possible one; an autolink literal
 * never spans a line ending, so it starts only on a line holding its mark.
 */
export function constructLines(text: string): {
  table: Set<number>;
  literal: Set<number>;
  /** Lines whose text may hold a literal (`literal`, and those with a reference or escape). */
  literalText: Set<number>;
} {
  const table = new Set<number>();
  const literal = new Set<number>();
  const literalText = new Set<number>();
  const lines = text.split(LINE_ENDING);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (i > 0 && DELIMITER_ROW.test(line) && DELIMITER_MARK.test(line)) table.add(i);
    if (LITERAL_MARK.test(line)) {
      literal.add(i + 1);
      literalText.add(i + 1);
    } else if (HIDDEN_MARK.test(line)) literalText.add(i + 1);
  }
  return { table, literal, literalText };
}

/**
 * Where GFM's table and autolink literal constructs could start in the markdown being
 * parsed, for the guarded constructs below.
 *
 * micromark tries the table construct at the start of every line of flow content (every
 * paragraph line, to see whether a table interrupts it), and the construct reads the whole
 * line as a possible head row before it finds no delimiter row below: a page holding one
 * table paid that on every line, about a quarter of its parse. It tries the email literal
 * at the start of every word of text, which reads the word looking for an `@`: a page
 * holding one URL paid that on every word, about a third of its parse. Told which lines
 * could hold one, the guards refuse the others at once.
 */
export class GfmLineGuards {
  private text: string | undefined;
  private lines: ReturnType<typeof constructLines> | undefined;

  /** Runs `parse` (micromark parses synchronously) knowing where the constructs may start in `text`. */
  during<T>(text: string, parse: () => T): T {
    const outer = [this.text, this.lines] as const;
    this.text = text;
    this.lines = undefined; // found when first asked: a page without either construct never is
    try {
      return parse();
    } finally {
      [this.text, this.lines] = outer;
    }
  }

  /** Whether a table's head row may be on `line`; true outside `during` (nothing known: the construct decides). */
  mayStartTable(line: number): boolean {
    return this.known()?.table.has(line) ?? true;
  }

  /** Whether an autolink literal may be on `line`; true outside `during`. */
  mayHoldLiteral(line: number): boolean {
    return this.known()?.literal.has(line) ?? true;
  }

  /** Whether the text of lines `from`–`to` may hold a literal; true outside `during`. */
  mayHoldLiteralText(from: number, to: number): boolean {
    const lines = this.known()?.literalText;
    if (!lines) return true;
    // Line by line, not over the set: the blocks of a page hold each line once, so this
    // stays linear in the page where scanning the set per block would not.
    for (let line = from; line <= to; line++) if (lines.has(line)) return true;
    return false;
  }

  private known(): ReturnType<typeof constructLines> | undefined {
    if (this.text === undefined) return undefined;
    return (this.lines ??= constructLines(this.text));
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

/** `construct` refusing at once where `allowed` says no: elsewhere it is the construct itself. */
function guarded(construct: Construct, allowed: (context: TokenizeContext) => boolean): Construct {
  return {
    ...construct,
    tokenize(effects, ok, nok) {
      return allowed(this) ? construct.tokenize.call(this, effects, ok, nok) : nok;
    },
  };
}

/**
 * micromark-extension-gfm-table's construct, tried only on lines `guards` allows (a body
 * row, which follows a head or row, is always tried): the tree is the same as with
 * `gfmTable()`.
 */
export function guardedGfmTable(guards: GfmLineGuards): Extension {
  const table = (gfmTable().flow as Record<string, Construct>)['null']!;
  const allowed = (context: TokenizeContext) =>
    guards.mayStartTable(context.now().line) || continuesTable(context);
  return { flow: { null: guarded(table, allowed) } } as Extension;
}

/**
 * micromark-extension-gfm-autolink-literal's constructs, tried only on lines `guards`
 * allows; each keeps its `previous` check, so text is split where it was, and the tree is
 * the same as with `gfmAutolinkLiteral()`.
 */
export function guardedGfmAutolinkLiteral(guards: GfmLineGuards): Extension {
  const allowed = (context: TokenizeContext) => guards.mayHoldLiteral(context.now().line);
  const wrapped = new Map<Construct, Construct>();
  const guard = (c: Construct) => {
    if (!wrapped.has(c)) wrapped.set(c, guarded(c, allowed));
    return wrapped.get(c)!;
  };
  const text: ConstructRecord = {};
  for (const [code, entry] of Object.entries(gfmAutolinkLiteral().text ?? {}))
    text[code as unknown as number] = Array.isArray(entry)
      ? entry.map(guard)
      : guard(entry as Construct);
  return { text };
}

/**
 * mdast-util-gfm-autolink-literal's tree handling, with its search for literals in the
 * text (a regular expression per kind over every text node; with a lookbehind at every
 * character, as long as the parse of the page without it) run only over the top-level
 * blocks whose lines `guards` says may hold one. The search replaces within a text node's
 * parent, never across blocks, so searching block by block gives the same tree.
 */
export function guardedGfmAutolinkLiteralFromMarkdown(
  guards: GfmLineGuards,
): FromMarkdownExtension {
  const extension = gfmAutolinkLiteralFromMarkdown();
  const search = extension.transforms![0]!;
  const transform: Transform = (tree) => {
    for (const block of tree.children) {
      const at = block.position;
      if (!at || guards.mayHoldLiteralText(at.start.line, at.end.line))
        search({ type: 'root', children: [block] } satisfies Root);
    }
  };
  return { ...extension, transforms: [transform] };
}
