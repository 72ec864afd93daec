/**
 * The search index's segments (src/render/search/indexSegments.ts): runs of pages merged
 * apart and appended give the index merging page by page gives, byte for byte; kept in
 * the cache, a rebuild merges again only the segment holding a changed page.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deserialize, serialize } from 'node:v8';
import { CompactIndexBuilder, segmentProblem } from '../../src/render/search/compactIndexBuilder';
import {
  prepareSearchPage,
  SearchIndexBuilder,
  type PreparedSearchPage,
} from '../../src/render/search/searchIndexBuilder';
import { SegmentCache, segmentOf, type SearchSegment } from '../../src/render/search/indexSegments';
import { asciiJson } from '../../src/render/cache/asciiJson';
import { recordAndPrune } from '../../src/render/cache/cachePrune';
import { KEPT_BUILDS } from '../../src/render/cache/pageCache';

/** Pages with varied sections: absent fields (no code, no lead), repeated and rare terms, non-ASCII, far-apart postings. */
function pages(n: number, edited = -1): PreparedSearchPage[] {
  const out: PreparedSearchPage[] = [];
  for (let i = 0; i < n; i++) {
    const sections = [
      `<h1>Page ${i} — données</h1><p>${i % 5 === 0 ? '' : `Intro ${i} pivot ${'frame '.repeat(i % 13)}`}</p>`,
      `<h2 id="usage-${i}">Usage «${i % 7}»</h2><p>filter rows ${i % 3 ? 'mean' : 'median'} ${i === 0 || i === n - 1 ? 'rareterm' : ''}</p>`,
      i % 4
        ? `<pre><code>const df${i} = readCsv('d${i}.csv'); df${i}.groupBy('k').sum();</code></pre>`
        : '',
      i % 6 === 0
        ? `<h3 id="deep-${i}">Deep ${i}</h3><p>${'pivot '.repeat(12)} café naïve</p>`
        : '',
      i === edited ? '<p>An edit about zebras.</p>' : '',
    ].join('');
    const prepared = prepareSearchPage(
      {
        route: `/docs/p${i}`,
        kind: i % 9 ? 'doc' : 'page',
        title: `Page ${i}`,
        html: sections,
        sidebarId: i % 9 ? 'docs' : undefined,
      },
      'Site',
    );
    if (prepared) out.push(prepared);
  }
  return out;
}

/** The index file's text and the snippet files of a builder fed by `fill`. */
function output(fill: (b: SearchIndexBuilder) => void): string {
  const b = new SearchIndexBuilder({ siteTitle: 'Site' });
  fill(b);
  return JSON.stringify(b.finish().files);
}

test('segments appended in order make the index adding the pages one by one makes, byte for byte', () => {
  const all = pages(300);
  const expected = output((b) => all.forEach((p) => b.addPrepared(p)));
  // Cut in runs of several lengths (one page, long runs, a run holding a not-found page's undefined).
  for (const cuts of [[1, 2, 3, 50, 244], [150, 150], [300], [7, 7, 7, 7, 7, 265]]) {
    let at = 0;
    const actual = output((b) => {
      for (const length of cuts) {
        const run: (PreparedSearchPage | undefined)[] = all.slice(at, at + length);
        if (at === 0) run.splice(1, 0, undefined);
        b.addSegment(segmentOf(run));
        at += length;
      }
    });
    assert.equal(actual, expected, `cut as ${cuts.join('+')}`);
  }
  // Mixed: pages added one by one before and after a segment.
  const mixed = output((b) => {
    all.slice(0, 10).forEach((p) => b.addPrepared(p));
    b.addSegment(segmentOf(all.slice(10, 290)));
    all.slice(290).forEach((p) => b.addPrepared(p));
  });
  assert.equal(mixed, expected);
});

test('a segment carries multi-byte deltas and frequencies across the join', () => {
  // Some sections lack a field: MiniSearch's average length of a field skips them.
  const section = (term: string, times: number, i: number) => ({
    anchor: '',
    headings: [],
    fieldLength: [i % 3 ? null : 2, null, null, times, null],
    terms: [term],
    counts: `d${times},`,
  });
  const one = new CompactIndexBuilder();
  const left = new CompactIndexBuilder();
  const right = new CompactIndexBuilder();
  for (let i = 0; i < 5000; i++) {
    const s =
      i === 0 || i === 4000 || i === 4999 ? section('rare', 300, i) : section('common', 1, i);
    one.addPrepared(i, s);
    (i < 3000 ? left : right).addPrepared(i < 3000 ? i : i - 3000, s);
  }
  const joined = new CompactIndexBuilder();
  joined.appendSegment(left.segment(), 0);
  joined.appendSegment(right.segment(), 3000);
  assert.deepEqual(joined.finish(), one.finish());
});

test('a damaged segment is refused, not appended', () => {
  const segment = segmentOf(pages(5)).index;
  const builder = new CompactIndexBuilder();
  assert.throws(
    () => builder.appendSegment({ ...segment, postings: segment.postings.slice(1) }, 0),
    /search index/,
  );
});

/** Page entries as the build sends them to the search thread (JSON text, ASCII). */
const entries = (list: PreparedSearchPage[]) => list.map((p) => asciiJson(p));

