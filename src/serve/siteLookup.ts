import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { openRegularFile, type OpenFile } from './openFile';

/** Where a request path leads in a built folder. */
export type Found =
  /** A file to send; `name` is its path in the folder (its type comes from it). */
  | { kind: 'file'; file: OpenFile; name: string }
  /** `/x.html` or `/x/index.html` of a page: its clean path (`/x`, or `/`), still encoded. */
  | { kind: 'redirect'; to: string }
  | { kind: 'missing' };

const MISSING: Found = { kind: 'missing' };

/** Dot-files and dot-folders stay private, but for `.well-known` (RFC 8615). */
export const isPrivatePath = (decoded: string): boolean =>
  /\/\.(?!well-known(?:\/|$))/.test(decoded);

async function isRegularFile(abs: string): Promise<boolean> {
  return (await stat(abs).catch(() => undefined))?.isFile() ?? false;
}

/**
 * Resolves a checked request path (see requestPath.ts: no `..`, no empty segment) in a
 * built folder, looking at the disk every time (a rebuild may have changed anything):
 * - `/x` is `x/index.html` (clean URLs), else the file `x`, else `x.html`; `/x.y` is
 *   the file `x.y`, else `x.y.html`, else `x.y/index.html`;
 * - `/x/` is `x/index.html`;
 * - `/x/index.html` redirects to `/x` (`/index.html` to `/`), and `/x.html` with no file
 *   of that name redirects to `/x` when `x/index.html` exists: one URL per page;
 * - any other `.html` file is served under its own name (`404.html`, a writer's file).
 * `forget` hears of every path found empty, so memory kept for it can go.
 */
export async function findInSite(
  dir: string,
  pathname: string,
  forget: (abs: string) => void = () => {},
): Promise<Found> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return MISSING;
  }
  if (isPrivatePath(decoded)) return MISSING;
  const first = async (names: string[]): Promise<Found> => {
    for (const name of names) {
      const abs = join(dir, name);
      const file = await openRegularFile(abs);
      if (file) return { kind: 'file', file, name };
      forget(abs);
    }
    return MISSING;
  };
  if (decoded.endsWith('/index.html')) {
    if (!(await isRegularFile(join(dir, decoded)))) return MISSING;
    return { kind: 'redirect', to: pathname.slice(0, -'/index.html'.length) || '/' };
  }
  if (decoded.endsWith('.html')) {
    const found = await first([decoded]);
    if (found.kind === 'file') return found;
    const clean = decoded.slice(0, -'.html'.length);
    return (await isRegularFile(join(dir, clean, 'index.html')))
      ? { kind: 'redirect', to: pathname.slice(0, -'.html'.length) }
      : MISSING;
  }
  if (decoded.endsWith('/')) return first([decoded + 'index.html']);
  // A page's URL has no extension and names a folder: try its index first (one open
  // instead of three); a file of that exact name (`LICENSE`) is found next.
  return /\/[^/.]+$/.test(decoded)
    ? first([decoded + '/index.html', decoded, decoded + '.html'])
    : first([decoded, decoded + '.html', decoded + '/index.html']);
}
