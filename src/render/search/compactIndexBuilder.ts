import {
  SEARCH_FIELDS,
  SEARCH_STORE_FIELDS,
  searchFieldOf,
  searchIndexOptions,
  type SearchSection,
} from '../../shared/searchIndex';
import type { CompactIndex } from '../../shared/searchIndexCodec';
import { ownString } from './ownString';

/**
 * A term's postings in one field, delta-encoded as `CompactIndex.postings` wants them and
 * held as zigzag varints (mostly one byte a number): as `number[]` (eight bytes a number,
 * plus growth) they were most of the main thread's heap at 10,000 pages.
 */
interface FieldPostings {
  count: number;
  last: number;
  bytes: Uint8Array;
  length: number;
}

/** `array` if it has room for `extra` more after its first `used` elements, else a copy of those in one twice as large (at least). */
function withRoom<T extends Uint8Array | Uint32Array>(array: T, used: number, extra: number): T {
  if (used + extra <= array.length) return array;
  const grown = new (array.constructor as new (length: number) => T)(
    Math.max(array.length * 2, used + extra),
  );
  grown.set(array.subarray(0, used) as never);
  return grown;
}

/** Appends `value` (a safe integer) to the postings as a zigzag varint. */
function pushNumber(p: FieldPostings, value: number): void {
  let z = value >= 0 ? value * 2 : -value * 2 - 1;
  p.bytes = withRoom(p.bytes, p.length, 8);
  while (z >= 0x80) {
    p.bytes[p.length++] = (z % 0x80) | 0x80;
    z = Math.floor(z / 0x80);
  }
  p.bytes[p.length++] = z;
}

/** Where `readNumber` stopped: the byte after the number it read (a variable, not an object per number). */
let readEnd = 0;

/** The number `pushNumber` stored at `bytes[at]`; sets `readEnd` past it. */
function readNumber(bytes: Uint8Array, at: number): number {
  let z = 0;
  let scale = 1;
  let byte: number;
  do {
    byte = bytes[at++]!;
    z += (byte & 0x7f) * scale;
    scale *= 0x80;
  } while (byte & 0x80);
  readEnd = at;
  return z % 2 === 0 ? z / 2 : -(z + 1) / 2;
}

/** The numbers `pushNumber` stored, in order. */
function numbersOf(p: FieldPostings): number[] {
  const out: number[] = [];
  for (let i = 0; i < p.length; i = readEnd) out.push(readNumber(p.bytes, i));
  return out;
}

const COMMA = 44;
const OPEN = 91;
const CLOSE = 93;

/**
 * Writes JSON's numbers and punctuation as ASCII into a buffer, pushed to `out` as text
 * 64 KB at a time: the postings of 1,000 pages are ~600,000 numbers, and a string
 * concatenated per number took ~30 ms of a one-edit rebuild's wait for its index.
 */
class AsciiNumbers {
  private readonly buffer = Buffer.allocUnsafe(1 << 16);
  private at = 0;

  constructor(private readonly out: JsonChunks) {}

  byte(code: number): void {
    if (this.at === this.buffer.length) this.flush();
    this.buffer[this.at++] = code;
  }

  /** A safe integer, as `String(n)` writes it. */
  number(n: number): void {
    if (this.at + 24 > this.buffer.length) this.flush();
    if (n < 0) {
      this.buffer[this.at++] = 45; // '-'
      n = -n;
    }
    if (n < 10) {
      this.buffer[this.at++] = 48 + n;
      return;
    }
    let digits = 1;
    for (let rest = n; rest >= 10; rest = (rest - (rest % 10)) / 10) digits++;
    let i = (this.at += digits);
    do {
      const digit = n % 10;
      this.buffer[--i] = 48 + digit;
      n = (n - digit) / 10;
    } while (n > 0);
  }

  /** `,n` for each number of the postings. */
  numbers(p: FieldPostings): void {
    for (let i = 0; i < p.length; i = readEnd) {
      const n = readNumber(p.bytes, i);
      this.byte(COMMA);
      this.number(n);
    }
  }

  flush(): void {
    if (this.at) this.out.push(this.buffer.toString('latin1', 0, this.at));
    this.at = 0;
  }
}

