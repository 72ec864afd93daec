/**
 * The search contract: what the build writes for the site search and what the browser
 * reads. The build indexes every page split by heading section with MiniSearch and
 * writes, under `assets/`:
 *
 * - `search-manifest.json` (fixed name, revalidated): where the other files are;
 * - `search-index.<hash>.json` (immutable): a `SearchIndexFile` — everything needed
 *   to find and list results (terms, pages, heading paths), no body text;
 * - `search-text.<hash>.json` files (immutable): the start of each section's text, in
 *   blocks of `textsPerFile` sections, fetched only for the results on screen to
 *   show their snippets, so the index stays small as the site grows.
 *
 * Nothing is fetched before the reader first focuses or opens the search. The
 * MiniSearch options (fields, tokenizer, term processing) live here so that the index
 * is built and loaded with exactly the same ones.
 */
import type { CompactIndex } from './searchIndexCodec';

/** Where the manifest lives, relative to the site root (no base URL). */
export const SEARCH_MANIFEST_FILE = 'assets/search-manifest.json';

/** Bumped whenever the index layout or the MiniSearch options change. */
export const SEARCH_INDEX_VERSION = 2;

export interface SearchManifest {
  version: number;
  /** The index file, relative to the site root (no base URL), content-hashed. */
  index: string;
  /** Section text files: file k holds sections k·textsPerFile … (k+1)·textsPerFile−1. */
  texts: string[];
  textsPerFile: number;
  pages: number;
  sections: number;
}

/** A section text file: the texts of its sections, in id order. */
export type SearchTextFile = string[];

/** A page of the index; sections point at it by position. */
export interface SearchPage {
  /** Route without the base URL. */
  route: string;
  title: string;
  /** `api` pages (the API reference) rank their names first. */
  kind: string;
  /** A page of the docs' guided path (a doc in a sidebar: tutorials, comparisons); absent otherwise. */
  guide?: true;
}

/**
 * One indexed document: a section of a page — the text before the first heading, or
 * a heading and the text under it until the next heading.
 */
export interface SearchSection {
  id: number;
  /** Position of the page in `SearchIndexFile.pages`. */
  page: number;
  /** The heading's id (`''` for the top of the page). */
  anchor: string;
  /** Headings from the page title down to this section's own heading (inclusive). */
  path: string[];
  /** `path` without the page title (what is stored; the title is the page's). */
  headings: string[];
  /** Prose of the section, inline code included (indexed; its start goes to a text file). */
  text: string;
  /** Identifiers of the section's code blocks: names and signatures. */
  code: string;
}

/** What the index file holds. */
export interface SearchIndexFile {
  version: number;
  pages: SearchPage[];
  /** The sections' MiniSearch index in the compact form of `searchIndexCodec.ts`. */
  index: CompactIndex;
}

/**
 * Indexed fields, with the weight a match in each adds (names and headings first); `lead`
 * is the opening sentence of a section's text (also in `text`), where a section says what
 * it is about.
 */
export const SEARCH_FIELDS = ['heading', 'titles', 'lead', 'text', 'code'] as const;
export type SearchField = (typeof SEARCH_FIELDS)[number];
export const SEARCH_BOOST: Record<SearchField, number> = {
  heading: 4,
  titles: 1.5,
  lead: 1,
  text: 1,
  code: 0.8,
};
/** Fields stored in the index, returned with each result. */
export const SEARCH_STORE_FIELDS = ['page', 'anchor', 'headings'] as const;
/** Characters of each section's text kept for snippets. */
export const SECTION_TEXT_CHARS = 360;
/** Sections per text file. */
export const TEXTS_PER_FILE = 128;

/** A section's opening: its text up to the end of the first sentence (at most about 200 characters). */
export function leadOf(text: string): string {
  const end = /[.!?:](?=\s)/.exec(text);
  const cut = end ? text.slice(0, end.index) : text;
  return cut.length <= 200 ? cut : cut.slice(0, cut.lastIndexOf(' ', 200) + 1 || 200);
}

/** The value of a field of a section (MiniSearch's `extractField`). */
export function searchFieldOf(
  section: SearchSection,
  field: string,
): string | number | string[] | undefined {
  switch (field) {
    case 'heading':
      return section.path[section.path.length - 1] ?? '';
    case 'titles':
      return section.path.slice(0, -1).join(' ');
    case 'lead':
      return leadOf(section.text);
    default:
      return (section as unknown as Record<string, string | number | string[]>)[field];
  }
}

