import type { OutputStore } from '../output/outputStore';
import { storeRendered } from '../output/storeRendered';
import { completePage } from '../pages/renderPage';
import {
  renderBody,
  renderError,
  sourceOf,
  type RenderContext,
  type RouteBody,
} from '../pages/renderRoute';
import { docNeighbours, type RouteEntry, type SiteModel } from '../site/siteModel';
import type { PageExecutor } from './executor';
import { workerCanRender } from './pool/pooledExecutor';

/**
 * Markdown pages' bodies rendered on the build thread while it waits for TypeDoc (the
 * API reference's routes are part of the site's model, and TypeDoc gives them only after
 * it has converted the library: ~2 s of a cold build of a 170-page site with a reference, in which this
 * thread had nothing to do). A body — markdown to HTML, code highlighted — does not depend
 * on the API routes; the document around it does (its prefetch hints name the routes it
 * links to), so that is rendered once the model is whole, by `withEarlyBodies`.
 */
export type EarlyBodies = Map<string, Promise<RouteBody>>;

/** What rendering a markdown page's body reads (see `markdownBody`). */
export type BodyContext = Pick<
  RenderContext,
  'config' | 'model' | 'markdown' | 'mdx' | 'highlightCacheFor'
>;

/**
 * Pages whose bodies render at once: a page whose examples run waits for their process,
 * and another renders meanwhile.
 */
const IN_FLIGHT = 3;

/**
 * Renders the bodies of `routes`' markdown pages, in order and a few at a time, until
 * `pending` settles (the pages in hand are finished first). Failures are kept with their
 * page: a page's error is reported when the page is completed, as if it were rendered then.
 */
export async function renderBodiesWhile(
  pending: Promise<unknown>,
  routes: RouteEntry[],
  ctx: BodyContext,
): Promise<EarlyBodies> {
  let waiting = true;
  const stop = () => (waiting = false);
  pending.then(stop, stop);
  const bodies: EarlyBodies = new Map();
  const todo = routes.filter(workerCanRender);
  const lane = async () => {
    for (let entry = todo.shift(); entry; entry = todo.shift()) {
      // A turn of the event loop first: `pending` may have settled meanwhile.
      await new Promise<void>((resolve) => setImmediate(resolve));
      if (!waiting) return;
      const body = renderBody(entry, ctx as RenderContext);
      body.catch(() => {}); // reported by `withEarlyBodies`, or dropped if the build stops first
      bodies.set(entry.route, body);
      await body.catch(() => {});
    }
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, lane));
  return bodies;
}

/**
 * The bodies that are still right for the whole model: each page's breadcrumbs and
 * previous/next, and the routes its links resolve to (`routeOfSource`), are the same in
 * both models. A site whose docs sidebar changed with the API routes gets none.
 */
export function bodiesValidFor(
  bodies: EarlyBodies,
  early: SiteModel | undefined,
  whole: SiteModel,
): EarlyBodies {
  if (!bodies.size || !early) return new Map();
  const sameSources =
    early.routeOfSource.size === whole.routeOfSource.size &&
    [...early.routeOfSource].every(([source, route]) => whole.routeOfSource.get(source) === route);
  const entryOf = new Map(whole.routes.map((r) => [r.route, r]));
  const neighbours = (model: SiteModel, entry: RouteEntry | undefined) =>
    entry?.kind === 'doc' ? JSON.stringify(docNeighbours(model, entry.sidebarId, entry.route)) : '';
  const kept: EarlyBodies = new Map();
  if (!sameSources) return kept;
  for (const entry of early.routes) {
    const body = bodies.get(entry.route);
    const now = entryOf.get(entry.route);
    if (
      body &&
      now?.kind === entry.kind &&
      (now.kind !== 'doc' || (entry.kind === 'doc' && now.sidebarId === entry.sidebarId)) &&
      neighbours(early, entry) === neighbours(whole, now)
    )
      kept.set(entry.route, body);
  }
  return kept;
}

/**
 * `executor`, but a page whose body was rendered early is completed here (its document
 * and search entry, as `renderPage` completes a body), with the whole model's context.
 */
export function withEarlyBodies(
  executor: PageExecutor,
  bodies: EarlyBodies,
  ctx: RenderContext,
  store: OutputStore,
): PageExecutor {
  if (!bodies.size) return executor;
  return {
    ...executor,
    window: executor.window,
    async render(entry) {
      const body = bodies.get(entry.route);
      if (!body) return executor.render(entry);
      bodies.delete(entry.route);
      try {
        return storeRendered(store, entry.route, completePage(await body, ctx));
      } catch (err) {
        throw renderError(err, entry.route, sourceOf(entry));
      }
    },
  };
}