/** Feeds a segment cache the entries; returns the index text and the segments it used. */
function throughCache(dir: string, jsons: string[]): { index: string; used: string[] } {
  const cache = new SegmentCache(dir, 'salt');
  const index = output((b) => {
    for (const json of jsons) {
      const segment = cache.add(json);
      if (segment) b.addSegment(segment);
    }
    const rest = cache.rest();
    if (rest) b.addSegment(rest);
  });
  return { index, used: cache.used };
}

test('kept segments rebuild the same index, and an edit, an added page or a damaged file costs one or two segments', () => {
  const dir = mkdtempSync(join(tmpdir(), 'dfdocs-segments-'));
  const all = pages(400);
  const expected = output((b) => all.forEach((p) => b.addPrepared(p)));
  const cold = throughCache(dir, entries(all));
  assert.equal(cold.index, expected);
  assert.ok(cold.used.length >= 8, `the pages are cut into segments (${cold.used.length})`);
  assert.deepEqual(readdirSync(dir).sort(), [...cold.used].sort(), 'each segment kept in a file');
  const mtimes = new Map(cold.used.map((n) => [n, statSync(join(dir, n)).mtimeMs]));
  const past = new Date(Date.now() - 60_000);
  for (const n of cold.used) utimesSync(join(dir, n), past, past);

  // Unchanged: every segment is read back, none made again.
  const warm = throughCache(dir, entries(all));
  assert.equal(warm.index, expected);
  assert.deepEqual(warm.used, cold.used);
  for (const n of cold.used)
    assert.ok(
      Math.abs(statSync(join(dir, n)).mtimeMs - past.getTime()) < 1,
      `${n} was not rewritten`,
    );

  // One page edited: its segment changes (and at most the next, if the edit moved a cut); the rest are reused.
  const edited = pages(400, 200);
  const afterEdit = throughCache(dir, entries(edited));
  assert.equal(
    afterEdit.index,
    output((b) => edited.forEach((p) => b.addPrepared(p))),
  );
  const changed = afterEdit.used.filter((n) => !mtimes.has(n));
  assert.ok(changed.length >= 1 && changed.length <= 2, `segments made again: ${changed.length}`);

  // A page added in the middle: the segments before and after it are the same files.
  const added = [
    ...all.slice(0, 100),
    ...pages(1).map((p) => ({ ...p, route: '/docs/new' })),
    ...all.slice(100),
  ];
  const afterAdd = throughCache(dir, entries(added));
  assert.equal(
    afterAdd.index,
    output((b) => added.forEach((p) => b.addPrepared(p))),
  );
  const fresh = afterAdd.used.filter((n) => !mtimes.has(n) && !afterEdit.used.includes(n));
  assert.ok(fresh.length <= 2, `segments made for the added page: ${fresh.length}`);

  // A damaged file is made again, and the index is still right: one that is no
  // serialization, and one that reads as a segment whose postings were cut short.
  writeFileSync(join(dir, cold.used[3]!), 'not a segment');
  const cut = deserialize(readFileSync(join(dir, cold.used[5]!))) as SearchSegment;
  cut.index.postingBytes = cut.index.postingBytes.slice(0, -1);
  writeFileSync(join(dir, cold.used[5]!), serialize(cut));
  const repaired = throughCache(dir, entries(all));
  assert.equal(repaired.index, expected);
  for (const n of [cold.used[3]!, cold.used[5]!]) {
    const again = deserialize(readFileSync(join(dir, n))) as SearchSegment;
    assert.equal(segmentProblem(again.index), undefined, `${n} was written again, whole`);
  }
});

test('segments no recent build used are pruned with the rest of the cache; others are left alone', () => {
  const root = mkdtempSync(join(tmpdir(), 'dfdocs-prune-segments-'));
  mkdirSync(join(root, 'search'));
  const seg = (c: string) => `${c.repeat(40)}.segment`;
  const hourAgo = new Date(Date.now() - 60 * 60 * 1000);
  const dayAgo = new Date(Date.now() - 25 * 60 * 60 * 1000);
  const leftTmp = `${seg('e')}.4242.k3x9.tmp`;
  for (const n of [seg('a'), seg('b'), seg('c'), seg('d'), 'notes.txt', leftTmp]) {
    writeFileSync(join(root, 'search', n), 'x');
    utimesSync(
      join(root, 'search', n),
      n === leftTmp ? dayAgo : hourAgo,
      n === leftTmp ? dayAgo : hourAgo,
    );
  }
  const uses = [[seg('a'), seg('b')], [seg('b')], [seg('c')], [seg('c'), seg('d')]];
  assert.equal(uses.length, KEPT_BUILDS + 1);
  for (const used of uses) recordAndPrune(root, { blobs: [], searchSegments: used });
  assert.ok(!existsSync(join(root, 'search', seg('a'))), 'used only by a build no longer kept');
  assert.ok(
    !existsSync(join(root, 'search', leftTmp)),
    "a killed build's temporary file, after a day",
  );
  for (const n of [seg('b'), seg('c'), seg('d'), 'notes.txt'])
    assert.ok(existsSync(join(root, 'search', n)), n);
});
