/**
 * How an MDX page's islands appear in its HTML (src/render/mdx/mdxRuntime.tsx writes them,
 * src/client/islands/ hydrates them): `<dfdocs-island data-island="<id>" data-hydrate="load|visible"
 * data-props="<JSON>">` around the component's server HTML, and `<dfdocs-children>` around
 * what the page put inside the component.
 */
export const ISLAND_TAG = 'dfdocs-island';
export const SLOT_TAG = 'dfdocs-children';
