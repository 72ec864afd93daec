import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildRepoSite, buildSite, fixture } from './helpers/site';
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

/**
 * Concepts on the TinyFrame site itself (issue 29): for each, a guide page that teaches it
 * (a tutorial, a comparison) must come in the top 3, above API pages that only mention
 * its words, and, where given, land on the section that teaches it.
 */
const GS = '/docs/getting-started';
const GUIDE_QUERIES: [query: string, route: string, anchor?: string][] = [
  ['left join', `${GS}/tutorials/combining-tables`, 'join-on-a-key-inner-and-left'],
  ['outer join', `${GS}/tutorials/combining-tables`, 'right-and-outer-joins'],
  ['remove duplicates', `${GS}/tutorials/combining-tables`, 'remove-duplicates'],
  ['stack frames', `${GS}/tutorials/combining-tables`, 'stack-frames-with-concat'],
  ['rolling window', `${GS}/tutorials/time-series`, 'rolling-windows'],
  ['resample by month', `${GS}/tutorials/time-series`, 'resample-to-weeks-or-months'],
  ['read csv file', `${GS}/tutorials/io`, 'read-a-csv-file'],
  ['filter rows', `${GS}/tutorials/filtering`, 'keep-rows-with-a-function-filter'],
  ['select columns', `${GS}/tutorials/filtering`, 'choose-columns'],
  ['one-hot encoding', `${GS}/tutorials/derived-columns`, 'one-hot-encode-a-category'],
  ['rename columns', `${GS}/tutorials/derived-columns`, 'rename-and-convert-types'],
  ['bin numbers', `${GS}/tutorials/derived-columns`, 'bin-numbers-into-bands-with-cut'],
  [
    'standard deviation',
    `${GS}/tutorials/statistics`,
    'the-spread-standard-deviation-and-variance',
  ],
  ['correlation matrix', `${GS}/tutorials/statistics`, 'correlation-and-covariance'],
  ['split text', `${GS}/tutorials/text-processing`, 'split-and-explode'],
  ['regular expressions', `${GS}/tutorials/text-processing`, 'extract-with-a-regular-expression'],
  ['fill missing values', `${GS}/tutorials/dataframe-basics`, 'missing-values'],
  ['wide to long', `${GS}/tutorials/reshaping`],
  ['pivot table', `${GS}/tutorials/reshaping`],
  ['line chart', `${GS}/tutorials/plotting`, 'a-line-chart'],
  ['bar chart', `${GS}/tutorials/plotting`, 'a-bar-chart'],
  ['sql group by', `${GS}/comparison/sql`, 'group-by-and-having'],
  ['dplyr verbs', `${GS}/comparison/r`, 'the-verbs-side-by-side'],
  ['spreadsheet formulas', `${GS}/comparison/spreadsheets`, 'formulas-become-column-operations'],
];

/** Names on the TinyFrame site: their API page first, however they are written. */
const NAME_QUERIES: [query: string, route: string][] = [
  ['readCsv', '/docs/api/functions/readCsv'],
  ['read csv', '/docs/api/functions/readCsv'],
  ['dateRange', '/docs/api/functions/dateRange'],
  ['writeCsv', '/docs/api/functions/writeCsv'],
  ['JoinOptions', '/docs/api/types/JoinOptions'],
];

let engine: SearchEngine;
let tinyframe: SearchEngine;

async function engineOf(outDir: string): Promise<SearchEngine> {
  const read = (p: string) => JSON.parse(readFileSync(join(outDir, p), 'utf8'));
  const manifest = read(SEARCH_MANIFEST_FILE) as SearchManifest;
  return createSearchEngine(read(manifest.index) as SearchIndexFile, manifest, async (p) =>
    read(p),
  );
}

before(async () => {
  const [fixtureSite, repoSite] = await Promise.all([
    buildSite(fixture('search-site')),
    buildRepoSite(),
  ]);
  engine = await engineOf(fixtureSite.outDir);
  tinyframe = await engineOf(repoSite.outDir);
});

/** Queries whose expected page is missing from the top 3 (or whose first hit there is not the expected section). */
function misses(
  searchEngine: SearchEngine,
  queries: [query: string, route: string, anchor?: string][],
): string[] {
  const failures: string[] = [];
  for (const [query, route, anchor] of queries) {
    const groups = searchEngine.search(query).slice(0, 3);
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
  return failures;
}

test(`search quality: ${QUERIES.length} queries each find the expected page in the top 3`, () => {
  assert.ok(QUERIES.length >= 30);
  assert.deepEqual(misses(engine, QUERIES), []);
});

test(`search quality, TinyFrame: ${GUIDE_QUERIES.length} concept queries each find their guide page in the top 3`, () => {
  assert.ok(GUIDE_QUERIES.length >= 15);
  assert.deepEqual(misses(tinyframe, GUIDE_QUERIES), []);
});

test('search quality, TinyFrame: "left join" puts the combining-tables tutorial above the API pages that mention the words', () => {
  const routes = tinyframe.search('left join').map((g) => g.route);
  assert.equal(routes[0], `${GS}/tutorials/combining-tables`);
  for (const api of ['/docs/api/functions/join', '/docs/api/types/JoinOptions'])
    assert.ok(routes.indexOf(api) > 0, `${api} ranks below the tutorial (${routes.join(', ')})`);
});

test('search quality, TinyFrame: names rank their own API page first', () => {
  for (const [query, route] of NAME_QUERIES)
    assert.equal(tinyframe.search(query)[0]?.route, route, query);
});

test('search quality: API names rank their own page first', () => {
  for (const [query, route] of QUERIES.slice(0, 16))
    assert.equal(engine.search(query)[0]?.route, route, query);
});

test('search quality: nonsense finds nothing', () => {
  assert.deepEqual(engine.search('xylophone quasar'), []);
});
