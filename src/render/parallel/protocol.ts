import type { ClientSiteConfig, SiteConfig } from '../../shared/config';
import type { Diagnostic } from '../diagnostics';
import type { StoredRoute } from '../output/storeRendered';
import type { SiteModel } from '../site/siteModel';
import type { ClientAssets } from '../ssr/renderDocument';

/** What a render worker receives once: everything it needs to render any markdown route. */
export interface WorkerInit {
  config: SiteConfig;
  clientConfig: ClientSiteConfig;
  model: SiteModel;
  assets: ClientAssets;
  routes: string[];
  /** Where the worker writes the pages it renders (the build's staging folder) and the cache's file store. */
  stageDir: string;
  blobDir?: string;
  /** Whether pages get compressed twins. */
  precompress: boolean;
}

/** A render's reply, or (`gzipSizes`) the reply to `finish`: the worker's compressions are done; `peakHeapMiB` is its largest heap (under DFDOCS_PROFILE=1). */
export type WorkerReply = { ok: true; result: StoredRoute } | { ok: true; gzipSizes: [string, number][]; peakHeapMiB?: number } | { ok: false; message: string; stack?: string; diagnostics?: Diagnostic[] };
