import { MessageChannel, Worker } from 'node:worker_threads';
import { availableParallelism } from 'node:os';
import type { RouteEntry } from '../../site/siteModel';
import type { RouteFiles, StoredRoute } from '../../output/storeRendered';
import { DfdocsError } from '../../diagnostics';
import { withBodyText } from '../../content/lazyBody';
import type { WorkerInit, WorkerMessage, WorkerReply, WorkerRole } from './protocol';
import type { ClientAssets } from '../../ssr/renderDocument';
import { bundled, pipelineOff, workerHeapMb, workersSetting } from '../../tuning';

/** A route rendered by a worker: its metadata, and its files still to write. */
export interface WorkerRendered {
  stored: StoredRoute;
  files: RouteFiles;
}

/**
 * Renders routes on a pool of worker threads (one per core; two of them make a pipeline,
 * see `pipelined`), page at a time; the pages' files come back to be written on the main thread. Workers can start before the site is loaded (`init` then
 * tells them what to render): a worker's start-up (its modules, the highlighter) then
 * overlaps the main thread's loading instead of following it.
 */
export interface RenderPool {
  /** Sends every worker, present and future, what it needs to render (once; again, nothing). */
  init(init: WorkerInit): void;
  /** Sends every worker, present and future, the client's assets (see `WorkerInit`). */
  assets(assets: ClientAssets): void;
  /** Starts workers until there are `count` threads. */
  grow(count: number): void;
  readonly size: number;
  render(entry: RouteEntry): Promise<WorkerRendered>;
  /** Waits for the routes sent; returns each thread's peak heap (MiB, when profiling). */
  finish(): Promise<{ peakHeapsMiB: number[] }>;
  /** Stops the workers (again: nothing). */
  close(): Promise<void>;
}

export function defaultWorkerCount(pages: number): number {
  const set = workersSetting();
  if (set !== undefined) return set;
  // Starting a worker costs a few hundred ms (shiki, unified, React): not worth it for small sites.
  if (pages < 64) return 0;
  // One worker per core: the main thread (search index, writing files) is idle about 60 %
  // of a build, so it shares a core well. Measured on a quiet 2-core machine, 1,000 pages:
  // 1 worker 20.3 s, 2 workers 15.6 s (`/usr/bin/time node bin/dfdocs.js build`).
  return Math.max(1, Math.min(availableParallelism(), 8));
}

/** Young-generation size of a render worker, in MB. */
const YOUNG_GENERATION_MB = 64;

/**
 * Old-generation budget of a render worker, in MB (DFDOCS_WORKER_HEAP_MB overrides it).
 * A worker keeps ~30 MB between pages, but an isolate without a budget below 2 GB lets
 * its heap grow to 4× what survived its last full collection before collecting again
 * (V8's growing factor for large heaps), and the longer a build ran the more garbage
 * piled up: each worker peaked at 230-275 MB at 10,000 pages against ~150 MB at 1,000.
 * Under a budget V8 grows the heap by ~1.3-1.7× instead, so a worker's memory no
 * longer grows with the site (~160 MB at both sizes). A page too large for the budget
 * (markdown of several MB) is rendered on the main thread instead (`WorkerOutOfMemory`).
 */
function oldGenerationMb(): number {
  return workerHeapMb();
}

/** A route whose worker ran out of memory (its budget, see `oldGenerationMb`): render it elsewhere. */
export class WorkerOutOfMemory extends Error {
  constructor(readonly route: string) {
    super(`a render worker ran out of memory rendering ${route}`);
  }
}

function workerUrl(): URL {
  // Bundled CLI (dist-cli/): the worker sits beside it; under tsx (tests): the TypeScript source.
  return bundled()
    ? new URL('./render-worker.js', import.meta.url)
    : new URL('./tsWorkerBootstrap.mjs', import.meta.url);
}

/**
 * Routes sent to a unit (a worker, or a pipeline of two) before it has replied for the
 * earlier ones: its next route is already in its queue when it finishes one, so it does
 * not wait for the main thread (busy writing files) to hand it out. A pipeline holds
 * more: with 4 routes its halves waited on each other and on the main thread, which
 * shares their cores (1,000 pages: 6.9-7.0 s with 4, 6.0-6.3 s with 12; 16 and 24 did
 * no better).
 */
