import { contentFileOf } from '../../shared/pageData';
import { htmlFileOf } from '../output/storeRendered';
import type { RouteEntry } from '../site/siteModel';
import {
  finishTimed,
  renderBody,
  renderError,
  searchEntryOf,
  sourceOf,
  type RenderContext,
  type RenderedRoute,
  type RouteBody,
} from './renderRoute';

/**
 * One page, rendered: its two files — the HTML `document` (written to
 * `htmlFileOf(route)`) and the content file client-side navigation fetches (`page`,
 * written to `contentFileOf(route)`, see `pageFiles`) — and the metadata the build
 * gathers from it (links and ids for the link check, the search entry, warnings, the
 * files beside the markdown it references).
 */
export type RenderedPage = RenderedRoute;

/**
 * Renders one page of the site, start to end, on the thread it is called on. Every
 * executor (src/render/executor/) runs this, or — the worker pipeline — the same steps
 * split in two halves (src/render/executor/pool/pipeline.ts). Errors name the route and
 * its source file.
 */
export async function renderPage(entry: RouteEntry, ctx: RenderContext): Promise<RenderedPage> {
  try {
    // 1. The body: markdown or MDX (or a React page, or a generated one) to HTML, and what
    //    the page says of itself (title, description, table of contents, links, ids).
    return completePage(await renderBody(entry, ctx), ctx);
  } catch (err) {
    throw renderError(err, entry.route, sourceOf(entry));
  }
}

/**
 * Steps 2 and 3 of `renderPage`, for a body rendered before (`renderBody`, perhaps before
 * the site's routes were all known: see src/render/stages/earlyBodies.ts).
 */
export function completePage(body: RouteBody, ctx: RenderContext): RenderedPage {
  if (body.deferred)
    throw new Error('renderPage: code blocks left to highlight (a pipeline half renders those)');
  // 2. The HTML document around the body: layout, navbar, sidebar, table of contents,
  //    the prefetch hints of the routes it links to, and the client's scripts and styles.
  const { page, document } = finishTimed(body, body.html, ctx);
  // 3. The page's search entry, prepared where it was rendered.
  const search = searchEntryOf(page, ctx, body.timings);
  return {
    page,
    document,
    links: body.links,
    ids: body.ids,
    search,
    timings: body.timings,
    blocks: body.blocks,
    warnings: body.warnings,
    assets: body.assets,
    inputs: body.inputs,
  };
}

/** A rendered page's files, by path relative to the output folder. */
export function pageFiles(rendered: RenderedPage): Map<string, string> {
  const route = rendered.page.route;
  return new Map([
    [htmlFileOf(route), rendered.document],
    [contentFileOf(route), JSON.stringify({ page: rendered.page })],
  ]);
}
