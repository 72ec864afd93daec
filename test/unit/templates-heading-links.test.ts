/**
 * A heading inside a link (a card title written in raw HTML, e.g. the feature cards the
 * stylesheet offers) gets no direct-link anchor: a link inside a link is invalid HTML,
 * and the browser's repair leaves empty links behind (axe: link-name).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { getHighlighter } from '../../src/render/markdown/highlighter';
import { createMarkdownRenderer } from '../../src/render/markdown/processor';
import { renderHastToHtml } from '../../src/render/ssr/renderBody';

test('headings inside links get neither id nor anchor; other headings keep theirs', async () => {
  const highlighter = await getHighlighter();
  const render = createMarkdownRenderer({
    highlighter,
    baseUrl: '/',
    toc: { minHeadingLevel: 2, maxHeadingLevel: 3 },
    routeOfSource: () => undefined,
  });
  const md =
    '## Tutorials\n\n<div class="features">\n  <a class="feature-card" href="/docs/a">\n    <h3 class="feature-card__title">Basics</h3>\n    <p class="feature-card__text">Start here.</p>\n  </a>\n</div>\n';
  const out = await render(md, 'docs/page.md');
  const html = renderHastToHtml(out.hast);
  assert.match(html, /<h2 id="tutorials" class="anchor">Tutorials<a class="hash-link"/);
  assert.match(html, /<h3 class="feature-card__title">Basics<\/h3>/);
  assert.equal(html.match(/<a /g)?.length, 2, 'the card link and the h2 anchor only');
  assert.deepEqual(
    out.toc.map((t) => t.id),
    ['tutorials'],
  );
});
