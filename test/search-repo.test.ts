import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { buildRepoSite } from './helpers/site';
import { createSearchEngine } from '../src/client/search/searchEngine';
import {
  SEARCH_MANIFEST_FILE,
  type SearchEngine,
  type SearchIndexFile,
  type SearchManifest,
} from '../src/shared/searchIndex';
import type { RouteManifest } from '../src/shared/routeManifest';

/**
 * The repository's own site (its docs are being written): asserts only what exists —
 * every built route is in the index and its title finds it.
 */
let outDir: string;
let manifest: SearchManifest;
let routes: RouteManifest;
let engine: SearchEngine;
let indexFile: SearchIndexFile;

before(async () => {
  outDir = (await buildRepoSite()).outDir;
  const read = (p: string) => JSON.parse(readFileSync(join(outDir, p), 'utf8'));
  manifest = read(SEARCH_MANIFEST_FILE);
  routes = read('route-manifest.json');
  indexFile = read(manifest.index);
  engine = createSearchEngine(indexFile, manifest, async (p) => read(p));
});

test('repo site: a hashed index and text files exist, named by the manifest', () => {
  assert.match(manifest.index, /^assets\/search-index\.[0-9a-f]{8}\.json$/);
  for (const f of [manifest.index, ...manifest.texts]) assert.ok(existsSync(join(outDir, f)), f);
  const raw = readFileSync(join(outDir, manifest.index));
  console.log(
    `repo site search index: ${manifest.pages} pages, ${manifest.sections} sections, ${(raw.length / 1024).toFixed(1)} KB raw, ${(gzipSync(raw).length / 1024).toFixed(1)} KB gzip`,
  );
});

test('repo site: every route is indexed, and its title finds it in the top 3', () => {
  const indexed = new Set(indexFile.pages.map((p) => p.route));
  const failures: string[] = [];
  for (const [route, entry] of Object.entries(routes.routes)) {
    if (!indexed.has(route)) failures.push(`${route} is not indexed`);
    if (!entry.title) continue;
    const top = engine
      .search(entry.title)
      .slice(0, 3)
      .map((g) => g.route);
    if (!top.includes(route))
      failures.push(`"${entry.title}" → ${top.join(', ') || 'nothing'} (expected ${route})`);
  }
  assert.deepEqual(failures, []);
});
