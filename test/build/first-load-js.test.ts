/**
 * Issue 11 target 5: a docs page's first-load JavaScript (the files its HTML names in
 * `<script type="module" src>` and `<link rel="modulepreload" href>`) is at most 80 KB
 * gzip -9 (80,000 bytes), with client-side navigation kept: what the first view does not
 * need (navigation, progress bar, prefetching, mobile panel, back to top, error screens,
 * copy button, data-error wording, search, navbar dropdowns, the collapse animation) is
 * in chunks loaded on demand. A size check, not a timing one.
 */
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { buildSite, removeDir } from '../helpers/site';
import { makeSite } from '../helpers/tempSite';
import { firstLoadJs } from '../../scripts/firstLoadJs.mjs';

const BUDGET = 80_000;
const dirs: string[] = [];
after(() => dirs.forEach(removeDir));

test(`a docs page's first-load JavaScript is at most ${BUDGET / 1000} KB gzip`, async () => {
  const files: Record<string, string> = {
    'docs/intro.md':
      '---\nsidebar_position: 1\n---\n\n# Introduction\n\nSee [the guide](./guide/usage.md).\n\n```js title="a.js"\nconst a = 1;\n```\n',
    'docs/guide/usage.md':
      '# Usage\n\n## Install\n\n::::tabs\n:::tab[npm]\nnpm i x\n:::\n:::tab[yarn]\nyarn add x\n:::\n::::\n',
  };
  const root = makeSite(files);
  dirs.push(root);
  const { outDir } = await buildSite(root);
  dirs.push(outDir);
  const { files: scripts, raw, gzip } = firstLoadJs(outDir, 'docs/intro/index.html');
  assert.ok(
    scripts.length >= 1 && scripts.every((s) => s.endsWith('.js')),
    `first-load files: ${scripts.join(', ')}`,
  );
  console.log(
    `first-load JS of /docs/intro: ${scripts.length} files, ${raw} bytes raw, ${gzip} bytes gzip -9`,
  );
  assert.ok(gzip <= BUDGET, `first-load JS is ${gzip} bytes gzip, over the ${BUDGET}-byte budget`);
  // What the first view does not need stays out of it.
  for (const lazy of [
    'navigation',
    'MobilePanel',
    'BackToTop',
    'ErrorPage',
    'LazyState',
    'copyCode',
    'validationErrors',
    'SearchDialog',
    'searchEngine',
    'NavbarDropdown',
    'collapseAnimation',
  ]) {
    assert.ok(!scripts.some((s) => s.includes(`/${lazy}.`)), `${lazy} is not loaded up front`);
  }
});
