import { createHash } from 'node:crypto';
import {
  SEARCH_INDEX_VERSION,
  SEARCH_MANIFEST_FILE,
  SECTION_TEXT_CHARS,
  TEXTS_PER_FILE,
  type SearchIndexFile,
  type SearchManifest,
  type SearchPage,
  type SearchSection,
} from '../../shared/searchIndex';
import { sectionsOf } from './sections';
import {
  CompactIndexBuilder,
  prepareSection,
  type JsonChunks,
  type PreparedSection,
} from './compactIndexBuilder';
import { ownString } from './ownString';
import type { SearchSegment } from './indexSegments';

/** What the builder needs of a rendered page. */
export interface IndexablePage {
  route: string;
  kind: string;
  title: string;
  html: string;
  /** The sidebar the page is in: a doc in one is a guide page (`SearchPage.guide`). */
  sidebarId?: string;
}

export interface SearchOutputFile {
  /** Relative to the site root. */
  path: string;
  content: string | Buffer;
}

export interface SearchIndexOutput {
  /** Files to write (the build's precompression adds their `.gz`/`.br` twins). */
  files: SearchOutputFile[];
  manifest: SearchManifest;
}

/** The first `max` characters of a text, cut at a word boundary. */
export function truncateText(text: string, max = SECTION_TEXT_CHARS): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max + 1);
  const space = cut.lastIndexOf(' ');
  return (
    (space > max * 0.6 ? cut.slice(0, space) : cut.slice(0, max)).replace(/[\s,;:]+$/, '') + '…'
  );
}

/** Keywords and noise of code samples: they would match every example and say nothing. */
const CODE_NOISE = new Set(
  'abstract any as async await boolean break case catch class const constructor continue console debugger default delete do else enum export extends false finally for from function get if implements import in instanceof interface let log new null number object of private protected public readonly return set static string super switch this throw true try type typeof undefined var void while with yield'.split(
    ' ',
  ),
);

/**
 * The identifiers of a section's code, each once: what a reader searches code for
 * (function and option names), without repeating them or indexing keywords.
 */
export function codeIdentifiers(code: string): string {
  const seen = new Set<string>();
  for (const m of code.matchAll(/[A-Za-z_$][\w$]{2,}/g)) {
    const id = m[0];
    if (!CODE_NOISE.has(id)) seen.add(id);
  }
  return [...seen].join(' ');
}

const hashOf = (content: string) => createHash('sha256').update(content).digest('hex').slice(0, 8);

/** Receives the search index file's text in pieces (see `SearchIndexBuilder.finish`). */
export interface IndexFileSink {
  write(chunk: string): void;
  /** The text is complete; it belongs at `path` (relative to the site root, named by its hash). */
  close(path: string): void;
}

/** Gathers small pieces of text into chunks of about 64 KB for `emit`, hashing what it emits as `hashOf` would the whole. */
class HashedChunks implements JsonChunks {
  private parts: string[] = [];
  private size = 0;
  private readonly hash = createHash('sha256');

  constructor(private readonly emit: (chunk: string) => void) {}

  push(piece: string): void {
    this.parts.push(piece);
    this.size += piece.length;
    if (this.size >= CHUNK_CHARS) this.flush();
  }

  flush(): void {
    if (!this.parts.length) return;
    const chunk = this.parts.join('');
    this.parts = [];
    this.size = 0;
    this.hash.update(chunk);
    this.emit(chunk);
  }

  digest(): string {
    return this.hash.digest('hex').slice(0, 8);
  }
}

const CHUNK_CHARS = 1 << 16;

/** A page's search entry, computed where the page is rendered (undefined for the not-found page). */
export interface PreparedSearchPage {
  route: string;
  title: string;
  kind: string;
  guide?: true;
  sections: (PreparedSection & { snippet: string })[];
}

/** What the index keeps of a page (its sections go to the index and the snippets). */
export const searchPageOf = (prepared: PreparedSearchPage): SearchPage => ({
  route: prepared.route,
  title: prepared.title,
  kind: prepared.kind,
  ...(prepared.guide ? { guide: true } : {}),
});

/** Splits a rendered page into heading sections and tokenizes them for the index. */
export function prepareSearchPage(
  page: IndexablePage,
  siteTitle: string,
): PreparedSearchPage | undefined {
  if (page.kind === 'notFound') return undefined;
  const title = page.title || siteTitle;
  /** Headings above the current section, by level. */
  const stack: { level: number; heading: string }[] = [];
  const sections: PreparedSearchPage['sections'] = [];
  for (const s of sectionsOf(page.html)) {
    while (stack.length && stack[stack.length - 1]!.level >= s.level) stack.pop();
    const path = s.level === 1 ? [title] : [title, ...stack.map((h) => h.heading), s.heading];
    if (s.level > 1) stack.push({ level: s.level, heading: s.heading });
    const section: SearchSection = {
      id: sections.length,
      page: 0,
      anchor: ownString(s.anchor),
      path,
      headings: path.slice(1).map(ownString),
      text: s.text,
      code: codeIdentifiers(s.code),
    };
    sections.push({
      ...prepareSection(section),
      snippet: ownString(truncateText(s.text || s.code)),
    });
  }
  const guide = page.kind === 'doc' && page.sidebarId ? { guide: true as const } : {};
  return { route: page.route, title, kind: page.kind, ...guide, sections };
}

