import { Worker } from 'node:worker_threads';
import { availableParallelism } from 'node:os';
import type { RouteEntry } from '../site/siteModel';
import type { RenderedRoute } from '../pages/renderRoute';
import { DfdocsError } from '../diagnostics';
import type { WorkerInit, WorkerReply } from './protocol';

/** Renders routes on a pool of worker threads (one per core beside the main thread), page at a time. */
export interface RenderPool {
  render(entry: RouteEntry): Promise<RenderedRoute>;
  close(): Promise<void>;
}

export function defaultWorkerCount(pages: number): number {
  const env = Number(process.env.DFDOCS_WORKERS);
  if (Number.isInteger(env) && env >= 0) return env;
  // Starting a worker costs a few hundred ms (shiki, unified, React): not worth it for small sites.
  if (pages < 64) return 0;
  // The main thread stays busy too (search index, writing files, decoding results): one
  // worker per remaining core. Measured on 2 cores: 1 worker 27.9 s, 2 workers 36.2 s
  // for 1,000 pages (`node bench/site.mjs`).
  return Math.max(1, Math.min(availableParallelism() - 1, 8));
}

function workerUrl(): URL {
  // Bundled CLI (dist-cli/): the worker sits beside it; under tsx (tests): the TypeScript source.
  return process.env.DFDOCS_BUNDLED === '1' ? new URL('./render-worker.js', import.meta.url) : new URL('./tsWorkerBootstrap.mjs', import.meta.url);
}

export function createRenderPool(count: number, init: WorkerInit): RenderPool {
  const workers: Worker[] = [];
  const idle: Worker[] = [];
  const queue: { entry: RouteEntry; resolve: (r: RenderedRoute) => void; reject: (e: unknown) => void }[] = [];
  const pending = new Map<Worker, (reply: WorkerReply) => void>();
  let failure: unknown;

  const pump = () => {
    while (idle.length && queue.length) {
      const w = idle.pop()!;
      const job = queue.shift()!;
      pending.set(w, (reply) => {
        pending.delete(w);
        idle.push(w);
        if (reply.ok) job.resolve(reply.result);
        else job.reject(reply.diagnostics ? new DfdocsError(reply.diagnostics) : Object.assign(new Error(reply.message), { stack: reply.stack }));
        pump();
      });
      w.postMessage({ type: 'render', entry: job.entry });
    }
  };

  for (let i = 0; i < count; i++) {
    const w = new Worker(workerUrl(), { workerData: init });
    w.on('message', (reply: WorkerReply) => pending.get(w)?.(reply));
    w.on('error', (err) => {
      failure = err;
      for (const job of queue.splice(0)) job.reject(err);
      pending.get(w)?.({ ok: false, message: String(err) });
    });
    workers.push(w);
    idle.push(w);
  }

  return {
    render(entry) {
      if (failure) return Promise.reject(failure);
      return new Promise((resolve, reject) => {
        queue.push({ entry, resolve, reject });
        pump();
      });
    },
    async close() {
      await Promise.all(workers.map((w) => w.terminate()));
    },
  };
}
