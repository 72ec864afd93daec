/**
 * Plugs the search engine into the search dialog. Only this tiny module is in the
 * first-load bundle: the engine and MiniSearch are a separate chunk. On the first
 * request (first focus or opening of the search) the chunk and the manifest load in
 * parallel, then the index; a failure is forgotten, so "Retry" starts again.
 */
import type { SearchEngine, SearchManifest } from '../../shared/searchIndex';
import { provideSearchEngine } from '../../../templates/search/searchEngineSlot';

/** `SEARCH_MANIFEST_FILE` of src/shared/searchIndex.ts, inlined to keep that module out of the first load. */
const MANIFEST = 'assets/search-manifest.json';
const engines = new Map<string, Promise<SearchEngine>>();

provideSearchEngine((baseUrl) => {
  let engine = engines.get(baseUrl);
  if (!engine) {
    const manifest = fetch(baseUrl + MANIFEST).then((r) =>
      r.ok
        ? (r.json() as Promise<SearchManifest>)
        : Promise.reject(new Error(`${MANIFEST}: HTTP ${r.status}`)),
    );
    engine = Promise.all([import('./searchEngine'), manifest]).then(([m, mf]) =>
      m.loadSearchEngine(baseUrl, mf),
    );
    engine.catch(() => engines.delete(baseUrl));
    engines.set(baseUrl, engine);
  }
  return engine;
});