const ROUTES_IN_FLIGHT = { whole: 2, pipeline: 12 } as const;

/**
 * Routes a pipeline may hold before the client's assets are known. No page can be finished
 * without them (its document names them), so a pipeline's first 12 routes stayed in it and
 * its markdown half, the slower one, idled until the client bundle was made: ~0.2 s of the
 * first 100 pages of the 1,000-page corpus. It renders the markdown of this many meanwhile;
 * their bodies wait in the finish half (about 100 KB each).
 */
export const PIPELINE_ROUTES_BEFORE_ASSETS = 48;

/** Workers that ran out of memory replaced by new ones, per build. */
const MAX_REPLACEMENTS = 4;

/**
 * Whether two threads render as a pipeline: one renders the markdown and the document
 * around it (`markdown` role), the other highlights the code and prepares the search
 * entry (`finish`). Two workers rendering whole
 * pages each compiled and warmed up all of that code (V8 shares no code between
 * isolates), which cost about a second of CPU per worker on 1,000 pages; a pipeline
 * warms each half once, and highlights with one line memo and one set of compiled
 * grammars. DFDOCS_PIPELINE=0 renders whole pages in every worker.
 */
const pipelined = () => !pipelineOff();

type UnitKind = keyof typeof ROUTES_IN_FLIGHT;

/** A worker, or the two workers of a pipeline: routes go to the first, replies come from the last, in order. */
interface RenderUnit {
  kind: UnitKind;
  threads: Worker[];
  /** Its replies to come, in the order it was sent routes. */
  pending: ((reply: WorkerReply) => void)[];
  dead: boolean;
}

