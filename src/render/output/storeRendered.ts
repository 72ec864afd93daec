import { contentFileOf } from '../../shared/pageData';
import type { CachedRoute } from '../cache/pageCache';
import type { RenderedRoute } from '../pages/renderRoute';
import type { OutputStore } from './outputStore';
import { collectGarbage, isLargeHtml } from '../memoryPressure';
import { stringParts } from '../cache/blobLedger';
import { contentFileParts, utf8Of } from './largeFileBytes';
import { asciiJson } from '../cache/asciiJson';

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

const encoder = new TextEncoder();

/** A rendered route's document length (a function: `document.` reads as the DOM to the architecture test). */
const documentLength = ({ document: text }: RenderedRoute): number => text.length;

/**
 * A route's two files as bytes (a render worker's reply): a large page's made a part at
 * a time, its document let go before its content file is made (see `largeFileBytes.ts`).
 */
export function routeFileBytes(r: RenderedRoute): {
  document: Uint8Array<ArrayBuffer>;
  data: Uint8Array<ArrayBuffer>;
} {
  if (!isLargeHtml(documentLength(r))) {
    const text = routeFiles(r);
    return { document: encoder.encode(text.document), data: encoder.encode(text.data) };
  }
  const document = utf8Of(() => stringParts(r.document));
  r.document = '';
  collectGarbage();
  return { document, data: utf8Of(() => contentFileParts(r.page)) };
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
    // As the render cache keeps it (ASCII): the search index's segments are keyed by these texts.
    searchJson: r.search && asciiJson(r.search),
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
  // (No local holds the document: the large path lets it go before writing the content file.)
  if (!isLargeHtml(documentLength(r)))
    return writeRouteFiles(store, route, routeFiles(r), routeMetadata(r));
  // A large page: its document is written a part at a time and let go before its content
  // file (which holds its body again) is written the same way (see `largeFileBytes.ts`),
  // each file's twins made from the file once its text is gone, one file at a time, with
  // collections between (see `collectGarbage`).
  const t0 = performance.now();
  const stored = routeMetadata(r);
  r.search = undefined;
  collectGarbage(); // what preparing the search entry left
  const htmlWritten = writeDocumentOf(store, route, r);
  collectGarbage();
  stored.document = (await htmlWritten) ?? '';
  await store.flush();
  collectGarbage();
  const dataWritten = writeContentFileOf(store, route, r);
  collectGarbage();
  stored.data = (await dataWritten) ?? '';
  await store.flush();
  collectGarbage();
  if (stored.timings) stored.timings = { ...stored.timings, write: performance.now() - t0 };
  return stored;
}

// These two are not async functions, nor inlined into one: a suspended async function
// keeps its temporaries (here the generator holding the text) alive until it resumes.

/** Writes a large page's document a part at a time and lets the text go; resolves with its blob once its twins are made. */
function writeDocumentOf(store: OutputStore, route: string, r: RenderedRoute) {
  const written = store.writeParts(htmlFileOf(route), stringParts(r.document));
  r.document = '';
  return written;
}

/** Writes a large page's content file a part at a time and lets its body go; resolves with its blob once its twins are made. */
function writeContentFileOf(store: OutputStore, route: string, r: RenderedRoute) {
  const written = store.writeParts(contentFileOf(route), contentFileParts(r.page));
  r.page = { ...r.page, html: '' };
  return written;
}
