/**
 * Plugs the search engine into the search dialog. Only this tiny module is in the
 * first-load bundle: the engine and MiniSearch are a separate chunk, imported when the
 * reader first focuses or opens the search.
 */
import { provideSearchEngine } from '../../../templates/search/searchEngineSlot';

provideSearchEngine((baseUrl) => import('./searchEngine').then((m) => m.loadSearchEngine(baseUrl)));
