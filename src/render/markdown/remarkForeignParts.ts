import { walk, SKIP, type WalkNode } from '../tree/walk';
import type { Root, Parent, Html, Text, Paragraph } from 'mdast';
import type { Point } from 'unist';
import type { VFile } from 'vfile';
import { toString } from 'mdast-util-to-string';
import { warn, warnFromCatalogue } from './report';

/**
 * Components dfdocs renders itself: Docusaurus's tabs (also reached through raw HTML,
 * see `rehypeComponents.ts`) and its inline table of contents.
 */
export const KNOWN_COMPONENTS = new Set(['Tabs', 'TabItem', 'TOCInline']);

/** VitePress's `<Badge type="tip" text="new" />` (or wrapping its text) as the HTML of a badge. */
function badgeHtml(tag: string): string {
  if (tag.startsWith('</')) return '</span>';
  const type = /\btype\s*=\s*["']([\w-]+)["']/.exec(tag)?.[1] ?? 'tip';
  const text = /\btext\s*=\s*"([^"]*)"|\btext\s*=\s*'([^']*)'/.exec(tag);
  const open = `<span class="badge badge--${type}">`;
  return /\/\s*>$/.test(tag) ? `${open}${text?.[1] ?? text?.[2] ?? ''}</span>` : open;
}

/** A Vue single-file-component block VitePress runs (`<script setup>`, `<style scoped>`…), not page content. */
const VUE_BLOCK = /^\s*<(script|style)\b([^>]*)>[\s\S]*?<\/\1\s*>\s*$/i;
const VUE_ATTRIBUTES = /\b(setup|scoped|module|lang\s*=)/i;
/** An opening, closing or self-closing tag whose name starts with a capital: a component, not HTML. */
const COMPONENT_TAG = /<\/?([A-Z][\w.]*)(?=[\s/>])/g;
const MUSTACHE = /\{\{[\s\S]*?\}\}/g;
const TOC_MARKER = /^\s*\[\[toc\]\]\s*$/i;

/** Index just after the `>` ending the tag starting at `start` (quotes and braces skipped), or -1. */
function tagEnd(text: string, start: number): number {
  let depth = 0;
  for (let k = start; k < text.length; k++) {
    const c = text[k];
    if ((c === '"' || c === "'") && depth === 0) {
      const end = text.indexOf(c, k + 1);
      if (end < 0) return -1;
      k = end;
    } else if (c === '{') depth++;
    else if (c === '}') depth = Math.max(0, depth - 1);
    else if (c === '>' && depth === 0) return k + 1;
  }
  return -1;
}

/** The position of offset `at` of a node's value, from its start (exact for text on one line; by lines otherwise). */
function pointIn(value: string, start: Point | undefined, at: number): Point | undefined {
  if (!start) return undefined;
  const before = value.slice(0, at);
  const lines = before.split('\n');
  return lines.length === 1
    ? { line: start.line, column: start.column + at }
    : { line: start.line + lines.length - 1, column: lines[lines.length - 1]!.length + 1 };
}

interface Found {
  what: string;
  at: Point | undefined;
}

/**
 * What a page written for VitePress or MDX holds that only Vue or React could run:
 *
 * - Vue blocks (`<script setup>`, `<style scoped>`) and mustaches (`{{ expr }}`, outside
 *   code and `::: v-pre`) are removed, with one `VueOnlyRemoved` warning per page naming them;
 * - VitePress's `<Badge>` becomes a badge (`<span class="badge badge--tip">`);
 * - component tags (`<Foo … />`, `<Foo>…</Foo>`) dfdocs does not know are removed (what
 *   they wrap stays), with an `UnknownComponent` warning per component per page;
 * - `[[toc]]` alone in a paragraph (VitePress) and `<TOCInline />` (Docusaurus) become the
 *   page's table of contents (`rehypeInlineToc.ts`).
 */
