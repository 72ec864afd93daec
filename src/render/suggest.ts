import { distance } from 'fastest-levenshtein';

/**
 * The candidates closest in spelling to `wanted` (Levenshtein distance, ties in the
 * candidates' order), keeping only those close enough to be a likely typo: at most a
 * third of the longer name's length, and at least 2 edits allowed. A prefix of the
 * wanted name (`guide` for `guide/intro`) or a name it is a prefix of also counts.
 */
export function closest(wanted: string, candidates: Iterable<string>, max = 3): string[] {
  const w = wanted.toLowerCase();
  const scored: { name: string; d: number; i: number }[] = [];
  let i = 0;
  for (const name of candidates) {
    const n = name.toLowerCase();
    const d = distance(w, n);
    const limit = Math.max(2, Math.floor(Math.max(w.length, n.length) / 3));
    const related = n.length > 2 && w.length > 2 && (n.startsWith(w) || w.startsWith(n));
    if (d <= limit || related) scored.push({ name, d, i });
    i++;
  }
  scored.sort((a, b) => a.d - b.d || a.i - b.i);
  return scored.slice(0, max).map((s) => s.name);
}

/** `did you mean "a" or "b"?`, or '' when nothing is close. */
export function didYouMean(wanted: string, candidates: Iterable<string>, quote = '"'): string {
  const found = closest(wanted, candidates).map((c) => `${quote}${c}${quote}`);
  if (!found.length) return '';
  const list =
    found.length === 1 ? found[0] : `${found.slice(0, -1).join(', ')} or ${found.at(-1)}`;
  return `did you mean ${list}?`;
}
