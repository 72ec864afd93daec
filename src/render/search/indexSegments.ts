import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { deserialize, serialize } from 'node:v8';
import type { SearchPage } from '../../shared/searchIndex';
import { CompactIndexBuilder, segmentProblem, type IndexSegment } from './compactIndexBuilder';
import { searchPageOf, type PreparedSearchPage } from './searchIndexBuilder';
import { parsePrepared } from './searchThread';
import { writeWhole } from '../output/writeWhole';

/**
 * A run of consecutive pages merged into the search index on their own: their pages,
 * their sections' snippets and their index (`IndexSegment`), ready to be appended.
 */
export interface SearchSegment {
  pages: SearchPage[];
  snippets: string[];
  index: IndexSegment;
}

/** The segment of `pages` (prepared search entries; undefined for the not-found page). */
export function segmentOf(pages: (PreparedSearchPage | undefined)[]): SearchSegment {
  const index = new CompactIndexBuilder();
  const out: SearchPage[] = [];
  const snippets: string[] = [];
  for (const prepared of pages) {
    if (!prepared) continue;
    const page = out.length;
    out.push(searchPageOf(prepared));
    for (const section of prepared.sections) {
      index.addPrepared(page, section);
      snippets.push(section.snippet);
    }
  }
  return { pages: out, snippets, index: index.segment() };
}

/**
 * A page ends a segment when its entry's hash says so: about one page in
 * `SEGMENT_PAGES`, wherever it is, so a page added or removed changes the segment it is
 * in and leaves the others as they were (cut every N pages, every segment after it
 * would move). A segment also ends at `MAX_SEGMENT_CHARS` of entries: an edit merges
 * one segment again, and the API pages of a library (tens of KB of entry each) made one
 * of ~40 % of a site's index.
 */
const SEGMENT_PAGES = 16;
const MAX_SEGMENT_CHARS = 128 * 1024;

/** Bump when a segment's meaning changes: older files are then never read. */
const SEGMENT_FORMAT = 1;

/** A segment's file in the cache: named by the hash of its pages' entries. */
export const SEGMENT_FILE = /^[0-9a-f]{40}\.segment$/;

/**
 * The search index's segments kept in the render cache, so a rebuild merges only the
 * segment holding the page it changed, instead of every page's entry again (1,000 pages:
 * ~150 ms of parsing and merging, most of a one-edit rebuild's wait for its index).
 * A segment's key is the hash of its pages' entries as the render cache keeps them.
 */
export class SegmentCache {
  private pages: (string | undefined)[] = [];
  private chars = 0;
  private hash;
  private madeDir = false;
  /** The segments this build used, by file name: what the cache keeps (see `recordAndPrune`). */
  readonly used: string[] = [];

  constructor(
    private readonly dir: string,
    /** What the segments depend on besides the entries (dfdocs's version and code). */
    private readonly salt: string,
  ) {
    this.hash = this.newHash();
  }

  private newHash() {
    return createHash('sha1').update(`${SEGMENT_FORMAT}\0${this.salt}\0`);
  }

  /** Takes the next page's entry (JSON text); returns a segment when this page ends one. */
  add(json: string | undefined): SearchSegment | undefined {
    this.pages.push(json);
    this.chars += json?.length ?? 0;
    const pageHash = createHash('sha1')
      .update(json ?? '\u0001')
      .digest();
    this.hash.update(pageHash);
    return pageHash[0]! % SEGMENT_PAGES === 0 || this.chars >= MAX_SEGMENT_CHARS
      ? this.cut()
      : undefined;
  }

  /** The segment of the pages taken since the last one, if any. */
  rest(): SearchSegment | undefined {
    return this.pages.length ? this.cut() : undefined;
  }

  private cut(): SearchSegment {
    const name = `${this.hash.digest('hex')}.segment`;
    const pages = this.pages;
    this.pages = [];
    this.chars = 0;
    this.hash = this.newHash();
    this.used.push(name);
    const file = join(this.dir, name);
    const kept = this.read(file);
    if (kept) return kept;
    const made = segmentOf(pages.map(parsePrepared));
    try {
      if (!this.madeDir) mkdirSync(this.dir, { recursive: true });
      this.madeDir = true;
      writeWhole(file, serialize(made));
    } catch {
      // A cache that cannot be written costs the next rebuild this merge, nothing else.
    }
    return made;
  }

  /** A segment file, if it is there and whole (any other file is made again). */
  private read(file: string): SearchSegment | undefined {
    let segment: SearchSegment;
    try {
      segment = deserialize(readFileSync(file)) as SearchSegment;
    } catch {
      return undefined;
    }
    return Array.isArray(segment?.pages) &&
      Array.isArray(segment.snippets) &&
      typeof segment.index === 'object' &&
      segment.index !== null &&
      segment.index.count === segment.snippets.length &&
      !segmentProblem(segment.index)
      ? segment
      : undefined;
  }
}
