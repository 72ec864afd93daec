/** "Did you mean" suggestions for misspelt names (Levenshtein distance ≤ 2, or a case-only difference). */
function distance(a: string, b: string): number {
  if (Math.abs(a.length - b.length) > 2) return 3;
  const prev = new Array<number>(b.length + 1);
  for (let j = 0; j <= b.length; j++) prev[j] = j;
  for (let i = 1; i <= a.length; i++) {
    let diag = prev[0]!;
    prev[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const tmp = prev[j]!;
      prev[j] = Math.min(prev[j]! + 1, prev[j - 1]! + 1, diag + (a[i - 1] === b[j - 1] ? 0 : 1));
      diag = tmp;
    }
  }
  return prev[b.length]!;
}

/** The closest candidate to `name`, or undefined when none is close. */
export function suggest(name: string, candidates: readonly string[]): string | undefined {
  const lower = name.toLowerCase();
  let best: string | undefined;
  let bestD = 3;
  for (const c of candidates) {
    const d = c.toLowerCase() === lower ? 0 : distance(name, c);
    if (d < bestD) {
      bestD = d;
      best = c;
    }
  }
  return best;
}
