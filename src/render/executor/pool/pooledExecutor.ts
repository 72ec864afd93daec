import type { RenderContext } from '../../pages/renderRoute';
import type { OutputStore } from '../../output/outputStore';
import { writeRouteFiles } from '../../output/storeRendered';
import type { RouteEntry } from '../../site/siteModel';
import type { PageExecutor } from '../executor';
import { singleThreadExecutor } from '../singleThread';
import type { WorkerInit } from './protocol';
import { WorkerOutOfMemory, type RenderPool, type WorkerRendered } from './renderPool';

/** Markdown routes can render in a worker; React pages and generated pages hold functions and stay on the main thread. */
export function workerCanRender(entry: RouteEntry): boolean {
  return (
    entry.kind === 'doc' ||
    ((entry.kind === 'page' || entry.kind === 'home') && entry.source.kind === 'markdownPage')
  );
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

/**
 * Renders markdown pages on a pool of worker threads (the pages' bytes come back to be
 * written here) and the rest — React pages, generated pages, and a page too large for a
 * worker's memory budget — on this thread, as the single-thread executor does.
 */
export function pooledExecutor(
  pool: RenderPool,
  ctx: RenderContext,
  store: OutputStore,
  options: {
    /** Routes already sent to `pool` (see `prefetchRoutes`), taken instead of sent again. */
    prefetched?: Map<string, Promise<WorkerRendered>>;
    /** Filled with the routes a worker ran out of memory on. */
    outOfWorkerMemory?: string[];
  },
): PageExecutor {
  const here = singleThreadExecutor(ctx, store);
  return {
    window: Math.max(4, pool.size * 8),
    render(entry) {
      if (!workerCanRender(entry)) return here.render(entry);
      const prefetched = options.prefetched?.get(entry.route);
      options.prefetched?.delete(entry.route);
      return (prefetched ?? pool.render(entry)).then(
        ({ stored, files }) => writeRouteFiles(store, entry.route, files, stored),
        // Too large for a worker's memory budget: rendered here, where the budget is
        // larger (the CLI's build thread, see bin/dfdocs.js) or there is none.
        (err) => {
          if (!(err instanceof WorkerOutOfMemory)) throw err;
          options.outOfWorkerMemory?.push(entry.route);
          return here.render(entry);
        },
      );
    },
    finish: () => pool.finish(),
    close: () => pool.close(),
  };
}
