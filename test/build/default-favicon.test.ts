/**
 * Issue 29: a site that configures no favicon still links one (a default written into the
 * output), so browsers do not ask for a missing `/favicon.ico` on every page; a configured
 * favicon is linked instead and no default is written.
 */
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildSite, removeDir } from '../helpers/site';
import { makeSite } from '../helpers/tempSite';

const dirs: string[] = [];
after(() => dirs.forEach(removeDir));

const icons = (html: string) =>
  [...html.matchAll(/<link rel="icon" href="([^"]*)">/g)].map((m) => m[1]);

async function built(files: Record<string, string>, baseUrl?: string) {
  const root = makeSite({ 'docs/intro.md': '# Intro\n\nHello.\n', ...files });
  const { outDir } = await buildSite(root, { baseUrl });
  dirs.push(root, outDir);
  return outDir;
}

test('a site without a favicon gets the default one, linked from every page under the base URL', async () => {
  const out = await built({}, '/sub/');
  for (const page of ['docs/intro/index.html', '404.html'])
    assert.deepEqual(
      icons(readFileSync(join(out, page), 'utf8')),
      ['/sub/assets/favicon.svg'],
      page,
    );
  assert.match(readFileSync(join(out, 'assets/favicon.svg'), 'utf8'), /^<svg [^>]*viewBox/);
});

test('a configured favicon is linked and no default is written', async () => {
  const out = await built({
    'dfdocs.config.ts': "export default { title: 'T', favicon: '/img/icon.png' };\n",
    'static/img/icon.png': 'png',
  });
  assert.deepEqual(icons(readFileSync(join(out, 'docs/intro/index.html'), 'utf8')), [
    '/img/icon.png',
  ]);
  assert.equal(existsSync(join(out, 'assets/favicon.svg')), false);
});
