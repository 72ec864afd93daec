import type { JSONOutput } from 'typedoc';

type Part = JSONOutput.CommentDisplayPart;
type Comment = JSONOutput.Comment;

/** A `{@link}` whose target has no page (reported as a warning, rendered as code). */
export interface UnresolvedLink {
  text: string;
}

export type ResolveLink = (target: number) => string | undefined;

/**
 * TSDoc display parts → markdown: text and code pass through, `{@link X}` becomes a link
 * to X's page (code-styled for identifiers, plain for `{@linkplain}`), and unresolved
 * links fall back to code text and are reported through `onUnresolved`.
 */
export function partsToMarkdown(
  parts: readonly Part[] | undefined,
  resolve: ResolveLink,
  onUnresolved: (l: UnresolvedLink) => void,
): string {
  if (!parts) return '';
  let out = '';
  for (const part of parts) {
    if (part.kind === 'text' || part.kind === 'code') {
      out += part.text;
    } else if (part.kind === 'inline-tag') {
      if (part.tag === '@link' || part.tag === '@linkcode' || part.tag === '@linkplain') {
        const label = (part.tsLinkText || part.text).trim();
        const href =
          typeof part.target === 'number'
            ? resolve(part.target)
            : typeof part.target === 'string'
              ? part.target
              : undefined;
        const plain = part.tag === '@linkplain' || /\s/.test(label);
        const shown = plain ? escapeMarkdown(label) : codeSpan(label);
        if (href) out += `[${shown}](${href})`;
        else {
          if (typeof part.target !== 'object') onUnresolved({ text: label });
          out += shown;
        }
      } else {
        out += part.text;
      }
    } else {
      out += part.text;
    }
  }
  return out.trim();
}

function codeSpan(text: string): string {
  const fence = text.includes('`') ? '``' : '`';
  return `${fence}${text}${fence}`;
}

function escapeMarkdown(text: string): string {
  return text.replace(/([\\[\]*_`])/g, '\\$1');
}

/** Tags whose content is shown; `@category`, `@param`, `@typeParam` are handled elsewhere. */
export function blockTags(comment: Comment | undefined, tag: string): JSONOutput.CommentTag[] {
  return (comment?.blockTags ?? []).filter((t) => t.tag === tag);
}

/** The first paragraph of a markdown text (the one-line summary of the index). */
export function firstParagraph(markdown: string): string {
  return markdown.split(/\n\s*\n/)[0]!.trim();
}

const ABBREVIATIONS = /(?:^|[\s(])(?:e\.g|i\.e|etc|vs|cf|approx|incl)\.$/i;

/**
 * The first sentence of a markdown paragraph (the index's one-line summaries): up to the
 * first `.`, `!` or `?` followed by a space and a capital letter or a code span, outside
 * code spans and links, and not ending an abbreviation such as "e.g.".
 */
export function firstSentence(markdown: string): string {
  const text = firstParagraph(markdown);
  let inCode = false;
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (ch === '`') inCode = !inCode;
    else if (inCode) continue;
    else if (ch === '[' || ch === '(') depth++;
    else if ((ch === ']' || ch === ')') && depth > 0) depth--;
    else if (
      depth === 0 &&
      (ch === '.' || ch === '!' || ch === '?') &&
      /^\s+[A-Z`[]/.test(text.slice(i + 1, i + 3))
    ) {
      const head = text.slice(0, i + 1);
      if (!ABBREVIATIONS.test(head)) return head;
    }
  }
  return text;
}

/** Markdown reduced to plain text for meta descriptions. */
export function plainText(markdown: string): string {
  const text = markdown
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/`+([^`]*)`+/g, '$1')
    .replace(/[*_]{1,2}([^*_]+)[*_]{1,2}/g, '$1')
    .replace(/\\([\\[\]*_`])/g, '$1')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > 160 ? text.slice(0, 157).replace(/\s+\S*$/, '') + '…' : text;
}
