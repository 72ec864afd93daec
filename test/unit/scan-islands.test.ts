import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { scanIslands } from '../../src/render/mdx/scanIslands';
import { copyMdxSite } from '../helpers/mdxSite';
import { removeDir } from '../helpers/site';

const dirs: string[] = [];
after(() => dirs.forEach(removeDir));

// The islands a site's MDX pages use are kept in the build's cache for the same files:
// the answer must follow every edit, and only the latest is kept.
test('the islands kept in the cache follow the MDX files: an island added or removed is seen, and earlier answers are removed', async () => {
  const root = copyMdxSite();
  const cache = mkdtempSync(join(tmpdir(), 'dfdocs-islands-cache-'));
  dirs.push(root, cache);
  const setup = { componentsUrl: undefined, componentsModule: undefined };
  const kept = { dir: cache, code: 'code-1' };
  const ids = async (c = kept) => (await scanIslands(root, setup, c)).map((i) => i.id).sort();
  const uncached = (await scanIslands(root, setup)).map((i) => i.id).sort();
  assert.ok(uncached.length >= 1, 'the fixture has islands');
  assert.deepEqual(await ids(), uncached);
  const answers = () => readdirSync(cache).filter((f) => f.startsWith('islands-'));
  assert.equal(answers().length, 1);
  assert.deepEqual(await ids(), uncached, 'read back from the cache');

  // Every page's islands made static: none is left.
  const pages = ['docs/counter.mdx', 'docs/visible.mdx'].map((p) => join(root, p));
  const texts = pages.map((p) => readFileSync(p, 'utf8'));
  pages.forEach((p, i) => writeFileSync(p, texts[i]!.replace(/ client:(load|visible)/g, '')));
  assert.deepEqual(await ids(), []);
  assert.deepEqual(await scanIslands(root, setup), []);
  assert.equal(answers().length, 1, 'the earlier answer was removed');

  pages.forEach((p, i) => writeFileSync(p, texts[i]!));
  assert.deepEqual(await ids(), uncached);
  // An answer changed in the cache is not believed: scanned again.
  const [answer] = answers();
  writeFileSync(join(cache, answer!), JSON.stringify([{ id: 'x', source: 'y' }]));
  assert.deepEqual(await ids(), uncached);
  writeFileSync(join(cache, answer!), '[{"trunc');
  assert.deepEqual(await ids(), uncached);
  // Another dfdocs (its code key) scans again.
  assert.deepEqual(await ids({ dir: cache, code: 'code-2' }), uncached);
  assert.equal(answers().length, 1);
});
