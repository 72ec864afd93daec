import type { ClientSiteConfig, SiteConfig } from '../../shared/config';
import type { Diagnostic } from '../diagnostics';
import type { RenderedRoute } from '../pages/renderRoute';
import type { SiteModel } from '../site/siteModel';
import type { ClientAssets } from '../ssr/renderDocument';

/** What a render worker receives once: everything it needs to render any markdown route. */
export interface WorkerInit {
  config: SiteConfig;
  clientConfig: ClientSiteConfig;
  model: SiteModel;
  assets: ClientAssets;
  routes: string[];
}

export type WorkerReply = { ok: true; result: RenderedRoute } | { ok: false; message: string; stack?: string; diagnostics?: Diagnostic[] };