export function remarkForeignParts() {
  return (tree: Root, file: VFile) => {
    const imports = file.data.imports;
    const vue: Found[] = [];
    const components = new Map<string, Point | undefined>();
    /** A component tag's text removed from an HTML value; known ones kept. */
    const stripComponents = (value: string, start: Point | undefined): string => {
      let out = '';
      let last = 0;
      for (const m of value.matchAll(COMPONENT_TAG)) {
        const name = m[1]!;
        if (KNOWN_COMPONENTS.has(name) || m.index < last) continue;
        const end = tagEnd(value, m.index);
        if (end < 0) continue;
        out += value.slice(last, m.index);
        last = end;
        if (name === 'Badge') {
          out += badgeHtml(value.slice(m.index, end));
          continue;
        }
        if (!components.has(name)) components.set(name, pointIn(value, start, m.index));
      }
      return last ? out + value.slice(last) : value;
    };
    const stripMustaches = (value: string, start: Point | undefined): string =>
      value.replace(MUSTACHE, (m, at: number) => {
        vue.push({ what: `\`${m.replace(/\s+/g, ' ')}\``, at: pointIn(value, start, at) });
        return '';
      });

    walk(tree as WalkNode, (n, index, p) => {
      const node = n as unknown as Root['children'][number];
      const parent = p as unknown as Parent;
      if (node.type === 'code' || node.type === 'inlineCode') return SKIP;
      if (
        (node.data as { hProperties?: { dataVPre?: string } } | undefined)?.hProperties
          ?.dataVPre !== undefined
      )
        return SKIP;
      if (node.type === 'paragraph' && isTocMarker(node)) {
        node.data = { hName: 'inline-toc' };
        node.children = [];
        return SKIP;
      }
      if (node.type === 'html') {
        const html = node as Html;
        const start = html.position?.start;
        const block = VUE_BLOCK.exec(html.value);
        if (block && VUE_ATTRIBUTES.test(block[2]!)) {
          vue.push({
            what: `\`<${block[1]!.toLowerCase()}${block[2]!.replace(/\s+/g, ' ')}>\``,
            at: start,
          });
          parent.children.splice(index, 1);
          return index;
        }
        if (/^\s*<TOCInline\b[^>]*\/>\s*$/.test(html.value)) {
          parent.children.splice(index, 1, {
            type: 'paragraph',
            data: { hName: 'inline-toc' },
            children: [],
          });
          return index + 1;
        }
        let value = stripComponents(html.value, start);
        if (value.includes('{{')) value = stripMustaches(value, start);
        if (value !== html.value) {
          if (value.trim() === '') {
            parent.children.splice(index, 1);
            return index;
          }
          html.value = value;
        }
        return;
      }
      if (node.type === 'text') {
        const text = node as Text;
        if (text.value.includes('{{'))
          text.value = stripMustaches(text.value, text.position?.start);
      }
    });

    if (vue.length) {
      const names = [...new Set(vue.map((v) => v.what))];
      const shown =
        names.slice(0, 5).join(', ') + (names.length > 5 ? ` and ${names.length - 5} more` : '');
      warn(
        file,
        'VueOnlyRemoved',
        `removed what only Vue runs (VitePress): ${shown}`,
        vue[0]!.at && { line: vue[0]!.at.line, column: vue[0]!.at.column },
        'write the content as markdown; a `{{ }}` meant literally goes in code or a `::: v-pre` block',
      );
    }
    for (const [name, at] of components) {
      const from = imports?.get(name);
      warnFromCatalogue(file, 'UnknownComponent', at, { name, from });
    }
  };
}

/** A paragraph holding only `[[toc]]` (its brackets may be split across text nodes). */
function isTocMarker(node: Paragraph): boolean {
  return node.children.every((c) => c.type === 'text') && TOC_MARKER.test(toString(node));
}

declare module 'vfile' {
  interface DataMap {
    /** Names the page's ESM imports bind, and their modules (see `preprocess.ts`). */
    imports: globalThis.Map<string, string>;
  }
}
