import { createHash } from 'node:crypto';
import { join } from 'node:path';
import type { ClientSiteConfig, SiteConfig } from '../../shared/config';
import { PageCache, type CachedRoute } from '../cache/pageCache';
import { BlobLedger } from '../cache/blobLedger';
import { recordAndPrune, type CacheUse } from '../cache/cachePrune';
import { cacheDir, codeFingerprint, siteFilesFingerprint } from '../cache/cacheDir';

export type { CachedRoute } from '../cache/pageCache';
export type { FileStamp } from '../output/previousOutput';
export { cacheDir } from '../cache/cacheDir';
import { SourceIndex } from '../content/sourceIndex';
import type { OutputStoreOptions } from '../output/outputStore';
import {
  PreviousOutput,
  loadOutputRecord,
  recycleStage,
  saveOutputRecord,
} from '../output/previousOutput';
import { markerStampOf, type MarkerStamp } from '../output/outputMarker';
import type { FileStamp } from '../output/previousOutput';
import type { StagedOutput } from '../output/stagedOutput';
import type { RouteOutcome } from '../executor/renderAll';
import type { HighlightCache } from '../markdown/highlightCache';
import type { KeptIn } from '../cache/keptInputs';
import { collectingHighlightCache } from '../markdown/highlightCache';
import type { RouteEntry, SiteModel } from '../site/siteModel';
import { siteInputsFingerprint } from '../site/siteInputs';
import type { ClientAssets } from '../ssr/renderDocument';
import { VERSION } from '../version';
import { packageRoot } from '../bundle/bundleClient';

/**
 * What a build reuses of the builds before it, behind one door: the render cache (pages,
 * their highlighted code blocks, and the content-addressed files they were written as),
 * the source index (which markdown files are unchanged, so not read), the record of the
 * output's files (so a rebuild links untouched pages from the output it replaces) and
 * the spare output folder a rebuild recycles. The stages call this and nothing below it;
 * a build without a cache (`cache: false`, `--no-cache`) gets the same object, switched off.
 */
export class Incremental {
  /** The cache folder, or undefined when the build runs without one. */
  readonly root: string | undefined;
  /** Whether an earlier build left rendered pages to reuse. */
  readonly rebuild: boolean;
  private codeFingerprint: string | undefined;
  private index: SourceIndex | undefined;
  private pages: PageCache | undefined;
  private ledger: BlobLedger | undefined;
  private readonly use: CacheUse = { blobs: [] };
  private readonly blockPacks = new Set<string>();

  constructor(
    private readonly siteRoot: string,
    enabled: boolean,
  ) {
    this.root = enabled ? cacheDir(siteRoot) : undefined;
    this.rebuild = this.root !== undefined && PageCache.hasEntries(this.root);
  }

  /** Where this build keeps what it compiles or scans for the next one (React pages, islands); undefined without a cache. */
  keeps(): KeptIn | undefined {
    return this.root ? { dir: this.root, code: this.code } : undefined;
  }

  /** dfdocs's own code: what the caches of its renders and of the files it parsed depend on ('' without a cache). */
  private get code(): string {
    this.codeFingerprint ??= this.root ? codeFingerprint(packageRoot()) : '';
    return this.codeFingerprint;
  }

  /** Where the search index's segments are kept, and what they depend on besides their pages (see `SegmentCache`). */
  searchSegments(): { dir: string; salt: string } | undefined {
    return this.root
      ? { dir: join(this.root, 'search'), salt: `${VERSION}\0${this.code}` }
      : undefined;
  }

  /** The search index segments this build used (kept by the cache with its pages). */
  useSearchSegments(names: string[]): void {
    this.use.searchSegments = names;
  }

  /** Which source files are unchanged since they were last read (for `loadSources`). */
  get sourceIndex(): SourceIndex | undefined {
    if (this.root && !this.index)
      this.index = SourceIndex.open(join(this.root, 'sources.json'), `${VERSION}\0${this.code}`);
    return this.index;
  }

  /** Where the output a build into `outDir` replaces is kept for the next one (see `StagedOutput`). */
  spareDirFor(outDir: string): string | undefined {
    if (!this.root) return undefined;
    return join(this.root, 'spare', createHash('sha256').update(outDir).digest('hex').slice(0, 16));
  }