export function startRenderPool(count: number): RenderPool {
  const units: RenderUnit[] = [];
  const queue: {
    entry: RouteEntry;
    resolve: (r: WorkerRendered) => void;
    reject: (e: unknown) => void;
  }[] = [];
  let failure: unknown;
  let initData: WorkerInit | undefined;
  let assetsData: ClientAssets | undefined;
  let closed: Promise<void> | undefined;
  let replaced = 0;
  const threadCount = () => units.reduce((n, u) => n + u.threads.length, 0);

  const pump = () => {
    if (!initData) return;
    const limit = (kind: UnitKind) =>
      kind === 'pipeline' && !assetsData ? PIPELINE_ROUTES_BEFORE_ASSETS : ROUTES_IN_FLIGHT[kind];
    for (let depth = 1; depth <= limit('pipeline'); depth++) {
      for (const unit of units) {
        if (!queue.length) return;
        if (unit.pending.length >= depth || depth > limit(unit.kind)) continue;
        const job = queue.shift()!;
        let entry: RouteEntry;
        try {
          entry = withBodyText(job.entry);
        } catch (err) {
          job.reject(err); // its source changed since it was loaded
          continue;
        }
        unit.pending.push((reply) => {
          if (reply.ok && 'result' in reply)
            job.resolve({
              stored: {
                ...(JSON.parse(reply.result) as StoredRoute),
                blocks: reply.blocks,
                searchJson: reply.search,
              },
              files: reply.files,
            });
          else if (reply.ok) job.reject(new Error('render worker: unexpected reply'));
          else if (reply.outOfMemory) job.reject(new WorkerOutOfMemory(job.entry.route));
          else
            job.reject(
              reply.diagnostics
                ? new DfdocsError(reply.diagnostics)
                : Object.assign(new Error(reply.message), { stack: reply.stack }),
            );
          pump();
        });
        unit.threads[0]!.postMessage({ type: 'render', entry } satisfies WorkerMessage);
      }
    }
  };

  const failed = (unit: RenderUnit, err: Error) => {
    if (unit.dead) return;
    if ((err as NodeJS.ErrnoException).code === 'ERR_WORKER_OUT_OF_MEMORY' && !closed) {
      // The routes it held are rendered elsewhere (`WorkerOutOfMemory`) and it is
      // replaced, a few times at most (a budget too small to even start in). The other
      // half of a pipeline goes with it: it could only reply for routes now failed.
      unit.dead = true;
      units.splice(units.indexOf(unit), 1);
      for (const w of unit.threads) void w.terminate();
      for (const handler of unit.pending.splice(0))
        handler({ ok: false, message: String(err), outOfMemory: true });
      if (replaced++ < MAX_REPLACEMENTS) spawn(unit.kind);
      else if (!units.length)
        for (const job of queue.splice(0)) job.reject(new WorkerOutOfMemory(job.entry.route));
      pump();
      return;
    }
    failure = err;
    for (const job of queue.splice(0)) job.reject(err);
    for (const handler of unit.pending.splice(0)) handler({ ok: false, message: String(err) });
  };

  const spawn = (kind: UnitKind) => {
    // Rendering allocates many short-lived nodes; a larger young generation means fewer
    // scavenges (1,000 pages on 2 cores: 15.9 s with V8's default, 14.1 s with 64 MB).
    const worker = (role: WorkerRole) =>
      new Worker(workerUrl(), {
        workerData: { role },
        resourceLimits: {
          maxYoungGenerationSizeMb: YOUNG_GENERATION_MB,
          maxOldGenerationSizeMb: oldGenerationMb(),
        },
      });
    const threads = kind === 'whole' ? [worker('whole')] : [worker('markdown'), worker('finish')];
    const unit: RenderUnit = { kind, threads, pending: [], dead: false };
    if (kind === 'pipeline') {
      const { port1, port2 } = new MessageChannel();
      const done = new SharedArrayBuffer(4);
      threads[0]!.postMessage({ type: 'connect', port: port1, done } satisfies WorkerMessage, [
        port1,
      ]);
      threads[1]!.postMessage({ type: 'connect', port: port2, done } satisfies WorkerMessage, [
        port2,
      ]);
    }
    threads[threads.length - 1]!.on('message', (reply: WorkerReply) => {
      if (!unit.dead) unit.pending.shift()?.(reply);
    });
    for (const w of threads) {
      w.on('error', (err) => failed(unit, err));
      if (initData) w.postMessage({ type: 'init', init: initData } satisfies WorkerMessage);
      if (assetsData) w.postMessage({ type: 'assets', assets: assetsData } satisfies WorkerMessage);
    }
    units.push(unit);
  };

  const pool: RenderPool = {
    init(init) {
      if (initData) return;
      initData = init;
      for (const w of units.flatMap((u) => u.threads))
        w.postMessage({ type: 'init', init } satisfies WorkerMessage);
      pump();
    },
    assets(assets) {
      assetsData = assets;
      for (const w of units.flatMap((u) => u.threads))
        w.postMessage({ type: 'assets', assets } satisfies WorkerMessage);
    },
    grow(n) {
      while (threadCount() < n) spawn(n - threadCount() >= 2 && pipelined() ? 'pipeline' : 'whole');
      pump();
    },
    get size() {
      return threadCount();
    },
    render(entry) {
      if (failure) return Promise.reject(failure);
      if (!units.length && initData) return Promise.reject(new WorkerOutOfMemory(entry.route)); // none left
      return new Promise((resolve, reject) => {
        queue.push({ entry, resolve, reject });
        pump();
      });
    },
    async finish() {
      const replies = await Promise.all(
        units.map(
          (unit) =>
            new Promise<{ peakHeapsMiB?: number[] }>((resolve, reject) => {
              unit.pending.push((reply) => {
                if (reply.ok && 'finished' in reply) resolve(reply);
                else if (!reply.ok && reply.outOfMemory) resolve({});
                else
                  reject(
                    reply.ok
                      ? new Error('render worker: unexpected reply')
                      : new Error(reply.message),
                  );
              });
              unit.threads[0]!.postMessage({ type: 'finish' } satisfies WorkerMessage);
            }),
        ),
      );
      return { peakHeapsMiB: replies.flatMap((r) => r.peakHeapsMiB ?? []) };
    },
    close() {
      closed ??= Promise.all(units.flatMap((u) => u.threads).map((w) => w.terminate())).then(
        () => undefined,
      );
      return closed;
    },
  };
  pool.grow(count);
  return pool;
}
