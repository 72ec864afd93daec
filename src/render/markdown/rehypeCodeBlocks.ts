import { walk, SKIP, type WalkNode } from '../tree/walk';
import { toString } from 'hast-util-to-string';
import type { Root, Element, ElementContent } from 'hast';
import type { Highlighter } from 'shiki';
import type { VFile } from 'vfile';
import { highlightCode, languageOf, loadLanguages, resolveLanguage } from './highlighter';
import { blockKey, type HighlightCache } from './highlightCache';

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

/**
 * Highlights fenced code at build time with shiki (both themes as CSS variables, so no
 * highlighting JavaScript reaches the browser) and wraps each block, as raw HTML, in a
 * `<codeblock>` element carrying its language and title for the CodeBlock template.
 */
export function rehypeCodeBlocks(options: { highlighter: Highlighter | (() => Promise<Highlighter>) }) {
  const highlighterOf = async () => (typeof options.highlighter === 'function' ? options.highlighter() : options.highlighter);
  return async (tree: Root, file: VFile) => {
    const t0 = performance.now();
    // Fenced blocks (`<pre><code>`), found in one walk; their grammars load before any is highlighted.
    const blocks: { node: Element; code: Element; index: number; parent: { children: unknown[] } }[] = [];
    walk(tree as WalkNode, (n, index, parent) => {
      const node = n as unknown as Element;
      if (node.type !== 'element' || node.tagName !== 'pre') return;
      const code = node.children[0];
      if (code?.type === 'element' && code.tagName === 'code') blocks.push({ node, code, index, parent });
      return SKIP;
    });
    // Blocks highlighted before come from the page's cache; grammars load only for the others.
    const cache = file.data.highlightCache;
    const found = blocks.map(({ code }) => {
      const text = toString(code).replace(/\n$/, '');
      const key = cache ? blockKey(languageOf(fenceLanguage(code)), text) : undefined;
      return { text, key, highlighted: key ? cache!.get(key) : undefined };
    });
    const fresh = blocks.filter((_, i) => !found[i]!.highlighted);
    const highlighter = fresh.length ? await highlighterOf() : undefined;
    if (highlighter) await loadLanguages(highlighter, fresh.map((b) => fenceLanguage(b.code)));
    blocks.forEach(({ node, code, index, parent }, i) => {
      const lang = fenceLanguage(code);
      const meta = parseMeta((code.data as { meta?: string } | undefined)?.meta);
      const { text, key } = found[i]!;
      let highlighted = found[i]!.highlighted;
      if (!highlighted) {
        highlighted = highlightCode(highlighter!, text, resolveLanguage(highlighter!, lang));
        if (key) cache!.set(key, highlighted);
      }
      // The `<pre>` as raw HTML: nothing after this looks inside it, and a tree of a span
      // per token cost more to build, walk and serialize than highlighting it.
      const wrapper: Element = {
        type: 'element',
        tagName: 'codeblock',
        properties: { language: lang ?? 'text', title: meta.title ?? '' },
        children: [{ type: 'raw', value: highlighted } as unknown as ElementContent],
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
  }
}
