/**
 * Cache pruning (src/render/cache/cachePrune.ts): entry packs and blobs that none of the last
 * three builds used are deleted, but never recent files (a build running beside may have
 * just written them) nor files the cache does not own.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { recordAndPrune } from '../../src/render/cache/cachePrune';
import { KEPT_BUILDS } from '../../src/render/cache/pageCache';
import { build } from '../../src/render/build';
import { makeSite } from '../helpers/tempSite';

const pack = (n: number) => `pack-${String(n).padStart(15, '0')}-000001-1-${'ab'.repeat(8)}.jsonl`;
const blob = (c: string) => c.repeat(40);

function cacheWith(names: { pages: string[]; files: string[] }, ageMs: number): string {
  const root = mkdtempSync(join(tmpdir(), 'dfdocs-prune-'));
  const past = new Date(Date.now() - ageMs);
  for (const [dir, list] of [
    ['pages', names.pages],
    ['files', names.files],
  ] as const) {
    mkdirSync(join(root, dir), { recursive: true });
    for (const n of list) {
      writeFileSync(join(root, dir, n), 'x');
      utimesSync(join(root, dir, n), past, past);
    }
  }
  return root;
}

test('packs and blobs no recent build used are pruned, with compressed twins; unfinished packs wait a day', () => {
  const hour = 60 * 60 * 1000;
  const unfinished = pack(9) + '.tmp';
  const root = cacheWith(
    {
      pages: [1, 2, 3].map(pack).concat('notes.txt', unfinished),
      files: ['a', 'b', 'c']
        .flatMap((c) => [blob(c), blob(c) + '.gz', blob(c) + '.br'])
        .concat(blob('d') + '.123.tmp'),
    },
    hour,
  );
  const uses = [
    { pack: pack(1), blobs: [blob('a')] },
    { pack: pack(2), blobs: [blob('b')] },
    { blobs: [blob('b')] }, // a build that wrote no pack (every route generated)
  ];
  for (const u of uses)
    assert.equal(
      recordAndPrune(root, u).removed.size,
      0,
      'nothing is pruned before there are more than three builds',
    );
  assert.equal(uses.length, KEPT_BUILDS);
  // A file written a moment ago by a build running beside this one.
  writeFileSync(join(root, 'files', blob('e')), 'fresh');
  const { removed } = recordAndPrune(root, { pack: pack(3), blobs: [blob('c')] });
  assert.deepEqual(
    [...removed].sort(),
    [pack(1), blob('a'), blob('a') + '.gz', blob('a') + '.br'].sort(),
    'pack 1 and blob a with its .gz and .br',
  );
  assert.deepEqual(
    readdirSync(join(root, 'pages')).sort(),
    [pack(2), pack(3), unfinished, 'notes.txt'].sort(),
  );
  assert.deepEqual(
    readdirSync(join(root, 'files')).sort(),
    [
      blob('b'),
      blob('b') + '.br',
      blob('b') + '.gz',
      blob('c'),
      blob('c') + '.br',
      blob('c') + '.gz',
      blob('d') + '.123.tmp',
      blob('e'),
    ].sort(),
  );
  assert.equal(readdirSync(join(root, 'builds')).length, KEPT_BUILDS, 'older journals are dropped');
  // A pack a crashed build left unfinished goes after a day.
  const dayAgo = new Date(Date.now() - 25 * hour);
  utimesSync(join(root, 'pages', unfinished), dayAgo, dayAgo);
  recordAndPrune(root, { pack: pack(3), blobs: [blob('c')] });
  assert.ok(!existsSync(join(root, 'pages', unfinished)));
  assert.ok(existsSync(join(root, 'pages', pack(3))));
  // So does a blob's temporary file a killed build left; a file of another name is never touched.
  const leftTmp = join(root, 'files', `${blob('f')}.4242.k3x9.tmp`);
  writeFileSync(leftTmp, 'half');
  utimesSync(leftTmp, dayAgo, dayAgo);
  recordAndPrune(root, { pack: pack(3), blobs: [blob('c')] });
  assert.ok(!existsSync(leftTmp));
  assert.ok(existsSync(join(root, 'files', blob('d') + '.123.tmp')));
});

test('a build records what it used of the cache', async () => {
  const site = makeSite({
    'docs/intro.md': '# Intro\n\nHello.\n',
    'docs/a.md': '# A\n\n```js\nconst a = 1;\n```\n',
  });
  await build({ root: site, outDir: join(site, 'dist'), workers: 0 });
  const cache = join(site, '.dfdocs', 'cache');
  const [siteDir] = readdirSync(cache);
  const journals = readdirSync(join(cache, siteDir!, 'builds'));
  assert.equal(journals.length, 1);
  const use = JSON.parse(readFileSync(join(cache, siteDir!, 'builds', journals[0]!), 'utf8')) as {
    pack: string;
    blobs: string[];
  };
  const lines = readFileSync(join(cache, siteDir!, 'pages', use.pack), 'utf8')
    .trim()
    .split('\n');
  assert.equal(lines.length, 2, 'one entry for each of the two pages');
  // The generated home page is rendered every build, but its files are recorded too.
  assert.equal(use.blobs.length, 6, "each page's document and content file");
  for (const b of use.blobs) assert.ok(existsSync(join(cache, siteDir!, 'files', b)));
});

test('a block pack stays while a recent build names it, though the build that wrote it is pruned', () => {
  const blocks = (n: number) =>
    `blocks-${String(n).padStart(15, '0')}-000001-1-${'ab'.repeat(8)}.jsonl`;
  const root = cacheWith(
    { pages: [pack(1), blocks(1), pack(2), pack(3), pack(4), blocks(4), blocks(5)], files: [] },
    60 * 60 * 1000,
  );
  // Build 1 rendered everything; builds 2–4 reused its pages (and their blocks), build 4 rendered one page again.
  recordAndPrune(root, { pack: pack(1), blobs: [], blockPacks: [blocks(1)] });
  recordAndPrune(root, { pack: pack(2), blobs: [], blockPacks: [blocks(1)] });
  recordAndPrune(root, { pack: pack(3), blobs: [], blockPacks: [blocks(1)] });
  recordAndPrune(root, { pack: pack(4), blobs: [], blockPacks: [blocks(1), blocks(4)] });
  assert.deepEqual(
    readdirSync(join(root, 'pages')).sort(),
    [pack(2), pack(3), pack(4), blocks(1), blocks(4)].sort(),
    'pack 1 and the unnamed block pack 5 are gone',
  );
});
