import type { StoredRoute } from '../output/storeRendered';
import type { RouteEntry } from '../site/siteModel';

/**
 * Where `renderPage` (src/render/pages/renderPage.ts) runs. The build hands an executor
 * one page at a time and gets back what it keeps of the page once its files are written
 * through the output store; it never knows which thread rendered it. Every executor gives
 * the same bytes (test/build/speed.test.ts builds a site with each and compares them).
 *
 * - `singleThreadExecutor` (singleThread.ts): the reference, on the calling thread;
 * - `pooledExecutor` (pool/pooledExecutor.ts): a pool of render worker threads, two of
 *   them a pipeline, for large sites.
 */
export interface PageExecutor {
  /** How many pages the build keeps in flight (enough to keep every thread busy). */
  readonly window: number;
  /** Renders a page, writes its two files through the output store; what the build keeps of it. */
  render(entry: RouteEntry): Promise<StoredRoute>;
  /** Waits for the pages handed out; each render thread's peak heap (MiB, when profiling). */
  finish(): Promise<{ peakHeapsMiB: number[] }>;
  /** Stops the executor's threads, if it has any (again: nothing). */
  close(): Promise<void>;
}
