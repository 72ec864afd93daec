import { existsSync, statSync, readdirSync, readFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { dirname, join, relative, resolve } from 'node:path';
import type {
  ClientExamplesConfig,
  ClientSiteConfig,
  ComponentSlot,
  SiteConfig,
} from '../shared/config';
import { publishBrowserModules } from './examples/browserModules';
import { contentFileOf, sidebarFileOf, type PageData } from '../shared/pageData';
import type { RouteManifest } from '../shared/routeManifest';
import { DfdocsError, type Diagnostic } from './diagnostics';
import { loadConfig, locateKey } from './config/loadConfig';
import { countMarkdownFiles, loadSources } from './content/loadSources';
import type { ReactPageSource } from './content/sources';
import { assembleSite } from './site/assemble';
import { compileMarkdownPlugins, loadMarkdownPlugins } from './modules/markdownPlugins';
import { compileSlotOverrides, installSlotOverrides } from './ssr/slotOverrides';
import { siteInputsFingerprint } from './site/siteInputs';
import { loadApiReference } from './api/apiReference';
import { addApiSidebar } from './api/apiSidebar';
import { DEFAULT_FAVICON_FILE, DEFAULT_FAVICON_SVG } from './output/defaultFavicon';
import { getHighlighter } from './markdown/highlighter';
import { createMarkdownRenderer } from './markdown/processor';
import { bundleClient, packageRoot, type SiteComponents } from './bundle/bundleClient';
import { loadReactPages } from './pages/reactPages';
import { chromeRoutes, finish, renderNotFoundBody, type RenderContext } from './pages/renderRoute';
import { StagedOutput } from './output/stagedOutput';
import { sitemapXml, robotsTxt } from './output/siteFiles';
import { precompress } from './output/compress';
import {
  searchOnThread,
  searchIndexHere,
  searchIndexThread,
  type SearchIndexer,
} from './search/searchThread';
import { checkLinks, type PageLinks } from './links/checkLinks';
import { staticRoutes } from './staticRoutes';
import { VERSION } from './version';
import { BuildProfile } from './profile';
import { pageBudgetWarnings, gzipSizeWhenNear } from './output/pageBudget';
import { prefetchRoutes, renderAll, startEarlyPool, workerInit } from './parallel/renderAll';
import { setJitBudget } from './parallel/jitBudget';
import type { RenderPool } from './parallel/renderPool';
import type { RouteEntry } from './site/siteModel';
import { PageCache, type CachedRoute } from './cache/pageCache';
import { collectingHighlightCache } from './markdown/highlightCache';
import { OutputStore } from './output/outputStore';
import { checkOutDir } from './output/outputGuard';
import {
  PreviousOutput,
  loadOutputRecord,
  recycleStage,
  saveOutputRecord,
} from './output/previousOutput';
import { markerStampOf } from './output/outputMarker';
import { BlobLedger } from './cache/blobLedger';
import { htmlFileOf } from './output/storeRendered';
import { recordAndPrune, type CacheUse } from './cache/cachePrune';
import { cacheDir, codeFingerprint, siteFilesFingerprint } from './cache/cacheDir';
import { SourceIndex } from './content/sourceIndex';
import { routeErrors } from './content/routeSafety';
import { skippedLinkWarning } from './content/loadSources';
import { copyStatic } from './output/copyStatic';
import { writeFileIn as write } from './output/writeFileIn';
import { assetUnchanged } from './assets/assetFiles';
import { createMdxPages, inputsUnchanged } from './mdx/mdxPages';
import { compileMdxComponents } from './mdx/registeredComponents';
import { scanIslands } from './mdx/scanIslands';

export interface BuildOptions {
  /** The site's folder (holding docs/, pages/, dfdocs.config.ts). */
  root: string;
  /** Output folder, default `<root>/dist`. */
  outDir?: string;
  baseUrl?: string;
  /** Broken links, anchors and duplicate routes become errors. */
  strict?: boolean;
  /** Render worker threads; default one per core for sites of 64 pages or more, 0 renders on the main thread. */
  workers?: number;
  /** Reuse unchanged pages from the persistent render cache (default true). */
  cache?: boolean;
  /** Write compressed twins of the text files (default: the config's `precompress`). */
  precompress?: boolean;
  /** Called after each page with (done, total). */
  onProgress?: (done: number, total: number) => void;
  /** Replace an existing output folder that dfdocs did not make (`--force`). */
  force?: boolean;
}

export interface BuildResult {
  outDir: string;
  pages: number;
  warnings: Diagnostic[];
  /** Bytes written. */
  bytes: number;
  seconds: number;
  /** Routes a render worker ran out of memory on (rendered on the main thread instead). */
  outOfWorkerMemory: string[];
  /** What the build noticed and dealt with, for `--verbose` (e.g. a cached file found changed). */
  notes: string[];
}

export function clientConfigOf(
  config: SiteConfig,
  examples?: ClientExamplesConfig,
): ClientSiteConfig {
  const {
    title,
    tagline,
    url,
    baseUrl,
    logo,
    navbar,
    footer,
    colorMode,
    announcementBar,
    toc,
    docs,
  } = config;
  // Authored sidebars are the build's (the pages get the sidebars made from them), not the client's.
  const { sidebars: _sidebars, sidebarPath: _sidebarPath, ...clientDocs } = docs;
  return {
    title,
    tagline,
    url,
    baseUrl,
    logo,
    navbar,
    footer,
    colorMode,
    announcementBar,
    toc,
    docs: clientDocs,
    ...(examples ? { examples } : {}),
  };
}

/** What of the config goes into the client bundle: component overrides and stylesheets, as absolute paths. */
export function siteClientParts(
  root: string,
  config: SiteConfig,
): { components: SiteComponents; customCss: string[] } {
  const components: SiteComponents = {};
  for (const [slot, path] of Object.entries(config.components))
    if (path) components[slot as ComponentSlot] = resolve(root, path);
  return { components, customCss: config.customCss.map((p) => resolve(root, p)) };
}

/** Bytes of a built folder, without the compressed twins of its files or dfdocs's marker files; `known` sizes (by relative path) are not stat'ed. */
function dirSize(dir: string, known: Map<string, number>, rel = ''): number {
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const name = entry.name;
    if (name.endsWith('.gz') || name.endsWith('.br') || name.startsWith('.dfdocs-')) continue;
    const childRel = rel ? `${rel}/${name}` : name;
    const p = join(dir, name);
    if (entry.isDirectory()) total += dirSize(p, known, childRel);
    else total += known.get(childRel) ?? statSync(p).size;
  }
  return total;
}

