import type { IncomingHttpHeaders } from 'node:http';

/**
 * What tells two versions of a served file apart: its inode, size, modification time,
 * and change time — which no tool can set back (`cp -p` and `touch -d` can restore an
 * old mtime, and every write or rename sets ctime to now).
 */
export interface FileStamp {
  ino: bigint;
  size: bigint;
  mtimeNs: bigint;
  ctimeNs: bigint;
}

/**
 * A strong entity tag for one representation of a file: its stamp (a rename, a rewrite
 * or a touch each change it), plus the coding for compressed bytes, which are a
 * representation of their own.
 */
export function etagOf(stamp: FileStamp, coding: string): string {
  const id = [stamp.ino, stamp.size, stamp.mtimeNs, stamp.ctimeNs]
    .map((n) => n.toString(36))
    .join('-');
  return coding === 'identity' ? `"${id}"` : `"${id}-${coding}"`;
}

/** The `Last-Modified` date of a file (HTTP dates have whole seconds). */
export const lastModifiedOf = (stamp: FileStamp): Date =>
  new Date(Number(stamp.mtimeNs / 1_000_000_000n) * 1000);

/** The tags of an `If-None-Match`/`If-Range` list, `W/` kept, or `*`. */
function entityTags(value: string): string[] {
  return value.match(/(?:W\/)?"[^"]*"|\*/g) ?? [];
}

const opaque = (tag: string) => tag.replace(/^W\//, '');

/** An HTTP date in seconds, or undefined when the value is not a date. */
function dateOf(value: string | undefined): number | undefined {
  if (!value) return undefined;
  const t = Date.parse(value);
  return Number.isNaN(t) ? undefined : Math.floor(t / 1000);
}

/**
 * True when a GET/HEAD gets 304 (RFC 9110 §13.2.2): `If-None-Match` decides when it is
 * there (weak comparison, `*` matches any file); else `If-Modified-Since`, when it is a
 * valid date no earlier than the file's time.
 */
export function isNotModified(
  headers: IncomingHttpHeaders,
  etag: string,
  lastModified: Date,
): boolean {
  const noneMatch = headers['if-none-match'];
  if (noneMatch !== undefined) {
    const tags = entityTags(noneMatch);
    return tags.includes('*') || tags.some((t) => opaque(t) === opaque(etag));
  }
  const since = dateOf(headers['if-modified-since']);
  return since !== undefined && lastModified.getTime() / 1000 <= since;
}

/**
 * True when a `Range` may be honoured (RFC 9110 §13.1.5): no `If-Range`, or one that
 * names this representation — its strong tag exactly, or its `Last-Modified` date.
 * Otherwise the client's partial copy is of another version: send the whole body.
 */
export function ifRangeHolds(
  headers: IncomingHttpHeaders,
  etag: string,
  lastModified: Date,
): boolean {
  const raw = headers['if-range'];
  if (raw === undefined) return true;
  const value = String(raw).trim();
  if (value.startsWith('"') || value.startsWith('W/')) return value === etag;
  const date = dateOf(value);
  return date !== undefined && date === lastModified.getTime() / 1000;
}
