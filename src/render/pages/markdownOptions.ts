import type { SiteConfig } from '../../shared/config';
import type { MarkdownOptions } from '../markdown/processor';
import type { SiteModel } from '../site/siteModel';

/**
 * The options every markdown (and MDX) renderer of a site is made with — the build's
 * thread, each render worker, and the dev server — from the config and the model, so the
 * three render a page alike. `where` says what differs: how code is highlighted (a
 * pipeline's markdown half defers it), the site root (a worker learns it from its first
 * page), and the site's plugins as loaded on that thread.
 */
export function markdownOptionsOf<
  W extends Pick<MarkdownOptions, 'highlighter' | 'root' | 'plugins'>,
>(config: SiteConfig, model: SiteModel | undefined, where: W): MarkdownOptions & W {
  return {
    ...where,
    baseUrl: config.baseUrl,
    toc: config.toc,
    routeOfSource: (p: string) => model?.routeOfSource.get(p),
    slugger: config.markdown.slugger,
    runExamples: Boolean(config.examples?.browser),
  };
}
