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

/**
 * Rewrites links: relative `.md` links become their routes, internal routes get the
 * base URL once, external links open in a new tab (B16). Hash-only, external and
 * empty links are otherwise left as written. Internal links are recorded in
 * `file.data.links` for the link checks.
 */
export function rehypeLinks(options: LinkOptions) {
  return (tree: Root, file: VFile) => {
    const links: FoundLink[] = [];
    walk(tree as WalkNode, (n) => {
      const node = n as unknown as Element;
      if (node.type !== 'element' || (node.tagName !== 'a' && node.tagName !== 'img')) return;
      const attr = node.tagName === 'a' ? 'href' : 'src';
      const value = node.properties[attr];
      if (typeof value !== 'string' || value === '' || value.startsWith('#')) {
        if (
          node.tagName === 'a' &&
          typeof value === 'string' &&
          value.length > 1 &&
          !(node.properties.className as string[] | undefined)?.includes('hash-link')
        ) {
          links.push({
            route: '',
            hash: value.slice(1),
            raw: value,
            line: node.position?.start.line,
            column: node.position?.start.column,
          });
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
      if (node.tagName === 'a' && /\.mdx?$/.test(path) && !path.startsWith('/')) {
        const target = posix.normalize(
          posix.join(posix.dirname(file.data.sourcePath ?? ''), decodeURI(path)),
        );
        const route = options.routeOfSource(target);
        if (route) path = route;
        else {
          links.push({
            route: '/' + target,
            hash,
            raw: value,
            line: node.position?.start.line,
            column: node.position?.start.column,
          });
          return;
        }
      } else if (!path.startsWith('/')) {
        return; // relative non-markdown link (e.g. an image beside the page): left as written
      }
      if (node.tagName === 'a') {
        const route = path.replace(/\/$/, '') || '/';
        links.push({
          route,
          hash,
          raw: value,
          line: node.position?.start.line,
          column: node.position?.start.column,
        });
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
