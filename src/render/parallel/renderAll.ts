import type { RouteEntry } from '../site/siteModel';
import { renderRoute, type RenderContext, type RenderedRoute } from '../pages/renderRoute';
import type { PageCache } from '../cache/pageCache';
import { createRenderPool, defaultWorkerCount, type RenderPool } from './renderPool';

/** Markdown routes can render in a worker; React pages and generated pages hold functions and stay on the main thread. */
function workerCanRender(entry: RouteEntry): boolean {
  return entry.kind === 'doc' || ((entry.kind === 'page' || entry.kind === 'home') && entry.source.kind === 'markdownPage');
}

export interface RenderAllOptions {
  workers?: number;
  cache?: PageCache;
}

/**
 * Renders every route — from the cache when its inputs are unchanged, in parallel where
 * it can — and yields the results in route order (so everything gathered from them is
 * deterministic). At most a small window of pages is in flight, so memory stays flat
 * however large the site is.
 */
export async function* renderAll(routes: RouteEntry[], ctx: RenderContext, options: RenderAllOptions = {}): AsyncGenerator<{ entry: RouteEntry; result: RenderedRoute; cached: boolean }> {
  const { cache } = options;
  const keys = routes.map((r) => cache?.keyOf(r));
  const hit = keys.map((k) => (k && cache ? cache.has(k) : false));
  const misses = hit.filter((h) => !h).length;
  const count = options.workers ?? defaultWorkerCount(misses);
  let pool: RenderPool | undefined;
  if (count > 0 && misses > 0) {
    // Workers get the model without page bodies: each render message carries its own.
    const model = { ...ctx.model, routes: [] };
    pool = createRenderPool(count, { config: ctx.config, clientConfig: ctx.clientConfig, model, assets: ctx.assets, routes: [...ctx.routeSet] });
  }
  const windowSize = Math.max(4, count * 8);
  const inFlight: Promise<{ result: RenderedRoute; cached: boolean }>[] = [];
  const start = (i: number) => {
    const entry = routes[i]!;
    const key = keys[i];
    let p: Promise<{ result: RenderedRoute; cached: boolean }>;
    const fromCache = hit[i] && key && cache ? cache.get(key) : undefined;
    if (fromCache) p = Promise.resolve({ result: fromCache, cached: true });
    else {
      const rendering = pool && workerCanRender(entry) ? pool.render(entry) : renderRoute(entry, ctx);
      p = rendering.then((result) => {
        if (key && cache) cache.set(key, result);
        return { result, cached: false };
      });
    }
    p.catch(() => {}); // handled when awaited in order
    return p;
  };
  try {
    let next = 0;
    for (let i = 0; i < routes.length; i++) {
      while (next < routes.length && next < i + windowSize) inFlight.push(start(next++));
      const { result, cached } = await inFlight.shift()!;
      yield { entry: routes[i]!, result, cached };
    }
  } finally {
    await pool?.close();
  }
}
