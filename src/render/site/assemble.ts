import type { ClientSiteConfig, SiteConfig } from '../../shared/config';
import type { LoadedSources } from '../content/loadSources';
import type { Diagnostic } from '../diagnostics';
import { DfdocsError } from '../diagnostics';
import type { RenderContext } from '../pages/renderRoute';
import { generatedHome, generatedHomeRoutes, GENERATED_HOME_ID } from '../pages/generatedHome';
import { buildSiteModel, categoryIndexId, DOCS_SIDEBAR, type SiteModel } from './siteModel';
import { categoryIndexPage } from '../pages/categoryIndex';
import { stripNumberPrefixes } from '../content/numberPrefix';
import { resolveMainDoc, type MainDoc } from './mainDoc';

/** Where the config is, to cite it in problems (none without a config file). */
export interface ConfigSource {
  /** The site root (authored sidebar problems are located in their file, read from there). */
  root?: string;
  file?: string;
  locate: (key: string) => { line: number; column: number };
}

export interface AssembledSite {
  model: SiteModel;
  mainDoc: MainDoc | undefined;
  /** The generated pages besides those of `extra`: the home page when the site has none, the categories' index pages. */
  generators(clientConfig: ClientSiteConfig): RenderContext['generated'];
}

/**
 * The site model with what the config leaves to defaults: the main doc resolved (and set
 * in the config) and a home page generated when the site has none. Throws on a config
 * that names a doc or a sidebar folder that does not exist (B55).
 */
export function assembleSite(
  sources: LoadedSources,
  config: SiteConfig,
  extraRoutes: { route: string; id: string }[],
  where: ConfigSource,
): AssembledSite {
  const home = generatedHomeRoutes(sources);
  const model = buildSiteModel(sources, config, [...extraRoutes, ...home], {
    root: where.root ?? '',
    configFile: where.file ?? 'dfdocs.config.ts',
  });
  checkSidebarRoot(sources, config, where);
  const mainDoc = resolveMainDoc(config, sources.docs, model.sidebars, where.file, where.locate);
  return {
    model,
    mainDoc,
    generators: (clientConfig) =>
      new Map([
        ...home.map(
          () =>
            [
              GENERATED_HOME_ID,
              generatedHome({
                clientConfig,
                sidebar: model.sidebars[DOCS_SIDEBAR] ?? [],
                sources,
                mainDoc,
              }),
            ] as const,
        ),
        ...model.categoryIndexes.map(
          (index) =>
            [
              categoryIndexId(index.route),
              categoryIndexPage({ index, clientConfig, docs: sources.docs }),
            ] as const,
        ),
      ]),
  };
}

function checkSidebarRoot(sources: LoadedSources, config: SiteConfig, where: ConfigSource): void {
  const root = config.docs.sidebarRoot;
  if (!root) return;
  const folders = new Set(
    sources.docs
      .map((d) => d.docPath.split('/').slice(0, -1).join('/'))
      .flatMap((f) => f.split('/').map((_, i, a) => a.slice(0, i + 1).join('/'))),
  );
  // `guides` names `02-guides/` too (number prefixes are not part of folder names).
  if (folders.has(root) || [...folders].some((f) => stripNumberPrefixes(f) === root)) return;
  const problem: Diagnostic = {
    code: 'UnknownSidebar',
    severity: 'error',
    message: `the sidebar root folder "docs/${root}" does not exist`,
    hint: 'set docs.sidebarRoot to a folder under docs/',
    file: where.file,
    ...(where.file ? where.locate('sidebarRoot') : {}),
  };
  throw new DfdocsError(problem);
}
