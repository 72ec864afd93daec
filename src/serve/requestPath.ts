/** Characters or sequences that need the full check. */
const SUSPECT = /[%\\\0]|\/\.|\/\//;

/** The outcome of checking a request target before any file lookup. */
export type CheckedPath = { ok: true; pathname: string; search: string } | { ok: false };

/**
 * Refuses request targets that try to leave the served folder or confuse a file lookup:
 * anything not starting with `/` (absolute-form `http://…`, `*`), backslashes, NUL bytes,
 * malformed percent-encoding, `.`/`..` segments and empty segments (`//etc/passwd`),
 * checked on the decoded path so `%2e%2e%2f` is caught as well as `../`.
 * Double encodings (`%252e`) decode once to a literal `%2e` and simply match no file.
 */
export function checkRequestPath(url: string): CheckedPath {
  if (!url.startsWith('/')) return { ok: false };
  let cut = url.length;
  for (const ch of ['?', '#']) {
    const i = url.indexOf(ch);
    if (i !== -1 && i < cut) cut = i;
  }
  const pathname = url.slice(0, cut);
  const search = url.slice(cut).replace(/#.*$/, '');
  // Fast path: nothing encoded, no backslash, NUL, dot segment or empty segment.
  if (!SUSPECT.test(pathname)) return { ok: true, pathname, search };
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return { ok: false };
  }
  if (/[\\\0]/.test(pathname) || /[\\\0]/.test(decoded)) return { ok: false };
  const segments = decoded.split('/').slice(1);
  for (let i = 0; i < segments.length; i++) {
    const s = segments[i]!;
    if (s === '.' || s === '..') return { ok: false };
    if (s === '' && i < segments.length - 1) return { ok: false };
  }
  // Normalised so that reserved characters reach the file lookup decoded (`expr%24` →
  // `expr$`), whichever of decodeURI or decodeURIComponent the reader applies.
  return { ok: true, pathname: encodeURI(decoded), search };
}
