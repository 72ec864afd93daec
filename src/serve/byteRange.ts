/** What a `Range` header asks of a representation of `size` bytes (RFC 9110 §14). */
export type RangeAnswer =
  /** No range, one to ignore (another unit, bad syntax), or several (answered whole). */
  | { kind: 'whole' }
  /** One satisfiable range: bytes `start`…`end`, both inclusive. */
  | { kind: 'part'; start: number; end: number }
  /** Nothing in it can be served: 416 with `Content-Range: bytes *\/size`. */
  | { kind: 'unsatisfiable' };

const WHOLE: RangeAnswer = { kind: 'whole' };
const UNSATISFIABLE: RangeAnswer = { kind: 'unsatisfiable' };

/** `first-pos "-" [ last-pos ]` or `"-" suffix-length`. */
const RANGE_SPEC = /^(?:(\d+)-(\d*)|-(\d+))$/;

/**
 * Reads a `Range` header against a representation of `size` bytes. Another unit than
 * `bytes`, or a set that does not parse (`bytes=abc`), is ignored and the whole body
 * goes out (§14.2: a server MAY ignore it). A spec whose last byte comes before its
 * first (`bytes=100-50`) is refused as unsatisfiable, as nginx does. Several ranges
 * get the whole body when any is satisfiable (a server may ignore the header; one
 * response format to test, and no multipart to get wrong). Numbers too big for a JS
 * integer are still ordered correctly: they only ever compare with `size`.
 */
export function byteRangeOf(header: string | undefined, size: number): RangeAnswer {
  if (header === undefined) return WHOLE;
  const eq = header.indexOf('=');
  if (eq === -1 || header.slice(0, eq).trim().toLowerCase() !== 'bytes') return WHOLE;
  // A list may hold empty elements (`bytes=0-1,,`), which recipients skip (§5.6.1).
  const specs = header
    .slice(eq + 1)
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
  if (specs.length === 0) return WHOLE;
  const parts: { start: number; end: number }[] = [];
  let invalid = false;
  for (const spec of specs) {
    const m = RANGE_SPEC.exec(spec);
    if (!m) return WHOLE;
    if (m[3] !== undefined) {
      const length = Number(m[3]);
      if (length > 0 && size > 0) parts.push({ start: Math.max(0, size - length), end: size - 1 });
      continue;
    }
    const first = Number(m[1]);
    const last = m[2] === '' ? Infinity : Number(m[2]);
    if (last < first) invalid = true;
    else if (first < size) parts.push({ start: first, end: Math.min(last, size - 1) });
  }
  if (invalid || parts.length === 0) return UNSATISFIABLE;
  if (specs.length > 1) return WHOLE;
  return { kind: 'part', ...parts[0]! };
}
