import { readFileSync } from 'node:fs';
import { contentFileOf } from '../../shared/pageData';
import type { RouteManifest } from '../../shared/routeManifest';
import type { Diagnostic } from '../diagnostics';
import { getHighlighter } from '../markdown/highlighter';
import { createMarkdownRenderer } from '../markdown/processor';
import type { RenderContext } from '../pages/renderRoute';
import { markdownOptionsOf } from '../pages/markdownOptions';
import { createMdxPages, inputsUnchanged } from '../mdx/mdxPages';
import {
  searchOnThread,
  searchIndexHere,
  searchIndexThread,
  type SearchIndexer,
} from '../search/searchThread';
import type { PageLinks } from '../links/checkLinks';
import { VERSION } from '../version';
import type { RouteEntry } from '../site/siteModel';
import type { CachedRoute } from '../incremental/incremental';
import { OutputStore } from '../output/outputStore';
import { htmlFileOf } from '../output/storeRendered';
import { assetUnchanged } from '../assets/assetFiles';
import { compiledHashOf } from '../pages/reactPages';
import { renderAll } from '../executor/renderAll';
import { bodiesValidFor, withEarlyBodies } from '../executor/earlyBodies';
import { workerCanRender } from '../executor/pool/pooledExecutor';
import type { BuildRun } from './buildRun';
import type { LoadedSite } from './loadSite';

/** The site's pages rendered and written into the stage, and what the build gathered from them. */
export interface RenderedSite {
  /** What every page was rendered with (the not-found page is rendered with it too). */
  ctx: RenderContext;
  /** Every route's title, content file and sidebar (the client router's manifest). */
  manifest: RouteManifest;
  /** Each page's links, for the link check. */
  linkRecords: PageLinks[];
  /** Each page's heading ids (the link check's anchors), by route. */
  idsByRoute: Map<string, Set<string>>;
  /** What the pages' markdown holds that was not rendered as written. */
  pageWarnings: Diagnostic[];
  /** Where the pages were written (sizes and gzip sizes of what it placed). */
  store: OutputStore;
  /** The search index, fed a page at a time. */
  search: SearchIndexer;
  /** Whether text files get compressed twins. */
  twins: boolean;
  /** Routes a render worker ran out of memory on. */
  outOfWorkerMemory: string[];
  /** Pages of the site (without the not-found page). */
  total: number;
}

/** The markdown and MDX renderers of a site's pages, on this thread, for `model`. */
export function markdownRenderersOf(
  run: Pick<BuildRun, 'root'>,
  site: Pick<LoadedSite, 'config' | 'clientConfig' | 'plugins' | 'mdxSetup'>,
  model: LoadedSite['model'],
): Pick<RenderContext, 'markdown' | 'mdx'> {
  // The highlighter loads when a page rendered here first needs it: a rebuild whose changed
  // pages reuse their code blocks, or a build whose markdown all renders in workers, never does.
  const markdownOptions = markdownOptionsOf(site.config, model, {
    highlighter: getHighlighter,
    root: run.root,
    plugins: site.plugins,
  });
  return {
    markdown: createMarkdownRenderer(markdownOptions),
    mdx: createMdxPages({
      ...markdownOptions,
      ...site.mdxSetup,
      clientConfig: site.clientConfig,
      highlighterOf: getHighlighter,
    }),
  };
}

/** What rendering a page needs: the site, its markdown renderer, the client's assets, the generated pages. */
function renderContextOf(run: BuildRun, site: LoadedSite): RenderContext {
  const { config, model, clientConfig } = site;
  const { markdown, mdx } = markdownRenderersOf(run, site, model);
  return {
    config,
    clientConfig,
    model,
    markdown,
    assets: site.assets,
    reactPages: site.reactPages,
    generated: new Map([
      ...site.api.generators({ markdown, clientConfig }),
      ...site.site.generators(clientConfig),
    ]),
    routeSet: site.routeSet,
    mainDoc: site.site.mainDoc,
    markdownPlugins: site.pluginsUrl,
    components: site.componentsUrl,
    mdxSetup: site.mdxSetup,
    mdx,
  };
}

/**
 * Renders every page (through the executor the build planned; unchanged pages come from
 * the render cache) and writes its files into the stage, in route order, feeding the
 * search index and gathering what the later stages need (links, ids, warnings).
 */
