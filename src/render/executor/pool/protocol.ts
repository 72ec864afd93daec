import type { ClientSiteConfig, SiteConfig } from '../../../shared/config';
import type { Diagnostic } from '../../diagnostics';
import type { RouteFiles } from '../../output/storeRendered';
import type { RouteEntry, SiteModel } from '../../site/siteModel';
import type { ClientAssets } from '../../ssr/renderDocument';
import type { RouteBody } from '../../pages/renderRoute';
import type { MessagePort } from 'node:worker_threads';
import type { MdxSetup } from '../../mdx/registeredComponents';

/**
 * What a render worker does (its `workerData.role`): renders whole pages, or one half of a
 * pipeline of two (`markdown` → `finish`, see `renderPool.ts`).
 */
export type WorkerRole = 'whole' | 'markdown' | 'finish';

/**
 * From the main thread to a worker. `connect` gives the two halves of a pipeline their
 * ends of a channel between them, and a shared count of the bodies the finish half is done with.
 */
export type WorkerMessage =
  | { type: 'init'; init: WorkerInit }
  | { type: 'assets'; assets: ClientAssets }
  | { type: 'connect'; port: MessagePort; done: SharedArrayBuffer }
  | { type: 'render'; entry: RouteEntry }
  | { type: 'finish' };

/** From a pipeline's markdown half to its finish half, in the order the routes came. */
export type PipeMessage =
  | { type: 'body'; body: RouteBody }
  | { type: 'failed'; reply: WorkerReply }
  | { type: 'finish'; peakHeapMiB?: number };

/**
 * What a render worker receives once: everything it needs to render any markdown route
 * but the client's assets (for the document's script and style tags), which come in an
 * `assets` message once the client bundle is made: the site is known sooner, and the
 * first pages' markdown is rendered meanwhile.
 */
export interface WorkerInit {
  config: SiteConfig;
  clientConfig: ClientSiteConfig;
  model: SiteModel;
  routes: string[];
  /** Whether the build keeps a render cache (the worker then sends back the code blocks it highlights). */
  cache: boolean;
  /** The URL of the site's compiled markdown plugins (see src/render/modules/markdownPlugins.ts), if it has any. */
  markdownPlugins?: string;
  /** The URL of the site's compiled component overrides (see src/render/ssr/slotOverrides.ts), if it has any. */
  components?: string;
  /** The site's compiled MDX components (see src/render/mdx/registeredComponents.ts), if it has any. */
  mdx?: MdxSetup;
}

/**
 * A render's reply: the route's metadata as JSON and its two files, encoded (their buffers
 * are transferred; the main thread writes them). The metadata crosses as one string: its
 * search terms and code blocks made structured cloning cost ~0.5 ms a page, three times
 * `JSON.stringify` and `JSON.parse` together. Its highlighted code blocks (for the cache;
 * already JSON text, ~60 % of it) are cloned beside it: inside it every quote in them was
 * escaped again, and read back on the main thread. So is its search entry (JSON text, see
 * `CachedRoute.searchJson`), which the main thread only passes on. Or the reply to `finish` (`finished`), with
 * the largest heap in MiB of each of its threads under DFDOCS_PROFILE=1.
 */
export type WorkerReply =
  | {
      ok: true;
      result: string;
      blocks?: [string, string][];
      search?: string;
      files: RouteFiles & { document: Uint8Array; data: Uint8Array };
    }
  | { ok: true; finished: true; peakHeapsMiB?: number[] }
  | {
      ok: false;
      message: string;
      stack?: string;
      diagnostics?: Diagnostic[];
      outOfMemory?: boolean;
    };
