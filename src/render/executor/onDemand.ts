import type { RenderedPage } from '../pages/renderPage';
import type { RouteEntry } from '../site/siteModel';

/**
 * The dev server's executor: renders a page on the calling thread when it is asked for
 * (with `renderPage`, the build's, given here so dev can reload it after a template
 * change) and keeps it until a change makes it stale — what a change invalidates is
 * decided by the dev server (src/dev/invalidation.ts). Pages are kept by key (dev's
 * `routeKey`); the last page that rendered for a key outlives invalidation, to show
 * under the error overlay when the page now fails.
 */
export class OnDemandExecutor {
  private readonly pages = new Map<string, RenderedPage>();
  private readonly good = new Map<string, RenderedPage>();
  /** Bumped by `clear`, and per key by `invalidate`: a page that rendered across one is not kept. */
  private epoch = 0;
  private readonly versions = new Map<string, number>();

  constructor(private readonly renderPage: (entry: RouteEntry) => Promise<RenderedPage>) {}

  /** The page kept for `key`, if still valid. */
  kept(key: string): RenderedPage | undefined {
    return this.pages.get(key);
  }

  /** Renders `entry` now and keeps it as `key`'s page (unless invalidated meanwhile). */
  async render(key: string, entry: RouteEntry): Promise<RenderedPage> {
    const stamp = this.stampOf(key);
    const rendered = await this.renderPage(entry);
    if (stamp === this.stampOf(key)) this.keep(key, rendered);
    else this.good.set(key, rendered);
    return rendered;
  }

  private stampOf(key: string): string {
    return `${this.epoch}:${this.versions.get(key) ?? 0}`;
  }

  /** Keeps a page rendered elsewhere (the not-found page). */
  keep(key: string, rendered: RenderedPage): void {
    this.pages.set(key, rendered);
    this.good.set(key, rendered);
  }

  /** The last page that rendered for `key`, valid or not. */
  lastGood(key: string): RenderedPage | undefined {
    return this.good.get(key);
  }

  /** The keys of the pages still valid. */
  keys(): string[] {
    return [...this.pages.keys()];
  }

  invalidate(key: string): void {
    this.pages.delete(key);
    this.versions.set(key, (this.versions.get(key) ?? 0) + 1);
  }

  /** Invalidates every page (the site's structure, config or templates changed). */
  clear(): void {
    this.pages.clear();
    this.epoch++;
  }
}
