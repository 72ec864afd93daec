import { Worker } from 'node:worker_threads';
import {
  SearchIndexBuilder,
  type PreparedSearchPage,
  type SearchOutputFile,
} from './searchIndexBuilder';
import { streamedFile } from '../output/streamedFile';
import { writeFileIn } from '../output/writeFileIn';
import { bundled, searchThreadSetting } from '../tuning';

/**
 * The site's search index, built while the pages render: each page's prepared entry
 * (`PreparedSearchPage` as JSON text, see `CachedRoute.searchJson`) is merged as it comes,
 * and `finish` writes the index and snippet files into the staging folder and returns the
 * other files to write (the search manifest).
 */
export interface SearchIndexer {
  addPrepared(pageJson: string | undefined): void;
  finish(): Promise<{ files: SearchOutputFile[]; busyMs: number; segments?: string[] }>;
  /** Stops a thread still working (a failed build); nothing after `finish`. */
  close(): Promise<void>;
}

/** Messages to the search thread. */
export type SearchThreadMessage =
  { type: 'pages'; pages: (string | undefined)[] } | { type: 'finish' };
/** What the search thread is started with. */
export interface SearchThreadOptions {
  stageDir: string;
  /** Where the index's segments are kept, and what they depend on besides their pages (a build with a cache). */
  segments?: { dir: string; salt: string };
}

export type SearchThreadReply =
  | { ok: true; files: SearchOutputFile[]; busyMs: number; segments?: string[] }
  | { ok: false; message: string; stack?: string };

/**
 * Sites from this many pages merge their index on a thread of its own. Merging 1,000
 * pages' entries and writing the index took ~170 ms of a one-page rebuild's ~0.5 s on
 * the build thread, with the second core idle; a thread costs ~30 ms to start, which
 * small sites do not win back.
 */
const SEARCH_THREAD_MIN_PAGES = 64;

/** Whether a site of `pages` routes merges its index on a thread (DFDOCS_SEARCH_THREAD=0/1: never/always). */
export function searchOnThread(pages: number): boolean {
  return searchThreadSetting() ?? pages >= SEARCH_THREAD_MIN_PAGES;
}

/** Pages sent to the search thread at a time. */
const BATCH = 32;

/** Old-generation budget of the search thread, in MB (as the build thread's, see bin/dfdocs.js). */
const SEARCH_HEAP_MB = 1024;

/** A page's search entry from its JSON text. */
export const parsePrepared = (json: string | undefined): PreparedSearchPage | undefined =>
  json === undefined ? undefined : (JSON.parse(json) as PreparedSearchPage);

/** The index built here, on the build thread. */
export function searchIndexHere(options: { siteTitle: string; stageDir: string }): SearchIndexer {
  const builder = new SearchIndexBuilder({
    siteTitle: options.siteTitle,
    writeFile: (f) => writeFileIn(options.stageDir, f.path, f.content),
  });
  let busyMs = 0;
  const timed = <T>(fn: () => T): T => {
    const t0 = performance.now();
    try {
      return fn();
    } finally {
      busyMs += performance.now() - t0;
    }
  };
  return {
    addPrepared: (pageJson) => timed(() => builder.addPrepared(parsePrepared(pageJson))),
    async finish() {
      const { files } = timed(() => builder.finish(streamedFile(options.stageDir)));
      return { files, busyMs };
    },
    close: async () => {},
  };
}

/** The index built on a thread of its own, from the pages' entries sent in batches. */
export function searchIndexThread(options: SearchThreadOptions): SearchIndexer {
  const url = bundled()
    ? new URL('./search-worker.js', import.meta.url)
    : new URL('./tsSearchWorkerBootstrap.mjs', import.meta.url);
  const worker = new Worker(url, {
    workerData: options satisfies SearchThreadOptions,
    resourceLimits: { maxOldGenerationSizeMb: SEARCH_HEAP_MB },
  });
  let batch: (string | undefined)[] = [];
  let crashed: Error | undefined;
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  const reply = new Promise<SearchThreadReply>((resolve) => {
    worker.once('message', resolve);
    worker.once('error', (err) => {
      crashed = err;
      resolve({ ok: false, message: err?.message ?? String(err), stack: err?.stack });
    });
    void exited.then(() =>
      resolve({ ok: false, message: 'the search index thread stopped before it was done' }),
    );
  });
  const send = () => {
    if (!batch.length || crashed) return;
    worker.postMessage({ type: 'pages', pages: batch } satisfies SearchThreadMessage);
    batch = [];
  };
  return {
    addPrepared(pageJson) {
      batch.push(pageJson);
      if (batch.length >= BATCH) send();
    },
    async finish() {
      send();
      worker.postMessage({ type: 'finish' } satisfies SearchThreadMessage);
      const r = await reply;
      void worker.terminate();
      if (!r.ok) throw Object.assign(new Error(r.message), r.stack ? { stack: r.stack } : {});
      return { files: r.files, busyMs: r.busyMs, segments: r.segments };
    },
    async close() {
      await worker.terminate();
    },
  };
}
