/**
 * The route manifest (`dist/route-manifest.json`): every route the build produced,
 * with its title, the content file the client router loads for it, and its sidebar.
 * The client never needs it to navigate (content files sit at paths derived from the
 * route), so first-load JavaScript never grows with the site; tools and tests read it.
 */
export interface RouteManifestEntry {
  title: string;
  /** Content file, relative to the site root, without the base URL (e.g. `assets/data/docs/intro.json`). */
  data: string;
  sidebar?: string;
}

export interface RouteManifest {
  /** dfdocs version that wrote it. */
  version: string;
  baseUrl: string;
  routes: Record<string, RouteManifestEntry>;
}
