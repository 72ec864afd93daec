import { randomBytes } from 'node:crypto';
import { stringParts } from '../cache/blobLedger';

/**
 * A large page's files as UTF-8 bytes made a part at a time, so that neither file ever
 * exists as one string beside the page's others. A page's HTML holds characters past
 * Latin-1 (each heading's link holds a zero-width space), so V8 keeps it at two bytes a
 * character: a 2 MB page of code and prose gave 11 M characters of HTML, 22 MB as a
 * string and again as its content file's JSON string (`JSON.stringify({ page })`), when
 * the bytes written are 11 MB. Measured on that page: the moment its content file was
 * made was the build's peak, ~30 MiB above the rest.
 */

/** The UTF-8 bytes of the text `parts()` yields: sized in a first pass, written in a second, so only the bytes are held whole. */
export function utf8Of(parts: () => Iterable<string>): Buffer<ArrayBuffer> {
  let size = 0;
  for (const part of parts()) size += Buffer.byteLength(part);
  const bytes = Buffer.allocUnsafe(size);
  let at = 0;
  for (const part of parts()) at += bytes.write(part, at);
  return bytes;
}

/**
 * `JSON.stringify({ page })` in parts: the page with a placeholder for its HTML, and the
 * HTML escaped a megabyte at a time between. JSON escapes character by character, and
 * `stringParts` never cuts a surrogate pair, so the parts join to exactly the whole.
 */
export function* contentFileParts(page: { html: string }): Generator<string> {
  const hole = `dfdocs-html-${randomBytes(8).toString('hex')}`;
  const shell = JSON.stringify({ page: { ...page, html: hole } });
  const at = shell.indexOf(`"${hole}"`);
  if (at < 0 || shell.indexOf(`"${hole}"`, at + 1) >= 0)
    throw new Error('content file: the page HTML placeholder was not found once');
  yield shell.slice(0, at + 1);
  for (const part of stringParts(page.html)) yield JSON.stringify(part).slice(1, -1);
  yield shell.slice(at + hole.length + 1);
}
