import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildSite, fixture } from './helpers/site';
import { createSearchEngine } from '../src/client/search/searchEngine';
import {
  SEARCH_MANIFEST_FILE,
  type SearchEngine,
  type SearchIndexFile,
  type SearchManifest,
} from '../src/shared/searchIndex';

/**
 * Search quality (issue 7): realistic queries against the search fixture site — API
 * names, concepts, headings, typos — each with the page a reader expects in the top 3
 * and, for heading queries, the section the first hit of that page must land on.
 */
const QUERIES: [query: string, route: string, anchor?: string][] = [
  // API names, exact and with typos
  ['readCsv', '/docs/api/functions/readCsv'],
  ['redCsv', '/docs/api/functions/readCsv'],
  ['readcsv', '/docs/api/functions/readCsv'],
  ['read csv', '/docs/api/functions/readCsv'],
  ['readJson', '/docs/api/functions/readJson'],
  ['concat', '/docs/api/functions/concat'],
  ['dateRange', '/docs/api/functions/dateRange'],
  ['groupBy', '/docs/api/methods/groupBy'],
  ['fillNa', '/docs/api/methods/fillNa'],
  ['filNa', '/docs/api/methods/fillNa'],
  ['dropNa', '/docs/api/methods/dropNa'],
  ['sortBy', '/docs/api/methods/sortBy'],
  ['melt', '/docs/api/methods/melt'],
  ['describe', '/docs/api/methods/describe'],
  ['toCsv', '/docs/api/methods/toCsv'],
  ['minPeriods', '/docs/api/methods/rolling'],
  // concepts
  ['group by', '/docs/guide/grouping', 'group-by'],
  ['missing values', '/docs/guide/missing-data', 'missing-values'],
  ['rolling mean', '/docs/guide/time-series', 'rolling-mean'],
  ['join', '/docs/guide/joins', 'joins'],
  ['outer join', '/docs/guide/joins', 'inner-left-right-and-outer-joins'],
  ['pivot table', '/docs/guide/reshaping', 'pivot-tables'],
  ['wide to long', '/docs/guide/reshaping', 'melt-from-wide-to-long'],
  ['time zones', '/docs/guide/dates', 'time-zones'],
  ['correlation', '/docs/guide/statistics', 'correlation-and-covariance'],
  ['percentiles', '/docs/guide/statistics', 'quantiles-and-percentiles'],
  ['resample', '/docs/guide/time-series', 'resampling'],
  ['lags', '/docs/guide/time-series', 'shifting-and-lags'],
  ['ranking', '/docs/guide/sorting', 'ranking'],
  ['boolean mask', '/docs/guide/filtering', 'boolean-masks'],
  ['query expressions', '/docs/guide/filtering', 'query-expressions'],
  ['str accessor', '/docs/guide/strings', 'the-str-accessor'],
  ['line chart', '/docs/guide/plotting'],
  ['streaming large files', '/docs/guide/io', 'large-files-and-streaming'],
  ['interpolate', '/docs/guide/missing-data', 'interpolation'],
  ['create a dataframe', '/docs/guide/dataframes', 'creating-a-dataframe'],
  ['install npm', '/docs/getting-started/installation', 'install-with-npm'],
  ['cdn', '/docs/getting-started/installation', 'use-from-a-cdn'],
  ['memory', '/docs/guide/performance'],
  ['hash join', '/docs/api/methods/join'],
  // typos and prefixes as typed
  ['roling mean', '/docs/guide/time-series', 'rolling-mean'],
  ['grup by', '/docs/guide/grouping', 'group-by'],
  ['mising values', '/docs/guide/missing-data', 'missing-values'],
  ['corre', '/docs/guide/statistics'],
  ['interpol', '/docs/guide/missing-data'],
];

let engine: SearchEngine;

before(async () => {
  const { outDir } = await buildSite(fixture('search-site'));
  const read = (p: string) => JSON.parse(readFileSync(join(outDir, p), 'utf8'));
  const manifest = read(SEARCH_MANIFEST_FILE) as SearchManifest;
  engine = createSearchEngine(read(manifest.index) as SearchIndexFile, manifest, async (p) =>
    read(p),
  );
});

test(`search quality: ${QUERIES.length} queries each find the expected page in the top 3`, () => {
  assert.ok(QUERIES.length >= 30);
  const failures: string[] = [];
  for (const [query, route, anchor] of QUERIES) {
    const groups = engine.search(query).slice(0, 3);
    const found = groups.find((g) => g.route === route);
    if (!found) {
      failures.push(
        `"${query}": expected ${route} in the top 3, got ${groups.map((g) => g.route).join(', ') || 'nothing'}`,
      );
    } else if (anchor !== undefined && found.hits[0]!.href !== `${route}#${anchor}`) {
      failures.push(
        `"${query}": expected the first hit on ${route} to be #${anchor}, got ${found.hits[0]!.href}`,
      );
    }
  }
  assert.deepEqual(failures, []);
});

test('search quality: API names rank their own page first', () => {
  for (const [query, route] of QUERIES.slice(0, 16))
    assert.equal(engine.search(query)[0]?.route, route, query);
});

test('search quality: nonsense finds nothing', () => {
  assert.deepEqual(engine.search('xylophone quasar'), []);
});
