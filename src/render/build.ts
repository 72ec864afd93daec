import { openBuild, type BuildOptions, type BuildResult } from './stages/buildRun';
import { loadSite } from './stages/loadSite';
import { render } from './stages/render';
import { emit } from './stages/emit';
import { finishSite } from './stages/finishSite';
import { commit } from './stages/commit';

export type { BuildOptions, BuildResult } from './stages/buildRun';

/**
 * Builds a site into its output folder, in five stages (ARCHITECTURE.md walks through
 * them). Throws DfdocsError; the previous output is untouched on failure.
 */
export async function build(options: BuildOptions): Promise<BuildResult> {
  const run = await openBuild(options);
  try {
    const site = await loadSite(run); // config, sources, plugins, API reference, site model
    const pages = await render(run, site); // every page to its HTML and content file
    await emit(run, site, pages); // 404, sidebars, manifest, search index, sitemap, static/
    const finished = await finishSite(run, site, pages); // link check, --strict, compression
    return commit(run, pages, finished); // the stage replaces the output as a whole
  } catch (err) {
    await run.abandon();
    throw err;
  } finally {
    await run.close();
  }
}
