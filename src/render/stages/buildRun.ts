import { createHash } from 'node:crypto';
import { join, resolve } from 'node:path';
import type { Diagnostic } from '../diagnostics';
import { countMarkdownFiles } from '../content/loadSources';
import { BuildProfile } from '../profile';
import { PageCache } from '../cache/pageCache';
import { cacheDir } from '../cache/cacheDir';
import { checkOutDir } from '../output/outputGuard';
import { StagedOutput } from '../output/stagedOutput';
import { loadOutputRecord, recycleStage } from '../output/previousOutput';
import { planExecutor, type ExecutorPlan } from '../executor/planExecutor';

export interface BuildOptions {
  /** The site's folder (holding docs/, pages/, dfdocs.config.ts). */
  root: string;
  /** Output folder, default `<root>/dist`. */
  outDir?: string;
  baseUrl?: string;
  /** Broken links, anchors and duplicate routes become errors. */
  strict?: boolean;
  /** Render worker threads; default one per core for sites of 64 pages or more, 0 renders on the main thread. */
  workers?: number;
  /** Reuse unchanged pages from the persistent render cache (default true). */
  cache?: boolean;
  /** Write compressed twins of the text files (default: the config's `precompress`). */
  precompress?: boolean;
  /** Called after each page with (done, total). */
  onProgress?: (done: number, total: number) => void;
  /** Replace an existing output folder that dfdocs did not make (`--force`). */
  force?: boolean;
}

export interface BuildResult {
  outDir: string;
  pages: number;
  warnings: Diagnostic[];
  /** Bytes written. */
  bytes: number;
  seconds: number;
  /** Routes a render worker ran out of memory on (rendered on the main thread instead). */
  outOfWorkerMemory: string[];
  /** What the build noticed and dealt with, for `--verbose` (e.g. a cached file found changed). */
  notes: string[];
}

/** What every stage of one build shares: its options, where it writes, where its pages render. */
export interface BuildRun {
  options: BuildOptions;
  /** `performance.now()` when the build started. */
  started: number;
  /** Where the build's time goes (`DFDOCS_PROFILE=1`). */
  profile: BuildProfile;
  root: string;
  outDir: string;
  /** The render cache's folder, unless the build runs without it (`cache: false`). */
  cacheRoot: string | undefined;
  /** The folder the site is written into, put in place of `outDir` by the commit stage. */
  stage: StagedOutput;
  /** What a recycled stage kept of the pages it held (see `recycleStage`). */
  kept: ReturnType<typeof recycleStage> | undefined;
  /** Where pages render (see src/render/executor/). */
  executors: ExecutorPlan;
  /** What the build noticed and dealt with, for `--verbose`. */
  notes: string[];
  /** Registers what to wait for or undo if the build fails. */
  onFailure(undo: () => unknown): void;
  /** Undoes a failed build: the stage is discarded, the previous output stays as it was. */
  abandon(): Promise<void>;
  /** Stops what the build started (its render threads), failed or not. */
  close(): Promise<void>;
}

/** Where the output replaced by a build into `outDir` is kept for the next one (see `StagedOutput`). */
function spareDirOf(cacheRoot: string, outDir: string): string {
  return join(cacheRoot, 'spare', createHash('sha256').update(outDir).digest('hex').slice(0, 16));
}

/**
 * Starts a build: checks the output folder (before anything is written: the output is
 * replaced as a whole, see `checkOutDir`), plans where its pages render and opens the
 * stage the site is written into.
 */
export async function openBuild(options: BuildOptions): Promise<BuildRun> {
  const started = performance.now();
  const profile = new BuildProfile();
  const root = resolve(options.root);
  const outDir = checkOutDir({
    root,
    out: options.outDir ?? 'dist',
    force: options.force,
    cacheDir: cacheDir(root),
  });
  // A rebuild renders only the pages that changed: on this thread, sooner than a worker starts.
  const rebuild = options.cache !== false && PageCache.hasEntries(cacheDir(root));
  const executors = planExecutor(rebuild ? 0 : countMarkdownFiles(root), options.workers);
  const cacheRoot = options.cache === false ? undefined : cacheDir(root);
  let stage: StagedOutput;
  let kept: BuildRun['kept'];
  try {
    stage = new StagedOutput(outDir, cacheRoot && spareDirOf(cacheRoot, outDir));
    // A recycled stage keeps the pages it holds as they were (and nothing else): before anything is written into it.
    kept = stage.recycled
      ? recycleStage(stage.stageDir, loadOutputRecord(cacheRoot!, stage.recycled))
      : undefined;
  } catch (err) {
    await executors.close();
    throw err;
  }
  profile.lap('stage');
  const undos: (() => unknown)[] = [];
  return {
    options,
    started,
    profile,
    root,
    outDir,
    cacheRoot,
    stage,
    kept,
    executors,
    notes: [],
    onFailure: (undo) => void undos.push(undo),
    async abandon() {
      for (const undo of undos) await undo();
      stage.discard();
    },
    close: () => executors.close(),
  };
}
