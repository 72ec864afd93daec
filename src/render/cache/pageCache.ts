import { createHash } from 'node:crypto';
import { bodyHashOf } from '../content/lazyBody';
import {
  closeSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeSync,
} from 'node:fs';
import { join } from 'node:path';
import { isAscii } from 'node:buffer';
import { crc32 } from 'node:zlib';
import { asciiJson, asciiJsonText } from './asciiJson';
import type { SiteConfig } from '../../shared/config';
import type { FoundLink } from '../markdown/rehypeLinks';
import type { Diagnostic } from '../diagnostics';
import type { PageAsset } from '../assets/assetFiles';
import type { PageInput } from '../mdx/mdxPages';
import type { BlobId } from '../output/outputStore';
import type { RouteEntry, SiteModel } from '../site/siteModel';
import type { ClientAssets } from '../ssr/renderDocument';
import { VERSION } from '../version';

/**
 * What the cache keeps of a rendered route: the blobs of its two files (their bytes live
 * in the output store's `files/` folder) and the small metadata the build gathers from
 * every page (manifest entry, link check, search entry).
 */
export interface CachedRoute {
  title: string;
  sidebarId?: string;
  sourcePath?: string;
  document: BlobId;
  data: BlobId;
  links: FoundLink[];
  ids: string[];
  /**
   * The page's search entry (a `PreparedSearchPage`) as JSON text: most of an entry's
   * size, and parsed only by the thread that merges the index (see `searchThread.ts`).
   * A pack keeps it after the rest of the entry, unescaped. ASCII (`asciiJson`) where it
   * is made, so a page's entry is the same text rendered or reused (see `SegmentCache`).
   */
  searchJson?: string;
  /** The block pack holding this render's highlighted code blocks (see `HighlightCache`). */
  blockPack?: string;
  /** The page's markdown warnings: a reused page reports them again, so a warm build says what a cold one does. */
  warnings?: Diagnostic[];
  /** Files the page references: copied again by a build that reuses it (see `assetUnchanged`). */
  assets?: PageAsset[];
  /** The site's modules an MDX page imports, as they were (reused only while unchanged, see `inputsUnchanged`). */
  inputs?: PageInput[];
}

/** A pack's file name: `pack-<time>-<sequence>-<pid>-<site key>.jsonl`, so names sort by age. */
export const PACK = /^pack-\d{15}-\d{6}-\d+-[0-9a-f]{16}\.jsonl$/;
/** A block pack's: the highlighted code blocks of the pages a build rendered, `<key>\t<json>` lines. */
export const BLOCK_PACK = /^blocks-\d{15}-\d{6}-\d+-[0-9a-f]{16}\.jsonl$/;
/** How many recent builds keep their cache entries (a site built with two configs, e.g. two base URLs, keeps both). */
export const KEPT_BUILDS = 3;
let sequence = 0;

/**
 * The persistent render cache (`node_modules/.cache/dfdocs/<site>/pages/`), keyed by a
 * hash of everything a route's output depends on — dfdocs's version, the resolved config
 * (command-line overrides such as --base-url included), the client assets, the site's
 * route/sidebar model and the page's own source. A hit names exactly the bytes a render
 * would produce, so a warm build is byte-identical to a cold one.
 *
 * Entries live in packs, one per build: a line `<key>\t<route>\t<crc>\t<json>[\t<search json>]` for every route the build
 * rendered or reused, appended as it goes and published by rename when the build commits.
 * The CRC-32 of the entry (the text after it) is checked when an entry is used: a line
 * cut short (a full disk, a kill, a copy interrupted) or changed is dropped and its page
 * rendered again, never handed to the build.
 * One file a build instead of one a page: a cold build of 1,000 pages spent most of a
 * second of its main thread creating entry files, and a warm one reading them. A lookup
 * reads the newest pack of the same site key first, and older ones only when it misses there.
 */
