/**
 * Ids of the document's own elements, shared by the renderer that writes them and the
 * client that finds them. They begin with a letter (html-validate's `valid-id`); the
 * spec's own ids (`__docusaurus_skipToContent_fallback`, the base-URL banner's) are kept
 * where they are defined.
 */

/** The element the app is rendered into and hydrated from. */
export const APP_ROOT_ID = 'dfdocs-root';
/** The `<script type="application/json">` holding the page's data for hydration. */
export const PAGE_DATA_ID = 'dfdocs-data';
/** The skip link's region (B49), where focus goes after a navigation (B25). */
export const SKIP_REGION_ID = 'skip-to-content';
