import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { largePageKb } from './tuning';

let collect: (() => void) | undefined | null;

/**
 * A full garbage collection, now. V8 lets a heap grow to about four times what survived
 * its last collection before collecting again; rendering one very large page allocates
 * far more than it keeps (its parser's events, trees replaced by the next stage's), so the
 * process's peak would be a large multiple of the page. Called between the stages of such
 * a page only (see `LARGE_PAGE`): a collection costs tens of milliseconds.
 */
export function collectGarbage(): void {
  if (collect === undefined) {
    try {
      setFlagsFromString('--expose-gc');
      collect = runInNewContext('gc') as () => void;
    } catch {
      collect = null;
    }
  }
  collect?.();
}

/**
 * A unified plugin that collects garbage at its place in the pipeline when the page is
 * large. Each place needs a plugin of its own (unified merges a plugin used twice), so
 * this makes one.
 */
export function garbageCollectionPlugin() {
  return function collectGarbageOnLargePages() {
    return (_tree: unknown, file: { value: unknown }) => {
      if (isLargePage(String(file.value).length)) collectGarbage();
    };
  };
}

/**
 * Whether a page of this many characters of markdown is rendered as a large one: with
 * collections between its stages, its tree let go as it is serialized. From 256 KB
 * (`DFDOCS_LARGE_PAGE_KB` sets it: the tests compare the output both ways).
 */
export const isLargePage = (markdownChars: number): boolean =>
  markdownChars >= largePageKb(256) * 1024;

/** The same, for the stages that know a page by its HTML (several times its markdown). */
export const isLargeHtml = (htmlChars: number): boolean => isLargePage(htmlChars / 4);
