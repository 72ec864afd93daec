import type { RouteEntry } from '../site/siteModel';
import { renderRoute, type RenderContext } from '../pages/renderRoute';
import type { OutputStore } from '../output/outputStore';
import { storeRendered, writeRouteFiles, type StoredRoute } from '../output/storeRendered';
import type { PageCache, CachedRoute } from '../cache/pageCache';
import { PENDING_ASSETS } from '../ssr/renderDocument';
import {
  startRenderPool,
  defaultWorkerCount,
  PIPELINE_ROUTES_BEFORE_ASSETS,
  WorkerOutOfMemory,
  type RenderPool,
  type WorkerRendered,
} from './renderPool';
import type { WorkerInit } from './protocol';

/** Markdown routes can render in a worker; React pages and generated pages hold functions and stay on the main thread. */
function workerCanRender(entry: RouteEntry): boolean {
  return (
    entry.kind === 'doc' ||
    ((entry.kind === 'page' || entry.kind === 'home') && entry.source.kind === 'markdownPage')
  );
}

export interface RenderAllOptions {
  workers?: number;
  /** Workers started early by the caller (`startEarlyPool`); grown, used and closed here. */
  pool?: RenderPool;
  cache?: PageCache;
  /**
   * Places a cached route's files in the output; false when the cache lost them (the
   * route is then rendered). Called as soon as the route is reached, ahead of the routes
   * still rendering, so a rebuild links unchanged pages while the changed ones render.
   */
  reuse?: (entry: RouteEntry, cached: CachedRoute) => boolean;
  /** Where pages are written (those rendered by workers too: their bytes come back to be written here). */
  store: OutputStore;
  /** Filled, once every route is yielded, with each worker's peak heap in MiB (profiling builds only). */
  workerHeapsMiB?: number[];
  /** Filled with the routes a worker ran out of memory on (rendered on the main thread instead). */
  outOfWorkerMemory?: string[];
  /** Routes already sent to `pool` (`prefetchRoutes`), by route. */
  prefetched?: Map<string, Promise<WorkerRendered>>;
}

/** What render workers are told of the site: its model without page bodies (each render message carries its own). */
export function workerInit(
  ctx: Pick<
    RenderContext,
    'config' | 'clientConfig' | 'model' | 'routeSet' | 'markdownPlugins' | 'components' | 'mdxSetup'
  >,
  cache: boolean,
): WorkerInit {
  return {
    config: ctx.config,
    clientConfig: ctx.clientConfig,
    model: { ...ctx.model, routes: [] },
    routes: [...ctx.routeSet],
    cache,
    markdownPlugins: ctx.markdownPlugins,
    components: ctx.components,
    mdx: ctx.mdxSetup,
  };
}

/** Routes sent ahead: what a pipeline holds until the client's assets are known (more would wait in the pool's queue). */
const PREFETCHED = PIPELINE_ROUTES_BEFORE_ASSETS;

/**
 * Sends the first markdown routes to the early workers as soon as the site is loaded,
 * before the client's assets are known: they are rendered meanwhile (their documents hold
 * markers for the assets, see `PENDING_ASSETS`), and `renderAll` takes their results
 * instead of sending them again. 1,000 pages: the first page started ~0.2 s sooner.
 */
export function prefetchRoutes(
  pool: RenderPool,
  routes: RouteEntry[],
  init: WorkerInit,
): Map<string, Promise<WorkerRendered>> {
  pool.init(init);
  const out = new Map<string, Promise<WorkerRendered>>();
  for (const entry of routes.filter(workerCanRender).slice(0, PREFETCHED)) {
    const rendered = pool.render(entry);
    rendered.catch(() => {}); // awaited by renderAll, or dropped when the build stops first
    out.set(entry.route, rendered);
  }
  return out;
}

/** A route as `renderAll` yields it: rendered now, or found in the cache (`key` is its cache key, if it has one). */
export type RouteOutcome = { entry: RouteEntry; key?: string } & (
  { stored: StoredRoute; cached?: undefined } | { cached: CachedRoute; stored?: undefined }
);

/** Cached routes reused ahead of the route being yielded (each is small metadata until then). */
const REUSE_AHEAD = 2048;

/**
 * Starts the render workers before the site is loaded when the build will render many
 * pages (`pages`, from a quick count, of a site with no render cache). Their start-up
 * (modules, highlighter) then overlaps loading; `renderAll` adds more if it finds that
 * more pages miss the cache.
 */
export function startEarlyPool(pages: number, workers: number | undefined): RenderPool | undefined {
  const count = workers ?? defaultWorkerCount(pages);
  // All of them: two make a pipeline, whose halves cannot be told apart later.
  return count > 0 ? startRenderPool(count) : undefined;
}

/**
 * Renders and writes every route — in parallel where it can — unless the cache has it,
 * and yields them in route order (so everything gathered from them is deterministic).
 * At most a small window of pages is in flight and only their metadata comes back, so
 * memory stays flat however large the site is. Recording fresh renders in the cache is
 * the caller's part.
 */
export async function* renderAll(
  routes: RouteEntry[],
  ctx: RenderContext,
  options: RenderAllOptions,
): AsyncGenerator<RouteOutcome> {
  const { cache } = options;
  const keys = routes.map((r) => cache?.keyOf(r));
  const hit = keys.map((k) => (k && cache ? cache.has(k) : false));
  const misses = hit.filter((h) => !h).length;
  const count = options.workers ?? defaultWorkerCount(misses);
  let pool = options.pool;
  try {
    if (misses > 0 && (count > 0 || pool)) {
      pool ??= startRenderPool(0);
      pool.init(workerInit(ctx, cache !== undefined));
      if (ctx.assets === PENDING_ASSETS)
        throw new Error('render: the client assets must be known before the pages are handed out');
      pool.assets(ctx.assets);
      pool.grow(count);
    } else if (pool) {
      await pool.close(); // nothing to render: the early worker was not needed
      pool = undefined;
    }
    const renderer = pool;
    const windowSize = Math.max(4, (renderer?.size ?? 0) * 8);
    const outcomes = new Map<number, Promise<RouteOutcome>>();
    const render = (i: number): Promise<RouteOutcome> => {
      const entry = routes[i]!;
      const here = () =>
        renderRoute(entry, ctx).then((r) => storeRendered(options.store, entry.route, r));
      const prefetched = options.prefetched?.get(entry.route);
      options.prefetched?.delete(entry.route);
      const stored =
        renderer && workerCanRender(entry)
          ? (prefetched ?? renderer.render(entry)).then(
              ({ stored, files }) => writeRouteFiles(options.store, entry.route, files, stored),
              // Too large for a worker's memory budget: rendered here, where the budget is
              // larger (the CLI's build thread, see bin/dfdocs.js) or there is none.
              (err) => {
                if (!(err instanceof WorkerOutOfMemory)) throw err;
                options.outOfWorkerMemory?.push(entry.route);
                return here();
              },
            )
          : here();
      const p = stored.then((s) => ({ entry, key: keys[i], stored: s }));
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
    const finished = await pool?.finish();
    options.workerHeapsMiB?.push(...(finished?.peakHeapsMiB ?? []));
  } finally {
    await pool?.close();
  }
}