export class PageCache {
  private readonly dir: string;
  private readonly siteKey: string;
  /** Entries read so far, as their JSON text (parsed only when used). */
  private readonly entries = new Map<string, string>();
  /** The newest entry read of each route (a page edited since has a new key, but its code blocks may not have changed). */
  private readonly latest = new Map<string, string>();
  /** Generated and React pages' input hashes, by route (see `keyOf`). */
  private readonly madeOf: Map<string, string>;
  /** The route of each key made by `keyOf` (see `lookup`). */
  private readonly routeOfKey = new Map<string, string>();
  /** Block packs read so far, as their text (see `previousBlocks`). */
  private readonly blockPacks = new Map<string, string | undefined>();
  /** This build's block pack, while it is written. */
  private readonly blockPackName: string;
  private blocksFd: number | undefined;
  private readonly blocksWritten = new Set<string>();
  /** Packs not read yet, newest first. */
  private readonly unread: string[];
  /** This build's pack, while it is written. */
  private readonly packName: string;
  private fd: number | undefined;
  private readonly written = new Set<string>();

  constructor(
    cacheRoot: string,
    parts: {
      config: SiteConfig;
      assets: ClientAssets;
      model: SiteModel;
      extra?: string;
      /** Generated and React pages that may be cached, by route: the hash of what each is made from. */
      madeOf?: Map<string, string>;
    },
  ) {
    this.madeOf = parts.madeOf ?? new Map();
    this.dir = join(cacheRoot, 'pages');
    mkdirSync(this.dir, { recursive: true });
    this.siteKey = sha(
      VERSION,
      JSON.stringify(parts.config),
      JSON.stringify(parts.assets),
      modelFingerprint(parts.model),
      parts.extra ?? '',
    );
    // Every key derives from the site key, so only packs written under the same one can hold
    // a hit: a page missing from them (the page just edited) never costs reading the others.
    const suffix = `-${this.siteKey.slice(0, 16)}.jsonl`;
    // Only the last few builds' packs: older ones are what pruning deletes (once ten minutes
    // old), and the page just edited misses in all of them. After twenty quick rebuilds of
    // the 1,000-page corpus, that miss read twenty packs of 9.4 MB.
    this.unread = readdirSync(this.dir)
      .filter((n) => PACK.test(n) && n.endsWith(suffix))
      .sort()
      .reverse()
      .slice(0, KEPT_BUILDS);
    const stamp = `${Date.now().toString().padStart(15, '0')}-${String(++sequence).padStart(6, '0')}-${process.pid}${suffix}`;
    this.packName = `pack-${stamp}`;
    this.blockPackName = `blocks-${stamp}`;
  }

  /** Whether a cache folder holds any entries (a build without them renders every page). */
  static hasEntries(cacheRoot: string): boolean {
    try {
      return readdirSync(join(cacheRoot, 'pages')).some((n) => PACK.test(n));
    } catch {
      return false;
    }
  }

  /**
   * Cache key of a route, or undefined for routes that are never cached: generated and
   * React pages without a hash of what they are made from (`madeOf`).
   */
  keyOf(entry: RouteEntry): string | undefined {
    if (entry.kind === 'generated' || entry.source.kind === 'reactPage') {
      const made = this.madeOf.get(entry.route);
      if (made === undefined) return undefined;
      const key = sha(this.siteKey, entry.route, entry.kind, made);
      this.routeOfKey.set(key, entry.route);
      return key;
    }
    const src = entry.source;
    const key = sha(
      this.siteKey,
      entry.route,
      entry.kind,
      'sidebarId' in entry ? (entry.sidebarId ?? '') : '',
      src.sourcePath,
      JSON.stringify(src.frontMatter),
      bodyHashOf(src),
    );
    this.routeOfKey.set(key, entry.route);
    return key;
  }

  has(key: string): boolean {
    return this.lookup(key) !== undefined;
  }

  get(key: string): CachedRoute | undefined {
    const text = this.lookup(key);
    if (text === undefined) return undefined;
    const tab = text.indexOf('\t');
    try {
      const route = JSON.parse(tab < 0 ? text : text.slice(0, tab)) as CachedRoute;
      if (tab >= 0) route.searchJson = text.slice(tab + 1);
      return route;
    } catch {
      this.drop(key); // sealed, yet not an entry this code wrote (another version's): rendered again
      return undefined;
    }
  }