/**
 * A section reduced to what the index needs of it: its stored fields, the length of each
 * field (`null` when absent) and, per distinct term, its frequency in each field it
 * occurs in (`counts`, see `encodeCounts`). Computed where the page is rendered, so the
 * main thread only merges postings; small enough to keep in the page cache.
 */
export interface PreparedSection {
  anchor: string;
  headings: string[];
  fieldLength: (number | null)[];
  terms: string[];
  counts: string;
}

const FIRST_FIELD = 97; // 'a'
const TERM_END = 44; // ','

/**
 * Term frequencies per field (`dense[t * fields + f]`) as text: for each term, for each
 * field it occurs in, a letter (`a` + the field's number) and the count in decimal, then
 * a comma. "a1c3," is once in the first field and three times in the third. As a number
 * per term and field (almost all zeros), they were 28 % of a page's cache entry and of
 * what a render worker sends back, parsed again on every rebuild.
 */
function encodeCounts(dense: number[], fields: number): string {
  let text = '';
  for (let at = 0; at < dense.length; at += fields) {
    for (let f = 0; f < fields; f++)
      if (dense[at + f]) text += String.fromCharCode(FIRST_FIELD + f) + dense[at + f];
    text += ',';
  }
  return text;
}

/** Tokenizes a section with MiniSearch's rules (the shared options). */
export function prepareSection(section: SearchSection): PreparedSection {
  const F = SEARCH_FIELDS.length;
  const fieldLength: (number | null)[] = [];
  const termIndex = new Map<string, number>();
  const counts: number[] = [];
  SEARCH_FIELDS.forEach((field, f) => {
    const value = searchFieldOf(section, field);
    if (value == null) {
      fieldLength.push(null);
      return;
    }
    const tokens = searchIndexOptions.tokenize(String(value));
    fieldLength.push(new Set(tokens).size);
    for (const token of tokens) {
      const term = searchIndexOptions.processTerm(token, field);
      if (!term) continue;
      let t = termIndex.get(term);
      if (t === undefined) {
        termIndex.set(term, (t = termIndex.size));
        for (let k = 0; k < F; k++) counts.push(0);
      }
      counts[t * F + f]!++;
    }
  });
  return {
    anchor: section.anchor,
    headings: section.headings,
    fieldLength,
    terms: [...termIndex.keys()],
    counts: encodeCounts(counts, F),
  };
}

/**
 * Builds the site's search index straight into the compact form the browser loads
 * (`searchIndexCodec.ts`), section by section, with exactly MiniSearch's indexing rules
 * (its tokenizer, term processing, field lengths and running averages, from the shared
 * options). A MiniSearch instance keeps a map per term, field and section, and at
 * 10,000 pages that was most of the build's memory (about 120 KB per page); these
 * postings are flat number arrays. The browser still searches with MiniSearch: a test
 * checks this index decodes to what MiniSearch itself builds from the same sections.
 */
const rowEncoder = new TextEncoder();
/** Bytes of stored rows decoded at a time by `writeJson`. */
const STORED_PIECE = 1 << 16;

/**
 * A builder's sections, flat: field lengths (and which are absent), stored rows (page
 * numbers from 0), and per term, first met first, a field mask then each field's count,
 * last section and the byte length of its postings in `postingBytes` (as `FieldPostings`).
 */
export interface IndexSegment {
  count: number;
  fieldLength: Uint32Array;
  absent: Uint8Array;
  stored: Uint8Array;
  terms: string[];
  postings: Uint32Array;
  postingBytes: Uint8Array;
}

// Stored rows start with their page number (see `appendRows`).
if (SEARCH_STORE_FIELDS[0] !== 'page')
  throw new Error('search index: stored rows must start with the page');

/**
 * What does not fit in a segment (read from a cache, it may be another version's or
 * damaged), or undefined: checked before `appendSegment` changes anything.
 */