  /** The files a recycled stage keeps as they were (and nothing else): before anything is written into it. */
  keptIn(stage: StagedOutput): Map<string, FileStamp> | undefined {
    if (!stage.recycled || !this.root) return undefined;
    return recycleStage(stage.stageDir, loadOutputRecord(this.root, stage.recycled));
  }

  /**
   * Opens the render cache for a loaded site (its key holds everything a page's render
   * depends on besides the page: the config, the client's assets, the model, dfdocs's
   * code and the site's files). Undefined without a cache.
   */
  openPages(site: {
    config: SiteConfig;
    clientConfig: ClientSiteConfig;
    assets: ClientAssets;
    model: SiteModel;
    /** Generated and React pages that may be cached (see `PageCache.keyOf`). */
    madeOf?: Map<string, string>;
  }): PageCache | undefined {
    if (!this.root) return undefined;
    this.pages = new PageCache(this.root, {
      config: site.config,
      assets: site.assets,
      model: site.model,
      madeOf: site.madeOf,
      extra:
        this.code +
        siteFilesFingerprint(this.siteRoot) +
        siteInputsFingerprint(this.siteRoot, site.config) +
        JSON.stringify(site.clientConfig.examples ?? null),
    });
    return this.pages;
  }

  /**
   * A page's highlight cache: the code blocks of its last render, and where this render's
   * are kept. Before the page cache is made (bodies rendered while TypeDoc runs) there is
   * no last render, but the blocks are still collected: a cold build that dropped them
   * made the first edit of such a page highlight all its code again (~0.2 s).
   */
  highlightCacheFor():
    | ((entry: RouteEntry) => { cache: HighlightCache; blocks: [string, string][] } | undefined)
    | undefined {
    if (!this.root) return undefined;
    return (entry) => collectingHighlightCache(this.pages?.previousBlocks(entry.route));
  }

  /** How the output store keeps what it writes: as blobs of the cache, and from the output `outDir` holds. */
  storeOptions(outDir: string): Pick<OutputStoreOptions, 'blobDir' | 'ledger' | 'previous'> {
    if (!this.root || !this.pages) return {};
    const blobDir = join(this.root, 'files');
    this.ledger = new BlobLedger(blobDir);
    // A rebuild takes its unchanged pages from the output it replaces, where they are untouched.
    const previousFiles = loadOutputRecord(this.root, markerStampOf(outDir));
    return {
      blobDir,
      ledger: this.ledger,
      previous: previousFiles ? new PreviousOutput(outDir, previousFiles) : undefined,
    };
  }

  /** Records a page as the build got it (rendered now, or reused) and returns what is kept of it. */
  record(outcome: RouteOutcome): CachedRoute {
    const { entry, key } = outcome;
    const pages = this.pages;
    let page: CachedRoute;
    if (outcome.cached) {
      page = outcome.cached;
      if (key && pages) pages.set(key, entry.route); // reused: carried into this build's pack as it was
    } else {
      const { timings: _timings, blocks, ...fresh } = outcome.stored;
      page = fresh;
      if (key && pages && blocks?.length) page.blockPack = pages.addBlocks(blocks);
      if (key && pages && page.document && page.data) pages.set(key, entry.route, page);
    }
    if (page.document) this.use.blobs.push(page.document, page.data);
    if (page.blockPack) this.blockPacks.add(page.blockPack);
    return page;
  }

  /** What the render cache noticed and dealt with (for `--verbose`). */
  get notes(): string[] {
    return this.pages?.notes ?? [];
  }

  /**
   * Once the output is in place (`marker` names it): records this build's pages and the
   * files they use (pruning the rest), the record of the output's files and the source index.
   */
  commit(marker: MarkerStamp, placed: Map<string, FileStamp>): void {
    if (this.root && this.pages) {
      const { removed } = recordAndPrune(this.root, {
        ...this.use,
        pack: this.pages.commit(),
        blockPacks: [...this.blockPacks],
      });
      this.ledger?.save(removed);
      saveOutputRecord(this.root, marker, placed);
    }
    this.index?.save();
  }

  /** Drops what a failed build added. */
  discard(): void {
    this.pages?.discard();
  }
}
