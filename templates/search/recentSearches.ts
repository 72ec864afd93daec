import { storage } from '../storage';

/** localStorage key of the reader's recent searches (interface.md, stored preferences). */
export const RECENT_SEARCHES_KEY = 'dfdocs.search.recent';
const MAX_RECENT = 6;

/** A search that led somewhere: what was typed and the result opened. */
export interface RecentSearch {
  query: string;
  /** Route and anchor, without the base URL. */
  href: string;
  title: string;
  headings: string[];
}

function isRecent(v: unknown): v is RecentSearch {
  const r = v as RecentSearch;
  return (
    !!r &&
    typeof r.query === 'string' &&
    typeof r.href === 'string' &&
    typeof r.title === 'string' &&
    Array.isArray(r.headings)
  );
}

/** The stored recent searches, newest first (an unreadable value counts as none). */
export function readRecentSearches(): RecentSearch[] {
  try {
    const v: unknown = JSON.parse(storage.get(RECENT_SEARCHES_KEY) ?? '[]');
    return Array.isArray(v) ? v.filter(isRecent).slice(0, MAX_RECENT) : [];
  } catch {
    return [];
  }
}

/** Puts a search first (once per result opened) and returns the new list. */
export function rememberSearch(entry: RecentSearch): RecentSearch[] {
  const list = [entry, ...readRecentSearches().filter((r) => r.href !== entry.href)].slice(
    0,
    MAX_RECENT,
  );
  storage.set(RECENT_SEARCHES_KEY, JSON.stringify(list));
  return list;
}

export function clearRecentSearches(): void {
  storage.del(RECENT_SEARCHES_KEY);
}
