import { isAbsolute, join, resolve, sep } from 'node:path';
import { errorDiagnostic } from '../diagnostics';

/**
 * The absolute path of `rel` inside `dir`, checked to lie inside it: every file the build
 * writes goes through here, so a route or file name that climbs out (`..`, an absolute
 * path, a backslash on Windows) fails the build instead of writing beside the output.
 * Routes are checked with their source's position before rendering (see `routeSafety.ts`);
 * this is the last line, for whatever else names a file.
 */
export function containedPath(dir: string, rel: string): string {
  if (!isSafeRelative(rel)) throw escapeError(dir, rel);
  const abs = join(dir, rel);
  const base = resolve(dir);
  const full = resolve(abs);
  if (full !== base && !full.startsWith(base.endsWith(sep) ? base : base + sep))
    throw escapeError(dir, rel);
  return abs;
}

/** A `/`-separated relative path of plain segments: no `..`, `.`, empty segment, backslash or NUL. */
export function isSafeRelative(rel: string): boolean {
  if (rel === '' || isAbsolute(rel) || rel.includes('\\') || rel.includes('\0')) return false;
  for (const segment of rel.split('/'))
    if (segment === '' || segment === '.' || segment === '..') return false;
  return true;
}

function escapeError(dir: string, rel: string) {
  return errorDiagnostic({
    code: 'OutputPathEscapes',
    message: `refusing to write "${rel}": it is not a plain path inside the output folder (${dir})`,
    hint: 'give the page a slug or file name without `..`, `\\` or a leading `/` outside the site',
  });
}
