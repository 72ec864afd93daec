import { resolve } from 'node:path';
import type { Diagnostic } from '../diagnostics';
import { countMarkdownFiles } from '../content/loadSources';
import { BuildProfile } from '../profile';
import { checkOutDir } from '../output/outputGuard';
import { StagedOutput } from '../output/stagedOutput';
import { cacheDir, Incremental, type FileStamp } from '../incremental/incremental';
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
  /** What the build reuses of the builds before it (see src/render/incremental/). */
  incremental: Incremental;
  /** The folder the site is written into, put in place of `outDir` by the commit stage. */
  stage: StagedOutput;
  /** What a recycled stage kept of the pages it held (see `recycleStage`). */
  kept: Map<string, FileStamp> | undefined;
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
  const incremental = new Incremental(root, options.cache !== false);
  // A rebuild renders only the pages that changed: on this thread, sooner than a worker starts.
  const executors = planExecutor(
    incremental.rebuild ? 0 : countMarkdownFiles(root),
    options.workers,
  );
  let stage: StagedOutput;
  let kept: BuildRun['kept'];
  try {
    stage = new StagedOutput(outDir, incremental.spareDirFor(outDir));
    kept = incremental.keptIn(stage);
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
    incremental,
    stage,
    kept,
    executors,
    notes: [],
    onFailure: (undo) => void undos.push(undo),
    async abandon() {
      for (const undo of undos) await undo();
      stage.discard();
      incremental.discard();
    },
    close: () => executors.close(),
  };
}
