/**
 * A render worker: builds its own highlighter and markdown processor once, then renders
 * the markdown routes it is sent, one at a time in the order they came, with the same
 * code as the main thread. It sends each page's files back encoded; the main thread
 * writes them, so this thread never waits on the file system.
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
import { routeFiles, routeMetadata } from './output/storeRendered';
import type { RouteEntry } from './site/siteModel';

// Started before the site is known (the pool may start workers while the main thread
// loads it): the highlighter loads at once, the rest waits for the `init` message.
const highlighterReady = getHighlighter();
let ready: Promise<RenderContext> | undefined;
// Learnt from the first route rendered (its absolute source path), for the `plot` examples.
let siteRoot: string | undefined;
// The largest heap seen after a page, for the build profile (DFDOCS_PROFILE=1).
const profiling = process.env.DFDOCS_PROFILE === '1';
let peakHeap = 0;

function start(init: WorkerInit): void {
  ready = highlighterReady.then((highlighter) => {
    const markdown = createMarkdownRenderer({ highlighter, baseUrl: init.config.baseUrl, toc: init.config.toc, routeOfSource: (p) => init.model.routeOfSource.get(p), root: () => siteRoot });
    // With a cache, the blocks this worker highlights are sent back for it to keep.
    const highlightCacheFor = init.cache ? () => collectingHighlightCache() : undefined;
    return { config: init.config, clientConfig: init.clientConfig, model: init.model, markdown, assets: init.assets, reactPages: new Map(), generated: new Map(), routeSet: new Set(init.routes), highlightCacheFor };
  });
}

const encoder = new TextEncoder();

type Message = { type: 'init'; init: WorkerInit } | { type: 'render'; entry: RouteEntry } | { type: 'finish' };

async function handle(msg: Exclude<Message, { type: 'init' }>): Promise<void> {
  try {
    if (!ready) throw new Error('render worker: a render came before the init message');
    if (msg.type === 'finish') {
      parentPort!.postMessage({ ok: true, finished: true, peakHeapMiB: profiling ? Math.round(peakHeap / 2 ** 20) : undefined });
      return;
    }
    const ctx = await ready;
    siteRoot ??= siteRootOfEntry(msg.entry);
    const rendered = await renderRoute(msg.entry, ctx);
    const text = routeFiles(rendered);
    // Encoded here (the worker's time, not the main thread's) into buffers of their own, so they can be transferred.
    const html = encoder.encode(text.document);
    const data = encoder.encode(text.data);
    if (profiling) peakHeap = Math.max(peakHeap, getHeapStatistics().total_physical_size);
    parentPort!.postMessage({ ok: true, result: JSON.stringify(routeMetadata(rendered)), files: { document: html, data } }, [html.buffer, data.buffer]);
  } catch (err) {
    if (err instanceof DfdocsError) {
      parentPort!.postMessage({ ok: false, message: err.message, diagnostics: err.diagnostics.map((d) => ({ ...d, cause: d.cause instanceof Error ? { message: d.cause.message, stack: d.cause.stack } : undefined })) });
    } else {
      parentPort!.postMessage({ ok: false, message: (err as Error)?.message ?? String(err), stack: (err as Error)?.stack });
    }
  }
}

// The pool sends a worker its next route before the current one is done (so it never
// waits for the main thread): messages are handled strictly one after another.
let queue: Promise<void> = Promise.resolve();
parentPort!.on('message', (msg: Message) => {
  if (msg.type === 'init') return start(msg.init);
  queue = queue.then(() => handle(msg));
});
