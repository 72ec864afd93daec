/**
 * The page cache's packs (src/render/cache/pageCache.ts): entries survive a round trip
 * through a pack whatever characters they hold, packs are written as ASCII where they can
 * be, a route's newest entry is found by route, and a miss reads only the last few builds' packs.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isDeepStrictEqual } from 'node:util';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PageCache, KEPT_BUILDS, type CachedRoute } from '../../src/render/cache/pageCache';
import { asciiJson } from '../../src/render/cache/asciiJson';
import { defaultConfig } from '../../src/render/config/defaults';
import type { RouteEntry, SiteModel } from '../../src/render/site/siteModel';

const model = {
  routes: [],
  sidebars: {},
  routeOfSource: new Map(),
  warnings: [],
} as unknown as SiteModel;
const open = (root: string) =>
  new PageCache(root, { config: defaultConfig(), assets: { js: [], css: [] } as never, model });
const entry = (title: string): CachedRoute => ({
  title,
  document: 'a'.repeat(40),
  data: 'b'.repeat(40),
  links: [],
  ids: ['x'],
  searchJson: undefined,
});

test('asciiJson escapes every non-ASCII character and parses back to the same value', () => {
  const value = { t: 'café — 10 % … 😀 \u007f', n: [1, 'ü'] };
  const text = asciiJson(value);
  // eslint-disable-next-line no-control-regex -- every ASCII character is allowed
  assert.match(text, /^[\x00-\x7e]*$/);
  assert.deepEqual(JSON.parse(text), value);
});

test('entries round-trip through a pack, ASCII or not, and are found by route', () => {
  const root = mkdtempSync(join(tmpdir(), 'dfdocs-pack-'));
  const first = open(root);
  const search = JSON.stringify({
    route: '/docs/a',
    title: 'Café … 😀',
    kind: 'doc',
    sections: [{ anchor: 'x', terms: ['café', 'tab\there'], snippet: 'a\tb' }],
  });
  first.set('k1', '/docs/a', { ...entry('Café … 😀'), searchJson: search });
  first.set('k2', '/docs/ü', entry('Plain'));
  first.commit();
  const second = open(root);
  assert.ok(second.has('k1') && second.has('k2'));
  assert.equal(second.get('k1')!.title, 'Café … 😀');
  assert.deepEqual(
    JSON.parse(second.get('k1')!.searchJson!),
    JSON.parse(search),
    'the search entry, kept apart, reads back as it was',
  );
  assert.equal(second.get('k2')!.title, 'Plain');
  assert.equal(second.get('k2')!.searchJson, undefined);
  // The pack is UTF-8 here (a route holds "ü"); without it, it is pure ASCII.
  second.set('k1', '/docs/a');
  second.commit();
  const third = open(root);
  assert.equal(third.get('k1')!.title, 'Café … 😀');
  assert.deepEqual(JSON.parse(third.get('k1')!.searchJson!), JSON.parse(search));
  const packs = readdirSync(join(root, 'pages'))
    .filter((n) => n.startsWith('pack-'))
    .sort();
  // eslint-disable-next-line no-control-regex -- every ASCII character is allowed
  assert.match(readFileSync(join(root, 'pages', packs.at(-1)!), 'latin1'), /^[\x00-\x7e]*$/);
});

test('a large entry (over a megabyte: written in parts, not copied into one line) reads back whole, and a pack cut inside it drops only it', () => {
  const root = mkdtempSync(join(tmpdir(), 'dfdocs-pack-'));
  const first = open(root);
  const sections = Array.from({ length: 20_000 }, (_, i) => ({
    anchor: `s-${i}`,
    terms: ['café', `term${i}`],
    snippet: `Section ${i} … “quoted” text`,
  }));
  const search = JSON.stringify({ route: '/docs/big', title: 'Big', kind: 'doc', sections });
  assert.ok(search.length > 1 << 20, 'over the megabyte from which an entry is written in parts');
  first.set('small', '/docs/a', entry('A'));
  first.set('big', '/docs/big', { ...entry('Big'), searchJson: search });
  first.set('after', '/docs/b', entry('B'));
  first.commit();
  const second = open(root);
  assert.equal(second.get('big')!.title, 'Big');
  assert.ok(
    isDeepStrictEqual(JSON.parse(second.get('big')!.searchJson!), JSON.parse(search)),
    'the search entry reads back as it was',
  );
  assert.equal(second.get('after')!.title, 'B', 'the line after it is intact');
  // Cut short inside the large line: it (and what follows) is dropped, the line before kept.
  const pack = readdirSync(join(root, 'pages')).find((n) => n.startsWith('pack-'))!;
  const text = readFileSync(join(root, 'pages', pack), 'latin1');
  writeFileSync(join(root, 'pages', pack), text.slice(0, Math.floor(text.length / 2)), 'latin1');
  const third = open(root);
  assert.equal(third.get('small')!.title, 'A');
  assert.equal(third.get('big'), undefined);
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
  assert.equal(
    readdirSync(join(root, 'pages')).filter((n) => n.startsWith('pack-')).length,
    KEPT_BUILDS + 1,
  );
  const next = open(root);
  for (let i = 0; i < KEPT_BUILDS; i++) assert.equal(next.get(`k${i}`)?.title, `Build ${i}`);
  assert.equal(
    next.has('old'),
    false,
    'the pack of a build before the last KEPT_BUILDS is not read',
  );
});

test('a page edited since the newest pack misses without reading the older packs (an undone edit renders again)', () => {
  const root = mkdtempSync(join(tmpdir(), 'dfdocs-pack-'));
  const page = (body: string) =>
    ({
      route: '/docs/a',
      kind: 'doc',
      sidebarId: 'docs',
      source: { kind: 'doc', sourcePath: 'docs/a.md', frontMatter: {}, body },
    }) as unknown as RouteEntry;
  const other = {
    route: '/docs/b',
    kind: 'doc',
    sidebarId: 'docs',
    source: { kind: 'doc', sourcePath: 'docs/b.md', frontMatter: {}, body: 'B' },
  } as unknown as RouteEntry;
  const first = open(root);
  first.set(first.keyOf(page('one'))!, '/docs/a', entry('One'));
  first.set(first.keyOf(other)!, '/docs/b', entry('B'));
  first.commit();
  const second = open(root);
  second.set(second.keyOf(page('two'))!, '/docs/a', entry('Two'));
  second.commit();
  const third = open(root);
  assert.equal(third.get(third.keyOf(page('two'))!)?.title, 'Two');
  assert.equal(
    third.has(third.keyOf(page('one'))!),
    false,
    'the undone edit is not looked for in the older pack',
  );
  assert.equal(
    third.get(third.keyOf(other)!)?.title,
    'B',
    'a route the newest pack lacks is still found in an older one',
  );
});

test("a route's previous code blocks are found by key in its block pack, first line or not", () => {
  const root = mkdtempSync(join(tmpdir(), 'dfdocs-pack-'));
  const first = open(root);
  const pack = first.addBlocks([
    ['aaaa', '{"html":"<pre>first</pre>"}'],
    ['bbbb', '{"html":"<pre>second</pre>"}'],
  ]);
  first.addBlocks([['cccc', '{"html":"<pre>third</pre>"}']]);
  first.set('k1', '/docs/a', { ...entry('A'), blockPack: pack });
  first.commit();
  const second = open(root);
  assert.equal(second.get('k1')?.title, 'A'); // reads the pack, and with it the route's newest key
  const blocks = second.previousBlocks('/docs/a')!;
  assert.equal(blocks('aaaa'), '{"html":"<pre>first</pre>"}');
  assert.equal(blocks('bbbb'), '{"html":"<pre>second</pre>"}');
  assert.equal(blocks('cccc'), '{"html":"<pre>third</pre>"}');
  assert.equal(blocks('aaa'), undefined, 'a key that is only the start of another');
  assert.equal(blocks('dddd'), undefined);
  assert.equal(second.previousBlocks('/docs/other'), undefined);
});
