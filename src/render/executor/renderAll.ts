import type { RouteEntry } from '../site/siteModel';
import type { StoredRoute } from '../output/storeRendered';
import type { PageCache, CachedRoute } from '../cache/pageCache';
import type { PageExecutor } from './executor';

export interface RenderAllOptions {
  cache?: PageCache;
  /**
   * Places a cached route's files in the output; false when the cache lost them (the
   * route is then rendered). Called as soon as the route is reached, ahead of the routes
   * still rendering, so a rebuild links unchanged pages while the changed ones render.
   */
  reuse?: (entry: RouteEntry, cached: CachedRoute) => boolean;
  /** Filled, once every route is yielded, with each render thread's peak heap in MiB (profiling builds only). */
  workerHeapsMiB?: number[];
}

/** A route as `renderAll` yields it: rendered now, or found in the cache (`key` is its cache key, if it has one). */
export type RouteOutcome = { entry: RouteEntry; key?: string } & (
  { stored: StoredRoute; cached?: undefined } | { cached: CachedRoute; stored?: undefined }
);

/** Cached routes reused ahead of the route being yielded (each is small metadata until then). */
const REUSE_AHEAD = 2048;

/**
 * Renders and writes every route unless the cache has it, and yields them in route order
 * (so everything gathered from them is deterministic). The pages render through the
 * executor `executorFor` gives for those the cache lacks; at most its window
 * of pages is in flight and only their metadata comes back, so memory stays flat however
 * large the site is. Recording fresh renders in the cache is the caller's part. Closes
 * the executor when done.
 */
export async function* renderAll(
  routes: RouteEntry[],
  executorFor: (missed: RouteEntry[]) => Promise<PageExecutor>,
  options: RenderAllOptions,
): AsyncGenerator<RouteOutcome> {
  const { cache } = options;
  const keys = routes.map((r) => cache?.keyOf(r));
  const hit = keys.map((k) => (k && cache ? cache.has(k) : false));
  const executor = await executorFor(routes.filter((_, i) => !hit[i]));
  try {
    const windowSize = executor.window;
    const outcomes = new Map<number, Promise<RouteOutcome>>();
    const render = (i: number): Promise<RouteOutcome> => {
      const entry = routes[i]!;
      const p = executor.render(entry).then((s) => ({ entry, key: keys[i], stored: s }));
      p.catch(() => {}); // handled when awaited in order
      return p;
    };
    /** Reuses a cached route at once (or renders it when the cache lost its files). */
    const reuse = (i: number): Promise<RouteOutcome> => {
      const entry = routes[i]!;
      const key = keys[i]!;
      const cached = cache!.get(key);
      if (cached && (!options.reuse || options.reuse(entry, cached)))
        return Promise.resolve({ entry, key, cached });
      return render(i);
    };
    let nextRender = 0;
    let nextReuse = 0;
    let rendering = 0;
    for (let i = 0; i < routes.length; i++) {
      // Routes to render first (up to the window), so workers are busy while cached routes are placed.
      while (
        nextRender < routes.length &&
        rendering < windowSize &&
        nextRender < i + windowSize * 4
      ) {
        const j = nextRender++;
        if (hit[j]) continue;
        rendering++;
        const p = render(j);
        p.then(
          () => rendering--,
          () => rendering--,
        );
        outcomes.set(j, p);
      }
      while (nextReuse < routes.length && nextReuse < i + REUSE_AHEAD) {
        const j = nextReuse++;
        if (hit[j]) outcomes.set(j, reuse(j));
      }
      // A route beyond both windows (possible only when nothing is in flight) starts here.
      let outcome = outcomes.get(i);
      if (!outcome) {
        outcome = hit[i] ? reuse(i) : render(i);
        nextRender = Math.max(nextRender, i + 1);
      }
      outcomes.delete(i);
      yield await outcome;
    }
    const finished = await executor.finish();
    options.workerHeapsMiB?.push(...finished.peakHeapsMiB);
  } finally {
    await executor.close();
  }
}
