import { dirname, relative, resolve } from 'node:path';
import type { ClientSiteConfig, SiteConfig } from '../../shared/config';
import { publishBrowserModules } from '../examples/browserModules';
import { DfdocsError } from '../diagnostics';
import { loadConfig, locateKey } from '../config/loadConfig';
import { loadSources, type LoadedSources } from '../content/loadSources';
import type { ReactPageSource } from '../content/sources';
import type { AssembledSite } from '../site/assemble';
import { clientConfigOf, siteClientParts } from '../site/clientConfig';
import type { SiteModel } from '../site/siteModel';
import type { MarkdownPlugins } from '../modules/markdownPlugins';
import { loadApiReference } from '../api/apiReference';
import { bundleClient } from '../bundle/bundleClient';
import { loadReactPages, type ReactPageModule } from '../pages/reactPages';
import type { ClientAssets } from '../ssr/renderDocument';
import { cacheDir } from '../incremental/incremental';
import { routeErrors } from '../content/routeSafety';
import { checkOutDir } from '../output/outputGuard';
import { compileMdxComponents, type MdxSetup } from '../mdx/registeredComponents';
import { scanIslands } from '../mdx/scanIslands';
import type { BuildRun } from './buildRun';
import { assembleWithApi, loadSiteCode } from './siteParts';
import { markdownRenderersOf } from './render';
import { earlyBodiesOff } from '../tuning';
import { renderBodiesWhile, type EarlyBodies } from '../executor/earlyBodies';

/** A site loaded: its config, sources and model, and what rendering its pages needs. */
export interface LoadedSite {
  config: SiteConfig;
  /** The config file, relative to the root (none for a site without one). */
  configRel: string | undefined;
  clientConfig: ClientSiteConfig;
  sources: LoadedSources;
  site: AssembledSite;
  model: SiteModel;
  /** Every route of the site. */
  routeSet: Set<string>;
  /** The API reference's pages (TypeDoc), if the config names an entry. */
  api: Awaited<ReturnType<typeof loadApiReference>>;
  /** The site's markdown plugins (and the URL of their compiled module, for render workers). */
  plugins: MarkdownPlugins;
  pluginsUrl: string | undefined;
  /** The URL of the site's compiled component overrides, for render workers. */
  componentsUrl: string | undefined;
  /** The site's MDX components. */
  mdxSetup: MdxSetup;
  /** The client bundle's files. */
  assets: ClientAssets;
  /** The site's React pages, loaded. */
  reactPages: Map<string, ReactPageModule>;
  /** Markdown pages' bodies rendered while the API reference loaded, and the model they were rendered with. */
  earlyBodies: { bodies: EarlyBodies; model?: SiteModel };
}

/**
 * Loads the site: its config, its sources (the pages' bodies are read when rendered),
 * its plugins and components, the API reference, and the model of its routes and
 * sidebars. The client bundle, the examples' browser modules and the site's MDX
 * components are made meanwhile, and the first pages go to the render workers started
 * early as soon as the model is known.
 */
