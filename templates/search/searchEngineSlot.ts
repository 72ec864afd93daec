import type { SearchEngineLoader } from '../../src/shared/searchIndex';

/**
 * Where the browser entry plugs the search engine in. Templates render on the server
 * too and must not import the client, so the client provides the loader at start-up
 * (src/client/search/provideSearch.ts); on the server the slot stays empty and the
 * search button is inert until hydration.
 */
let loader: SearchEngineLoader | undefined;

export function provideSearchEngine(value: SearchEngineLoader): void {
  loader = value;
}

export function searchEngineLoader(): SearchEngineLoader | undefined {
  return loader;
}
