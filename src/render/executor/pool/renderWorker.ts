/**
 * A render worker, in one of three roles (`workerData.role`, see `parallel/protocol.ts`):
 *
 * - `whole`: renders the markdown routes it is sent, start to end;
 * - `markdown`: the first half of a pipeline: renders a route's markdown and the
 *   document around it with the code blocks left as markers, and passes them on to its
 *   `finish` worker through the port it was given;
 * - `finish`: the second half: highlights the blocks, splices them in and prepares the
 *   page's search entry.
 *
 * Each handles its messages strictly one after another, in the order they came, with
 * the same code as the main thread, and the last one sends each page's files back
 * encoded: the main thread writes them, so no worker waits on the file system.
 */
import { parentPort, workerData, type MessagePort } from 'node:worker_threads';
import { getHeapStatistics } from 'node:v8';
import { getHighlighter } from '../../markdown/highlighter';
import { createMarkdownRenderer } from '../../markdown/processor';
import { loadMarkdownPlugins } from '../../modules/markdownPlugins';
import { installSlotOverrides } from '../../ssr/slotOverrides';
import { createMdxPages } from '../../mdx/mdxPages';
import { markdownOptionsOf } from '../../pages/markdownOptions';
import { collectingHighlightCache } from '../../markdown/highlightCache';
import { renderPage } from '../../pages/renderPage';
import { completeRoute, renderRouteBody } from './pipeline';
import { type RenderContext, type RenderedRoute, type RouteBody } from '../../pages/renderRoute';
import { DfdocsError } from '../../diagnostics';
import { siteRootOfEntry } from '../../examples/siteRoot';
import type { PipeMessage, WorkerInit, WorkerMessage, WorkerReply, WorkerRole } from './protocol';
import { routeFileBytes, routeMetadata } from '../../output/storeRendered';
import {
  awaitsAssets,
  fillAssets,
  PENDING_ASSETS,
  type ClientAssets,
} from '../../ssr/renderDocument';
import { pipelineDocumentHalf, profiling as profilingOn } from '../../tuning';

const role: WorkerRole = (workerData as { role?: WorkerRole } | undefined)?.role ?? 'whole';

// Started before the site is known (the pool may start workers while the main thread
// loads it): the highlighter loads at once, the rest waits for the `init` message. The
// markdown half of a pipeline never highlights, so it never loads shiki.
const highlighterReady = role === 'markdown' ? undefined : getHighlighter();
let ready: Promise<RenderContext> | undefined;
let init: WorkerInit | undefined;
// Learnt from the first route rendered (its absolute source path), for the `plot` examples.
let siteRoot: string | undefined;
// The largest heap seen after a page, for the build profile (DFDOCS_PROFILE=1).
const profiling = profilingOn();
let peakHeap = 0;
/** The markdown half's way to its finish half. */
let next: MessagePort | undefined;
/**
 * Bodies the markdown half has sent, and (shared with the finish half, which counts
 * them) how many the finish half is done with. With at least `BUSY_BACKLOG` waiting
 * there, the finish half is the slower one and the markdown half renders the document
 * around each body; with fewer, the document is left to the finish half. So the work
 * moves to whichever half has room, whatever the site's pages spend their time on
 * (1,000 corpus pages: with the document always in one half the other idled ~1 s of
 * 5.8; moving, at a backlog of 2 the finish half idled 0.5-0.9 s, at 4 0.25-0.3 s).
 */
let sent = 0;
let done: Int32Array | undefined;
const BUSY_BACKLOG = 4;
/** Which half renders every document, for tests (`markdown` or `finish`); unset, it moves as above. */
const documentHalf = pipelineDocumentHalf();

/** The client's assets: known once the `assets` message came (documents rendered before hold markers, see `PENDING_ASSETS`). */
let assets: ClientAssets | undefined;
/**
 * Replies to the main thread while the assets are not known, in order: a finished page's
 * document names them, and the others may not overtake it. The client bundle is made
 * while the first pages render (1,000 pages: ~0.5-0.8 s), and the pipeline's halves used
 * to wait for it; now they go on rendering, and these are sent when the assets come.
 */
let held: (() => void)[] | undefined = [];
const post = (send: () => void) => (held ? held.push(send) : send());

function start(data: WorkerInit): void {
  init = data;
  ready = Promise.all([
    highlighterReady,
    loadMarkdownPlugins(data.markdownPlugins, data.config.markdown),
    installSlotOverrides(data.components, data.config),
  ]).then(([highlighter, plugins]) => {
    const markdownOptions = markdownOptionsOf(data.config, data.model, {
      plugins,
      highlighter: highlighter ?? 'deferred',
      root: () => siteRoot,
    });
    const markdown = createMarkdownRenderer(markdownOptions);
    // With a cache, the blocks this worker highlights are sent back for it to keep.
    const highlightCacheFor =
      data.cache && highlighter ? () => collectingHighlightCache() : undefined;
    return {
      config: data.config,
      clientConfig: data.clientConfig,
      model: data.model,
      markdown,
      mdx: createMdxPages({
        ...markdownOptions,
        ...data.mdx,
        clientConfig: data.clientConfig,
        highlighterOf: getHighlighter,
      }),
      get assets() {
        return assets ?? PENDING_ASSETS;
      },
      reactPages: new Map(),
      generated: new Map(),
      routeSet: new Set(data.routes),
      highlightCacheFor,
      highlighter: getHighlighter,
    };
  });
}

