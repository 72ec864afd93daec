import type { Processor } from 'unified';
import { gfmAutolinkLiteral } from 'micromark-extension-gfm-autolink-literal';
import { gfmFootnote } from 'micromark-extension-gfm-footnote';
import { gfmStrikethrough } from 'micromark-extension-gfm-strikethrough';
import { gfmTable } from 'micromark-extension-gfm-table';
import { gfmTaskListItem } from 'micromark-extension-gfm-task-list-item';
import { gfmAutolinkLiteralFromMarkdown } from 'mdast-util-gfm-autolink-literal';
import { gfmToMarkdown } from 'mdast-util-gfm';
import { gfmFootnoteFromMarkdown } from 'mdast-util-gfm-footnote';
import { gfmStrikethroughFromMarkdown } from 'mdast-util-gfm-strikethrough';
import { gfmTableFromMarkdown } from 'mdast-util-gfm-table';
import { gfmTaskListItemFromMarkdown } from 'mdast-util-gfm-task-list-item';
import {
  DELIMITER_MARK,
  DELIMITER_ROW,
  guardedGfmAutolinkLiteral,
  guardedGfmAutolinkLiteralFromMarkdown,
  guardedGfmTable,
  type GfmLineGuards,
} from './gfmLineGuards';

/**
 * Whether a markdown source could hold a GFM autolink literal: one needs `www.`,
 * `http://`/`https://` or an `@` (emails, and `mailto:`/`xmpp:` links, which hold one too).
 */
export function mayHoldAutolinkLiteral(source: string): boolean {
  return source.includes('@') || /www\.|https?:\/\//i.test(source);
}

/** `DELIMITER_ROW` over a whole source, line by line. */
const DELIMITER_ROWS = new RegExp(DELIMITER_ROW.source, 'gm');

/**
 * Whether a markdown source could hold a GFM table: it needs a delimiter row
 * (micromark-extension-gfm-table's rules, loosened: any line that could be one counts,
 * whatever its container). A table need not hold a pipe at all: a one-column table's
 * head row `a` over the delimiter row `:-:` is one, so without a pipe the source must
 * hold a colon beside a dash. A fuzz test checks this against remark-gfm.
 */
export function mayHoldTable(source: string): boolean {
  if (!source.includes('|') && !/:[ \t]*-|-[ \t]*:/.test(source)) return false;
  for (const row of source.matchAll(DELIMITER_ROWS)) if (DELIMITER_MARK.test(row[0])) return true;
  return false;
}

/**
 * remark-gfm's parsing (the same extensions in the same order), without autolink literals
 * when `autolinks` is false, for sources that cannot hold one (`mayHoldAutolinkLiteral`),
 * and without tables when `tables` is false, for sources that cannot hold one
 * (`mayHoldTable`). With `guards`, the table and autolink literal constructs are tried
 * only on lines that could hold one (`gfmLineGuards.ts`).
 *
 * Autolink literals are tried at every letter of every paragraph and then searched for
 * again over the whole tree, which nearly doubled the parse of a typical page (4.3 → 2.7 ms).
 * The table construct is tried at the start of every paragraph and heading, reading its
 * first line as a possible head row: about a quarter of the parse (the benchmark corpus's
 * pages without it, 2.67 → 1.96 ms a page, medians of 20 runs over 250 pages). The
 * footnote, strikethrough and task-list constructs start only at their own characters,
 * and dropping them too saved nothing measurable.
 */
export function remarkGfmLean(
  this: Processor,
  options: { tables: boolean; autolinks?: boolean; guards?: GfmLineGuards },
): void {
  const data = this.data();
  const { tables, autolinks = false, guards } = options;
  (data.micromarkExtensions ??= []).push(
    ...(autolinks ? [guards ? guardedGfmAutolinkLiteral(guards) : gfmAutolinkLiteral()] : []),
    gfmFootnote(),
    gfmStrikethrough(),
    ...(tables ? [guards ? guardedGfmTable(guards) : gfmTable()] : []),
    gfmTaskListItem(),
  );
  (data.fromMarkdownExtensions ??= []).push([
    ...(autolinks
      ? [guards ? guardedGfmAutolinkLiteralFromMarkdown(guards) : gfmAutolinkLiteralFromMarkdown()]
      : []),
    gfmFootnoteFromMarkdown(),
    gfmStrikethroughFromMarkdown(),
    ...(tables ? [gfmTableFromMarkdown()] : []),
    gfmTaskListItemFromMarkdown(),
  ]);
  // As remark-gfm does, for a site's plugin that writes markdown back (as before: full GFM only).
  if (autolinks) {
    const writing = data as { toMarkdownExtensions?: unknown[] };
    (writing.toMarkdownExtensions ??= []).push(gfmToMarkdown());
  }
}
