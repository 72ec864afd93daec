/**
 * Islands: components of an MDX page marked `client:load` or `client:visible`, rendered
 * at build time like every other component and hydrated in the browser with the props
 * they were rendered with. What the server (the page) and the client bundle (the loaders
 * of the site's islands, src/client/islands/) agree on.
 */
import { createHash } from 'node:crypto';

/** When an island hydrates: at once (`client:load`) or when it scrolls into view (`client:visible`). */
export type HydrateWhen = 'load' | 'visible';

export const HYDRATE_ATTRIBUTES: Record<string, HydrateWhen> = {
  'client:load': 'load',
  'client:visible': 'visible',
};

/** One component used as an island: where its module is and which export it is. */
export interface IslandModule {
  /** The module as the page imports it (`../components/Counter`, `some-package`), or an absolute path. */
  source: string;
  /** The folder `source` is resolved from (the page's own). */
  resolveDir: string;
  /** `default`, or the name it is exported under. */
  exportName: string;
}

/** An island on a page. */
export interface IslandUse extends IslandModule {
  /** Names the module and export (the same for every page that uses the component). */
  id: string;
  hydrate: HydrateWhen;
}

/** The id of a component used as an island: stable across builds, the same on every page. */
export function islandId(m: IslandModule): string {
  return createHash('sha256')
    .update(`${m.resolveDir}\0${m.source}\0${m.exportName}`)
    .digest('hex')
    .slice(0, 12);
}

/** The islands of a site, one per id, in a stable order. */
export function uniqueIslands(uses: Iterable<IslandModule & { id: string }>): IslandUse[] {
  const byId = new Map<string, IslandUse>();
  for (const u of uses)
    if (!byId.has(u.id))
      byId.set(u.id, {
        id: u.id,
        source: u.source,
        resolveDir: u.resolveDir,
        exportName: u.exportName,
        hydrate: 'load',
      });
  return [...byId.values()].sort((a, b) => (a.id < b.id ? -1 : 1));
}
