import type { Diagnostic } from '../diagnostics';

/** `9 BrokenAnchor, 3 UnknownDirective`: how many of each code, the most frequent first. */
export function countByCode(list: readonly Diagnostic[]): string {
  const counts = new Map<string, number>();
  for (const d of list) counts.set(d.code, (counts.get(d.code) ?? 0) + 1);
  return [...counts]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .map(([code, n]) => `${n} ${code}`)
    .join(', ');
}

/** `12 warnings: 9 BrokenAnchor, 3 UnknownDirective` (the closing line of a build's report). */
export function summaryByCode(list: readonly Diagnostic[], noun: string): string {
  return `${list.length} ${noun}${list.length === 1 ? '' : 's'}: ${countByCode(list)}`;
}
