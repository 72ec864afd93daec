/**
 * Cache pruning (src/render/cache/cachePrune.ts): entries and blobs that none of the last
 * three builds used are deleted, but never recent files (a build running beside may have
 * just written them) nor files the cache does not own.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { recordAndPrune, KEPT_BUILDS } from '../../src/render/cache/cachePrune';
import { build } from '../../src/render/build';
import { makeSite } from '../helpers/tempSite';

const key = (c: string) => c.repeat(32);
const blob = (c: string) => c.repeat(40);

function cacheWith(names: { pages: string[]; files: string[] }, ageMs: number): string {
  const root = mkdtempSync(join(tmpdir(), 'dfdocs-prune-'));
  const past = new Date(Date.now() - ageMs);
  for (const [dir, list] of [['pages', names.pages], ['files', names.files]] as const) {
    mkdirSync(join(root, dir), { recursive: true });
    for (const n of list) {
      writeFileSync(join(root, dir, n), 'x');
      utimesSync(join(root, dir, n), past, past);
    }
  }
  return root;
}

test('entries no recent build used are pruned, with their blobs and compressed twins', () => {
  const root = cacheWith({ pages: ['a', 'b', 'c'].map((c) => key(c) + '.json').concat('notes.txt'), files: ['a', 'b', 'c'].flatMap((c) => [blob(c), blob(c) + '.gz', blob(c) + '.br']).concat(blob('d') + '.123.tmp') }, 60 * 60 * 1000);
  const uses = [
    { keys: [key('a')], blobs: [blob('a')] },
    { keys: [key('b')], blobs: [blob('b')] },
    { keys: [key('b')], blobs: [blob('b')] },
  ];
  for (const u of uses) assert.equal(recordAndPrune(root, u).removed, 0, 'nothing is pruned before there are more than three builds');
  assert.equal(uses.length, KEPT_BUILDS);
  // A file written a moment ago by a build running beside this one.
  writeFileSync(join(root, 'files', blob('e')), 'fresh');
  const { removed } = recordAndPrune(root, { keys: [key('c')], blobs: [blob('c')] });
  assert.equal(removed, 4, 'a.json and blob a with its .gz and .br');
  assert.deepEqual(readdirSync(join(root, 'pages')).sort(), [key('b') + '.json', key('c') + '.json', 'notes.txt']);
  assert.deepEqual(readdirSync(join(root, 'files')).sort(), [blob('b'), blob('b') + '.br', blob('b') + '.gz', blob('c'), blob('c') + '.br', blob('c') + '.gz', blob('d') + '.123.tmp', blob('e')].sort());
  assert.equal(readdirSync(join(root, 'builds')).length, KEPT_BUILDS, 'older journals are dropped');
});

test('a build records what it used of the cache', async () => {
  const site = makeSite({ 'docs/intro.md': '# Intro\n\nHello.\n', 'docs/a.md': '# A\n\n```js\nconst a = 1;\n```\n' });
  await build({ root: site, outDir: join(site, 'dist'), workers: 0 });
  const cache = join(site, '.dfdocs', 'cache');
  const [siteDir] = readdirSync(cache);
  const journals = readdirSync(join(cache, siteDir!, 'builds'));
  assert.equal(journals.length, 1);
  assert.ok(existsSync(join(cache, siteDir!, 'files')));
});
