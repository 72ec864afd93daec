/**
 * The search engine of the browser: the build's index loaded into MiniSearch, queried
 * with prefix and fuzzy matching, hits grouped by page. Lives in its own lazily loaded
 * chunk (with MiniSearch) so that pages never pay for it until the reader searches.
 */
import type { SearchResult } from 'minisearch';
import {
  SEARCH_BOOST,
  SEARCH_FIELDS,
  SEARCH_INDEX_VERSION,
  normaliseName,
  searchIndexOptions,
  type SearchEngine,
  type SearchIndexFile,
  type SearchManifest,
  type SearchResultGroup,
  type SearchSection,
  type SearchStored,
  type SearchTextFile,
} from '../../shared/searchIndex';
import { CompactMiniSearch } from './compactMiniSearch';
import { compactName, queryIntent, rerank } from './ranking';

/** Most pages listed, and most sections listed per page. */
const MAX_PAGES = 12;
const MAX_HITS_PER_PAGE = 4;
/** API pages rank their names above prose that mentions them. */
const API_BOOST = 1.4;
/** The top of a page (its title and introduction) ranks a little above its sections. */
const TOP_BOOST = 1.2;
/** A section whose own heading is exactly the query ("drop" → `drop()`, not `dropDuplicates`). */
const EXACT_HEADING_BOOST = 2;

/** Fields searched for queries that are not concepts: the opening sentence adds nothing beyond the text. */
const NAME_QUERY_FIELDS = SEARCH_FIELDS.filter((f) => f !== 'lead');

export type FetchJson = (path: string) => Promise<unknown>;

/** Builds the engine from an index file; `fetchJson` loads section text files (paths relative to the site root). */
export function createSearchEngine(
  file: SearchIndexFile,
  manifest: Pick<SearchManifest, 'texts' | 'textsPerFile'>,
  fetchJson: FetchJson,
): SearchEngine {
  if (file.version !== SEARCH_INDEX_VERSION)
    throw new Error(`search index version ${file.version}, expected ${SEARCH_INDEX_VERSION}`);
  const index = CompactMiniSearch.fromCompact<SearchSection>(file.index, searchIndexOptions);
  const { pages } = file;
  const textFiles = new Map<number, Promise<SearchTextFile | undefined>>();
  const apiNames = new Set(pages.filter((p) => p.kind === 'api').map((p) => compactName(p.title)));

  const boostDocument = (_id: unknown, _term: string, stored?: Record<string, unknown>) => {
    const s = stored as unknown as SearchStored | undefined;
    if (!s) return 1;
    return (pages[s.page]?.kind === 'api' ? API_BOOST : 1) * (s.anchor === '' ? TOP_BOOST : 1);
  };
  const options = {
    prefix: true,
    fuzzy: (term: string) => (term.length >= 4 ? 0.2 : false),
    maxFuzzy: 3,
    boost: SEARCH_BOOST,
    boostDocument,
  };

  function textFile(k: number): Promise<SearchTextFile | undefined> {
    let p = textFiles.get(k);
    if (!p) {
      const path = manifest.texts[k];
      p = path
        ? fetchJson(path).then(
            (v) => (Array.isArray(v) ? (v as SearchTextFile) : undefined),
            () => {
              textFiles.delete(k); // a later call may try again
              return undefined;
            },
          )
        : Promise.resolve(undefined);
      textFiles.set(k, p);
    }
    return p;
  }

  return {
    pages: pages.length,
    sections: index.documentCount,
    search(query: string): SearchResultGroup[] {
      if (!query.trim()) return [];
      const intent = queryIntent(query, apiNames);
      // A section's opening weighs in for concepts only: a name is found by its headings.
      const opts = intent.concept ? options : { ...options, fields: NAME_QUERY_FIELDS };
      let results: SearchResult[] = index.search(query, { ...opts, combineWith: 'AND' });
      // Every word must match when possible; otherwise the best partial matches.
      if (!results.length) results = index.search(query, { ...opts, combineWith: 'OR' });
      const wanted = normaliseName(query);
      let reorder = false;
      for (const r of results) {
        const s = r as unknown as SearchResult & SearchStored;
        const own = s.headings?.length
          ? s.headings[s.headings.length - 1]!
          : (pages[s.page]?.title ?? '');
        if (normaliseName(own) === wanted) {
          r.score *= EXACT_HEADING_BOOST;
          reorder = true;
        }
      }
      if (reorder) results.sort((a, b) => b.score - a.score);
      rerank(results, intent, pages);
      const groups = new Map<number, SearchResultGroup>();
      for (const r of results) {
        const s = r as unknown as SearchResult & SearchStored;
        let g = groups.get(s.page);
        if (!g) {
          if (groups.size >= MAX_PAGES) continue;
          const page = pages[s.page]!;
          g = { route: page.route, title: page.title, kind: page.kind, hits: [] };
          groups.set(s.page, g);
        }
        if (g.hits.length >= MAX_HITS_PER_PAGE) continue;
        g.hits.push({
          id: Number(r.id),
          href: g.route + (s.anchor ? '#' + s.anchor : ''),
          headings: s.headings ?? [],
          terms: r.terms,
          score: r.score,
        });
      }
      return [...groups.values()];
    },
    async texts(ids: number[]): Promise<Map<number, string>> {
      const per = manifest.textsPerFile;
      const files = [...new Set(ids.map((id) => Math.floor(id / per)))];
      const loaded = await Promise.all(files.map((k) => textFile(k)));
      const out = new Map<number, string>();
      for (const id of ids) {
        const text = loaded[files.indexOf(Math.floor(id / per))]?.[id % per];
        if (typeof text === 'string') out.set(id, text);
      }
      return out;
    },
  };
}

/** Fetches a JSON file of the site (path relative to the site root). */
export async function fetchSiteJson(baseUrl: string, path: string): Promise<unknown> {
  const res = await fetch(baseUrl + path.replace(/^\//, ''));
  if (!res.ok) throw new Error(`${path}: HTTP ${res.status}`);
  return res.json();
}

/** Loads the index the manifest names and builds the engine. */
export async function loadSearchEngine(
  baseUrl: string,
  manifest: SearchManifest,
): Promise<SearchEngine> {
  if (manifest.version !== SEARCH_INDEX_VERSION)
    throw new Error(
      `search manifest version ${manifest.version}, expected ${SEARCH_INDEX_VERSION}`,
    );
  const fetchJson = (path: string) => fetchSiteJson(baseUrl, path);
  const file = (await fetchJson(manifest.index)) as SearchIndexFile;
  return createSearchEngine(file, manifest, fetchJson);
}
