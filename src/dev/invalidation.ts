/**
 * What a change invalidates in dev mode, decided apart from carrying it out (devSite.ts
 * reloads what these say and renders again on demand): which parts of the site a batch of
 * file changes touches, which routes a file holds, whether a new site model changed the
 * site's structure, which open pages must reload and which can patch their body.
 */
import type { PageData } from '../shared/pageData';
import type { SiteModel } from '../render/site/siteModel';
import { routeKey } from './protocol';
import type { FileChange } from './watcher';

/** What a batch of file changes touches. */
export interface ChangePlan {
  /** The config changed: everything is loaded again and every page reloads. */
  config: boolean;
  /** A file of the client bundle changed (a template, a stylesheet, a component override). */
  client: boolean;
  /** …and one of them is the site's (a component override): the config is compiled again too. */
  siteClient: boolean;
  /** The API reference's library changed. */
  api: boolean;
  /** Every open page reloads (the config, the client, the API reference or `static/` changed). */
  reloadAll: boolean;
  /** A page was added, removed or renamed (not a doc edited in place): all sources are read again. */
  structuralContent: boolean;
  /** Docs edited, added or removed one by one, and folders of docs removed. */
  docChanges: FileChange[];
  /** A React page changed. */
  reactPages: boolean;
  /** Site files MDX pages import. */
  mdxInputs: string[];
  /** An MDX page changed. */
  mdxPages: boolean;
}

/** Plans a batch; `isPackagePath` tells dfdocs's own files from the site's. */
export function planChanges(
  batch: FileChange[],
  isPackagePath: (path: string) => boolean,
): ChangePlan {
  const kinds = new Set(batch.map((c) => c.kind));
  const config = kinds.has('config');
  const client = kinds.has('client');
  const api = kinds.has('api');
  return {
    config,
    client,
    siteClient: batch.some((c) => c.kind === 'client' && !isPackagePath(c.path)),
    api,
    reloadAll: config || client || api || kinds.has('static'),
    // Folders need nothing of their own: their files come as events too (and a deleted
    // folder's docs are dropped one by one), so a broken file elsewhere cannot hold them up.
    structuralContent: batch.some(
      (c) =>
        (c.kind === 'content' && c.event !== 'addDir' && c.event !== 'unlinkDir') ||
        (c.kind === 'reactPage' && c.event !== 'change' && c.event !== 'addDir'),
    ),
    docChanges: batch.filter(
      (c) => c.kind === 'doc' || (c.kind === 'content' && c.event === 'unlinkDir'),
    ),
    reactPages: kinds.has('reactPage'),
    mdxInputs: batch.filter((c) => c.kind === 'mdxInput').map((c) => c.path),
    mdxPages: batch.some((c) => c.path.endsWith('.mdx')),
  };
}

/** The routes (as `routeKey`s) a source file holds in any of `models`. */
export function routesOfFile(path: string, models: (SiteModel | undefined)[]): string[] {
  const out: string[] = [];
  for (const m of models)
    for (const r of m?.routes ?? [])
      if (r.kind !== 'generated' && r.source.absPath === path) out.push(routeKey(r.route));
  return out;
}

/** Whether two site models differ in structure: routes, where sources go, or sidebars. */
export function isStructural(a: SiteModel, b: SiteModel): boolean {
  if (a.routes.length !== b.routes.length) return true;
  if (a.routes.some((r, i) => r.route !== b.routes[i]!.route)) return true;
  if ([...a.routeOfSource].some(([k, v]) => b.routeOfSource.get(k) !== v)) return true;
  return JSON.stringify(a.sidebars) !== JSON.stringify(b.sidebars);
}

/**
 * After a structural change (a new, deleted, renamed or moved page: sidebars,
 * previous/next and link targets change across the site): the open pages to reload now —
 * those showing a sidebar, before or after, the ones whose source changed, and those
 * whose route went (`routed` tells the routes the new model has).
 */
export function structuralReloads(
  before: SiteModel,
  after: SiteModel,
  changedRoutes: Iterable<string>,
  routed: (key: string) => boolean,
): Set<string> {
  const reload = new Set<string>();
  for (const r of before.routes) if (r.kind === 'doc' && r.sidebarId) reload.add(routeKey(r.route));
  for (const r of after.routes) if (r.kind === 'doc' && r.sidebarId) reload.add(routeKey(r.route));
  for (const r of changedRoutes) reload.add(r);
  for (const r of before.routes) if (!routed(routeKey(r.route))) reload.add(routeKey(r.route));
  return reload;
}

/** The parts of a page the layout shows around the body: if they change, the page reloads. */
export function layoutSignature(page: PageData): string {
  const { title, description, toc, sidebarId, breadcrumbs, previous, next, editUrl, kind } = page;
  return JSON.stringify({
    title,
    description,
    toc,
    sidebarId,
    breadcrumbs,
    previous,
    next,
    editUrl,
    kind,
  });
}
