import type { RouteEntry } from '../site/siteModel';
import { renderRoute, type RenderContext } from '../pages/renderRoute';
import type { OutputStore } from '../output/outputStore';
import { storeRendered, type StoredRoute } from '../output/storeRendered';
import type { PageCache, CachedRoute } from '../cache/pageCache';
import { createRenderPool, defaultWorkerCount, type RenderPool } from './renderPool';

/** Markdown routes can render in a worker; React pages and generated pages hold functions and stay on the main thread. */
function workerCanRender(entry: RouteEntry): boolean {
  return entry.kind === 'doc' || ((entry.kind === 'page' || entry.kind === 'home') && entry.source.kind === 'markdownPage');
}

export interface RenderAllOptions {
  workers?: number;
  cache?: PageCache;
  /** Where pages rendered on the main thread are written (workers have their own store on the same folders). */
  store: OutputStore;
  stageDir: string;
  blobDir?: string;
  precompress: boolean;
  /** Filled, once every route is yielded, with the gzip sizes the workers measured. */
  gzipSizes?: Map<string, number>;
  /** Filled likewise with each worker's peak heap in MiB (profiling builds only). */
  workerHeapsMiB?: number[];
}

/** A route as `renderAll` yields it: rendered now, or found in the cache (`key` is its cache key, if it has one). */
export type RouteOutcome = { entry: RouteEntry; key?: string } & ({ stored: StoredRoute; cached?: undefined } | { cached: CachedRoute; stored?: undefined });

/**
 * Renders and writes every route — in parallel where it can — unless the cache has it,
 * and yields them in route order (so everything gathered from them is deterministic).
 * At most a small window of pages is in flight and only their metadata comes back, so
 * memory stays flat however large the site is. Recording fresh renders in the cache is
 * the caller's part.
 */
export async function* renderAll(routes: RouteEntry[], ctx: RenderContext, options: RenderAllOptions): AsyncGenerator<RouteOutcome> {
  const { cache } = options;
  const keys = routes.map((r) => cache?.keyOf(r));
  const hit = keys.map((k) => (k && cache ? cache.has(k) : false));
  const misses = hit.filter((h) => !h).length;
  const count = options.workers ?? defaultWorkerCount(misses);
  let pool: RenderPool | undefined;
  if (count > 0 && misses > 0) {
    // Workers get the model without page bodies: each render message carries its own.
    const model = { ...ctx.model, routes: [] };
    pool = createRenderPool(count, { config: ctx.config, clientConfig: ctx.clientConfig, model, assets: ctx.assets, routes: [...ctx.routeSet], stageDir: options.stageDir, blobDir: options.blobDir, precompress: options.precompress });
  }
  const windowSize = Math.max(4, count * 8);
  const inFlight: Promise<RouteOutcome>[] = [];
  const start = (i: number): Promise<RouteOutcome> => {
    const entry = routes[i]!;
    const key = keys[i];
    const fromCache = hit[i] && key && cache ? cache.get(key) : undefined;
    const p: Promise<RouteOutcome> = fromCache
      ? Promise.resolve({ entry, key, cached: fromCache })
      : (pool && workerCanRender(entry) ? pool.render(entry) : renderRoute(entry, ctx).then((r) => storeRendered(options.store, entry.route, r))).then((stored) => ({ entry, key, stored }));
    p.catch(() => {}); // handled when awaited in order
    return p;
  };
  try {
    let next = 0;
    for (let i = 0; i < routes.length; i++) {
      while (next < routes.length && next < i + windowSize) inFlight.push(start(next++));
      yield await inFlight.shift()!;
    }
    const finished = await pool?.finish();
    for (const [file, size] of finished?.gzipSizes ?? []) options.gzipSizes?.set(file, size);
    options.workerHeapsMiB?.push(...(finished?.peakHeapsMiB ?? []));
  } finally {
    await pool?.close();
  }
}
