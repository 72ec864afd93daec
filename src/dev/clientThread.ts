import { Worker } from 'node:worker_threads';
import type { SiteComponents } from '../render/bundle/bundleClient';
import { DfdocsError, type Diagnostic } from '../render/diagnostics';
import type { IslandUse } from '../render/mdx/islands';
import type { MdxSetup } from '../render/mdx/registeredComponents';
import type { ClientAssets } from '../render/ssr/renderDocument';
import { bundled } from '../render/tuning';

/** What the site's client is bundled from (see `bundleSiteClient`). */
export interface ClientJob {
  root: string;
  cacheDir: string;
  generation: number;
  components: SiteComponents;
  customCss: string[];
  /** The site's MDX components: the islands among them are found with it. */
  mdxSetup: MdxSetup;
  /** The site's cache folder (see `bundleSiteClient`). */
  siteCacheDir?: string;
}

/** The bundle's folder and assets, and the islands found in the site's MDX pages. */
export interface BundledClient {
  dir: string;
  assets: ClientAssets;
  islands: IslandUse[];
}

/** What the thread answers a job with (`id` is the job's). */
export type ClientThreadReply =
  | ({ id: number; type: 'bundled' } & BundledClient)
  | { id: number; type: 'failed'; diagnostics: Diagnostic[]; islands: IslandUse[] }
  | { id: number; type: 'crashed'; message: string; stack?: string; islands: IslandUse[] };

function threadUrl(): URL {
  // Bundled CLI (dist-cli/): the worker sits beside it; under tsx (tests): the TypeScript source.
  return bundled()
    ? new URL('./client-worker.js', import.meta.url)
    : new URL('./tsClientWorkerBootstrap.mjs', import.meta.url);
}

/**
 * Bundles the site's client (its islands found first) on a thread of its own. esbuild asks
 * dfdocs's plugins (src/render/bundle/bundleClient.ts) about most modules it resolves and
 * loads, and waits for each answer: on the thread that renders pages, a bundle took
 * several times longer while a page rendered, which is exactly when dev starts (the first
 * page renders while the client is bundled). Here the answers come at once.
 */
export class ClientThread {
  private worker?: Worker;
  private next = 0;
  private readonly waiting = new Map<
    number,
    { resolve: (c: BundledClient) => void; reject: (e: Error & { islands?: IslandUse[] }) => void }
  >();

  private closed = false;

  /** Starts the thread (it loads its code meanwhile); `bundle` starts it too. Not once closed. */
  start(): void {
    if (this.worker || this.closed) return;
    const worker = new Worker(threadUrl());
    worker.unref(); // dev ends on Ctrl-C whatever the thread is doing
    worker.on('message', (reply: ClientThreadReply) => {
      const job = this.waiting.get(reply.id);
      if (!job) return;
      this.waiting.delete(reply.id);
      if (reply.type === 'bundled')
        job.resolve({ dir: reply.dir, assets: reply.assets, islands: reply.islands });
      else
        job.reject(
          Object.assign(
            reply.type === 'failed'
              ? new DfdocsError(reply.diagnostics)
              : Object.assign(new Error(reply.message), { stack: reply.stack }),
            { islands: reply.islands },
          ),
        );
    });
    const fail = (err: Error) => {
      if (this.worker === worker) this.worker = undefined; // the next job starts another
      for (const job of this.waiting.values()) job.reject(err);
      this.waiting.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) =>
      fail(new Error(`the client bundle's thread stopped (exit code ${code})`)),
    );
    this.worker = worker;
  }

  /** Finds the site's islands and bundles its client; rejects as `bundleSiteClient` throws, with the islands found. */
  bundle(job: ClientJob): Promise<BundledClient> {
    this.start();
    if (!this.worker)
      return Promise.reject(new Error("dev is closed: the client's thread is gone"));
    const id = ++this.next;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      this.worker!.postMessage({ id, job });
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    const worker = this.worker;
    this.worker = undefined;
    await worker?.terminate();
  }
}