export function segmentProblem(segment: IndexSegment): string | undefined {
  const F = SEARCH_FIELDS.length;
  const { count, fieldLength, absent, stored, terms, postings, postingBytes } = segment;
  if (
    !Number.isSafeInteger(count) ||
    !(fieldLength instanceof Uint32Array) ||
    !(absent instanceof Uint8Array) ||
    !(stored instanceof Uint8Array) ||
    !(postings instanceof Uint32Array) ||
    !(postingBytes instanceof Uint8Array) ||
    !Array.isArray(terms) ||
    !terms.every((t) => typeof t === 'string')
  )
    return 'of the wrong shape';
  if (fieldLength.length !== count * F || absent.length !== count * F)
    return 'whose field lengths do not fit its sections';
  let rows = 0;
  for (let at = 0; at < stored.length; at = stored.indexOf(0x0a, at) + 1 || stored.length) {
    if (stored[at] !== 0x5b) return 'with a stored row that is not an array';
    rows++;
  }
  if (rows !== count || (count && stored[stored.length - 1] !== 0x0a))
    return 'whose stored rows do not fit its sections';
  let m = 0;
  let bytes = 0;
  for (let t = 0; t < terms.length; t++) {
    const mask = postings[m++]!;
    if (!mask || mask >= 1 << F) return 'with a term in no field';
    for (let f = 0; f < F; f++)
      if (mask & (1 << f)) {
        if (!postings[m] || postings[m + 1]! >= count || !postings[m + 2])
          return 'with empty postings';
        bytes += postings[m + 2]!;
        m += 3;
      }
  }
  if (m !== postings.length || bytes !== postingBytes.length)
    return 'whose postings do not fit its terms';
  return undefined;
}

/** Where `writeJson` puts the pieces of its text, in order. */
export interface JsonChunks {
  push(piece: string): void;
}

export class CompactIndexBuilder {
  private readonly terms = new Map<string, (FieldPostings | undefined)[]>();
  /** Each section's field lengths, in a typed array (8 bytes a number in a `number[]`). */
  private fieldLength = new Uint32Array(1024);
  /** 1 where a section lacks the field (its length is `null`: the running average skips it). */
  private absent = new Uint8Array(1024);
  private fieldLengths = 0;
  private readonly averageFieldLength: number[] = SEARCH_FIELDS.map(() => 0);
  /**
   * Each section's stored fields as a JSON row, one per line, in a growing byte buffer:
   * outside the JavaScript heap, about 70 bytes a section instead of ~300 as an array of
   * strings. The main thread's live heap grows with the site, and V8 lets the heap grow
   * to ~4× what is live before it collects.
   */
  private stored = new Uint8Array(1 << 16);
  private storedBytes = 0;
  private count = 0;

  /** Adds the next section; its `id` must be the number of sections added before it. */
  add(section: SearchSection): void {
    if (section.id !== this.count)
      throw new Error(`search index: section ${this.count} has id ${section.id}`);
    this.addPrepared(section.page, prepareSection(section));
  }

  /** Adds the next section of page number `page`, indexed beforehand (possibly in a render worker). */
  addPrepared(page: number, section: PreparedSection): void {
    const doc = this.count;
    const F = SEARCH_FIELDS.length;
    const stored: Record<string, unknown> = {
      page,
      anchor: section.anchor,
      headings: section.headings,
    };
    this.storeRow(JSON.stringify(SEARCH_STORE_FIELDS.map((name) => stored[name])));
    section.fieldLength.forEach((length, f) => this.pushFieldLength(doc, f, length));
    const counts = section.counts;
    let at = 0;
    for (const term of section.terms) {
      let byField = this.terms.get(term);
      if (!byField) this.terms.set(ownString(term), (byField = []));
      // The term's fields and counts, up to its comma (see `encodeCounts`).
      while (at < counts.length && counts.charCodeAt(at) !== TERM_END) {
        const f = counts.charCodeAt(at++) - FIRST_FIELD;
        let tf = 0;
        for (let c = counts.charCodeAt(at); c >= 48 && c <= 57; c = counts.charCodeAt(++at))
          tf = tf * 10 + (c - 48);
        if (f < 0 || f >= F || tf === 0)
          throw new Error(`search index: malformed term counts ${JSON.stringify(counts)}`);
        const postings = (byField[f] ??= {
          count: 0,
          last: -1,
          bytes: new Uint8Array(4),
          length: 0,
        });
        const delta = doc - postings.last; // ≥ 1, so its sign is free to mark a frequency
        if (tf === 1) pushNumber(postings, delta);
        else {
          pushNumber(postings, -delta);
          pushNumber(postings, tf);
        }
        postings.count++;
        postings.last = doc;
      }
      at++;
    }
    this.count++;
  }