export async function render(run: BuildRun, site: LoadedSite): Promise<RenderedSite> {
  const { options, stage, profile, notes, incremental } = run;
  const { config, model, clientConfig } = site;
  const ctx = renderContextOf(run, site);
  const manifest: RouteManifest = { version: VERSION, baseUrl: config.baseUrl, routes: {} };
  const linkRecords: PageLinks[] = [];
  const pageWarnings: Diagnostic[] = [];
  // Files beside the markdown that pages reference, each copied once under its hashed name.
  const copied = new Map<string, Promise<unknown>>();
  const idsByRoute = new Map<string, Set<string>>();
  const total = model.routes.length;
  let done = 0;
  // Site search (issue 7), merged as pages come (on a thread of its own, but for small sites);
  // its snippet files are written as they fill.
  const search = searchOnThread(total)
    ? searchIndexThread({ stageDir: stage.stageDir, segments: incremental.searchSegments() })
    : searchIndexHere({ siteTitle: config.title, stageDir: stage.stageDir });
  run.onFailure(() => search.close()); // the search thread may still be writing into the stage
  const cache = incremental.openPages({
    config,
    clientConfig,
    model,
    assets: site.assets,
    madeOf: new Map([
      ...site.api.cacheKeys,
      ...[...site.reactPages].flatMap(([route, mod]) => {
        const made = compiledHashOf(mod);
        return made ? [[route, made] as const] : [];
      }),
    ]),
  });
  // Pages rendered here (a rebuild's changed ones) reuse the code blocks of their last render.
  ctx.highlightCacheFor = incremental.highlightCacheFor();
  const twins = options.precompress ?? config.precompress;
  // A rebuild takes its unchanged pages from the stage it recycled or the output it replaces, where they are untouched.
  const store = new OutputStore(stage.stageDir, {
    ...incremental.storeOptions(run.outDir),
    twins,
    kept: run.kept,
    notes,
  });
  const workerHeapsMiB: number[] = [];
  const outOfWorkerMemory: string[] = [];
  // A cached page is linked from the store; if the store lost its files, or a file it
  // references changed (its hashed name with it), it is rendered again.
  const reuse = (entry: RouteEntry, page: CachedRoute) =>
    (page.assets ?? []).every(assetUnchanged) &&
    inputsUnchanged(page.inputs) &&
    profile.time(
      'write',
      () =>
        store.link(htmlFileOf(entry.route), page.document) &&
        store.link(contentFileOf(entry.route), page.data),
    );
  // Bodies rendered while the API reference loaded, if they still fit the whole model.
  const early = bodiesValidFor(site.earlyBodies.bodies, site.earlyBodies.model, model);
  // Workers for the markdown pages left to render: generated and React pages render here.
  const executorFor = async (missed: RouteEntry[]) =>
    withEarlyBodies(
      await run.executors.start(ctx, store, {
        misses: missed.filter((e) => workerCanRender(e) && !early.has(e.route)).length,
        cache: cache !== undefined,
        outOfWorkerMemory,
      }),
      early,
      ctx,
      store,
    );
  for await (const outcome of renderAll(model.routes, executorFor, {
    cache,
    reuse,
    workerHeapsMiB,
  })) {
    const { entry } = outcome;
    for (const [k, v] of Object.entries(outcome.stored?.timings ?? {}))
      profile.add(`pages.${k}`, v ?? 0);
    const page = incremental.record(outcome);
    profile.time('search.send', () => search.addPrepared(page.searchJson));
    manifest.routes[entry.route] = {
      title: page.title,
      data: contentFileOf(entry.route),
      sidebar: page.sidebarId,
    };
    linkRecords.push({ route: entry.route, sourcePath: page.sourcePath, links: page.links });
    if (page.warnings) pageWarnings.push(...page.warnings);
    for (const asset of page.assets ?? [])
      if (!copied.has(asset.output))
        copied.set(asset.output, store.write(asset.output, readFileSync(asset.source)));
    idsByRoute.set(entry.route.replace(/\/$/, '') || '/', new Set(page.ids));
    done++;
    options.onProgress?.(done, total);
  }
  await Promise.all(copied.values());
  await store.flush();
  store.sweep();
  notes.push(...incremental.notes);
  profile.lap('render (wall)');
  await site.api.checked; // the library's type errors fail the build
  profile.lap('api check (wait)');
  profile.note('worker peak heaps (MiB)', workerHeapsMiB);
  if (outOfWorkerMemory.length)
    profile.note('rendered on the main thread (a worker ran out of memory)', outOfWorkerMemory);
  return {
    ctx,
    manifest,
    linkRecords,
    idsByRoute,
    pageWarnings,
    store,
    search,
    twins,
    outOfWorkerMemory,
    total,
  };
}
