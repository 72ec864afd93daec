import { randomBytes } from 'node:crypto';

/**
 * Code blocks whose highlighting is left to another thread.
 *
 * A pipelined render (see `parallel/renderPool.ts`) parses a page's markdown in one
 * worker and highlights its code in the next: each thread then compiles and warms up
 * only its own half of the code, where two workers rendering whole pages each paid for
 * all of it. The parsing side leaves a marker where each `<pre>` goes; the other side
 * highlights the blocks and splices them in (`spliceBlocks`).
 */
export interface DeferredBlock {
  /** The fence's info-string language (as written: `js`, `ts`…), or undefined. */
  lang: string | undefined;
  code: string;
  /** Its marked lines (`codeMeta.ts`'s `formatMarks`), applied once highlighted. */
  marks?: string;
}

/** A page's deferred blocks and the nonce of their markers. */
export interface DeferredBlocks {
  nonce: string;
  blocks: DeferredBlock[];
}

/** A nonce per thread: a page's own HTML cannot hold a marker by chance. */
export const markerNonce = (): string => randomBytes(8).toString('hex');

/** Where deferred block `index` goes in the body's HTML (an HTML comment, so nothing that serializes it changes it). */
export const blockMarker = (nonce: string, index: number): string =>
  `<!--dfdocs-block:${nonce}:${index}-->`;

/**
 * A block as the search index reads it: its code as the text of a `<pre>`, without the
 * highlighting's spans. The index keeps only a `<pre>`'s text (`search/sections.ts`), and
 * a highlighted block's text is its code, so the entry is the same; scanning the tags of
 * a page's highlighted code was more than half the time its search entry took.
 */
export function searchableBlock(block: DeferredBlock): string {
  return `<pre><code>${block.code.replace(/&/g, '&amp;').replace(/</g, '&lt;')}</code></pre>`;
}

/** The body with every marker replaced by its block's HTML; throws if a marker is missing, which would drop code silently. */
export function spliceBlocks(html: string, nonce: string, highlighted: string[]): string {
  let found = 0;
  const out = html.replace(
    new RegExp(`<!--dfdocs-block:${nonce}:(\\d+)-->`, 'g'),
    (_, i: string) => {
      found++;
      return highlighted[Number(i)]!;
    },
  );
  if (found !== highlighted.length)
    throw new Error(
      `deferred code blocks: ${highlighted.length} highlighted, ${found} markers in the page`,
    );
  return out;
}