  /** Section `doc`'s length of field `f`, and MiniSearch's running mean of the field over the sections that have it. */
  private pushFieldLength(doc: number, f: number, length: number | null): void {
    this.fieldLength = withRoom(this.fieldLength, this.fieldLengths, 1);
    this.absent = withRoom(this.absent, this.fieldLengths, 1);
    this.fieldLength[this.fieldLengths] = length ?? 0;
    this.absent[this.fieldLengths++] = length === null ? 1 : 0;
    // MiniSearch's running mean, in its order of operations, so the averages are identical.
    if (length !== null)
      this.averageFieldLength[f] = (this.averageFieldLength[f]! * doc + length) / (doc + 1);
  }

  /**
   * What this builder holds, flat (for the render cache, see `indexSegments.ts`): sections
   * numbered from 0 and pages as added; `appendSegment` adds it to another builder.
   */
  segment(): IndexSegment {
    let bytes = 0;
    let meta = 0;
    for (const byField of this.terms.values())
      for (const p of byField) {
        if (!p) continue;
        bytes += p.length;
        meta += 3;
      }
    const segment: IndexSegment = {
      count: this.count,
      fieldLength: this.fieldLength.slice(0, this.fieldLengths),
      absent: this.absent.slice(0, this.fieldLengths),
      stored: this.stored.slice(0, this.storedBytes),
      terms: [...this.terms.keys()],
      postings: new Uint32Array(this.terms.size + meta),
      postingBytes: new Uint8Array(bytes),
    };
    let m = 0;
    let at = 0;
    for (const byField of this.terms.values()) {
      let mask = 0;
      const maskAt = m++;
      byField.forEach((p, f) => {
        if (!p) return;
        mask |= 1 << f;
        segment.postings[m++] = p.count;
        segment.postings[m++] = p.last;
        segment.postings[m++] = p.length;
        segment.postingBytes.set(p.bytes.subarray(0, p.length), at);
        at += p.length;
      });
      segment.postings[maskAt] = mask;
    }
    return segment;
  }

  /**
   * Adds the sections of `segment` after those added so far, their pages numbered from
   * `firstPage`: the index is what adding them one by one would have made, byte for byte.
   */
  appendSegment(segment: IndexSegment, firstPage: number): void {
    const problem = segmentProblem(segment);
    if (problem) throw new Error(`search index: a segment ${problem}`);
    const F = SEARCH_FIELDS.length;
    const base = this.count;
    for (let i = 0; i < segment.count; i++)
      for (let f = 0; f < F; f++)
        this.pushFieldLength(
          base + i,
          f,
          segment.absent[i * F + f] ? null : segment.fieldLength[i * F + f]!,
        );
    this.appendRows(segment.stored, firstPage);
    let m = 0;
    let at = 0;
    const bytes = segment.postingBytes;
    for (const term of segment.terms) {
      let byField = this.terms.get(term);
      if (!byField) this.terms.set(ownString(term), (byField = []));
      const mask = segment.postings[m++]!;
      for (let f = 0; f < F; f++) {
        if (!(mask & (1 << f))) continue;
        const count = segment.postings[m++]!;
        const last = segment.postings[m++]!;
        const length = segment.postings[m++]!;
        const postings = (byField[f] ??= {
          count: 0,
          last: -1,
          bytes: new Uint8Array(4),
          length: 0,
        });
        // The segment's first delta counts from -1 (see `addPrepared`): from the last section here instead.
        const first = readNumber(bytes, at);
        const i = readEnd;
        const doc = base + Math.abs(first) - 1;
        pushNumber(postings, first > 0 ? doc - postings.last : postings.last - doc);
        const rest = at + length - i;
        postings.bytes = withRoom(postings.bytes, postings.length, rest);
        postings.bytes.set(bytes.subarray(i, at + length), postings.length);
        postings.length += rest;
        postings.count += count;
        postings.last = base + last;
        at += length;
      }
    }
    this.count += segment.count;
  }