  /** What was dropped as damaged while reading the cache (for `--verbose`). */
  readonly notes: string[] = [];

  private drop(key: string): void {
    this.entries.delete(key);
    const route = this.routeOfKey.get(key);
    this.notes.push(
      `cache: the entry of ${route ?? key} was damaged (a pack cut short or changed); dropped, and the page rendered again`,
    );
  }

  /** Records a route in this build's pack: freshly rendered (`value`), or reused as it was. */
  set(key: string, route: string, value?: CachedRoute): void {
    if (this.written.has(key)) return;
    const text = value ? entryText(value) : this.lookup(key);
    if (text === undefined) return;
    this.fd ??= openSync(join(this.dir, this.packName + '.tmp'), 'w');
    if (text.length < 1 << 20) writeSync(this.fd, `${key}\t${route}\t${sealed(text)}\n`);
    else {
      // A large page's entry (its search entry: megabytes) is written as it is, not
      // copied into one line first: the same bytes.
      writeSync(this.fd, `${key}\t${route}\t${crcOf(text)}\t`);
      writeSync(this.fd, text);
      writeSync(this.fd, '\n');
    }
    this.written.add(key);
  }

  /** Keeps a rendered page's highlighted blocks in this build's block pack; returns the pack's name. */
  addBlocks(blocks: [string, string][]): string {
    this.blocksFd ??= openSync(join(this.dir, this.blockPackName + '.tmp'), 'w');
    let text = '';
    for (const [key, json] of blocks) {
      if (this.blocksWritten.has(key)) continue;
      this.blocksWritten.add(key);
      text += `${key}\t${sealed(json)}\n`;
    }
    if (text) writeSync(this.blocksFd, text);
    return this.blockPackName;
  }

  /** The highlighted blocks of a route's newest cached render, by block key (for rendering it again). */
  previousBlocks(route: string): ((key: string) => string | undefined) | undefined {
    const key = this.latest.get(route);
    const name = key === undefined ? undefined : this.get(key)?.blockPack;
    if (!name || !BLOCK_PACK.test(name)) return undefined;
    if (!this.blockPacks.has(name)) this.blockPacks.set(name, readText(join(this.dir, name)));
    const text = this.blockPacks.get(name);
    return text === undefined ? undefined : (k) => unsealed(lineValue(text, k));
  }

  /**
   * Publishes this build's packs (after a successful build); returns the entry pack's name.
   * A block pack that could not be published is only named by entries: a rebuild then
   * highlights those pages' code again.
   */
  commit(): string | undefined {
    const published = this.close().filter((name) => {
      try {
        renameSync(join(this.dir, name + '.tmp'), join(this.dir, name));
        return true;
      } catch {
        return false; // removed meanwhile (a concurrent prune): this build's entries are lost, nothing else
      }
    });
    return published.includes(this.packName) ? this.packName : undefined;
  }

  /** Drops this build's packs (a failed build). */
  discard(): void {
    for (const name of this.close()) rmSync(join(this.dir, name + '.tmp'), { force: true });
  }

  /** Closes the packs being written; returns their names. */
  private close(): string[] {
    const written: string[] = [];
    if (this.fd !== undefined) {
      closeSync(this.fd);
      written.push(this.packName);
    }
    if (this.blocksFd !== undefined) {
      closeSync(this.blocksFd);
      written.push(this.blockPackName);
    }
    this.fd = this.blocksFd = undefined;
    return written;
  }

  /** An entry's text, checked against its CRC (the first time it is used). */
  private lookup(key: string): string | undefined {
    const text = this.find(key);
    if (text === undefined || this.checked.has(key)) return text;
    const entry = unsealed(text);
    if (entry === undefined) {
      this.drop(key);
      return undefined;
    }
    this.entries.set(key, entry);
    this.checked.add(key);
    return entry;
  }
  private readonly checked = new Set<string>();

