import { closest } from '../suggest';

const lastSegment = (s: string): string => s.slice(s.lastIndexOf('/') + 1).toLowerCase();

/**
 * The one candidate to suggest for `wanted` (a route or an id) in a message, or undefined
 * when none is near enough to help: among routes ending in the same segment (a page moved
 * or linked without its base: `/guide/features` for `/docs/guide/features`), the closest
 * in spelling, else any of them; otherwise the closest overall by `closest`'s rule.
 */
export function nearest(wanted: string, candidates: Iterable<string>): string | undefined {
  const list = [...candidates].filter((c) => c !== wanted);
  const tail = lastSegment(wanted);
  const sameTail = tail ? list.filter((c) => lastSegment(c) === tail) : [];
  return closest(wanted, sameTail, 1)[0] ?? sameTail.sort()[0] ?? closest(wanted, list, 1)[0];
}
