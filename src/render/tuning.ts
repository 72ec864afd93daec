/**
 * Every environment variable dfdocs reads, in one place: read when asked (tests change
 * some between builds), each documented here. Each is read as a literal
 * `process.env.DFDOCS_…` expression, which scripts/build-cli.mjs can replace at bundle time.
 *
 * The user-facing ones are in the README ("Environment variables"): `DFDOCS_WORKERS`,
 * `DFDOCS_CACHE_DIR`, `DFDOCS_PROFILE`, `DFDOCS_CONFIG_TIMEOUT_MS`, `DFDOCS_WORKER_HEAP_MB`,
 * and `DFDOCS_BUILD_HEAP_MB` — the build thread's heap budget, which bin/dfdocs.js reads
 * itself, before any of dfdocs loads (it decides the flags the build starts with). The
 * others are for dfdocs's own tests and benchmarks.
 */

/** A whole number at least `min`, or undefined when `text` is unset or not one. */
function wholeNumber(text: string | undefined, min: number): number | undefined {
  if (text === undefined || text.trim() === '') return undefined;
  const n = Number(text);
  return Number.isInteger(n) && n >= min ? n : undefined;
}

/** DFDOCS_WORKERS: render worker threads (0: render on the build's thread); default by the site's size. */
export const workersSetting = (): number | undefined => wholeNumber(process.env.DFDOCS_WORKERS, 0);

/** DFDOCS_WORKER_HEAP_MB: a render worker's old-generation budget in MB (default 1024). */
export const workerHeapMb = (): number => wholeNumber(process.env.DFDOCS_WORKER_HEAP_MB, 1) ?? 1024;

/** DFDOCS_CACHE_DIR: where the sites' persistent caches live instead of beside each site. */
export const cacheDirSetting = (): string | undefined => process.env.DFDOCS_CACHE_DIR;

/** DFDOCS_PROFILE=1: the build prints where its time and memory went (one JSON line each on stderr; `npm run bench` reads them). */
export const profiling = (): boolean => process.env.DFDOCS_PROFILE === '1';

/** DFDOCS_CONFIG_TIMEOUT_MS: how long a config may take to load, top-level awaits included (default 10 s). */
export const configTimeoutMs = (): number => Number(process.env.DFDOCS_CONFIG_TIMEOUT_MS) || 10_000;

/** DFDOCS_DEV_WATCH_PACKAGE=1: `dfdocs dev` also watches dfdocs's own sources (always for this repository's site). */
export const devWatchesPackage = (): boolean => process.env.DFDOCS_DEV_WATCH_PACKAGE === '1';

/**
 * DFDOCS_LARGE_PAGE_KB: from what size of markdown a page is "large" (tests set it small
 * so small pages take the large-page paths). Unset, each path has its own default:
 * chunked parsing from 64 KB, memory-pressure collections from 256 KB.
 */
export const largePageKb = (fallback: number): number =>
  Number(process.env.DFDOCS_LARGE_PAGE_KB) || fallback;

// Internal: set by dfdocs's own build or used by its tests and benchmarks.

/** DFDOCS_BUNDLED=1: running from the bundled CLI (dist-cli/); scripts/build-cli.mjs sets it at bundle time. */
export const bundled = (): boolean => process.env.DFDOCS_BUNDLED === '1';

/** DFDOCS_PIPELINE=0: two workers render whole pages each rather than as a pipeline (tests compare the bytes). */
export const pipelineOff = (): boolean => process.env.DFDOCS_PIPELINE === '0';

/** DFDOCS_PIPELINE_DOCUMENT=markdown|finish: which pipeline half renders every document (tests); unset, it moves to the half with room. */
export const pipelineDocumentHalf = (): string | undefined => process.env.DFDOCS_PIPELINE_DOCUMENT;

/** DFDOCS_SEARCH_THREAD=0|1: never/always merge the search index on a thread (default: from 64 pages). */
export const searchThreadSetting = (): boolean | undefined => {
  const env = process.env.DFDOCS_SEARCH_THREAD;
  return env === '0' || env === '1' ? env === '1' : undefined;
};

/** DFDOCS_EARLY_BODIES=0: no markdown rendered while the API reference loads (tests compare the bytes; see executor/earlyBodies.ts). */
export const earlyBodiesOff = (): boolean => process.env.DFDOCS_EARLY_BODIES === '0';

/** DFDOCS_PREBUILT_CLIENT=0: bundle the client afresh instead of copying the one `npm install` made (tests). */
export const prebuiltClientOff = (): boolean => process.env.DFDOCS_PREBUILT_CLIENT === '0';

/** DFDOCS_SYNC_CLEANUP=1: remove replaced output before the build returns, not in a detached `rm` (tests). */
export const syncCleanup = (): boolean => process.env.DFDOCS_SYNC_CLEANUP === '1';

/** DFDOCS_TEST_FAULT=<point>: kill the process at that point of the commit (test/faults only). */
export const testFault = (): string | undefined => process.env.DFDOCS_TEST_FAULT;