  /** An entry's text as its pack holds it (CRC first), reading older packs as needed. */
  private find(key: string): string | undefined {
    for (;;) {
      const text = this.entries.get(key);
      if (text !== undefined || this.unread.length === 0) return text;
      // A newer pack holds another render of the route (the page was edited): an older pack
      // could only hold a render from before that, i.e. an edit undone. Reading one to find
      // out cost ~11 ms (1,000 pages) on every rebuild, for a page that renders in less.
      const route = this.routeOfKey.get(key);
      if (route !== undefined && this.latest.has(route)) return undefined;
      this.read(this.unread.shift()!);
    }
  }

  /** Adds a pack's entries, under those of newer packs. */
  private read(name: string): void {
    const text = readText(join(this.dir, name));
    if (text === undefined) return; // pruned by a concurrent build: its pages render again
    let at = 0;
    while (at < text.length) {
      let end = text.indexOf('\n', at);
      if (end < 0) end = text.length;
      const tab = text.indexOf('\t', at);
      const tab2 = tab < 0 ? -1 : text.indexOf('\t', tab + 1);
      if (tab > at && tab2 > tab && tab2 < end) {
        const key = text.slice(at, tab);
        const route = text.slice(tab + 1, tab2);
        if (!this.entries.has(key)) this.entries.set(key, text.slice(tab2 + 1, end));
        if (!this.latest.has(route)) this.latest.set(route, key);
      }
      at = end + 1;
    }
  }
}

/** `text` after its CRC-32 (8 hex digits and a tab), as a pack line holds it. */
export function sealed(text: string): string {
  return `${crcOf(text)}\t${text}`;
}

const crcOf = (text: string): string => (crc32(text) >>> 0).toString(16).padStart(8, '0');

/** The text of a sealed line when its CRC matches, else undefined (cut short or changed). */
export function unsealed(line: string | undefined): string | undefined {
  if (line === undefined || line.length < 9 || line.charCodeAt(8) !== 9) return undefined;
  const text = line.slice(9);
  return crcOf(text) === line.slice(0, 8) ? text : undefined;
}

/** An entry as a pack holds it (see `CachedRoute.searchJson`). */
function entryText({ searchJson, ...rest }: CachedRoute): string {
  return searchJson === undefined
    ? asciiJson(rest)
    : `${asciiJson(rest)}\t${asciiJsonText(searchJson)}`;
}

/** A pack's text: Latin-1 when its bytes are all ASCII (the same text, decoded at once), else UTF-8; undefined when it is gone. */
function readText(file: string): string | undefined {
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch {
    return undefined;
  }
  return isAscii(bytes) ? bytes.toString('latin1') : bytes.toString('utf8');
}

/**
 * The text after `<key>\t` on the first line of `text` that starts so (`<key>\t<text>` lines).
 * A rebuild needs a few blocks of a pack holding a whole build's (13 MB at 1,000 pages):
 * looking each up costs less than splitting every line into a map (~35 ms).
 */
function lineValue(text: string, key: string): string | undefined {
  const prefix = key + '\t';
  let at = 0;
  if (!text.startsWith(prefix)) {
    const found = text.indexOf('\n' + prefix);
    if (found < 0) return undefined;
    at = found + 1;
  }
  at += prefix.length;
  const end = text.indexOf('\n', at);
  return text.slice(at, end < 0 ? text.length : end);
}

function sha(...parts: string[]): string {
  const h = createHash('sha256');
  for (const p of parts) h.update(p).update('\0');
  return h.digest('hex').slice(0, 32);
}

/** What every page may show of the others: routes, titles in sidebars, sidebar order. */
function modelFingerprint(model: SiteModel): string {
  const h = createHash('sha256');
  for (const r of model.routes) h.update(r.route).update('\0').update(r.kind).update('\0');
  h.update(JSON.stringify(model.sidebars));
  for (const [src, route] of model.routeOfSource)
    h.update(src).update('>').update(route).update('\0');
  return h.digest('hex');
}
