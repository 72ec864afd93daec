/**
 * Number prefixes in doc file and folder names (`01-intro.md`, `2_guides/`), as Docusaurus
 * reads them: the number orders the sidebar, and is left out of the doc's id, its route
 * and its default label. Names that are dates or versions (`2024-05-01-notes.md`,
 * `1.2-upgrade.md`) are not prefixed names: they keep their number.
 */

// A number, a separator (- _ . with optional spaces), then the name, which starts with
// something other than a separator.
const PREFIXED = /^(\d+)\s*[-_.]+\s*(?=[^-_.\s])/;
// A second number after the first: a date or a version.
const DATE_OR_VERSION = /^\d+[-_.]\d+(?:[-_.]|$)/;

/** One file or folder name split into its number prefix and the name without it. */
export function splitNumberPrefix(name: string): { name: string; number?: number } {
  if (DATE_OR_VERSION.test(name)) return { name };
  const m = PREFIXED.exec(name);
  if (!m || m[0].length === name.length) return { name };
  return { name: name.slice(m[0].length), number: Number(m[1]) };
}

/** A posix path with each segment's number prefix left out (`01-a/02-b.md` → `a/b.md`; `1.md` stays). */
export function stripNumberPrefixes(path: string): string {
  const ext = /\.mdx?$/.exec(path)?.[0] ?? '';
  return (
    path
      .slice(0, path.length - ext.length)
      .split('/')
      .map((segment) => splitNumberPrefix(segment).name)
      .join('/') + ext
  );
}

/** The number prefix of a doc's file name (without its extension), if it has one. */
export function fileNumber(path: string): number | undefined {
  const base = path.slice(path.lastIndexOf('/') + 1).replace(/\.mdx?$/, '');
  return splitNumberPrefix(base).number;
}