/** Where the output replaced by a build into `outDir` is kept for the next one (see `StagedOutput`). */
function spareDirOf(cacheRoot: string, outDir: string): string {
  return join(cacheRoot, 'spare', createHash('sha256').update(outDir).digest('hex').slice(0, 16));
}

/** Builds a site into its output folder. Throws DfdocsError; the previous output is untouched on failure. */
export async function build(options: BuildOptions): Promise<BuildResult> {
  const started = performance.now();
  const profile = new BuildProfile();
  const root = resolve(options.root);
  // Before anything is written: the output is replaced as a whole (see checkOutDir).
  const outDir = checkOutDir({
    root,
    out: options.outDir ?? 'dist',
    force: options.force,
    cacheDir: cacheDir(root),
  });
  // A render worker starts now on large uncached sites, so its start-up overlaps loading the
  // site. A rebuild does not start one: rendering its few changed pages here is sooner.
  const rebuild = options.cache !== false && PageCache.hasEntries(cacheDir(root));
  // A rebuild renders only the pages that changed.
  const markdownFiles = rebuild ? 0 : countMarkdownFiles(root);
  setJitBudget(markdownFiles);
  const early = rebuild ? undefined : startEarlyPool(markdownFiles, options.workers);
  try {
    return await buildWith(options, { started, profile, root, outDir, early });
  } finally {
    await early?.close();
  }
}

