/**
 * Container directive lines (`:::name …` and the closing `:::`) as the three spellings
 * in use write them, made into what remark-directive reads:
 *
 * - a space after the colons (VitePress: `::: tip`) or before a title (Docusaurus's and
 *   VitePress's `:::note Title`, `::: details Click me {open}`) becomes `:::tip`,
 *   `:::note[Title]`, `:::details[Click me]{open}`;
 * - nesting: VitePress (markdown-it) closes the innermost container at a `:::`, so
 *   `::: details` holding `::: tip` nests with three colons each, where remark-directive
 *   would close the outer one at the first `:::` and print the last one as text. Fences
 *   are matched as a stack (a closing fence closes the innermost container opened with
 *   as many colons or fewer) and renumbered: each container gets three colons more than
 *   the height of what it holds, so remark-directive nests them the same way.
 *
 * A closing fence with no container to close is removed and reported (it would print
 * as text). Only the colons and spaces of fence lines change.
 */
import type { VFile } from 'vfile';
import { warn } from './report';

const OPENING = /^(\s*(?:>[ \t]?)*)(:{3,})[ \t]*([A-Za-z][\w-]*)(.*)$/;
const CLOSING = /^(\s*(?:>[ \t]?)*)(:{3,})[ \t]*$/;

/** A fence problem, at its 1-based line. */
export interface FenceNote {
  line: number;
  column: number;
  message: string;
}

interface Opened {
  line: number;
  colons: number;
  children: Opened[];
  close?: number;
  height: number;
}

/** `:::name rest` as remark-directive reads it: the rest as a `[label]`, a trailing `{attributes}` kept. */
function openingLine(prefix: string, name: string, rest: string): string {
  const r = rest.trim();
  if (r === '' || r.startsWith('[') || r.startsWith('{')) return `${prefix}:::${name}${r}`;
  const attrs = /^(.*?)\s*(\{[^{}]*\})$/.exec(r);
  const title = (attrs ? attrs[1]! : r).replace(/[\\[\]]/g, '\\$&');
  return `${prefix}:::${name}${title ? `[${title}]` : ''}${attrs ? attrs[2] : ''}`;
}

/** Normalises and renumbers the container fence lines (see the module comment); `isCode(i)` marks fenced code lines. */
export function normaliseContainerFences(
  lines: string[],
  isCode: (i: number) => boolean,
): FenceNote[] {
  const notes: FenceNote[] = [];
  const roots: Opened[] = [];
  const stack: Opened[] = [];
  const prefixes = new Map<number, string>();
  for (let i = 0; i < lines.length; i++) {
    if (isCode(i) || !lines[i]!.includes(':::')) continue;
    const line = lines[i]!;
    const close = CLOSING.exec(line);
    if (close) {
      const colons = close[2]!.length;
      let at = stack.length - 1;
      while (at >= 0 && stack[at]!.colons > colons) at--;
      if (at < 0) {
        notes.push({
          line: i + 1,
          column: close[1]!.length + 1,
          message: `a closing \`${close[2]}\` with no container open before it was removed`,
        });
        lines[i] = close[1]!;
        continue;
      }
      stack[at]!.close = i;
      stack.length = at;
      prefixes.set(i, close[1]!);
      continue;
    }
    const open = OPENING.exec(line);
    if (!open) continue;
    const node: Opened = { line: i, colons: open[2]!.length, children: [], height: 0 };
    (stack.length ? stack[stack.length - 1]!.children : roots).push(node);
    stack.push(node);
    lines[i] = openingLine(open[1]!, open[3]!, open[4]!);
  }
  const measure = (node: Opened): number =>
    (node.height = node.children.length ? 1 + Math.max(...node.children.map(measure)) : 0);
  const renumber = (node: Opened): void => {
    const colons = ':'.repeat(3 + node.height);
    lines[node.line] = lines[node.line]!.replace(/:{3,}/, colons);
    if (node.close !== undefined) lines[node.close] = prefixes.get(node.close)! + colons;
    node.children.forEach(renumber);
  };
  for (const root of roots) {
    measure(root);
    renumber(root);
  }
  return notes;
}

/** Each fence that closed no container, as a warning on the page's file. */
export function reportFenceNotes(file: VFile, notes: FenceNote[]): void {
  for (const note of notes)
    warn(
      file,
      'UnmatchedContainerFence',
      note.message,
      note,
      'remove the line, or open the container it closes',
    );
}
