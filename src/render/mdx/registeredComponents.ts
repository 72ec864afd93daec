/**
 * The site's MDX components (config `mdx.components`): compiled once, on the thread that
 * loads the config, into a module every render thread imports by URL (../modules/siteBundle.ts),
 * as markdown plugins and component overrides are.
 */
import { resolve } from 'node:path';
import type { SiteConfig } from '../../shared/config';
import { compileSiteBundle } from '../modules/siteBundle';

export interface MdxSetup {
  /** The compiled module's URL. */
  componentsUrl?: string;
  /** The module's absolute path (islands among its components are bundled for the browser from it). */
  componentsModule?: string;
}

export async function compileMdxComponents(
  root: string,
  config: SiteConfig,
  configFile: string | undefined,
): Promise<MdxSetup> {
  const path = config.mdx.components;
  if (!path) return {};
  const componentsUrl = await compileSiteBundle(root, 'mdx-components', [path], configFile, {
    code: 'MdxComponentsLoad',
    what: 'the MDX components module',
    hint: 'fix the module named in `mdx.components` of the config',
  });
  return { componentsUrl, componentsModule: resolve(root, path) };
}
