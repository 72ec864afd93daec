/**
 * The page cache's packs (src/render/cache/pageCache.ts): entries survive a round trip
 * through a pack whatever characters they hold, packs are written as ASCII where they can
 * be, a route's newest entry is found by route, and a miss reads only the last few builds' packs.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PageCache, KEPT_BUILDS, type CachedRoute } from '../../src/render/cache/pageCache';
import { asciiJson } from '../../src/render/cache/asciiJson';
import { defaultConfig } from '../../src/render/config/defaults';
import type { SiteModel } from '../../src/render/site/siteModel';

const model = { routes: [], sidebars: {}, routeOfSource: new Map(), warnings: [] } as unknown as SiteModel;
const open = (root: string) => new PageCache(root, { config: defaultConfig(), assets: { js: [], css: [] } as never, model });
const entry = (title: string): CachedRoute => ({ title, document: 'a'.repeat(40), data: 'b'.repeat(40), links: [], ids: ['x'], search: undefined });

test('asciiJson escapes every non-ASCII character and parses back to the same value', () => {
  const value = { t: 'café — 10 % … 😀 \u007f', n: [1, 'ü'] };
  const text = asciiJson(value);
  assert.match(text, /^[\x00-\x7e]*$/);
  assert.deepEqual(JSON.parse(text), value);
});

test('entries round-trip through a pack, ASCII or not, and are found by route', () => {
  const root = mkdtempSync(join(tmpdir(), 'dfdocs-pack-'));
  const first = open(root);
  first.set('k1', '/docs/a', entry('Café … 😀'));
  first.set('k2', '/docs/ü', entry('Plain'));
  first.commit();
  const second = open(root);
  assert.ok(second.has('k1') && second.has('k2'));
  assert.equal(second.get('k1')!.title, 'Café … 😀');
  assert.equal(second.get('k2')!.title, 'Plain');
  // The pack is UTF-8 here (a route holds "ü"); without it, it is pure ASCII.
  second.set('k1', '/docs/a');
  second.commit();
  const third = open(root);
  assert.equal(third.get('k1')!.title, 'Café … 😀');
  const packs = readdirSync(join(root, 'pages')).filter((n) => n.startsWith('pack-')).sort();
  assert.match(readFileSync(join(root, 'pages', packs.at(-1)!), 'latin1'), /^[\x00-\x7e]*$/);
});

test('a lookup reads the packs of the last KEPT_BUILDS builds only', () => {
  const root = mkdtempSync(join(tmpdir(), 'dfdocs-pack-'));
  const oldest = open(root);
  oldest.set('old', '/docs/old', entry('Only in the oldest pack'));
  oldest.commit();
  for (let i = 0; i < KEPT_BUILDS; i++) {
    const build = open(root);
    build.set(`k${i}`, `/docs/p${i}`, entry(`Build ${i}`));
    build.commit();
  }
  assert.equal(readdirSync(join(root, 'pages')).filter((n) => n.startsWith('pack-')).length, KEPT_BUILDS + 1);
  const next = open(root);
  for (let i = 0; i < KEPT_BUILDS; i++) assert.equal(next.get(`k${i}`)?.title, `Build ${i}`);
  assert.equal(next.has('old'), false, 'the pack of a build before the last KEPT_BUILDS is not read');
});
