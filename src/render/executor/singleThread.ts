import { renderPage } from '../pages/renderPage';
import type { RenderContext } from '../pages/renderRoute';
import type { OutputStore } from '../output/outputStore';
import { storeRendered } from '../output/storeRendered';
import type { PageExecutor } from './executor';

/** Renders every page on the calling thread, one after another: the reference executor. */
export function singleThreadExecutor(ctx: RenderContext, store: OutputStore): PageExecutor {
  return {
    window: 4,
    render: async (entry) => storeRendered(store, entry.route, await renderPage(entry, ctx)),
    finish: async () => ({ peakHeapsMiB: [] }),
    close: async () => {},
  };
}