export async function loadSite(run: BuildRun): Promise<LoadedSite> {
  const { root, options, stage, profile } = run;
  const configLoaded = loadConfig(root, { baseUrl: options.baseUrl });
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
      cacheDir: run.incremental.root,
      ...siteClientParts(root, config),
      islands: await scanIslands(root, await mdxLoaded, run.incremental.keeps()),
    }),
  );
  bundled.catch(() => {}); // awaited below, or on failure before the stage is discarded
  run.onFailure(() => bundled.catch(() => {})); // esbuild may still be writing into the stage
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
  // The API entry's folder is known from the config: the output must not be over it either
  // (checked before TypeDoc starts, which writes into the cache).
  const checkApiFolder = (config: SiteConfig) => {
    if (config.api)
      checkOutDir({
        root,
        out: options.outDir ?? 'dist',
        force: options.force,
        cacheDir: cacheDir(root),
        readFolders: [dirname(resolve(root, config.api.entry))],
      });
  };
  const apiLoaded = configLoaded.then(({ config, file }) => {
    checkApiFolder(config);
    return loadApiReference({
      root,
      config,
      cache: options.cache,
      configFile: file,
      deferCheck: true,
    });
  });
  apiLoaded.catch(() => {});

  const { config, file: configFile, source: configSource } = await configLoaded;
  checkApiFolder(config);
  const sources = loadSources(root, {
    lazyBodies: true,
    index: run.incremental.sourceIndex,
    routeBasePath: config.docs.routeBasePath,
    pageSizeLimitKb: config.pageSizeLimitKb,
  });
  const configRel = configFile ? relative(root, configFile) : undefined;
  // The site's markdown plugins and components, compiled once for this thread and the render workers.
  const { pluginsUrl, plugins, componentsUrl, mdxSetup } = await loadSiteCode(
    root,
    config,
    configRel,
    { mdxSetup: mdxLoaded },
  );
  const where = {
    root,
    file: configRel,
    locate: (key: string) => locateKey(configSource, key),
  };
  // While TypeDoc converts the library (seconds, on its own thread), this thread renders
  // the markdown pages' bodies (see earlyBodies.ts): with the model of the site without
  // the API's routes, which the bodies do not depend on.
  const earlyBodies = await bodiesWhileApiLoads(run, apiLoaded, {
    config,
    sources,
    where,
    code: { plugins, mdxSetup },
    browserModules,
  });
  const api = await apiLoaded;
  const site = assembleWithApi(sources, config, api, where);
  const { model } = site;
  model.warnings.push(...(sources.warnings ?? []), ...api.warnings);
  // Before anything renders: a route that would escape the output, or that no URL reaches.
  const unsafeRoutes = routeErrors(model.routes);
  if (unsafeRoutes.length) throw new DfdocsError(unsafeRoutes);
  profile.lap('load');

  const clientConfig = clientConfigOf(config, await browserModules);
  const routeSet = new Set(model.routes.map((r) => r.route));
  // (Not the pages whose markdown rendered while the API reference loaded.)
  run.executors.prefetch(
    model.routes.filter((r) => !earlyBodies.bodies.has(r.route)),
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
  );
  const [assets, reactPages] = await Promise.all([
    bundled,
    loadReactPages(
      root,
      sources.pages.filter((p): p is ReactPageSource => p.kind === 'reactPage'),
      run.incremental.keeps(),
    ),
  ]);
  profile.lap('bundle+setup');
  return {
    config,
    configRel,
    clientConfig,
    sources,
    site,
    model,
    routeSet,
    api,
    plugins,
    pluginsUrl,
    componentsUrl,
    mdxSetup,
    assets,
    reactPages,
    earlyBodies,
  };
}

/**
 * Renders markdown pages' bodies on this thread until the API reference is loaded, when
 * TypeDoc runs (a cold build with an API reference; a rebuild takes its pages from the
 * cache instead). Nothing otherwise.
 */
async function bodiesWhileApiLoads(
  run: BuildRun,
  apiLoaded: Promise<unknown>,
  site: {
    config: SiteConfig;
    sources: LoadedSources;
    where: Parameters<typeof assembleWithApi>[3];
    code: Pick<LoadedSite, 'plugins' | 'mdxSetup'>;
    browserModules: Promise<Parameters<typeof clientConfigOf>[1]>;
  },
): Promise<LoadedSite['earlyBodies']> {
  const { config, sources } = site;
  let loaded = false;
  apiLoaded.then(
    () => (loaded = true),
    () => (loaded = true),
  );
  await new Promise<void>((resolve) => setImmediate(resolve));
  const none = { bodies: new Map() };
  if (!config.api || loaded || run.incremental.rebuild || earlyBodiesOff()) return none;
  let model: SiteModel;
  try {
    ({ model } = assembleWithApi(sources, config, undefined, site.where));
  } catch {
    return none; // reported when the whole site is assembled
  }
  const clientConfig = clientConfigOf(config, await site.browserModules);
  const renderers = markdownRenderersOf(run, { config, clientConfig, ...site.code }, model);
  const bodies = await renderBodiesWhile(apiLoaded, model.routes, {
    config,
    model,
    ...renderers,
    highlightCacheFor: run.incremental.highlightCacheFor(),
  });
  if (bodies.size)
    run.notes.push(`${bodies.size} pages' markdown rendered while the API reference loaded`);
  return { bodies, model };
}
