/**
 * A render worker: builds its own highlighter and markdown processor once, then renders
 * the markdown routes it is sent, one at a time, with the same code as the main thread.
 */
import { parentPort } from 'node:worker_threads';
import { getHeapStatistics } from 'node:v8';
import { getHighlighter } from './markdown/highlighter';
import { createMarkdownRenderer } from './markdown/processor';
import { collectingHighlightCache } from './markdown/highlightCache';
import { renderRoute, type RenderContext } from './pages/renderRoute';
import { DfdocsError } from './diagnostics';
import { siteRootOfEntry } from './examples/siteRoot';
import type { WorkerInit } from './parallel/protocol';
import { OutputStore } from './output/outputStore';
import { storeRendered } from './output/storeRendered';
import type { RouteEntry } from './site/siteModel';

// Started before the site is known (the pool may start workers while the main thread
// loads it): the highlighter loads at once, the rest waits for the `init` message.
const highlighterReady = getHighlighter();
let store: OutputStore | undefined;
let ready: Promise<RenderContext> | undefined;
// Learnt from the first route rendered (its absolute source path), for the `plot` examples.
let siteRoot: string | undefined;
// The largest heap seen after a page, for the build profile (DFDOCS_PROFILE=1).
const profiling = process.env.DFDOCS_PROFILE === '1';
let peakHeap = 0;

function start(init: WorkerInit): void {
  store = new OutputStore(init.stageDir, init.blobDir, init.precompress);
  ready = highlighterReady.then((highlighter) => {
    const markdown = createMarkdownRenderer({ highlighter, baseUrl: init.config.baseUrl, toc: init.config.toc, routeOfSource: (p) => init.model.routeOfSource.get(p), root: () => siteRoot });
    // With a cache, the blocks this worker highlights are sent back for it to keep.
    const highlightCacheFor = init.blobDir ? () => collectingHighlightCache() : undefined;
    return { config: init.config, clientConfig: init.clientConfig, model: init.model, markdown, assets: init.assets, reactPages: new Map(), generated: new Map(), routeSet: new Set(init.routes), highlightCacheFor };
  });
}

parentPort!.on('message', async (msg: { type: 'init'; init: WorkerInit } | { type: 'render'; entry: RouteEntry } | { type: 'finish' }) => {
  if (msg.type === 'init') return start(msg.init);
  try {
    if (!store || !ready) throw new Error('render worker: a render came before the init message');
    if (msg.type === 'finish') {
      await store.flush();
      parentPort!.postMessage({ ok: true, gzipSizes: [...store.gzipSizes], peakHeapMiB: profiling ? Math.round(peakHeap / 2 ** 20) : undefined });
      return;
    }
    const ctx = await ready;
    siteRoot ??= siteRootOfEntry(msg.entry);
    const rendered = await renderRoute(msg.entry, ctx);
    const result = await storeRendered(store, msg.entry.route, rendered);
    if (profiling) peakHeap = Math.max(peakHeap, getHeapStatistics().total_physical_size);
    parentPort!.postMessage({ ok: true, result });
  } catch (err) {
    if (err instanceof DfdocsError) {
      parentPort!.postMessage({ ok: false, message: err.message, diagnostics: err.diagnostics.map((d) => ({ ...d, cause: d.cause instanceof Error ? { message: d.cause.message, stack: d.cause.stack } : undefined })) });
    } else {
      parentPort!.postMessage({ ok: false, message: (err as Error)?.message ?? String(err), stack: (err as Error)?.stack });
    }
  }
});
