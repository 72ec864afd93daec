import type { SiteConfig } from '../../shared/config';
import { addApiSidebar } from '../api/apiSidebar';
import type { ApiReference } from '../api/apiReference';
import type { LoadedSources } from '../content/loadSources';
import {
  compileMarkdownPlugins,
  loadMarkdownPlugins,
  type MarkdownPlugins,
} from '../modules/markdownPlugins';
import { compileMdxComponents, type MdxSetup } from '../mdx/registeredComponents';
import { assembleSite, type AssembledSite, type ConfigSource } from '../site/assemble';
import { compileSlotOverrides, installSlotOverrides } from '../ssr/slotOverrides';

/**
 * Parts of loading a site that `dfdocs build` (the loadSite stage) and `dfdocs dev`
 * (src/dev/devSite.ts, which loads them again after a change) share.
 */

/** The site's own code its pages render with. */
export interface SiteCode {
  /** The URL of the compiled markdown plugins (render workers load it too). */
  pluginsUrl: string | undefined;
  plugins: MarkdownPlugins;
  /** The URL of the compiled component overrides (render workers install it too). */
  componentsUrl: string | undefined;
  /** The site's MDX components. */
  mdxSetup: MdxSetup;
}

/**
 * Compiles and loads the site's markdown plugins, component overrides and MDX components
 * (`mdxSetup`: when the caller started compiling those already), then installs the
 * overrides into `slotOverrides` (by default the templates' registry).
 */
export async function loadSiteCode(
  root: string,
  config: SiteConfig,
  configRel: string | undefined,
  options: {
    mdxSetup?: Promise<MdxSetup>;
    slotOverrides?: Parameters<typeof installSlotOverrides>[3];
  } = {},
): Promise<SiteCode> {
  const pluginsUrl = await compileMarkdownPlugins(root, config.markdown, configRel);
  const plugins = await loadMarkdownPlugins(pluginsUrl, config.markdown, configRel);
  const componentsUrl = await compileSlotOverrides(root, config, configRel);
  const mdxSetup = await (options.mdxSetup ?? compileMdxComponents(root, config, configRel));
  await installSlotOverrides(componentsUrl, config, configRel, options.slotOverrides);
  return { pluginsUrl, plugins, componentsUrl, mdxSetup };
}

/**
 * The site assembled from its sources (routes, sidebars, the main doc, a generated home
 * page) with the API reference's pages and sidebar. Throws what `assembleSite` throws.
 */
export function assembleWithApi(
  sources: LoadedSources,
  config: SiteConfig,
  api: Pick<ApiReference, 'routes' | 'sidebar'> | undefined,
  where: ConfigSource,
): AssembledSite {
  const site = assembleSite(sources, config, api?.routes ?? [], where);
  addApiSidebar(site.model, api?.sidebar);
  return site;
}
