/**
 * The browser entry. Unlike the server entry (src/render/ssr/renderDocument.tsx), it
 * reads the page data inlined by the build, takes the body HTML from the
 * server-rendered DOM (so it is never downloaded twice), lets the router load what
 * the first page still needs (B33), and hydrates the same App.
 */
import { hydrateRoot } from 'react-dom/client';
import type { ClientSiteConfig } from '../shared/config';
import type { PageData, SidebarsData } from '../shared/pageData';
import { APP_ROOT_ID, PAGE_DATA_ID } from '../shared/documentIds';
import { ClientApp } from './ClientApp';
import './delegation'; // issue 4 (site shell): copy-code, word-wrap and tabs by delegation, keyboard flag (B50)
import './search/provideSearch'; // plugs the lazily loaded search engine into the search dialog (issue 7)
import { ClientRouter } from './router/clientRouter';
import {
  hasDropdowns,
  preloadMobilePanel,
  preloadNavbarDropdown,
} from '../../templates/layout/Navbar';
import { DESKTOP_MIN_WIDTH } from '../../templates/hooks/useWindowSize';

interface InlineData {
  page: PageData;
  config: ClientSiteConfig;
  sidebars: SidebarsData;
}

declare global {
  interface Window {
    /** Present once the client has started (the base-URL banner checks it, B59). */
    dfdocs?: { version: string };
  }
}

window.dfdocs = { version: '1' };
const data = JSON.parse(document.getElementById(PAGE_DATA_ID)!.textContent!) as InlineData;
const html = document.querySelector('[data-page-body]')?.innerHTML ?? '';
const router = new ClientRouter(data.config, { ...data.page, html }, data.sidebars);

// At mobile width the panel is there once the page has hydrated (B39): its chunk loads alongside.
const panel = innerWidth < DESKTOP_MIN_WIDTH ? preloadMobilePanel().catch(() => {}) : undefined;
// The server rendered the navbar's dropdowns: hydration needs their chunk (if it fails, the
// hydrating render asks for it again and the error boundary reports a second failure).
const dropdowns = hasDropdowns(data.config) ? preloadNavbarDropdown().catch(() => {}) : undefined;

void Promise.all([router.prepare(), panel, dropdowns]).then(() =>
  hydrateRoot(
    document.getElementById(APP_ROOT_ID)!,
    <ClientApp router={router} config={data.config} />,
    {
      onRecoverableError(error, info) {
        console.error('dfdocs onRecoverableError:', error, info.componentStack ?? '');
      },
    },
  ),
);
