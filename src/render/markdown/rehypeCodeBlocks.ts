import { walk, SKIP, type WalkNode } from '../tree/walk';
import { toString } from 'hast-util-to-string';
import type { Root, Element, ElementContent } from 'hast';
import type { Highlighter } from 'shiki';
import type { VFile } from 'vfile';
import { highlightCode, languageOf, loadLanguages, resolveLanguage } from './highlighter';
import { blockKey, type HighlightCache } from './highlightCache';
import { decorateLines } from './codeMeta';
import {
  blockMarker,
  markerNonce,
  type DeferredBlock,
  type DeferredBlocks,
} from './deferredBlocks';

/** Reads `title="…"` (or `title='…'`) and other `key=value` pairs from a fence's meta string. */
export function parseMeta(meta: string | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  if (!meta) return out;
  const re = /(\w+)=(?:"([^"]*)"|'([^']*)'|(\S+))|(\w+)/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(meta))) {
    if (m[5]) out[m[5]] = 'true';
    else out[m[1]!] = m[2] ?? m[3] ?? m[4] ?? '';
  }
  return out;
}

/** The info-string language of a fenced block's `<code>` (its `language-*` class). */
function fenceLanguage(code: Element): string | undefined {
  const classes = (code.properties.className as string[] | undefined) ?? [];
  return classes.find((c) => c.startsWith('language-'))?.slice('language-'.length);
}

/** How a block's highlighting is found: a highlighter (or a way to get one), or `'deferred'` to leave it to another thread (see `deferredBlocks.ts`). */
export type BlockHighlighting = Highlighter | (() => Promise<Highlighter>) | 'deferred';

/**
 * Fenced blocks as highlighted HTML: from `cache` when it has them (a rebuild), the
 * others highlighted now and recorded there; grammars load only for those.
 */
export async function highlightBlocks(
  highlighterOf: () => Promise<Highlighter>,
  blocks: DeferredBlock[],
  cache?: HighlightCache,
): Promise<string[]> {
  const keys = cache ? blocks.map((b) => blockKey(languageOf(b.lang), b.code)) : undefined;
  const out = blocks.map((_, i) => (keys ? cache!.get(keys[i]!) : undefined));
  const fresh = blocks.filter((_, i) => out[i] === undefined);
  if (!fresh.length)
    return (out as string[]).map((html, i) => decorateLines(html, blocks[i]!.marks));
  const highlighter = await highlighterOf();
  await loadLanguages(
    highlighter,
    fresh.map((b) => b.lang),
  );
  return blocks.map((b, i) => {
    if (out[i] !== undefined) return decorateLines(out[i]!, b.marks);
    const html = highlightCode(highlighter, b.code, resolveLanguage(highlighter, b.lang));
    if (keys) cache!.set(keys[i]!, html);
    return decorateLines(html, b.marks);
  });
}

/**
 * Highlights fenced code at build time with shiki (both themes as CSS variables, so no
 * highlighting JavaScript reaches the browser) and wraps each block, as raw HTML, in a
 * `<codeblock>` element carrying its language and title for the CodeBlock template.
 * Deferred, a block the cache lacks is a marker instead, and `file.data.deferredBlocks`
 * lists what goes there.
 */
export function rehypeCodeBlocks(options: { highlighter: BlockHighlighting }) {
  const { highlighter } = options;
  const highlighterOf = async () =>
    typeof highlighter === 'function' ? highlighter() : (highlighter as Highlighter);
  const nonce = highlighter === 'deferred' ? markerNonce() : '';
  return async (tree: Root, file: VFile) => {
    const t0 = performance.now();
    // Fenced blocks (`<pre><code>`), found in one walk.
    const found: {
      node: Element;
      code: Element;
      index: number;
      parent: { children: unknown[] };
    }[] = [];
    walk(tree as WalkNode, (n, index, parent) => {
      const node = n as unknown as Element;
      if (node.type !== 'element' || node.tagName !== 'pre') return;
      const code = node.children[0];
      if (code?.type === 'element' && code.tagName === 'code')
        found.push({ node, code, index, parent });
      return SKIP;
    });
    const blocks: DeferredBlock[] = found.map(({ code }) => {
      const marks = code.properties.dataLines;
      return {
        lang: fenceLanguage(code),
        code: toString(code).replace(/\n$/, ''),
        ...(typeof marks === 'string' && marks ? { marks } : {}),
      };
    });
    const cache = file.data.highlightCache;
    let html: string[];
    if (highlighter === 'deferred') {
      const deferred: DeferredBlock[] = [];
      html = blocks.map((b) => {
        const cached = cache?.get(blockKey(languageOf(b.lang), b.code));
        return cached !== undefined
          ? decorateLines(cached, b.marks)
          : blockMarker(nonce, deferred.push(b) - 1);
      });
      if (deferred.length) file.data.deferredBlocks = { nonce, blocks: deferred };
    } else {
      html = await highlightBlocks(highlighterOf, blocks, cache);
    }
    found.forEach(({ node, code, index, parent }, i) => {
      // The title as remarkCodeMeta read it (a `data-*` attribute survives rehype-raw); a
      // tree made elsewhere may still carry its meta string.
      const {
        dataTitle,
        dataLineNumbers,
        dataExample,
        dataExamplePlot,
        dataExampleOutput,
        dataExamplePrepared,
      } = code.properties;
      const title =
        typeof dataTitle === 'string'
          ? dataTitle
          : parseMeta((code.data as { meta?: string } | undefined)?.meta).title;
      // The `<pre>` as raw HTML: nothing after this looks inside it, and a tree of a span
      // per token cost more to build, walk and serialize than highlighting it.
      const wrapper: Element = {
        type: 'element',
        tagName: 'codeblock',
        properties: {
          language: blocks[i]!.lang ?? 'text',
          title: title ?? '',
          lineNumbers: typeof dataLineNumbers === 'string' ? dataLineNumbers : '',
          // A block that runs in the reader's browser (examples/remarkRunnableExamples.ts).
          ...(dataExample !== undefined ? { example: String(dataExample) } : {}),
          ...(dataExamplePlot !== undefined ? { examplePlot: true } : {}),
          ...(typeof dataExamplePrepared === 'string'
            ? { examplePrepared: dataExamplePrepared }
            : {}),
          ...(dataExampleOutput !== undefined ? { exampleOutput: true } : {}),
        },
        children: [{ type: 'raw', value: html[i]! } as unknown as ElementContent],
        position: node.position,
      };
      parent.children[index] = wrapper;
    });
    file.data.highlightMs = performance.now() - t0;
  };
}

declare module 'vfile' {
  interface DataMap {
    /** Time spent highlighting code blocks (for the build profile). */
    highlightMs: number;
    /** Blocks highlighted before, and where this render's blocks are recorded (when the build keeps a cache). */
    highlightCache: HighlightCache;
    /** Blocks left for another thread to highlight (a deferred render), and their markers' nonce. */
    deferredBlocks: DeferredBlocks;
  }
}
