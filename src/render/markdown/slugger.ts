import GithubSlugger from 'github-slugger';

/** How heading ids are made: GitHub's rules (github-slugger) or VitePress's. */
export type SluggerName = 'github' | 'vitepress';

/** Makes a page's heading ids, each unique on the page (`-1`, `-2`… after a repeat). */
export interface Slugger {
  slug(text: string): string;
}

/** Punctuation VitePress turns into a dash (runs of it, with whitespace, make one dash). */
const VITEPRESS_SEPARATORS = /[\s~`!@#$%^&*()\-_+=[\]{}|\\;:"'\u201C\u201D\u2018\u2019<>,.?/]+/g;

/**
 * VitePress's heading id for a text: accents dropped (NFKD, combining marks removed),
 * control characters removed, runs of spaces and punctuation made one dash, dashes
 * trimmed from the ends, an id starting with a digit prefixed with `_`, lower-cased.
 * `build.target` → `build-target` (GitHub's rules give `buildtarget`).
 */
export function vitepressSlug(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[\u0000-\u001f]/g, '') // eslint-disable-line no-control-regex
    .replace(VITEPRESS_SEPARATORS, '-')
    .replace(/^-+|-+$/g, '')
    .replace(/^(\d)/, '_$1')
    .toLowerCase();
}

class VitepressSlugger implements Slugger {
  private readonly seen = new Map<string, number>();
  slug(text: string): string {
    const base = vitepressSlug(text);
    let id = base;
    let n = this.seen.get(base) ?? 0;
    while (this.seen.has(id)) id = `${base}-${++n}`;
    this.seen.set(base, n);
    this.seen.set(id, this.seen.get(id) ?? 0);
    return id;
  }
}

/** A fresh slugger (one per page) following `name`'s rules. */
export function createSlugger(name: SluggerName = 'github'): Slugger {
  return name === 'vitepress' ? new VitepressSlugger() : new GithubSlugger();
}