const notePeakHeap = () => {
  if (profiling) peakHeap = Math.max(peakHeap, getHeapStatistics().total_physical_size);
};
const peakHeapMiB = () => (profiling ? Math.round(peakHeap / 2 ** 20) : undefined);

/** An error as a reply (its diagnostics, or its message and stack). */
function failure(err: unknown): WorkerReply {
  if (err instanceof DfdocsError) {
    return {
      ok: false,
      message: err.message,
      diagnostics: err.diagnostics.map((d) => ({
        ...d,
        cause:
          d.cause instanceof Error ? { message: d.cause.message, stack: d.cause.stack } : undefined,
      })),
    };
  }
  return {
    ok: false,
    message: (err as Error)?.message ?? String(err),
    stack: (err as Error)?.stack,
  };
}

/** Sends a rendered page's files (encoded here, the worker's time, into buffers of their own, then transferred) and metadata to the main thread. */
function reply(rendered: RenderedRoute): void {
  post(() => replyNow(rendered));
}

function replyNow(rendered: RenderedRoute): void {
  if (awaitsAssets(rendered.document))
    rendered.document = fillAssets(rendered.document, assets!, init!.config.baseUrl);
  const { document: html, data } = routeFileBytes(rendered);
  notePeakHeap();
  const { blocks, searchJson, ...metadata } = routeMetadata(rendered);
  parentPort!.postMessage(
    {
      ok: true,
      result: JSON.stringify(metadata),
      blocks,
      search: searchJson,
      files: { document: html, data },
    } satisfies WorkerReply,
    [html.buffer, data.buffer],
  );
}

function readyContext(): Promise<RenderContext> {
  if (!ready) throw new Error('render worker: a render came before the init message');
  return ready;
}

/** A message from the main thread (whole and markdown roles). */
async function handle(
  msg: Exclude<WorkerMessage, { type: 'init' } | { type: 'connect' } | { type: 'assets' }>,
): Promise<void> {
  if (msg.type === 'finish') {
    if (next)
      next.postMessage({ type: 'finish', peakHeapMiB: peakHeapMiB() } satisfies PipeMessage);
    else
      post(() =>
        parentPort!.postMessage({
          ok: true,
          finished: true,
          peakHeapsMiB: profiling ? [peakHeapMiB()!] : undefined,
        } satisfies WorkerReply),
      );
    return;
  }
  try {
    const ctx = await readyContext();
    siteRoot ??= siteRootOfEntry(msg.entry);
    if (role === 'markdown') {
      if (!next) throw new Error('render worker: the markdown half has no finish half');
      const document = documentHalf
        ? documentHalf === 'markdown'
        : sent - Atomics.load(done!, 0) >= BUSY_BACKLOG;
      const body = await renderRouteBody(msg.entry, ctx, { document });
      notePeakHeap();
      next.postMessage({ type: 'body', body } satisfies PipeMessage);
      sent++;
    } else {
      reply(await renderPage(msg.entry, ctx));
    }
  } catch (err) {
    // The markdown half's failures go through the finish half, so replies stay in order.
    if (next) {
      next.postMessage({ type: 'failed', reply: failure(err) } satisfies PipeMessage);
      sent++;
    } else {
      const reply = failure(err);
      post(() => parentPort!.postMessage(reply));
    }
  }
}

/** A message from the markdown half (finish role). */
async function handlePiped(msg: PipeMessage): Promise<void> {
  if (msg.type === 'failed') {
    const reply = msg.reply;
    post(() => parentPort!.postMessage(reply));
    Atomics.add(done!, 0, 1);
    return;
  }
  if (msg.type === 'finish') {
    const heaps = profiling ? [msg.peakHeapMiB ?? 0, peakHeapMiB()!] : undefined;
    post(() =>
      parentPort!.postMessage({
        ok: true,
        finished: true,
        peakHeapsMiB: heaps,
      } satisfies WorkerReply),
    );
    return;
  }
  try {
    const ctx = await readyContext();
    reply(
      await completeRoute(
        msg.body as RouteBody,
        ctx,
        init?.cache ? collectingHighlightCache() : undefined,
      ),
    );
  } catch (err) {
    const reply = failure(err);
    post(() => parentPort!.postMessage(reply));
  }
  Atomics.add(done!, 0, 1);
}

// The pool sends a worker its next route before the current one is done (so it never
// waits for the main thread): messages are handled strictly one after another.
let queue: Promise<void> = Promise.resolve();
parentPort!.on('message', (msg: WorkerMessage) => {
  if (msg.type === 'init') return start(msg.init);
  if (msg.type === 'assets') {
    assets = msg.assets;
    const waiting = held ?? [];
    held = undefined;
    for (const send of waiting) send();
    return;
  }
  if (msg.type === 'connect') {
    done = new Int32Array(msg.done);
    if (role === 'markdown') next = msg.port;
    else
      msg.port.on(
        'message',
        (piped: PipeMessage) => (queue = queue.then(() => handlePiped(piped))),
      );
    return;
  }
  queue = queue.then(() => handle(msg));
});