  /** Stored rows of another builder (`[page,…]` each, one a line), their page numbers counted from `firstPage`. */
  private appendRows(rows: Uint8Array, firstPage: number): void {
    for (let at = 0; at < rows.length;) {
      let page = 0;
      let i = at + 1; // after the row's '['
      for (let c = rows[i]!; c >= 48 && c <= 57; c = rows[++i]!) page = page * 10 + (c - 48);
      const end = rows.indexOf(0x0a, i) + 1;
      const head = `[${firstPage + page}`;
      this.stored = withRoom(this.stored, this.storedBytes, head.length + end - i);
      for (let k = 0; k < head.length; k++) this.stored[this.storedBytes++] = head.charCodeAt(k);
      this.stored.set(rows.subarray(i, end), this.storedBytes);
      this.storedBytes += end - i;
      at = end;
    }
  }

  private storeRow(json: string): void {
    const room = Buffer.byteLength(json) + 1;
    this.stored = withRoom(this.stored, this.storedBytes, room);
    this.storedBytes += rowEncoder.encodeInto(json, this.stored.subarray(this.storedBytes)).written;
    this.stored[this.storedBytes++] = 0x0a; // JSON.stringify escapes newlines: a row is one line
  }

  get sectionCount(): number {
    return this.count;
  }

  /**
   * Writes `JSON.stringify(this.finish())`, byte for byte, to `out` in pieces, without
   * building it: `finish` expands every posting list into an array of numbers and every
   * stored row into objects, and the text of the whole (10,000 pages: 17 MB) on top of
   * them tripled the build's heap at its end.
   */
  writeJson(out: JsonChunks): void {
    out.push(
      `{"count":${this.count},"fields":${JSON.stringify([...SEARCH_FIELDS])},"averageFieldLength":${JSON.stringify(this.averageFieldLength)},"fieldLength":[`,
    );
    const ascii = new AsciiNumbers(out);
    for (let i = 0; i < this.fieldLengths; i++) {
      if (i) ascii.byte(COMMA);
      ascii.number(this.fieldLength[i]!);
    }
    ascii.flush();
    out.push(`],"storeFields":${JSON.stringify([...SEARCH_STORE_FIELDS])},"stored":[`);
    // Rows are JSON texts, one per line (JSON escapes newlines in strings, and a newline
    // byte never occurs inside another character's UTF-8): the separators become commas.
    const decoder = new TextDecoder();
    const end = Math.max(0, this.storedBytes - 1); // without the last row's newline
    for (let at = 0; at < end; at += STORED_PIECE) {
      const bytes = this.stored.subarray(at, Math.min(end, at + STORED_PIECE));
      out.push(decoder.decode(bytes, { stream: true }).replace(/\n/g, ','));
    }
    out.push(decoder.decode());
    out.push('],"terms":[');
    let first = true;
    for (const term of this.terms.keys()) {
      out.push(first ? JSON.stringify(term) : `,${JSON.stringify(term)}`);
      first = false;
    }
    out.push('],"postings":[');
    first = true;
    for (const byField of this.terms.values()) {
      if (!first) ascii.byte(COMMA);
      ascii.byte(OPEN);
      first = false;
      let empty = true;
      byField.forEach((p, f) => {
        if (!p) return;
        if (!empty) ascii.byte(COMMA);
        empty = false;
        ascii.number(f);
        ascii.byte(COMMA);
        ascii.number(p.count);
        ascii.numbers(p);
      });
      ascii.byte(CLOSE);
    }
    ascii.flush();
    out.push(']}');
  }

  /** The index as an object: what `writeJson` writes (the build streams that; tests compare this with MiniSearch's own index). */
  finish(): CompactIndex {
    const terms: string[] = [];
    const postings: number[][] = [];
    for (const [term, byField] of this.terms) {
      let out: number[] = [];
      byField.forEach((p, f) => {
        // concat, not push(...): a common term's postings outgrow the argument limit.
        if (p) out = out.concat([f, p.count], numbersOf(p));
      });
      terms.push(term);
      postings.push(out);
    }
    const fieldLength = Array.from(this.fieldLength.subarray(0, this.fieldLengths));
    const rows = new TextDecoder().decode(this.stored.subarray(0, this.storedBytes));
    const stored = rows
      ? (JSON.parse(`[${rows.slice(0, -1).replace(/\n/g, ',')}]`) as unknown[][])
      : [];
    return {
      count: this.count,
      fields: [...SEARCH_FIELDS],
      averageFieldLength: this.averageFieldLength,
      fieldLength,
      storeFields: [...SEARCH_STORE_FIELDS],
      stored,
      terms,
      postings,
    };
  }
}
