import { contentFileOf } from '../../shared/pageData';
import type { CachedRoute } from '../cache/pageCache';
import type { RenderedRoute } from '../pages/renderRoute';
import type { OutputStore } from './outputStore';

/** A rendered route once its files are written: what the cache keeps, plus its profile. */
export interface StoredRoute extends CachedRoute {
  timings?: RenderedRoute['timings'];
  /** Highlighted code blocks, for the cache's block pack (see `HighlightCache`). */
  blocks?: RenderedRoute['blocks'];
}

/** The HTML file of a route, relative to the output folder. */
export function htmlFileOf(route: string): string {
  const r = route.replace(/^\/|\/$/g, '');
  return r ? `${r}/index.html` : 'index.html';
}

/**
 * Writes a rendered route's two files (its HTML document and its content file) through
 * the store — in the thread that rendered it, so page bytes never travel between
 * threads — and returns only the small metadata the build gathers from every page.
 * Their compression goes on in the background (`store.flush()` waits for it).
 */
export async function storeRendered(store: OutputStore, route: string, r: RenderedRoute): Promise<StoredRoute> {
  const t0 = performance.now();
  const document = await store.write(htmlFileOf(route), r.document);
  const data = await store.write(contentFileOf(route), JSON.stringify({ page: r.page }));
  return {
    title: r.page.title,
    sidebarId: r.page.sidebarId,
    sourcePath: r.page.sourcePath,
    document: document ?? '',
    data: data ?? '',
    links: r.links,
    ids: r.ids,
    search: r.search,
    timings: r.timings && { ...r.timings, write: performance.now() - t0 },
    blocks: r.blocks,
  };
}
