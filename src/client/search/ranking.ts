/**
 * Re-ranking of the index's results by what a query asks for (issue 29). MiniSearch scores
 * words; a reader's query is either a name ("readCsv", "read csv") or a concept ("left
 * join", "missing values"). A name puts its API page first. A concept puts the guide that
 * teaches it above API pages that merely mention its words: a guide section whose heading
 * or opening sentence holds every word rises (the more on the docs' guided path, the
 * tutorials and comparisons), and an API section holding some of the words only in its
 * text (a type whose member is named `left`) sinks.
 */
import type { SearchResult } from 'minisearch';
import {
  processQueryTerm,
  tokenizeQuery,
  type SearchPage,
  type SearchStored,
} from '../../shared/searchIndex';

/** An API page whose title is the query, written as one word or several ("read csv"). */
const EXACT_NAME_BOOST = 3;
/** A guide section (not API) with every word of a concept query in its heading or opening. */
const GUIDE_MATCH_BOOST = 2;
/** Any section of a guide page (a doc in a sidebar) for a concept query. */
const GUIDE_PAGE_BOOST = 1.5;
/** An API section matching some words of a concept query only in its text or code. */
const API_PARTIAL_FACTOR = 0.5;

/** Lower case, letters, digits and `$` only: `read csv`, `readCsv` and `read_csv` agree. */
export const compactName = (text: string): string =>
  text.toLowerCase().replace(/[^\p{L}\p{N}$]+/gu, '');

/** What a query asks for. */
export interface QueryIntent {
  /** The compact name of the API page(s) the query names, if it names one. */
  name?: string;
  /** Two or more plain words that name nothing: a concept. */
  concept: boolean;
  /** The query's content words (as the index compares them). */
  words: string[];
}

/** Looks like code: an inner capital, `$`, `_`, `.` or a parenthesis. */
const CODE_LIKE = /\p{Ll}\p{Lu}|[$_.()]/u;

export function queryIntent(query: string, apiNames: ReadonlySet<string>): QueryIntent {
  const words = tokenizeQuery(query)
    .map(processQueryTerm)
    .filter((w): w is string => w !== null);
  const compact = compactName(query);
  const name = apiNames.has(compact) ? compact : undefined;
  return { name, concept: !name && words.length >= 2 && !CODE_LIKE.test(query), words };
}

const HEADING_FIELDS = ['heading', 'titles'];
const OPENING_FIELDS = ['heading', 'titles', 'lead'];

/** Whether every word of the query matched, each in one of `fields`. */
function allWordsIn(r: SearchResult, words: string[], fields: string[]): boolean {
  if (r.queryTerms.length < words.length) return false;
  return r.terms.every((t) => (r.match[t] ?? []).some((f) => fields.includes(f)));
}

/** The results' scores adjusted for the query's intent, best first (the array is sorted in place). */
export function rerank(
  results: SearchResult[],
  intent: QueryIntent,
  pages: readonly SearchPage[],
): SearchResult[] {
  if (!intent.name && !intent.concept) return results;
  for (const r of results) {
    const s = r as SearchResult & SearchStored;
    const page = pages[s.page];
    if (!page) continue;
    const api = page.kind === 'api';
    if (intent.name) {
      if (api && s.anchor === '' && compactName(page.title) === intent.name)
        r.score *= EXACT_NAME_BOOST;
      continue;
    }
    if (api) {
      if (!allWordsIn(r, intent.words, HEADING_FIELDS)) r.score *= API_PARTIAL_FACTOR;
      continue;
    }
    if (allWordsIn(r, intent.words, OPENING_FIELDS)) r.score *= GUIDE_MATCH_BOOST;
    if (page.guide) r.score *= GUIDE_PAGE_BOOST;
  }
  return results.sort((a, b) => b.score - a.score);
}
