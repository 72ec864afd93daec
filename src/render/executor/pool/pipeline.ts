import { highlightBlocks } from '../../markdown/rehypeCodeBlocks';
import { searchableBlock, spliceBlocks } from '../../markdown/deferredBlocks';
import type { HighlightCache } from '../../markdown/highlightCache';
import type { RouteEntry } from '../../site/siteModel';
import {
  finishTimed,
  renderBody,
  renderError,
  searchEntryOf,
  sourceOf,
  type RenderContext,
  type RenderedRoute,
  type RouteBody,
} from '../../pages/renderRoute';

/**
 * `renderPage` (src/render/pages/renderPage.ts) cut in two, for a pipeline of two render
 * workers: the first renders a page's markdown with its code blocks left as markers,
 * the second highlights them, and the page's document is rendered by whichever has room.
 * Each worker thus compiles and warms up only its half of the code. The two halves give
 * the same bytes as `renderPage` (test/build/speed.test.ts).
 */

/**
 * The first half: markdown to body HTML (with a deferring markdown
 * renderer, code blocks are left as markers), and the document around it unless
 * `document` is false (`completeRoute` renders it then).
 */
export async function renderRouteBody(
  entry: RouteEntry,
  ctx: RenderContext,
  options: { document: boolean },
): Promise<RouteBody> {
  try {
    const body = await renderBody(entry, ctx);
    if (options.document) body.finished = finishTimed(body, body.html, ctx);
    return body;
  } catch (err) {
    throw renderError(err, entry.route, sourceOf(entry));
  }
}

/**
 * The second half: highlights the body's deferred blocks (recording them
 * in `highlight`, the page's cache collector) and splices them in, renders the document
 * around the body unless the first half did, and prepares the page's search entry (from
 * the body with its deferred blocks as plain text).
 */
export async function completeRoute(
  body: RouteBody,
  ctx: RenderContext,
  highlight?: { cache: HighlightCache; blocks: [string, string][] },
): Promise<RenderedRoute> {
  try {
    const timings = body.timings && { ...body.timings };
    let { html, blocks, finished } = body;
    /** The body as the search entry is made from: code blocks as plain text (see `searchableBlock`). */
    let searchHtml: string | undefined;
    if (body.deferred) {
      const t0 = performance.now();
      if (!ctx.highlighter)
        throw new Error('deferred code blocks but no highlighter to highlight them');
      const { nonce } = body.deferred;
      searchHtml = spliceBlocks(html, nonce, body.deferred.blocks.map(searchableBlock));
      const highlighted = await highlightBlocks(
        ctx.highlighter,
        body.deferred.blocks,
        highlight?.cache,
      );
      html = spliceBlocks(html, nonce, highlighted);
      if (finished)
        finished = {
          page: { ...finished.page, html },
          document: spliceBlocks(finished.document, nonce, highlighted),
        };
      if (highlight?.blocks.length) blocks = [...(blocks ?? []), ...highlight.blocks];
      if (timings) {
        const ms = performance.now() - t0;
        timings.highlight += ms;
        timings.markdown += ms;
      }
    }
    const { page, document } = finished ?? finishTimed({ ...body, timings }, html, ctx);
    const search = searchEntryOf(searchHtml ? { ...page, html: searchHtml } : page, ctx, timings);
    return {
      page,
      document,
      links: body.links,
      ids: body.ids,
      timings,
      blocks,
      search,
      warnings: body.warnings,
      assets: body.assets,
      inputs: body.inputs,
    };
  } catch (err) {
    throw renderError(err, body.page.route, body.sourcePath);
  }
}
