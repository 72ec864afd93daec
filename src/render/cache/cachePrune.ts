import {
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { BLOCK_PACK, KEPT_BUILDS, PACK } from './pageCache';
import { SEGMENT_FILE } from '../search/indexSegments';

/** Files younger than this are never deleted: a build running beside this one may have just written them. */
const MIN_AGE_MS = 10 * 60 * 1000;
/** A pack still being written is older than MIN_AGE_MS on a site that takes long to build: it is left a day. */
const UNFINISHED_PACK_AGE_MS = 24 * 60 * 60 * 1000;
const UNFINISHED_PACK = /^(pack|blocks)-[\d-]+[0-9a-f]{16}\.jsonl\.tmp$/;

let sequence = 0;

const BLOB = /^([0-9a-f]{40})(?:\.gz|\.br)?$/;
const BLOB_TMP = /^[0-9a-f]{40}(?:\.gz|\.br)?\.\d+\.[0-9a-z]+\.tmp$/;
const SEGMENT_TMP = /^[0-9a-f]{40}\.segment\.\d+\.[0-9a-z]+\.tmp$/;

/** What one build used of the cache: the pack of its page entries and the output blobs they name. */
export interface CacheUse {
  pack?: string;
  blobs: string[];
  /** The block packs (highlighted code) its pages name, this build's and older ones. */
  blockPacks?: string[];
  /** The search index's segments (`search/`, see `SegmentCache`). */
  searchSegments?: string[];
}

/**
 * Keeps the render cache from growing without end: every build records what it used
 * (`builds/<time>.json`), and entry packs and blobs that none of the last `KEPT_BUILDS`
 * builds used are deleted. Without this, each config change or dfdocs upgrade left a
 * full copy of the site's pages behind. Deleting is safe while another build runs:
 * nothing younger than ten minutes is deleted, outputs are copies (never the blobs
 * themselves), and a page whose cached files are gone is rendered again. Returns the
 * names of the blobs and packs deleted.
 */
export function recordAndPrune(cacheRoot: string, use: CacheUse): { removed: Set<string> } {
  const journals = join(cacheRoot, 'builds');
  mkdirSync(journals, { recursive: true });
  // Sorted by name = by time; the sequence number orders builds within one millisecond.
  const name = `${Date.now().toString().padStart(15, '0')}-${String(++sequence).padStart(6, '0')}-${process.pid}.json`;
  const tmp = join(journals, name + '.tmp');
  writeFileSync(tmp, JSON.stringify(use));
  renameSync(tmp, join(journals, name));

  const all = readdirSync(journals)
    .filter((n) => n.endsWith('.json'))
    .sort();
  const removed = new Set<string>();
  if (all.length <= KEPT_BUILDS) return { removed };
  for (const old of all.slice(0, -KEPT_BUILDS)) rmSync(join(journals, old), { force: true });

  const packs = new Set<string>();
  const blobs = new Set<string>();
  const segments = new Set<string>();
  for (const kept of all.slice(-KEPT_BUILDS)) {
    try {
      const u = JSON.parse(readFileSync(join(journals, kept), 'utf8')) as CacheUse;
      if (u.pack) packs.add(u.pack);
      for (const b of u.blockPacks ?? []) packs.add(b);
      u.blobs.forEach((b) => blobs.add(b));
      for (const s of u.searchSegments ?? []) segments.add(s);
    } catch {
      return { removed }; // a journal being replaced: prune next time
    }
  }
  const sweep = (
    dir: string,
    keep: (name: string) => boolean,
    minAge = (_name: string) => MIN_AGE_MS,
  ) => {
    let names: string[];
    try {
      names = readdirSync(dir);
    } catch {
      return;
    }
    const now = Date.now();
    for (const n of names) {
      if (keep(n)) continue;
      const file = join(dir, n);
      try {
        if (now - statSync(file).mtimeMs < minAge(n)) continue;
      } catch {
        continue;
      }
      rmSync(file, { force: true });
      removed.add(n);
    }
  };
  // Only names this cache writes are touched (temporary files of a running build are not).
  sweep(
    join(cacheRoot, 'pages'),
    (n) => (PACK.test(n) || BLOCK_PACK.test(n) ? packs.has(n) : !UNFINISHED_PACK.test(n)),
    (n) => (UNFINISHED_PACK.test(n) ? UNFINISHED_PACK_AGE_MS : MIN_AGE_MS),
  );
  sweep(
    join(cacheRoot, 'files'),
    (n) => {
      const m = BLOB.exec(n);
      return m ? blobs.has(m[1]!) : !BLOB_TMP.test(n); // a temporary file a killed build left goes after a day
    },
    (n) => (BLOB_TMP.test(n) ? UNFINISHED_PACK_AGE_MS : MIN_AGE_MS),
  );
  sweep(
    join(cacheRoot, 'search'),
    (n) => (SEGMENT_FILE.test(n) ? segments.has(n) : !SEGMENT_TMP.test(n)),
    (n) => (SEGMENT_TMP.test(n) ? UNFINISHED_PACK_AGE_MS : MIN_AGE_MS),
  );
  return { removed };
}
