import { distance } from 'fastest-levenshtein';

const lastSegment = (s: string): string => s.slice(s.lastIndexOf('/') + 1);

/**
 * The candidate nearest to `wanted` (a route or an id) to suggest in a message, or
 * undefined when none is near enough to help. A route whose last segment is the one
 * wanted (`/guide/features` for `/docs/guide/features`, a page moved or linked without
 * its base) wins; otherwise the closest by edit distance (fastest-levenshtein), if it
 * differs in at most a third of the characters.
 */
export function nearest(wanted: string, candidates: Iterable<string>): string | undefined {
  const lower = wanted.toLowerCase();
  const tail = lastSegment(lower);
  let best: string | undefined;
  let bestScore = Infinity;
  for (const c of candidates) {
    if (c === wanted) continue;
    const candidate = c.toLowerCase();
    const d = distance(lower, candidate);
    // Same last segment: preferred, nearest first.
    const score = tail && lastSegment(candidate) === tail ? d - 1000 : d;
    if (score < bestScore || (score === bestScore && best !== undefined && c < best)) {
      best = c;
      bestScore = score;
    }
  }
  if (best === undefined) return undefined;
  if (bestScore < 0) return best;
  return bestScore <= Math.max(2, Math.floor(lower.length / 3)) ? best : undefined;
}
