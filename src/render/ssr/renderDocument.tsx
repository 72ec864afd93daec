import { renderToString } from 'react-dom/server';
import type { ClientSiteConfig, SiteConfig } from '../../shared/config';
import { sidebarFileOf, type PageData, type SidebarsData } from '../../shared/pageData';
import { withBaseUrl } from '../../shared/baseUrl';
import { APP_ROOT_ID, PAGE_DATA_ID } from '../../shared/documentIds';
import { App } from '../../../templates/App';
import { SiteProvider } from '../../../templates/siteContext';
import { RouterProvider } from '../../../templates/routerContext';
import { PrerenderedSidebarContext } from '../../../templates/layout/prerenderedSidebar';
import { SidebarHtmlCache } from './sidebarHtmlCache';
import { themeBootstrapScript, baseUrlBannerScript } from './themeScript';
import { faviconOf } from '../output/defaultFavicon';

/** The built client: the entry script, what it imports statically, and the stylesheet. */
export interface ClientAssets {
  /** Paths relative to the site root (no base URL). */
  entry: string;
  preload: string[];
  css: string;
  /** The site's own stylesheets (config `customCss`), linked after the theme's; absent when it has none. */
  extraCss?: string[];
}

/**
 * The client's assets before they are known (a render worker renders documents while the
 * client bundle is made): the document holds a marker where their tags go, and
 * `fillAssets` puts them there, giving the same bytes as a document rendered with them.
 */
export const PENDING_ASSETS = 'pending';
const ASSETS_MARKER = '<!--dfdocs:assets-->';

export interface DocumentInput {
  page: PageData;
  html: string;
  config: SiteConfig;
  clientConfig: ClientSiteConfig;
  sidebars: SidebarsData;
  assets: ClientAssets | typeof PENDING_ASSETS;
  /** Where sidebars are kept for the next pages: this thread's (the default), or none (`null`). */
  sidebarHtml?: SidebarHtmlCache | null;
}

const escapeAttr = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
const escapeText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');
/** JSON safe inside a <script> element. */
export const scriptJson = (v: unknown) =>
  JSON.stringify(v)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

export function pageTitle(page: PageData, siteTitle: string): string {
  return page.title ? `${page.title} | ${siteTitle}` : siteTitle;
}

/** This thread's rendered sidebars, reused by the next pages of the same shape (see sidebarHtmlCache.ts). */
const threadSidebarHtml = new SidebarHtmlCache();

/** The full HTML document of a route: head tags, theme bootstrap, server-rendered app, hydration data. */
export function renderDocument(input: DocumentInput): string {
  const { page, html, config, clientConfig, sidebars: allSidebars, assets } = input;
  const sidebarHtml =
    input.sidebarHtml === undefined ? threadSidebarHtml : (input.sidebarHtml ?? undefined);
  const base = config.baseUrl;
  const url = (p: string) => withBaseUrl(p, base);
  const absolute = (p: string) => withBaseUrl(p, base, { absolute: true, siteUrl: config.url });
  const app = renderToString(
    <SiteProvider value={{ config: clientConfig, sidebars: allSidebars }}>
      <RouterProvider
        value={{ route: page.route, hash: '', navigate: () => {}, navigationCount: 0 }}
      >
        <PrerenderedSidebarContext.Provider value={sidebarHtml}>
          <App page={page} html={html} />
        </PrerenderedSidebarContext.Provider>
      </RouterProvider>
    </SiteProvider>,
  );
  sidebarHtml?.capture(app);
  const title = pageTitle(page, config.title);
  const canonical =
    page.kind === 'notFound' ? undefined : absolute(page.route === '/' ? '/' : page.route);
  const locale = config.i18n.localeConfigs[config.i18n.defaultLocale];
  const lang = locale?.htmlLang ?? config.i18n.defaultLocale;
  const head: string[] = [
    '<meta charset="UTF-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1.0">',
    '<meta name="generator" content="dfdocs">',
    `<title>${escapeText(title)}</title>`,
    `<meta property="og:title" content="${escapeAttr(title)}">`,
  ];
  if (page.description) {
    head.push(
      `<meta name="description" content="${escapeAttr(page.description)}">`,
      `<meta property="og:description" content="${escapeAttr(page.description)}">`,
    );
  }
  if (canonical) {
    head.push(
      `<link rel="canonical" href="${escapeAttr(canonical)}">`,
      `<meta property="og:url" content="${escapeAttr(canonical)}">`,
    );
    for (const l of config.i18n.locales)
      head.push(
        `<link rel="alternate" href="${escapeAttr(canonical)}" hreflang="${escapeAttr(config.i18n.localeConfigs[l]?.htmlLang ?? l)}">`,
      );
    head.push(`<link rel="alternate" href="${escapeAttr(canonical)}" hreflang="x-default">`);
  }
  head.push(`<meta property="og:locale" content="${escapeAttr(lang.replace(/-/g, '_'))}">`);
  head.push('<meta name="twitter:card" content="summary_large_image">');
  if (config.image) {
    const img = absolute(config.image);
    head.push(
      `<meta property="og:image" content="${escapeAttr(img)}">`,
      `<meta name="twitter:image" content="${escapeAttr(img)}">`,
    );
  }
  head.push(`<link rel="icon" href="${escapeAttr(url(faviconOf(config)))}">`);
  head.push(assets === PENDING_ASSETS ? ASSETS_MARKER : assetHeadTags(assets, base));
  // Large sidebars stay out of the page: the client loads `sidebarFileOf(id)` once before hydrating (B33),
  // and the browser caches it across pages, so HTML size does not grow with the site. The preload
  // (same URL and CORS mode as the client's fetch) downloads it in parallel with the JavaScript.
  const sidebars = inlineSidebars(allSidebars);
  if (page.sidebarId && allSidebars[page.sidebarId] && !sidebars[page.sidebarId]) {
    head.push(
      `<link rel="preload" as="fetch" crossorigin href="${escapeAttr(url('/' + encodeURI(sidebarFileOf(page.sidebarId))))}">`,
    );
  }
  const isHome = page.route === '/' && page.kind !== 'notFound';
  if (isHome && config.baseUrlIssueBanner)
    head.push(`<script>${baseUrlBannerScript(base)}</script>`);
  const { html: _omit, ...inlinePage } = page as PageData & { html?: string };
  const data = { page: inlinePage, config: clientConfig, sidebars };
  return (
    `<!DOCTYPE html><html lang="${escapeAttr(lang)}" dir="${locale?.direction ?? 'ltr'}" data-theme="${config.colorMode.defaultMode}" data-has-hydrated="false"><head>${head.join('')}</head>` +
    `<body class="navigation-with-keyboard"><script>${themeBootstrapScript(config.colorMode)}</script>` +
    `<div id="${APP_ROOT_ID}">${app}</div>` +
    `<script id="${PAGE_DATA_ID}" type="application/json">${scriptJson(data)}</script>` +
    `${assets === PENDING_ASSETS ? ASSETS_MARKER : assetScriptTag(assets, base)}</body></html>`
  );
}