async function buildWith(
  options: BuildOptions,
  {
    started,
    profile,
    root,
    outDir,
    early,
  }: {
    started: number;
    profile: BuildProfile;
    root: string;
    outDir: string;
    early: RenderPool | undefined;
  },
): Promise<BuildResult> {
  let cache: PageCache | undefined;
  let search: SearchIndexer | undefined;
  const notes: string[] = [];
  const cacheRoot = options.cache === false ? undefined : cacheDir(root);
  const stage = new StagedOutput(outDir, cacheRoot && spareDirOf(cacheRoot, outDir));
  // A recycled stage keeps the pages it holds as they were (and nothing else): before anything is written into it.
  const kept = stage.recycled
    ? recycleStage(stage.stageDir, loadOutputRecord(cacheRoot!, stage.recycled))
    : undefined;
  profile.lap('stage');
  const configLoaded = loadConfig(root, { baseUrl: options.baseUrl }).then((loaded) => {
    // The API entry's folder is known from the config: the output must not be over it either
    // (checked before anything that follows the config — TypeDoc's cache among them — writes).
    if (loaded.config.api)
      checkOutDir({
        root,
        out: options.outDir ?? 'dist',
        force: options.force,
        cacheDir: cacheDir(root),
        readFolders: [dirname(resolve(root, loaded.config.api.entry))],
      });
    return loaded;
  });
  // The client bundle depends on dfdocs and the config alone (the site's component
  // overrides and stylesheets): esbuild (its own process) makes it while this thread loads
  // the site, and the render workers get their first pages that much sooner (1,000 pages:
  // the workers started ~0.1 s earlier).
  // The site's MDX components (rendered here and in the render workers) and the islands
  // its MDX pages hydrate (a chunk each in its client bundle).
  const mdxLoaded = configLoaded.then(({ config, file }) =>
    compileMdxComponents(root, config, file ? relative(root, file) : undefined),
  );
  mdxLoaded.catch(() => {});
  const bundled = configLoaded.then(async ({ config }) =>
    bundleClient(stage.stageDir, {
      cacheDir: options.cache === false ? undefined : cacheDir(root),
      ...siteClientParts(root, config),
      islands: await scanIslands(root, await mdxLoaded),
    }),
  );
  bundled.catch(() => {}); // awaited below, or on failure before the stage is discarded
  // The modules the examples import when they run in the reader's browser (issue 30).
  const browserModules = configLoaded.then(({ config, file }) =>
    publishBrowserModules(root, config, stage.stageDir, {
      configFile: file ? relative(root, file) : undefined,
    }),
  );
  browserModules.catch(() => {});
  // TypeDoc's reflections of the configured library, cached on its sources' hash (issue 8):
  // made on a thread of their own while this one loads the site; the library's type check
  // goes on there while the pages render, and is awaited before anything is published.
  const apiLoaded = configLoaded.then(({ config, file }) =>
    loadApiReference({ root, config, cache: options.cache, configFile: file, deferCheck: true }),
  );
  apiLoaded.catch(() => {});
  try {
    const { config, file: configFile, source: configSource } = await configLoaded;
    // dfdocs's own code: what the caches of its renders and of the files it parsed depend on.
    const code = options.cache === false ? '' : codeFingerprint(packageRoot());
    const sourceIndex =
      options.cache === false
        ? undefined
        : SourceIndex.open(join(cacheDir(root), 'sources.json'), `${VERSION}\0${code}`);
    const sources = loadSources(root, {
      lazyBodies: true,
      index: sourceIndex,
      routeBasePath: config.docs.routeBasePath,
      pageSizeLimitKb: config.pageSizeLimitKb,
    });
    const configRel = configFile ? relative(root, configFile) : undefined;
    // The site's markdown plugins, compiled once for this thread and the render workers.
    const pluginsUrl = await compileMarkdownPlugins(root, config.markdown, configRel);
    const plugins = await loadMarkdownPlugins(pluginsUrl, config.markdown, configRel);
    // The site's component overrides, rendered here and in the render workers.
    const componentsUrl = await compileSlotOverrides(root, config, configRel);
    await installSlotOverrides(componentsUrl, config, configRel);
    const mdxSetup = await mdxLoaded;
    const api = await apiLoaded;
    const site = assembleSite(sources, config, api.routes, {
      root,
      file: configRel,
      locate: (key) => locateKey(configSource, key),
    });
    const { model } = site;
    addApiSidebar(model, api.sidebar);
    model.warnings.push(...(sources.warnings ?? []), ...api.warnings);
    // Before anything renders: a route that would escape the output, or that no URL reaches.
    const unsafeRoutes = routeErrors(model.routes);
    if (unsafeRoutes.length) throw new DfdocsError(unsafeRoutes);
    profile.lap('load');
    const clientConfig = clientConfigOf(config, await browserModules);
    const routeSet = new Set(model.routes.map((r) => r.route));
    const prefetched =
      early &&
      prefetchRoutes(
        early,
        model.routes,
        workerInit(
          {
            config,
            clientConfig,
            model,
            routeSet,
            markdownPlugins: pluginsUrl,
            components: componentsUrl,
            mdxSetup,
          },
          options.cache !== false,
        ),
      );

    const [assets, reactPages] = await Promise.all([
      bundled,
      loadReactPages(
        root,
        sources.pages.filter((p): p is ReactPageSource => p.kind === 'reactPage'),
      ),
    ]);
    profile.lap('bundle+setup');
    // The highlighter loads when a page rendered here first needs it: a rebuild whose changed
    // pages reuse their code blocks, or a build whose markdown all renders in workers, never does.
    const markdownOptions = {
      highlighter: getHighlighter,
      baseUrl: config.baseUrl,
      toc: config.toc,
      routeOfSource: (p: string) => model.routeOfSource.get(p),
      root,
      plugins,
      slugger: config.markdown.slugger,
      runExamples: Boolean(config.examples?.browser),
    };
    const markdown = createMarkdownRenderer(markdownOptions);
    const ctx: RenderContext = {
      config,
      clientConfig,
      model,
      markdown,
      assets,
      reactPages,
      generated: new Map([
        ...api.generators({ markdown, clientConfig }),
        ...site.generators(clientConfig),
      ]),
      routeSet,
      mainDoc: site.mainDoc,
      markdownPlugins: pluginsUrl,
      components: componentsUrl,
      mdxSetup,
      mdx: createMdxPages({
        ...markdownOptions,
        ...mdxSetup,
        clientConfig,
        highlighterOf: getHighlighter,
      }),
    };
    const manifest: RouteManifest = { version: VERSION, baseUrl: config.baseUrl, routes: {} };
    const linkRecords: PageLinks[] = [];
    const pageWarnings: Diagnostic[] = []; // what the pages' markdown holds that was not rendered as written
    // Files beside the markdown that pages reference, each copied once under its hashed name.
    const copied = new Map<string, Promise<unknown>>();
    const idsByRoute = new Map<string, Set<string>>();
    const total = model.routes.length;
    let done = 0;
    // Site search (issue 7), merged as pages come (on a thread of its own, but for small sites);
    // its snippet files are written as they fill.
    const searchOptions = { siteTitle: config.title, stageDir: stage.stageDir };
    search = searchOnThread(total)
      ? searchIndexThread(searchOptions)
      : searchIndexHere(searchOptions);
    const indexer = search;
    cache =
      options.cache === false
        ? undefined
        : new PageCache(cacheDir(root), {
            config,
            assets,
            model,
            extra:
              code +
              siteFilesFingerprint(root) +
              siteInputsFingerprint(root, config) +
              JSON.stringify(clientConfig.examples ?? null),
          });
    const blobDir = cache ? join(cacheDir(root), 'files') : undefined;
    // Pages rendered here (a rebuild's changed ones) reuse the code blocks of their last render.
    const pageCache = cache;
    if (pageCache)
      ctx.highlightCacheFor = (entry) =>
        collectingHighlightCache(pageCache.previousBlocks(entry.route));
    const twins = options.precompress ?? config.precompress;
    // A rebuild takes its unchanged pages from the stage it recycled or the output it replaces, where they are untouched.
    const previousFiles = cache && loadOutputRecord(cacheRoot!, markerStampOf(outDir));
    const ledger = blobDir ? new BlobLedger(blobDir) : undefined;
    const store = new OutputStore(stage.stageDir, {
      blobDir,
      ledger,
      twins,
      previous: previousFiles ? new PreviousOutput(outDir, previousFiles) : undefined,
      kept,
      notes,
    });
    const cacheUse: CacheUse = { blobs: [] }; // what this build used of the cache, for pruning
    const blockPacks = new Set<string>(); // the block packs its pages name
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
    for await (const outcome of renderAll(model.routes, ctx, {
      workers: options.workers,
      pool: early,
      prefetched,
      cache,
      reuse,
      store,
      workerHeapsMiB,
      outOfWorkerMemory,
    })) {
      const { entry, key } = outcome;
      let page: CachedRoute | undefined = outcome.cached;
      if (!page) {
        const stored = outcome.stored!;
        if (stored.timings)
          for (const [k, v] of Object.entries(stored.timings)) profile.add(`pages.${k}`, v ?? 0);
        const { timings: _timings, blocks, ...fresh } = stored;
        page = fresh;
        if (key && cache && blocks?.length) page.blockPack = cache.addBlocks(blocks);
        if (key && cache && page.document && page.data) cache.set(key, entry.route, page);
      } else if (key && cache) {
        cache.set(key, entry.route); // reused: carried into this build's pack as it was
      }
      const cached = page;
      if (page.document) cacheUse.blobs.push(page.document, page.data);
      if (page.blockPack) blockPacks.add(page.blockPack);
      profile.time('search.send', () => indexer.addPrepared(cached.searchJson));
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
    if (cache) notes.push(...cache.notes);
    profile.lap('render (wall)');
    await api.checked; // the library's type errors fail the build
    profile.lap('api check (wait)');
    profile.note('worker peak heaps (MiB)', workerHeapsMiB);
    if (outOfWorkerMemory.length)
      profile.note('rendered on the main thread (a worker ran out of memory)', outOfWorkerMemory);
    const notFound: PageData = {
      route: '/404',
      kind: 'notFound',
      title: 'Page Not Found',
      toc: [],
      breadcrumbs: [],
      links: [],
    };
    const nf = finish(notFound, renderNotFoundBody(ctx), [], [], ctx);
    write(stage.stageDir, '404.html', nf.document);
    write(stage.stageDir, contentFileOf('/404'), JSON.stringify({ page: nf.page }));
    for (const [id, items] of Object.entries(model.sidebars))
      write(stage.stageDir, sidebarFileOf(id), JSON.stringify(items));
    write(stage.stageDir, 'route-manifest.json', JSON.stringify(manifest));
    const searchOut = await search.finish();
    profile.add('search', searchOut.busyMs);
    for (const f of searchOut.files) write(stage.stageDir, f.path, f.content);
    write(
      stage.stageDir,
      'sitemap.xml',
      sitemapXml(Object.keys(manifest.routes), config.url, config.baseUrl),
    );
    write(stage.stageDir, 'robots.txt', robotsTxt(config.url, config.baseUrl));
    const staticDir = join(root, 'static');
    copyStatic(staticDir, stage.stageDir, (link) =>
      model.warnings.push(skippedLinkWarning(root, link)),
    );
    if (!config.favicon) write(stage.stageDir, DEFAULT_FAVICON_FILE, DEFAULT_FAVICON_SVG);

    const linkTargets = new Set([...ctx.routeSet, ...staticRoutes(staticDir)]);
    const warnings = [
      ...model.warnings,
      ...pageWarnings,
      ...checkLinks(
        linkRecords,
        linkTargets,
        idsByRoute,
        new Set(chromeRoutes(config).map((r) => r.replace(/\/$/, '') || '/')),
      ),
    ];
    if (options.strict && warnings.length) {
      throw new DfdocsError(
        warnings.map((w) => ({
          ...w,
          severity: 'error' as const,
          hint: (w.hint ? w.hint + '; ' : '') + 'the build is --strict',
        })),
      );
    }
    profile.lap('finish');
    // .gz/.br beside text files, for hosts that send precompressed files (issue 6).
    const compressed = twins
      ? await precompress(stage.stageDir, {
          previous: existsSync(outDir) ? outDir : undefined,
          done: store.gzipSizes,
        })
      : undefined;
    warnings.push(
      ...pageBudgetWarnings(
        model.routes.map((r) => r.route),
        (file, limit) =>
          gzipSizeWhenNear(() => stage.stageDir, file, limit, compressed, store.sizes.get(file)),
        config.pageBudgetKb,
      ),
    );
    profile.lap('compress');
    // The output's size: the pages placed through the store are known without a stat.
    const bytes = dirSize(stage.stageDir, store.sizes);
    const marker = stage.commit();
    if (cache) {
      const { removed } = recordAndPrune(cacheDir(root), {
        ...cacheUse,
        pack: cache.commit(),
        blockPacks: [...blockPacks],
      });
      ledger?.save(removed);
      saveOutputRecord(cacheRoot!, marker, store.placed);
    }
    sourceIndex?.save();
    profile.lap('commit');
    profile.report();
    return {
      outDir,
      pages: total + 1,
      warnings,
      bytes,
      seconds: (performance.now() - started) / 1000,
      outOfWorkerMemory,
      notes,
    };
  } catch (err) {
    await bundled.catch(() => {}); // esbuild may still be writing into the stage
    await search?.close(); // so may the search thread
    stage.discard();
    cache?.discard();
    throw err;
  }
}
