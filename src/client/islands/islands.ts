/**
 * Islands after each page is shown (the first page, every navigation, a body patched by
 * `dfdocs dev`): part of the navigation chunk, so no page's first-load JavaScript grows.
 * A site without islands compiles all of it away (`__DFDOCS_ISLANDS__` is false in its
 * bundle); in one that has them, the hydrating code (./hydrateIslands.ts) loads only on a
 * page that shows an island, or once one was shown (to unmount it when the reader leaves).
 */
import { ISLAND_TAG } from '../../shared/islands';
import { loadHydrator } from './registry';

declare global {
  /** Whether the site has islands: `false` in the bundle of a site without, `true` in one with. */
  const __DFDOCS_ISLANDS__: boolean;
}

let hydrating: Promise<typeof import('./hydrateIslands')> | undefined;

/** Hydrates the islands of the page shown and unmounts those of pages left. */
export function showIslands(): void {
  if (!loadHydrator || (!hydrating && !document.querySelector(ISLAND_TAG))) return;
  (hydrating ??= loadHydrator()).then(
    (m) => m.syncIslands(),
    (error: unknown) => {
      hydrating = undefined; // the next page tries again
      console.error(error);
    },
  );
}

if (__DFDOCS_ISLANDS__) addEventListener('dfdocs:body-updated', showIslands);
