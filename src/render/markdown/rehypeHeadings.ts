import { walk, SKIP, type WalkNode } from '../tree/walk';
import { toString } from 'hast-util-to-string';
import type { Root, Element } from 'hast';
import type { VFile } from 'vfile';
import type { TocItem } from '../../shared/pageData';
import { createSlugger, type SluggerName } from './slugger';

export interface HeadingOptions {
  minLevel: number;
  maxLevel: number;
  /** How ids are made from heading text (default GitHub's rules). */
  slugger?: SluggerName;
}

/**
 * Where a link to the page's title (`#getting-started`) lands. B51 keeps `h1` without an
 * id or anchor link, so the id sits on an empty element just before it: links to a
 * page's title written for VitePress or GitHub (which give h1 an id) still work.
 */
export function titleTarget(id: string): Element {
  return {
    type: 'element',
    tagName: 'span',
    properties: { id, className: ['title-target'] },
    children: [],
  };
}

const CUSTOM_ID = /\s*\{#([\w-]+)\}\s*$/;

/** Removes a trailing `{#custom-id}` from a heading's last text node and returns the id. */
function takeCustomId(node: Element): string | undefined {
  const last = node.children[node.children.length - 1];
  if (!last || last.type !== 'text') return undefined;
  const m = CUSTOM_ID.exec(last.value);
  if (!m) return undefined;
  last.value = last.value.slice(0, m.index);
  return m[1];
}

/**
 * Gives h2–h6 the ids GitHub would (github-slugger, deduplicated per page; VitePress's
 * rules with `slugger: 'vitepress'`), adds the direct-link anchor (B51), and records
 * the table of contents (h2–h3 by default) in `file.data.toc`. h1 gets neither id nor
 * anchor; its id goes on a target just before it (`titleTarget`).
 */
export function rehypeHeadings(options: HeadingOptions) {
  return (tree: Root, file: VFile) => {
    const slugger = createSlugger(options.slugger);
    const toc: TocItem[] = [];
    walk(tree as WalkNode, (n, index, p) => {
      const node = n as unknown as Element;
      const parent = p as unknown as Element;
      if (node.type !== 'element') return;
      // A heading inside a link (a card title in raw HTML) gets no anchor: a link cannot hold a link.
      if (node.tagName === 'a') return SKIP;
      const m = /^h([1-6])$/.exec(node.tagName);
      if (!m) return;
      const level = Number(m[1]);
      const custom = takeCustomId(node);
      if (level === 1) {
        const existing = typeof node.properties.id === 'string' ? node.properties.id : undefined;
        delete node.properties.id;
        const text = toString(node).trim();
        const id = custom ?? existing ?? (text ? slugger.slug(text) : undefined);
        if (custom || existing) slugger.slug(id!);
        if (!id) return SKIP;
        parent.children.splice(index, 0, titleTarget(id));
        return index + 2; // on after the heading: nothing in it needs an id
      }
      const classes = (node.properties.className as string[] | undefined) ?? [];
      // Visually hidden headings (e.g. GFM's footnote label) keep their id and get no anchor.
      if (classes.includes('sr-only')) return;
      const text = toString(node).trim();
      const existing = typeof node.properties.id === 'string' ? node.properties.id : undefined;
      const id = custom ?? existing ?? slugger.slug(text);
      if (custom || existing) slugger.slug(id);
      node.properties.id = id;
      node.properties.className = [...classes, 'anchor'];
      const label = `Direct link to ${text || id}`;
      node.children.push({
        type: 'element',
        tagName: 'a',
        properties: { className: ['hash-link'], href: `#${id}`, ariaLabel: label, title: label },
        children: [{ type: 'text', value: '\u200B' }],
      });
      if (level >= options.minLevel && level <= options.maxLevel)
        toc.push({ id, value: text, level });
    });
    file.data.toc = toc;
  };
}

declare module 'vfile' {
  interface DataMap {
    toc: TocItem[];
  }
}
