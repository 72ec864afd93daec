/**
 * A large page's files made as bytes a part at a time (src/render/output/largeFileBytes.ts):
 * they must be exactly the bytes of the whole strings, whatever falls on a part's edge.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { contentFileParts, utf8Of } from '../../src/render/output/largeFileBytes';
import { stringParts } from '../../src/render/cache/blobLedger';

/** A page body of ~2.5 M characters with every kind of character JSON or UTF-8 treats apart, some on the megabyte edges. */
function awkwardHtml(): string {
  const piece =
    '<h2 id="x">Title<a class="hash-link" href="#x">\u200b</a></h2>\n<p>"quoted" \\ back\tslash \u0001 ctl \u2028 sep café 😀 …</p>\n';
  let html = '';
  while (html.length < 2_500_000) html += piece;
  const MB = 1024 * 1024;
  // A surrogate pair across each part's edge, a quote and a lone surrogate just before one.
  return (
    html.slice(0, MB - 1) +
    '😀' +
    html.slice(MB - 1, 2 * MB - 2) +
    '"\\' +
    html.slice(2 * MB - 2, 2 * MB + 100) +
    '\ud800 lone' +
    html.slice(2 * MB + 100)
  );
}

test('the content file in parts is JSON.stringify({ page }) byte for byte', () => {
  const page = {
    route: '/docs/big',
    title: 'Big "page"',
    html: awkwardHtml(),
    toc: [{ id: 'x', value: 'Title', depth: 2 }],
    links: ['/docs/a'],
  };
  const whole = Buffer.from(JSON.stringify({ page }));
  const parts = [...contentFileParts(page)];
  assert.ok(parts.length > 3, 'the HTML went in several parts');
  assert.ok(utf8Of(() => contentFileParts(page)).equals(whole));
});

test('a long string as UTF-8 bytes made a part at a time equals Buffer.from of it whole', () => {
  const text = awkwardHtml();
  assert.ok(utf8Of(() => stringParts(text)).equals(Buffer.from(text)));
  assert.equal(utf8Of(() => stringParts('')).length, 0);
});
