import { posix } from 'node:path';
import { walk, type WalkNode } from '../tree/walk';
import type { Root, Element } from 'hast';
import type { VFile } from 'vfile';
import { withBaseUrl } from '../../shared/baseUrl';

/** An internal link found in a page, kept for the broken link and anchor checks. */
export interface FoundLink {
  /** Route (without base URL and hash). */
  route: string;
  hash: string;
  /** What the author wrote. */
  raw: string;
  line?: number;
  column?: number;
}

export interface LinkOptions {
  baseUrl: string;
  /** Maps a source path relative to the site root (e.g. `docs/a/c.md`) to its route. */
  routeOfSource: (sourcePath: string) => string | undefined;
}

const EXTERNAL = /^(\w*:|\/\/)/;
const MARKDOWN = /\.mdx?$/;

const safeDecode = (s: string): string => {
  try {
    return decodeURI(s);
  } catch {
    return s;
  }
};

/**
 * The route a page link names, as the three tools write them: a markdown file
 * (`../guide/setup.md`, `./index.md`; root-absolute `/guide/setup.md` from `docs/`, as
 * VitePress reads it, or from the site root), an `.html` page (`./setup.html`,
 * `/guide/setup.html`), or a relative path without extension that names a markdown file
 * (`../bar/three`, `./`). Undefined: not a page of the site (left as written, or checked
 * as a route when root-absolute).
 */
export function resolvePageLink(
  path: string,
  sourcePath: string,
  routeOfSource: (sourcePath: string) => string | undefined,
): { route?: string; missingSource?: string } {
  const dir = posix.dirname(sourcePath);
  const decoded = safeDecode(path);
  const absolute = decoded.startsWith('/');
  // Where a path is looked for: beside the page, or (root-absolute) in docs/ then the site root.
  const bases = absolute ? ['docs', '.'] : [dir];
  const find = (candidates: string[]): string | undefined => {
    for (const base of bases)
      for (const c of candidates) {
        const route = routeOfSource(posix.normalize(posix.join(base, c)));
        if (route) return route;
      }
    return undefined;
  };
  if (MARKDOWN.test(decoded)) {
    const route = find([decoded]);
    return route ? { route } : { missingSource: posix.normalize(posix.join(bases[0]!, decoded)) };
  }
  if (decoded.endsWith('.html')) {
    const stem = decoded.slice(0, -'.html'.length);
    const route = find([`${stem}.md`, `${stem}.mdx`, `${stem.replace(/\/?index$/, '')}/index.md`]);
    if (route) return { route };
    if (absolute) return { route: stem.replace(/\/index$/, '') || '/' };
    return {};
  }
  if (!absolute && !/\.\w+$/.test(decoded)) {
    const stem = decoded.replace(/\/$/, '');
    const route = find(
      stem === '' || stem === '.'
        ? ['index.md', 'index.mdx']
        : [`${stem}.md`, `${stem}.mdx`, `${stem}/index.md`, `${stem}/index.mdx`],
    );
    if (route) return { route };
  }
  return {};
}

/**
 * Rewrites links: links to pages (markdown files, `.html` pages, relative paths naming a
 * page, see `resolvePageLink`) become their routes, internal routes get the base URL
 * once, external links open in a new tab (B16). Hash-only, external and empty links are
 * otherwise left as written, and so are files copied beside the page (`rehypeAssets`).
 * Internal links are recorded in `file.data.links` for the link checks.
 */
export function rehypeLinks(options: LinkOptions) {
  return (tree: Root, file: VFile) => {
    const links: FoundLink[] = [];
    walk(tree as WalkNode, (n) => {
      const node = n as unknown as Element;
      if (node.type !== 'element' || (node.tagName !== 'a' && node.tagName !== 'img')) return;
      if ((node.data as { asset?: boolean } | undefined)?.asset) return;
      const attr = node.tagName === 'a' ? 'href' : 'src';
      const value = node.properties[attr];
      const at = { line: node.position?.start.line, column: node.position?.start.column };
      if (typeof value !== 'string' || value === '' || value.startsWith('#')) {
        if (
          node.tagName === 'a' &&
          typeof value === 'string' &&
          value.length > 1 &&
          !(node.properties.className as string[] | undefined)?.includes('hash-link')
        ) {
          links.push({ route: '', hash: value.slice(1), raw: value, ...at });
        }
        return;
      }
      if (EXTERNAL.test(value)) {
        if (node.tagName === 'a' && /^https?:|^\/\//.test(value)) {
          node.properties.target = '_blank';
          node.properties.rel = ['noopener', 'noreferrer'];
        }
        return;
      }
      const hashAt = value.indexOf('#');
      let path = hashAt >= 0 ? value.slice(0, hashAt) : value;
      const hash = hashAt >= 0 ? value.slice(hashAt + 1) : '';
      if (node.tagName === 'a') {
        const page = resolvePageLink(path, file.data.sourcePath ?? '', options.routeOfSource);
        if (page.missingSource) {
          links.push({ route: '/' + page.missingSource, hash, raw: value, ...at });
          return;
        }
        if (page.route) path = page.route;
      }
      if (!path.startsWith('/')) return; // a relative link that names no page: left as written
      if (node.tagName === 'a') {
        const route = path.replace(/\/$/, '') || '/';
        links.push({ route, hash, raw: value, ...at });
      }
      node.properties[attr] = withBaseUrl(path, options.baseUrl) + (hash ? '#' + hash : '');
    });
    file.data.links = links;
  };
}

declare module 'vfile' {
  interface DataMap {
    links: FoundLink[];
    /** Path of the page's source relative to the site root, posix (e.g. `docs/a/b.md`). */
    sourcePath: string;
  }
}
