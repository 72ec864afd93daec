// What a built page downloads before its client runs: the files its HTML names in
// `<script … src>` and `<link rel="modulepreload" href>`, raw and gzip -9, in bytes.
// One definition for the first-load budget test and the bench (plain JavaScript, so the
// bench runs without a TypeScript loader).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/** Site-relative paths of the scripts a page's HTML loads up front, each once. */
export function firstLoadFiles(html) {
  return [
    ...new Set(
      [
        ...html.matchAll(
          /<(?:script[^>]*\ssrc|link[^>]*rel="modulepreload"[^>]*\shref)="([^"]+)"/g,
        ),
      ].map((m) => m[1]),
    ),
  ];
}

/** The first-load files of the page `htmlFile` (relative to `outDir`) and their bytes, raw and gzip -9. */
export function firstLoadJs(outDir, htmlFile) {
  const files = firstLoadFiles(readFileSync(join(outDir, htmlFile), 'utf8'));
  let raw = 0;
  let gzip = 0;
  for (const f of files) {
    const buf = readFileSync(join(outDir, f.replace(/^\//, '')));
    raw += buf.length;
    gzip += gzipSync(buf, { level: 9 }).length;
  }
  return { files, raw, gzip };
}
