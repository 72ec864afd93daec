/**
 * A chart an example drew (an SVG string from the worker) as a figure of the page — like the
 * build's (src/render/examples/remarkExamplePlots.ts), so it takes the page's colours
 * through CSS variables and follows the colour mode. The string is the reader's code's
 * output, so it is sanitized first (DOMPurify, SVG profile): no script, no event handler, no
 * link, and nothing that loads from anywhere (`href`s and `url()`s other than `#id`s in the
 * same chart are removed).
 */
import DOMPurify from 'dompurify';

const EXTERNAL_REF = /url\(\s*['"]?\s*(?!#)/i;

let hooked = false;
function purifier(): typeof DOMPurify {
  if (!hooked) {
    hooked = true;
    DOMPurify.addHook('uponSanitizeAttribute', (_node, data) => {
      const name = data.attrName.toLowerCase();
      if ((name === 'href' || name === 'xlink:href') && !data.attrValue.trim().startsWith('#'))
        data.keepAttr = false;
      else if (EXTERNAL_REF.test(data.attrValue)) data.keepAttr = false;
    });
  }
  return DOMPurify;
}

/** The sanitized chart in a figure, or undefined if `svg` holds no SVG. */
export function chartFigure(svg: string): HTMLElement | undefined {
  const clean = purifier().sanitize(svg, {
    USE_PROFILES: { svg: true, svgFilters: true },
    FORBID_TAGS: ['style', 'image', 'a', 'foreignObject', 'use'],
    RETURN_DOM_FRAGMENT: true,
  });
  const root = clean.firstElementChild;
  if (!root || root.tagName.toLowerCase() !== 'svg') return undefined;
  const figure = document.createElement('figure');
  figure.className = 'tf-plot-figure example-output__chart';
  figure.tabIndex = 0;
  figure.append(root);
  return figure;
}