/** The stylesheet and module preloads in a document's head. */
function assetHeadTags(assets: ClientAssets, base: string): string {
  const url = (p: string) => escapeAttr(withBaseUrl('/' + p, base));
  return (
    `<link rel="stylesheet" href="${url(assets.css)}">` +
    (assets.extraCss ?? []).map((p) => `<link rel="stylesheet" href="${url(p)}">`).join('') +
    `<link rel="modulepreload" href="${url(assets.entry)}">` +
    assets.preload.map((p) => `<link rel="modulepreload" href="${url(p)}">`).join('')
  );
}

/** The client's entry script, last in a document's body. */
const assetScriptTag = (assets: ClientAssets, base: string) =>
  `<script type="module" src="${escapeAttr(withBaseUrl('/' + assets.entry, base))}"></script>`;

/**
 * A document rendered with `PENDING_ASSETS`, with the assets' tags in place of its markers:
 * the first (in the head, before any page content) and the last (after the page data).
 */
export function fillAssets(rendered: string, assets: ClientAssets, baseUrl: string): string {
  const head = rendered.indexOf(ASSETS_MARKER);
  const tail = rendered.lastIndexOf(ASSETS_MARKER);
  if (head < 0 || tail === head)
    throw new Error('a document rendered before the client assets were known lacks their markers');
  return (
    rendered.slice(0, head) +
    assetHeadTags(assets, baseUrl) +
    rendered.slice(head + ASSETS_MARKER.length, tail) +
    assetScriptTag(assets, baseUrl) +
    rendered.slice(tail + ASSETS_MARKER.length)
  );
}

/** Whether a document still holds asset markers (see `PENDING_ASSETS`). */
export const awaitsAssets = (rendered: string) =>
  rendered.endsWith(ASSETS_MARKER + '</body></html>');

/** Sidebars up to this size (JSON bytes) are inlined into each page; larger ones are fetched. */
export const INLINE_SIDEBAR_LIMIT = 16 * 1024;
const sidebarSize = new WeakMap<object, number>();

function inlineSidebars(sidebars: SidebarsData): SidebarsData {
  const out: SidebarsData = {};
  for (const [id, items] of Object.entries(sidebars)) {
    let size = sidebarSize.get(items);
    if (size === undefined) {
      size = JSON.stringify(items).length;
      sidebarSize.set(items, size);
    }
    if (size <= INLINE_SIDEBAR_LIMIT) out[id] = items;
  }
  return out;
}
