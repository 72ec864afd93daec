import type { ComponentType } from 'react';
import type { ClientSiteConfig, ComponentSlot } from '../src/shared/config';
import type { PageData } from '../src/shared/pageData';

/** What each slot's component receives. */
export interface SlotProps {
  /** Replaces the navbar's logo and title (which link home). */
  navbarBrand: { config: ClientSiteConfig; onClick?: () => void };
  /** Replaces the footer. */
  footer: { config: ClientSiteConfig };
  /** Replaces what a doc page shows under its body (by default its "Edit this page" link). */
  docFooter: { config: ClientSiteConfig; page: PageData };
  /** Replaces the content of the 404 page (rendered at build time, like a React page). */
  notFound: { config: ClientSiteConfig; docsRoute?: string };
}

export type SlotOverrides = { [K in ComponentSlot]?: ComponentType<SlotProps[K]> };

declare global {
  /**
   * Whether the site has component overrides: `false` in the client bundle of a site that
   * has none (esbuild's `define`), so every lookup below compiles away and its first-load
   * JavaScript does not grow; `true` in a site's own bundle; undefined on the server,
   * where the registry is filled (src/render/ssr/slotOverrides.ts) before rendering.
   * Each template reads it as `typeof __DFDOCS_SLOTS__ === 'undefined' || __DFDOCS_SLOTS__`.
   */
  const __DFDOCS_SLOTS__: boolean | undefined;
}

/**
 * The site's components by slot (config `components`). Empty by default; a site's client
 * bundle replaces this module with one importing them (src/render/bundle/bundleClient.ts).
 */
export const slotOverrides: SlotOverrides = {};
