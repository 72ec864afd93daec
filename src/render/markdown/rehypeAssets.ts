import { existsSync } from 'node:fs';
import { isAbsolute, join, relative, resolve } from 'node:path';
import { walk, type WalkNode } from '../tree/walk';
import type { Root, Element } from 'hast';
import type { VFile } from 'vfile';
import { withBaseUrl } from '../../shared/baseUrl';
import { assetFacts, type PageAsset } from '../assets/assetFiles';
import { warn } from './report';

export interface AssetOptions {
  baseUrl: string;
  /** The site root (or a getter of it; a render worker learns it from its first page). */
  root?: string | (() => string | undefined);
}

/** Attributes that reference a file, by element. */
const REFERENCES: Record<string, string[]> = {
  img: ['src'],
  video: ['src', 'poster'],
  audio: ['src'],
  source: ['src'],
  track: ['src'],
  a: ['href'],
};

const EXTERNAL = /^(\w*:|\/\/|#)/;
/** The extension of a path's last segment, if it has one. */
const extensionOf = (path: string): string | undefined =>
  /\.([A-Za-z0-9]+)$/.exec(path.slice(path.lastIndexOf('/') + 1))?.[1];

const safeDecode = (s: string): string => {
  try {
    return decodeURI(s);
  } catch {
    return s;
  }
};

/**
 * Files beside the markdown: images, media and linked files referenced relatively
 * (`![chart](../images/downloads.webp)`, `<img src="./a.png">`, `[guide](./guide.pdf)`),
 * or root-absolute from `docs/` or `docs/public/` as VitePress reads them, are copied into
 * the output under content-hashed names (`file.data.assets`; the build writes them) and
 * the references rewritten, images with their `width` and `height` when the file says
 * them (so nothing shifts as they load). A referenced file that is missing, or outside
 * the site, is reported. Root-absolute references into `static/` are left as they are
 * (the folder is copied as it is).
 */
export function rehypeAssets(options: AssetOptions) {
  return (tree: Root, file: VFile) => {
    const root = typeof options.root === 'function' ? options.root() : options.root;
    if (!root) return;
    const sourcePath = file.data.sourcePath ?? '';
    const assets: PageAsset[] = [];
    walk(tree as WalkNode, (n) => {
      const node = n as unknown as Element;
      if (node.type !== 'element') return;
      const attributes = REFERENCES[node.tagName];
      if (!attributes) return;
      for (const attr of attributes) {
        const value = node.properties[attr];
        if (typeof value !== 'string' || value === '' || EXTERNAL.test(value)) continue;
        const path = safeDecode(value.replace(/[?#].*$/, ''));
        const isLink = node.tagName === 'a';
        const ext = extensionOf(path);
        if (isLink && (!ext || /^(mdx?|html?)$/i.test(ext))) continue; // a page: rehypeLinks resolves it
        let abs: string | undefined;
        if (path.startsWith('/')) {
          if (existsSync(join(root, 'static', path))) {
            if (isLink) node.data = { ...node.data, asset: true } as Element['data'];
            continue;
          }
          abs = [join(root, 'docs', 'public', path), join(root, 'docs', path)].find((p) =>
            existsSync(p),
          );
          if (!abs && isLink) continue; // a route with a dot: the link check decides
        } else {
          abs = resolve(root, sourcePath, '..', path);
        }
        const where = node.position?.start;
        const what = `${node.tagName === 'img' ? 'image' : isLink ? 'linked file' : node.tagName} \`${value}\``;
        if (!abs) {
          warn(
            file,
            'AssetMissing',
            `the ${what} does not exist (looked in static/, docs/public/ and docs/)`,
            where,
            'add the file, or fix the path (relative paths are read from the page’s folder)',
          );
          continue;
        }
        const rel = relative(root, abs);
        if (rel.startsWith('..') || isAbsolute(rel)) {
          warn(
            file,
            'AssetOutsideSite',
            `the ${what} is outside the site's folder and is not copied`,
            where,
            'move the file into the site (beside the page, or into static/)',
          );
          continue;
        }
        const facts = assetFacts(abs);
        if (!facts) {
          warn(
            file,
            'AssetMissing',
            `the ${what} does not exist (${rel.split('\\').join('/')})`,
            where,
            'add the file, or fix the path (relative paths are read from the page’s folder)',
          );
          continue;
        }
        assets.push({ source: abs, output: facts.output });
        const hash = value.includes('#') ? value.slice(value.indexOf('#')) : '';
        node.properties[attr] = withBaseUrl('/' + facts.output, options.baseUrl) + hash;
        node.data = { ...node.data, asset: true } as Element['data'];
        if (
          node.tagName === 'img' &&
          facts.width &&
          node.properties.width === undefined &&
          node.properties.height === undefined
        ) {
          node.properties.width = facts.width;
          node.properties.height = facts.height;
        }
      }
    });
    if (assets.length) file.data.assets = assets;
  };
}

declare module 'vfile' {
  interface DataMap {
    /** Files the page references, to copy into the output (see `rehypeAssets`). */
    assets: PageAsset[];
  }
}
