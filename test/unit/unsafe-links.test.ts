import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isUnsafeUrl } from '../../src/render/markdown/rehypeUnsafeLinks';

test('URLs that run code are recognised however a browser would still read them', () => {
  for (const url of [
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    '  javascript:alert(1)',
    'java\tscript:alert(1)',
    'java\nscript:alert(1)',
    '\u0001javascript:alert(1)',
    'vbscript:msgbox(1)',
    'VBScript:msgbox(1)',
    'data:text/html,<script>alert(1)</script>',
    'DATA:TEXT/HTML;base64,PHNjcmlwdD4=',
  ])
    assert.equal(isUnsafeUrl(url), true, JSON.stringify(url));
  for (const url of [
    'https://example.com/javascript:',
    '/docs/javascript',
    './javascript.md',
    'data:image/png;base64,iVBORw0KGgo=',
    'mailto:a@b.c',
    '#javascript:',
  ])
    assert.equal(isUnsafeUrl(url), false, JSON.stringify(url));
});
