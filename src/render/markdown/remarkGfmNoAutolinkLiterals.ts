import type { Processor } from 'unified';
import { gfmFootnote } from 'micromark-extension-gfm-footnote';
import { gfmStrikethrough } from 'micromark-extension-gfm-strikethrough';
import { gfmTable } from 'micromark-extension-gfm-table';
import { gfmTaskListItem } from 'micromark-extension-gfm-task-list-item';
import { gfmFootnoteFromMarkdown } from 'mdast-util-gfm-footnote';
import { gfmStrikethroughFromMarkdown } from 'mdast-util-gfm-strikethrough';
import { gfmTableFromMarkdown } from 'mdast-util-gfm-table';
import { gfmTaskListItemFromMarkdown } from 'mdast-util-gfm-task-list-item';

/**
 * Whether a markdown source could hold a GFM autolink literal: one needs `www.`,
 * `http://`/`https://` or an `@` (emails, and `mailto:`/`xmpp:` links, which hold one too).
 */
export function mayHoldAutolinkLiteral(source: string): boolean {
  return source.includes('@') || /www\.|https?:\/\//i.test(source);
}

/**
 * remark-gfm's parsing without autolink literals, for sources that cannot hold one
 * (`mayHoldAutolinkLiteral`): the same extensions in the same order otherwise. Autolink
 * literals are tried at every letter of every paragraph and then searched for again over
 * the whole tree, which nearly doubled the parse of a typical page (4.3 → 2.7 ms).
 */
export function remarkGfmNoAutolinkLiterals(this: Processor): void {
  const data = this.data();
  (data.micromarkExtensions ??= []).push(gfmFootnote(), gfmStrikethrough(), gfmTable(), gfmTaskListItem());
  (data.fromMarkdownExtensions ??= []).push([gfmFootnoteFromMarkdown(), gfmStrikethroughFromMarkdown(), gfmTableFromMarkdown(), gfmTaskListItemFromMarkdown()]);
}
