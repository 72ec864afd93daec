import { posix } from 'node:path';

/**
 * Route of a doc from its path under `docs/` (posix, with extension) and front matter slug.
 * `a/b.md` → `/docs/a/b`; `a/index.md` → `/docs/a`; an absolute slug replaces the path
 * below `/docs`, a relative one replaces the file name.
 */
export function docRoute(relPath: string, slug: string | undefined, docsBase = '/docs'): string {
  const noExt = relPath.replace(/\.mdx?$/, '');
  const dir = posix.dirname(noExt) === '.' ? '' : posix.dirname(noExt);
  const base = posix.basename(noExt);
  let route: string;
  if (slug !== undefined) {
    route = slug.startsWith('/') ? slug : posix.join('/', dir, slug);
  } else {
    route = base === 'index' ? '/' + dir : '/' + noExt;
  }
  return normaliseRoute(docsBase + (route === '/' ? '' : route)) || docsBase;
}

/** Route of a standalone page from its path under `pages/`: `index.tsx` → `/`, `a.md` → `/a`. */
export function pageRoute(relPath: string): string {
  const noExt = relPath.replace(/\.(mdx?|tsx|jsx)$/, '');
  const base = posix.basename(noExt);
  const dir = posix.dirname(noExt) === '.' ? '' : posix.dirname(noExt);
  return normaliseRoute('/' + (base === 'index' ? dir : noExt));
}

/** Collapses duplicate slashes and drops a trailing slash (the root stays `/`). */
export function normaliseRoute(route: string): string {
  const r = route.replace(/\/{2,}/g, '/').replace(/\/$/, '');
  return r === '' ? '/' : r;
}

/** Doc id: front matter `id` replaces the file name; `index.md` takes its folder's path. */
export function docId(relPath: string, id: string | undefined): string {
  const noExt = relPath.replace(/\.mdx?$/, '');
  const dir = posix.dirname(noExt) === '.' ? '' : posix.dirname(noExt);
  const base = posix.basename(noExt);
  if (id) return dir ? `${dir}/${id}` : id;
  if (base === 'index') return dir || 'index';
  return noExt;
}
