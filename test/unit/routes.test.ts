import { test } from 'node:test';
import assert from 'node:assert/strict';
import { docRoute, pageRoute, docId, normaliseRoute } from '../../src/render/content/routes';
import { withBaseUrl, stripBaseUrl } from '../../src/shared/baseUrl';

test('doc routes: path without extension under /docs', () => {
  assert.equal(docRoute('intro.md', undefined), '/docs/intro');
  assert.equal(
    docRoute('getting-started/tutorials/io.md', undefined),
    '/docs/getting-started/tutorials/io',
  );
});

test('doc routes: index.md takes its folder route', () => {
  assert.equal(docRoute('getting-started/index.md', undefined), '/docs/getting-started');
  assert.equal(docRoute('index.md', undefined), '/docs');
  assert.equal(docRoute('a/b/index.md', undefined), '/docs/a/b');
});

test('doc routes: slug overrides, absolute or relative to the folder', () => {
  assert.equal(docRoute('a/b.md', '/custom'), '/docs/custom');
  assert.equal(docRoute('a/b.md', 'other'), '/docs/a/other');
  assert.equal(docRoute('a/b.md', '/'), '/docs');
});

test('page routes: index.tsx is /, markdown pages by name', () => {
  assert.equal(pageRoute('index.tsx'), '/');
  assert.equal(pageRoute('markdown-page.md'), '/markdown-page');
  assert.equal(pageRoute('sub/index.md'), '/sub');
});

test('doc ids: folder/name, front matter id replaces the name, index takes the folder', () => {
  assert.equal(docId('getting-started/installation.md', undefined), 'getting-started/installation');
  assert.equal(docId('getting-started/installation.md', 'install'), 'getting-started/install');
  assert.equal(docId('getting-started/index.md', undefined), 'getting-started');
  assert.equal(normaliseRoute('//docs//a/'), '/docs/a');
});

test('base URL helper (B60)', () => {
  assert.equal(withBaseUrl('', '/sub/'), '');
  assert.equal(withBaseUrl('#x', '/sub/'), '#x');
  assert.equal(withBaseUrl('https://x.org/a', '/sub/'), 'https://x.org/a');
  assert.equal(withBaseUrl('//cdn.x/a', '/sub/'), '//cdn.x/a');
  assert.equal(withBaseUrl('mailto:a@b', '/sub/'), 'mailto:a@b');
  assert.equal(withBaseUrl('/sub', '/sub/'), '/sub/');
  assert.equal(withBaseUrl('/sub/docs/x', '/sub/'), '/sub/docs/x');
  assert.equal(withBaseUrl('/docs/x', '/sub/'), '/sub/docs/x');
  assert.equal(withBaseUrl('docs/x', '/sub/'), '/sub/docs/x');
  assert.equal(
    withBaseUrl('/docs/x', '/sub/', { absolute: true, siteUrl: 'https://e.com' }),
    'https://e.com/sub/docs/x',
  );
  assert.equal(stripBaseUrl('/sub/docs/x', '/sub/'), '/docs/x');
  assert.equal(stripBaseUrl('/sub', '/sub/'), '/');
});
