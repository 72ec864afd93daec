import { createHash } from 'node:crypto';
import { asciiJson } from '../cache/asciiJson';

/**
 * Highlighted code blocks kept from an earlier render of a page, and the ones this render
 * makes, so a rebuild after a prose edit does not highlight the page's code again. That
 * was most of a one-page rebuild: the first block a thread highlights compiles the
 * grammar's patterns (~0.2 s for JavaScript).
 */
export interface HighlightCache {
  /** The highlighted HTML of a block met before, or undefined. */
  get(key: string): string | undefined;
  /** Records a block highlighted now. */
  set(key: string, html: string): void;
}

/** A block's key: its language (undefined for plain text) and its code. */
export function blockKey(language: string | undefined, code: string): string {
  return createHash('sha256')
    .update(language ?? '')
    .update('\0')
    .update(code)
    .digest('hex')
    .slice(0, 32);
}

/**
 * A page's highlight cache: answers from `previous` (key → JSON of the HTML, from the
 * page's last render) and collects every block the page uses, reused or new, as
 * `[key, JSON]` pairs for the cache to keep.
 */
export function collectingHighlightCache(previous?: (key: string) => string | undefined): {
  cache: HighlightCache;
  blocks: [string, string][];
} {
  const blocks: [string, string][] = [];
  const cache: HighlightCache = {
    get(key) {
      const json = previous?.(key);
      if (json === undefined) return undefined;
      blocks.push([key, json]);
      return JSON.parse(json) as string;
    },
    set(key, html) {
      blocks.push([key, asciiJson(html)]);
    },
  };
  return { cache, blocks };
}
