import type { RouteEntry } from '../site/siteModel';

/**
 * The site root, read back from a route's absolute and root-relative source paths: render
 * workers are not told the root, and `plot` examples run in their page's folder.
 */
export function siteRootOfEntry(entry: RouteEntry): string | undefined {
  if (entry.kind === 'generated') return undefined;
  const { absPath, sourcePath } = entry.source;
  return absPath.endsWith(sourcePath)
    ? absPath.slice(0, absPath.length - sourcePath.length) || '/'
    : undefined;
}