/**
 * Collects the search index while the build renders pages: each page is split into
 * sections as it comes and added to the index (terms and short stored fields only); of
 * the text, only each section's start is kept (for snippets).
 *
 * Why MiniSearch: small in the browser (~7 KB gzip), no server, prefix and fuzzy
 * matching with field boosts, and an index built at build time and loaded as is. The
 * build writes that index with `CompactIndexBuilder` (MiniSearch's rules, flat memory).
 */
export class SearchIndexBuilder {
  private readonly index = new CompactIndexBuilder();
  private readonly pages: SearchPage[] = [];
  /** Snippets of the sections not yet in a text file. */
  private texts: string[] = [];
  /** Text files already made: written at once when `writeFile` is given, else returned by `finish`. */
  private readonly textFiles: SearchOutputFile[] = [];
  private sections = 0;

  /**
   * `writeFile` (the build's) receives each full text file as soon as it is complete, so
   * snippets are not all held until the end (about 30 MB at 10,000 pages).
   */
  constructor(
    private readonly options: { siteTitle: string; writeFile?: (file: SearchOutputFile) => void },
  ) {}

  /** Indexes one page (the not-found page is skipped). */
  addPage(page: IndexablePage): void {
    this.addPrepared(prepareSearchPage(page, this.options.siteTitle));
  }

  /** Adds a page prepared by `prepareSearchPage` (in a render worker, or from the page cache). */
  addPrepared(prepared: PreparedSearchPage | undefined): void {
    if (!prepared) return;
    const pageNo = this.pages.length;
    this.pages.push(searchPageOf(prepared));
    for (const section of prepared.sections) {
      this.index.addPrepared(pageNo, section);
      this.addSnippet(section.snippet);
    }
  }

  /** Adds the pages of a segment (see `indexSegments.ts`): as adding them one by one would. */
  addSegment(segment: SearchSegment): void {
    this.index.appendSegment(segment.index, this.pages.length);
    this.pages.push(...segment.pages);
    for (const snippet of segment.snippets) this.addSnippet(snippet);
  }

  private addSnippet(snippet: string): void {
    this.texts.push(snippet);
    this.sections++;
    if (this.texts.length === TEXTS_PER_FILE) this.flushTexts();
  }

  get sectionCount(): number {
    return this.sections;
  }

  private flushTexts(): void {
    const content = JSON.stringify(this.texts);
    const file = { path: `assets/search-text.${hashOf(content)}.json`, content };
    this.texts = [];
    if (this.options.writeFile) {
      this.options.writeFile(file);
      this.textFiles.push({ path: file.path, content: '' });
    } else this.textFiles.push(file);
  }

  /**
   * Serialises the index and the section texts as content-hashed files, and the manifest
   * naming them. With `sink`, the index file's text goes there in pieces and is not among
   * the files returned (it is never whole in memory).
   */
  finish(sink?: IndexFileSink): SearchIndexOutput {
    const pieces: string[] = [];
    const text = new HashedChunks(
      sink ? (chunk) => sink.write(chunk) : (chunk) => pieces.push(chunk),
    );
    // `JSON.stringify` of a `SearchIndexFile`, written out piece by piece.
    text.push(
      `{"version":${SEARCH_INDEX_VERSION},"pages":${JSON.stringify(this.pages satisfies SearchIndexFile['pages'])},"index":`,
    );
    this.index.writeJson(text);
    text.push('}');
    text.flush();
    const indexPath = `assets/search-index.${text.digest()}.json`;
    const files: SearchOutputFile[] = [];
    if (sink) sink.close(indexPath);
    else files.push({ path: indexPath, content: pieces.join('') });
    if (this.texts.length) this.flushTexts();
    const texts = this.textFiles.map((f) => f.path);
    if (!this.options.writeFile) files.push(...this.textFiles);
    const manifest: SearchManifest = {
      version: SEARCH_INDEX_VERSION,
      index: indexPath,
      texts,
      textsPerFile: TEXTS_PER_FILE,
      pages: this.pages.length,
      sections: this.sections,
    };
    files.push({ path: SEARCH_MANIFEST_FILE, content: JSON.stringify(manifest) });
    return { files, manifest };
  }
}
