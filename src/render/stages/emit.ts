import { join } from 'node:path';
import { contentFileOf, sidebarFileOf } from '../../shared/pageData';
import { finish, notFoundPage, renderNotFoundBody } from '../pages/renderRoute';
import { sitemapXml, robotsTxt } from '../output/siteFiles';
import { DEFAULT_FAVICON_FILE, DEFAULT_FAVICON_SVG } from '../output/defaultFavicon';
import { skippedLinkWarning } from '../content/loadSources';
import { copyStatic } from '../output/copyStatic';
import { writeFileIn as write } from '../output/writeFileIn';
import type { BuildRun } from './buildRun';
import type { LoadedSite } from './loadSite';
import type { RenderedSite } from './render';

/**
 * Writes the site's files that are no page's: the not-found page, the sidebars, the
 * route manifest, the search index, the sitemap and robots.txt, the `static/` folder and
 * the default favicon.
 */
export async function emit(run: BuildRun, site: LoadedSite, rendered: RenderedSite): Promise<void> {
  const { stageDir } = run.stage;
  const { config, model } = site;
  const { ctx, manifest } = rendered;
  const nf = finish(notFoundPage(), renderNotFoundBody(ctx), [], [], ctx);
  write(stageDir, '404.html', nf.document);
  write(stageDir, contentFileOf('/404'), JSON.stringify({ page: nf.page }));
  for (const [id, items] of Object.entries(model.sidebars))
    write(stageDir, sidebarFileOf(id), JSON.stringify(items));
  write(stageDir, 'route-manifest.json', JSON.stringify(manifest));
  const searchOut = await rendered.search.finish();
  run.profile.add('search', searchOut.busyMs);
  if (searchOut.segments) run.incremental.useSearchSegments(searchOut.segments);
  for (const f of searchOut.files) write(stageDir, f.path, f.content);
  write(
    stageDir,
    'sitemap.xml',
    sitemapXml(Object.keys(manifest.routes), config.url, config.baseUrl),
  );
  write(stageDir, 'robots.txt', robotsTxt(config.url, config.baseUrl));
  copyStatic(join(run.root, 'static'), stageDir, (link) =>
    model.warnings.push(skippedLinkWarning(run.root, link)),
  );
  if (!config.favicon) write(stageDir, DEFAULT_FAVICON_FILE, DEFAULT_FAVICON_SVG);
}