/**
 * Words too common to help. Dropped from prose (and from a query that has other
 * words: "group by" → "group"), but kept in headings and code, where they may be a
 * name (the API function `at`).
 */
const STOP_WORDS = new Set(
  'a an and are as at be by for from has have how i if in into is it its of on or so than that the their then there these this to was we were what when which will with you your'.split(
    ' ',
  ),
);
const NAME_FIELDS = new Set(['heading', 'code']);

const SPLIT = /[\s\p{P}\p{S}]+/u;
/** Boundaries inside identifiers: `readCsv` → read|Csv, `toJSON` → to|JSON, `HTMLParser` → HTML|Parser. */
const CAMEL = /(?<=[a-z\d])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])/;

/**
 * Index-time tokenizer: words and identifiers, plus the parts of camelCase
 * identifiers, so `readCsv` is found by "readcsv", "read csv" and "csv".
 */
export function tokenizeForIndex(text: string): string[] {
  const out: string[] = [];
  for (const word of text.split(SPLIT)) {
    if (!word) continue;
    out.push(word);
    if (!hasInnerCapital(word)) continue; // no boundary: most words, and the split is a regex with lookbehinds
    const parts = word.split(CAMEL);
    if (parts.length > 1) out.push(...parts);
  }
  return out;
}

/** Whether a capital letter follows the first character: every `CAMEL` boundary is before one. */
function hasInnerCapital(word: string): boolean {
  for (let i = 1; i < word.length; i++) {
    const c = word.charCodeAt(i);
    if (c >= 65 && c <= 90) return true;
  }
  return false;
}

/** Query-time tokenizer: the words as typed, without stop words unless there is nothing else. */
export function tokenizeQuery(text: string): string[] {
  const words = text.split(SPLIT).filter(Boolean);
  const content = words.filter((w) => !STOP_WORDS.has(w.toLowerCase()));
  return content.length ? content : words;
}

/** Index-time terms: lower-cased; one-letter tokens dropped, stop words dropped outside names. */
export function processIndexTerm(term: string, field?: string): string | null {
  const t = term.toLowerCase();
  if (t.length < 2 && !/\d/.test(t)) return null;
  if (STOP_WORDS.has(t) && !(field && NAME_FIELDS.has(field))) return null;
  return t;
}

/** Query-time terms: lower-cased; one-letter tokens dropped. */
export function processQueryTerm(term: string): string | null {
  const t = term.toLowerCase();
  return t.length < 2 && !/\d/.test(t) ? null : t;
}

/** A heading or query reduced for exact comparison: `drop()` and "Drop" are both "drop". */
export function normaliseName(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** The MiniSearch options, identical at build time and in the browser. */
export const searchIndexOptions = {
  idField: 'id',
  fields: [...SEARCH_FIELDS],
  storeFields: [...SEARCH_STORE_FIELDS],
  extractField: searchFieldOf as (doc: unknown, field: string) => string,
  tokenize: tokenizeForIndex,
  processTerm: processIndexTerm,
  searchOptions: { tokenize: tokenizeQuery, processTerm: processQueryTerm },
};

/** What a stored result carries (MiniSearch stored fields). */
export interface SearchStored {
  page: number;
  anchor: string;
  headings: string[];
}

/** One matching section, ready to show. */
export interface SearchHit {
  /** Section id (its text is `texts[id % textsPerFile]` of text file `⌊id / textsPerFile⌋`). */
  id: number;
  /** Route plus `#anchor`, without the base URL. */
  href: string;
  /** Headings below the page title down to the section (empty for the top of the page). */
  headings: string[];
  /** Words to highlight (the index terms that matched, lower-case). */
  terms: string[];
  score: number;
}

/** Hits grouped by page, best page first. */
export interface SearchResultGroup {
  route: string;
  title: string;
  kind: string;
  hits: SearchHit[];
}

/** The engine the search dialog uses (built in the browser from the index file). */
export interface SearchEngine {
  search(query: string): SearchResultGroup[];
  /** The texts of these sections (fetching their text files once); absent ones are missing. */
  texts(ids: number[]): Promise<Map<number, string>>;
  readonly pages: number;
  readonly sections: number;
}

/** Loads the engine (the manifest, the index, MiniSearch); rejects when the index cannot be loaded. */
export type SearchEngineLoader = (baseUrl: string) => Promise<SearchEngine>;
