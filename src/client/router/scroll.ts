/** Scroll after a route change (behaviours B20), decided apart from doing it so it can be unit-tested. */

export interface Loc {
  pathname: string;
  search: string;
  hash: string;
}

export type NavAction = 'initial' | 'push' | 'pop' | 'replace';

export type ScrollAction =
  | { kind: 'none' }
  | { kind: 'top' }
  | { kind: 'restore'; y: number }
  | { kind: 'hash'; id: string };

const NONE: ScrollAction = { kind: 'none' };

function idOf(hash: string): string {
  try {
    return decodeURIComponent(hash.slice(1));
  } catch {
    return hash.slice(1);
  }
}

/**
 * B20: the first load keeps the browser's own scroll; a change of query string alone
 * scrolls nowhere; back/forward restore the position the entry was left at when it is
 * known; else the hash target, else the top.
 */
export function scrollActionFor(
  prev: Loc | null,
  next: Loc,
  action: NavAction,
  saved?: number,
): ScrollAction {
  if (!prev || action === 'initial') return NONE;
  if (prev.pathname === next.pathname && prev.hash === next.hash && prev.search !== next.search)
    return NONE;
  if (action === 'pop' && saved !== undefined) return { kind: 'restore', y: saved };
  if (next.hash.length > 1) return { kind: 'hash', id: idOf(next.hash) };
  return { kind: 'top' };
}

export function applyScroll(a: ScrollAction): void {
  if (a.kind === 'top') window.scrollTo(0, 0);
  else if (a.kind === 'restore') window.scrollTo(0, a.y);
  else if (a.kind === 'hash') document.getElementById(a.id)?.scrollIntoView();
}
