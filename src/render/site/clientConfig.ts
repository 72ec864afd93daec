import { resolve } from 'node:path';
import type {
  ClientExamplesConfig,
  ClientSiteConfig,
  ComponentSlot,
  SiteConfig,
} from '../../shared/config';
import type { SiteComponents } from '../bundle/bundleClient';

/** The keys of the config the browser gets as they are (an allow-list: nothing else reaches it). */
const CLIENT_KEYS = [
  'title',
  'tagline',
  'url',
  'baseUrl',
  'logo',
  'navbar',
  'footer',
  'colorMode',
  'announcementBar',
  'toc',
] as const satisfies readonly (keyof SiteConfig & keyof ClientSiteConfig)[];

/** What of the config the browser gets (the pages' content files and the client bundle). */
export function clientConfigOf(
  config: SiteConfig,
  examples?: ClientExamplesConfig,
): ClientSiteConfig {
  const picked = Object.fromEntries(CLIENT_KEYS.map((key) => [key, config[key]])) as Pick<
    SiteConfig,
    (typeof CLIENT_KEYS)[number]
  >;
  // Authored sidebars are the build's (the pages get the sidebars made from them), not the client's.
  const { sidebars: _sidebars, sidebarPath: _sidebarPath, ...clientDocs } = config.docs;
  return { ...picked, docs: clientDocs, ...(examples ? { examples } : {}) };
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
