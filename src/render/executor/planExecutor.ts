import type { RenderContext } from '../pages/renderRoute';
import type { OutputStore } from '../output/outputStore';
import type { RouteEntry } from '../site/siteModel';
import { PENDING_ASSETS } from '../ssr/renderDocument';
import type { PageExecutor } from './executor';
import { singleThreadExecutor } from './singleThread';
import { setJitBudget } from './pool/jitBudget';
import { pooledExecutor, workerCanRender, workerInit } from './pool/pooledExecutor';
import {
  defaultWorkerCount,
  PIPELINE_ROUTES_BEFORE_ASSETS,
  startRenderPool,
  type RenderPool,
  type WorkerRendered,
} from './pool/renderPool';

/** What render workers need to know of the site before its pages are handed out. */
export type SiteForWorkers = Parameters<typeof workerInit>[0];

/**
 * The choice of executor for one build, made in two steps: when the build starts (an
 * estimate of the pages to render) and once the site is loaded (the pages that missed the
 * render cache). Starting the workers at the first step lets their start-up (modules,
 * highlighter) overlap loading the site instead of following it.
 */
export interface ExecutorPlan {
  /**
   * Sends the first markdown pages to the workers started early, before the client's
   * assets are known: they are rendered meanwhile (their documents hold markers for the
   * assets, see `PENDING_ASSETS`) and the executor takes their results instead of sending
   * them again. 1,000 pages: the first page started ~0.2 s sooner. Nothing without workers.
   */
  prefetch(routes: RouteEntry[], site: SiteForWorkers, cache: boolean): void;
  /** The executor for a build that renders `misses` pages (the rest come from the cache). */
  start(
    ctx: RenderContext,
    store: OutputStore,
    options: { misses: number; cache: boolean; outOfWorkerMemory: string[] },
  ): Promise<PageExecutor>;
  /** Stops the workers started early if no executor took them (again: nothing). */
  close(): Promise<void>;
}

/**
 * Plans where a build's pages render: `pagesToRender` is a quick estimate made before the
 * site is loaded (0 for a rebuild, whose few changed pages render sooner on this thread
 * than a worker starts); `workers` is the caller's choice (`--workers`, `DFDOCS_WORKERS`),
 * by default one per core for 64 pages or more.
 */
export function planExecutor(pagesToRender: number, workers: number | undefined): ExecutorPlan {
  setJitBudget(pagesToRender);
  const earlyCount = workers ?? defaultWorkerCount(pagesToRender);
  // All of them at once: two make a pipeline, whose halves cannot be told apart later.
  let early: RenderPool | undefined = earlyCount > 0 ? startRenderPool(earlyCount) : undefined;
  const started = early;
  let prefetched: Map<string, Promise<WorkerRendered>> | undefined;
  return {
    prefetch(routes, site, cache) {
      if (!early) return;
      early.init(workerInit(site, cache));
      prefetched = new Map();
      // What a pipeline holds until the client's assets are known (more would wait in the pool's queue).
      for (const entry of routes.filter(workerCanRender).slice(0, PIPELINE_ROUTES_BEFORE_ASSETS)) {
        const rendered = early.render(entry);
        rendered.catch(() => {}); // awaited by the executor, or dropped when the build stops first
        prefetched.set(entry.route, rendered);
      }
    },
    async start(ctx, store, { misses, cache, outOfWorkerMemory }) {
      const count = workers ?? defaultWorkerCount(misses);
      const pool = early;
      early = undefined;
      if (misses === 0 || (count === 0 && !pool)) {
        await pool?.close(); // nothing to render in workers: the early ones were not needed
        return singleThreadExecutor(ctx, store);
      }
      const workersPool = pool ?? startRenderPool(0);
      if (ctx.assets === PENDING_ASSETS) {
        await workersPool.close();
        throw new Error('render: the client assets must be known before the pages are handed out');
      }
      workersPool.init(workerInit(ctx, cache));
      workersPool.assets(ctx.assets);
      workersPool.grow(count);
      return pooledExecutor(workersPool, ctx, store, { prefetched, outOfWorkerMemory });
    },
    close: async () => {
      await started?.close();
    },
  };
}
