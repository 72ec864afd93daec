/**
 * The site's islands (components of MDX pages marked `client:load` / `client:visible`),
 * each a loader of its own chunk, by id (src/render/mdx/islands.ts), and the loader of
 * the code that hydrates them (./hydrateIslands.ts). Empty here: the client bundle of a
 * site with islands replaces this module with one listing them
 * (src/render/bundle/bundleClient.ts), so no other site's bundle holds any of it.
 */
export const islandLoaders: Record<string, () => Promise<{ default: unknown }>> = {};

export const loadHydrator: (() => Promise<typeof import('./hydrateIslands')>) | undefined =
  undefined;
