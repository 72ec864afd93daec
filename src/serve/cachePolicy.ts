/**
 * esbuild's `[name].[hash]` names (8 base32 characters) under `assets/`, e.g.
 * `assets/client.ULW527SC.js` or `assets/chunks/search.AB12CD34.js`: their bytes never
 * change under that name. The per-route content files under `assets/data/` keep their
 * names across builds, so they are not hashed assets.
 */
const HASHED = /^\/assets\/(?!data\/)(?:[^/]+\/)*[^/]+\.[A-Z0-9]{8}(?:\.[a-z0-9]+)+$/;

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const REVALIDATE = 'public, max-age=0, must-revalidate';

/** Long-lived and immutable for content-hashed assets; revalidate (ETag) for HTML, content files and the rest. */
export function cacheControlOf(pathname: string): string {
  return HASHED.test(pathname) ? IMMUTABLE : REVALIDATE;
}
