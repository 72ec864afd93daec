import type { ReactNode } from 'react';

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const WORD = /[\p{L}\p{N}_$]/u;
const LOWER = /[\p{Ll}\p{N}]/u;
const UPPER = /\p{Lu}/u;

/** A pattern finding any of the matched terms (longest first), or null when there are none. */
export function termPattern(terms: readonly string[]): RegExp | null {
  const unique = [...new Set(terms.filter((t) => t.length > 0))].sort(
    (a, b) => b.length - a.length,
  );
  return unique.length ? new RegExp(unique.map(escapeRegExp).join('|'), 'giu') : null;
}

/**
 * Where a term may start: at a word start, or at a camelCase hump (`Csv` in `readCsv`),
 * as the index splits identifiers the same way.
 */
function atBoundary(text: string, index: number): boolean {
  if (index === 0) return true;
  const before = text[index - 1]!;
  if (!WORD.test(before)) return true;
  return LOWER.test(before) && UPPER.test(text[index]!);
}

/** Every match of `pattern` in `text` that starts at a boundary: [start, end) pairs. */
export function findMatches(text: string, pattern: RegExp | null): [number, number][] {
  if (!pattern) return [];
  const out: [number, number][] = [];
  pattern.lastIndex = 0;
  for (let m = pattern.exec(text); m; m = pattern.exec(text)) {
    if (m[0].length === 0) {
      pattern.lastIndex++;
      continue;
    }
    if (atBoundary(text, m.index)) out.push([m.index, m.index + m[0].length]);
  }
  return out;
}

/** The text with its matches wrapped in `<mark>`. */
export function highlight(text: string, pattern: RegExp | null): ReactNode[] {
  const out: ReactNode[] = [];
  let last = 0;
  for (const [start, end] of findMatches(text, pattern)) {
    if (start > last) out.push(text.slice(last, start));
    out.push(<mark key={start}>{text.slice(start, end)}</mark>);
    last = end;
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}

/**
 * About `max` characters of `text` around its first match (its start when the match
 * is near the beginning or absent), cut at word boundaries and marked with ellipses.
 */
export function snippetAround(text: string, pattern: RegExp | null, max = 160): string {
  const first = findMatches(text, pattern)[0]?.[0] ?? 0;
  let start = 0;
  if (first > max * 0.6) {
    start = first - Math.round(max * 0.3);
    const space = text.indexOf(' ', start);
    if (space !== -1 && space < first) start = space + 1;
  }
  let end = Math.min(text.length, start + max);
  if (end < text.length) {
    const space = text.lastIndexOf(' ', end);
    if (space > start + max * 0.6) end = space;
  }
  const body = text.slice(start, end).trim();
  const tail = end < text.length && !body.endsWith('…') ? '…' : '';
  return (start > 0 ? '…' : '') + body + tail;
}
