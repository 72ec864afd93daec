/**
 * Documents rendered before the client's assets are known (src/render/ssr/renderDocument.tsx,
 * `PENDING_ASSETS`): with their tags filled in, the same bytes as documents rendered with them.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { defaultConfig } from '../../src/render/config/defaults';
import { clientConfigOf } from '../../src/render/site/clientConfig';
import {
  awaitsAssets,
  fillAssets,
  PENDING_ASSETS,
  renderDocument,
} from '../../src/render/ssr/renderDocument';
import type { PageData } from '../../src/shared/pageData';

for (const baseUrl of ['/', '/sub/']) {
  test(`a document rendered before its assets, filled in, equals one rendered with them (base URL ${baseUrl})`, () => {
    const config = { ...defaultConfig(), baseUrl };
    const clientConfig = clientConfigOf(config);
    const page: PageData = {
      route: '/docs/a',
      kind: 'doc',
      title: 'A "quoted" <title>',
      toc: [],
      breadcrumbs: [],
      links: [],
    };
    // The body holds the marker's text itself: only the document's own markers are replaced.
    const html = '<p>Raw <!--dfdocs:assets--> in the body</p>';
    const assets = {
      entry: 'assets/client.ABC.js',
      preload: ['assets/chunks/a.1.js', 'assets/chunks/b&c.2.js'],
      css: 'assets/styles.X.css',
    };
    const input = { page, html, config, clientConfig, sidebars: {} };
    const pending = renderDocument({ ...input, assets: PENDING_ASSETS, sidebarHtml: null });
    const ready = renderDocument({ ...input, assets, sidebarHtml: null });
    assert.ok(awaitsAssets(pending));
    assert.ok(!awaitsAssets(ready));
    assert.equal(fillAssets(pending, assets, baseUrl), ready);
    assert.ok(
      ready.includes(
        `<script type="module" src="${baseUrl}assets/client.ABC.js"></script></body></html>`,
      ),
    );
    assert.throws(() => fillAssets(ready, assets, baseUrl), /lacks their markers/);
  });
}
