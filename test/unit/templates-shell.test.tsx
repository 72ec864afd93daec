/**
 * Unit tests of the site shell's templates (issue 4): hooks outside their providers
 * (B54), pure helpers (collapse duration B44, active heading B45, error chain B52, data
 * checks) and the server markup (B4, B9, B37, B43, B49) rendered with renderToString.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { renderToString } from 'react-dom/server';
import type { ClientSiteConfig } from '../../src/shared/config';
import type { PageData, SidebarItem } from '../../src/shared/pageData';
import { App } from '../../templates/App';
import { NotFoundBody } from '../../templates/NotFound';
import { SiteProvider, ReactContextError, useSite } from '../../templates/siteContext';
import { RouterProvider } from '../../templates/routerContext';
import { useColorMode, coerceColorMode } from '../../templates/theme/ColorModeProvider';
import { useAnnouncementBar } from '../../templates/announcement/AnnouncementProvider';
import { collapseDuration } from '../../templates/layout/collapseAnimation';
import { activeHeadingIndex } from '../../templates/layout/Toc';
import { errorChainMessage } from '../../templates/errors/ErrorPage';
import { checkSidebarItems } from '../../templates/layout/checkSidebarItems';
import { checkPageData } from '../../templates/checkPageData';
import { isItemActive } from '../../templates/layout/navbarItems';

function Probe({ hook }: { hook: () => unknown }) {
  hook();
  return null;
}

test('B54: hooks used outside their provider throw ReactContextError naming the hook and the provider', () => {
  const cases: [() => unknown, string][] = [
    [useColorMode, 'Hook useColorMode is called outside the <ColorModeProvider>.'],
    [useAnnouncementBar, 'Hook useAnnouncementBar is called outside the <AnnouncementProvider>.'],
    [useSite, 'Hook useSite is called outside the <SiteProvider>.'],
  ];
  for (const [hook, message] of cases) {
    assert.throws(
      () => renderToString(<Probe hook={hook} />),
      (err: unknown) =>
        err instanceof ReactContextError &&
        err.name === 'ReactContextError' &&
        err.message === message,
      message,
    );
  }
});

test('B3: any stored value other than "dark" is light', () => {
  assert.equal(coerceColorMode('dark'), 'dark');
  for (const v of ['light', 'foo', '', null, undefined, 'DARK'])
    assert.equal(coerceColorMode(v), 'light');
});

test('B44: the collapse duration formula (360 px → 327 ms; 1 ms with reduced motion)', () => {
  assert.equal(collapseDuration(360), 327);
  assert.equal(collapseDuration(36), Math.round((4 + 15 + 0.2) * 10));
  assert.equal(collapseDuration(0), 40);
  assert.equal(collapseDuration(1000, true), 1);
});

test('B45: the active heading is the first below the navbar if in the top half, else the one before, else the last', () => {
  const rect = (top: number) => ({ top, bottom: top + 30 });
  // First below the navbar (60) is index 1 at 100, in the top half of an 800 px viewport.
  assert.equal(activeHeadingIndex([rect(-500), rect(100), rect(900)], 60, 800), 1);
  // The first below the navbar lies in the bottom half: the one before it.
  assert.equal(activeHeadingIndex([rect(-500), rect(600), rect(900)], 60, 800), 0);
  // The very first heading lies low: none is active.
  assert.equal(activeHeadingIndex([rect(500), rect(900)], 60, 800), -1);
  // Every heading is above the navbar: the last.
  assert.equal(activeHeadingIndex([rect(-900), rect(-500)], 60, 800), 1);
});

test('B52: the message chain joins error, cause, cause with "\\n\\nCause:\\n"', () => {
  const error = new Error('outer', { cause: new TypeError('middle', { cause: 'inner string' }) });
  assert.equal(errorChainMessage(error), 'outer\n\nCause:\nmiddle\n\nCause:\ninner string');
  assert.equal(errorChainMessage(new Error('alone')), 'alone');
  const loop = new Error('loop');
  (loop as { cause?: unknown }).cause = loop;
  assert.equal(errorChainMessage(loop), 'loop', 'a cyclic chain ends');
});

test('malformed sidebar items and page data throw errors with a cause chain', () => {
  const good: SidebarItem[] = [
    { type: 'link', label: 'A', href: '/a' },
    { type: 'category', label: 'B', items: [], collapsed: false },
  ];
  assert.doesNotThrow(() => checkSidebarItems(good, 'the docs sidebar'));
  assert.throws(
    () => checkSidebarItems([{ type: 'link', label: 'A', href: 7 }], 'the docs sidebar'),
    (e: Error) =>
      errorChainMessage(e) ===
      'Could not show the docs sidebar.\n\nCause:\nIts item 1 ("A") is malformed.\n\nCause:\nexpected "href" to be a route starting with "/" or a URL, got 7',
  );
  assert.throws(
    () => checkSidebarItems('x', 'the docs sidebar'),
    /Could not show the docs sidebar/,
  );
  assert.throws(
    () => checkSidebarItems([{ type: 'weird', label: 'C' }], 'x'),
    (e: Error) => /"type" to be "link" or "category"/.test(errorChainMessage(e)),
  );
  const page: PageData = {
    route: '/a',
    kind: 'doc',
    title: 'A',
    toc: [],
    breadcrumbs: [],
    links: [],
  };
  assert.doesNotThrow(() => checkPageData(page));
  assert.throws(
    () => checkPageData({ ...page, toc: [{ id: 1 }] }),
    (e: Error) =>
      errorChainMessage(e).startsWith(
        'Could not show the page /a.\n\nCause:\nIts page data is malformed.\n\nCause:\nexpected "toc[0]"',
      ),
  );
  assert.throws(() => checkPageData(null), /Could not show the page this route/);
});

test('navbar items are active for their route and the routes under it', () => {
  const item = {
    label: 'API',
    to: '/docs/api/',
    position: 'left' as const,
    activeBasePath: '/docs/api',
  };
  assert.equal(isItemActive(item, '/docs/api'), true);
  assert.equal(isItemActive(item, '/docs/api/functions/sort'), true);
  assert.equal(isItemActive(item, '/docs/apis'), false);
  const dropdown = {
    label: 'More',
    position: 'left' as const,
    items: [{ label: 'Notes', to: '/docs/release-notes', position: 'left' as const }],
  };
  assert.equal(isItemActive(dropdown, '/docs/release-notes'), true);
  assert.equal(isItemActive({ label: 'X', href: 'https://x.com', position: 'right' }, '/'), false);
});

// ---------- server markup ----------

const config: ClientSiteConfig = {
  title: 'Site',
  tagline: 'Tagline',
  url: 'https://example.com',
  baseUrl: '/',
  logo: { alt: 'Logo', src: '/img/logo.svg', srcDark: '/img/logo-dark.svg' },
  navbar: { title: 'Site', items: [{ label: 'Docs', to: '/docs/a', position: 'left' }] },
  footer: { style: 'dark', columns: [], copyright: '© Site' },
  colorMode: { defaultMode: 'light', disableSwitch: false, respectPrefersColorScheme: true },
  announcementBar: { id: 'a1', content: 'Hello <b>readers</b>', isCloseable: true },
  toc: { minHeadingLevel: 2, maxHeadingLevel: 3 },
  docs: {
    version: { name: 'current', label: 'Next', path: '/docs', mainDocId: 'a' },
    routeBasePath: '/docs',
  },
};
const sidebar: SidebarItem[] = [
  {
    type: 'category',
    label: 'Guide',
    href: '/docs/guide',
    collapsed: false,
    items: [{ type: 'link', label: 'A', href: '/docs/a' }],
  },
  {
    type: 'category',
    label: 'Other',
    collapsed: false,
    items: [{ type: 'link', label: 'B', href: '/docs/b' }],
  },
];
const page: PageData = {
  route: '/docs/a',
  kind: 'doc',
  title: 'A',
  toc: [{ id: 'x', value: 'X', level: 2 }],
  sidebarId: 'docs',
  breadcrumbs: [{ title: 'Guide', href: '/docs/guide' }],
  links: [],
};

function serverHtml(
  p: PageData = page,
  c: ClientSiteConfig = config,
  body = '<h1>A</h1><h2 id=&quot;x&quot;>X</h2>',
): string {
  return renderToString(
    <SiteProvider value={{ config: c, sidebars: { docs: sidebar } }}>
      <RouterProvider value={{ route: p.route, hash: '', navigate: () => {}, navigationCount: 0 }}>
        <App page={p} html={body} />
      </RouterProvider>
    </SiteProvider>,
  );
}

test('server markup: skip link first, one banner, disabled toggle, both logos, desktop sidebar and TOC, no mobile panel', () => {
  const html = serverHtml();
  assert.match(
    html,
    /^<section aria-label="Skip to main content"[^>]*><a href="#__docusaurus_skipToContent_fallback"/,
    'the skip link comes first',
  );
  // The bar is the one <header> (a banner landmark: it is in no sectioning element).
  assert.equal(html.match(/<header\b/g)?.length, 1);
  assert.match(html, /^<section[^>]*>.*?<\/section><header class="announcement-bar/);
  assert.match(html, /Hello <b>readers<\/b>/);
  assert.match(html, /<button[^>]*aria-label="Close"/);
  assert.match(
    html,
    /<button[^>]*class="color-toggle[^"]*"[^>]*disabled=""[^>]*aria-label="Switch between dark and light mode \(currently light mode\)"/,
  );
  assert.equal(
    html.match(/class="themed-image themed-image--(light|dark) navbar__logo"/g)?.length,
    2,
  );
  assert.doesNotMatch(html, /<link rel="preload"/, 'no automatic image preload in the app markup');
  assert.match(html, /<nav class="sidebar menu" aria-label="Docs sidebar">/);
  assert.match(
    html,
    /<a href="\/docs\/a" class="menu__link menu__link--active" aria-current="page">A<\/a>/,
  );
  assert.match(
    html,
    /aria-label="Collapse sidebar category &#x27;Guide&#x27;"[^>]*aria-expanded="true"/,
  );
  assert.match(
    html,
    /<button type="button" class="menu__link menu__link--category menu__link--button" aria-expanded="false"><span>Other<\/span>/,
  );
  assert.doesNotMatch(html, /href="\/docs\/b"/, 'a collapsed category renders its items lazily');
  assert.match(html, /class="toc toc--desktop"/);
  assert.match(
    html,
    /<button type="button" class="toc-mobile__button" aria-expanded="false">On this page/,
  );
  assert.doesNotMatch(html, /navbar-sidebar/, 'the mobile panel is client-only');
  assert.match(html, /aria-label="Toggle navigation bar"[^>]*aria-expanded="false"/);
  assert.match(html, /<nav class="breadcrumbs" aria-label="Breadcrumbs">/);
  assert.match(html, /<footer class="footer footer--dark">/);
});

test('server markup: disableSwitch hides the toggle; a not-found page has its heading; no announcement when none is configured', () => {
  const c = {
    ...config,
    announcementBar: undefined,
    colorMode: { ...config.colorMode, disableSwitch: true },
  };
  // The not-found page's body is rendered at build time, like a React page's.
  const body = renderToString(
    <SiteProvider value={{ config: c, sidebars: {} }}>
      <NotFoundBody />
    </SiteProvider>,
  );
  const html = serverHtml(
    {
      route: '/404',
      kind: 'notFound',
      title: 'Page Not Found',
      toc: [],
      breadcrumbs: [],
      links: [],
    },
    c,
    body,
  );
  assert.doesNotMatch(html, /Switch between dark and light mode/);
  assert.doesNotMatch(html, /<header\b/);
  assert.match(
    html,
    /<h1>Page Not Found<\/h1><p>We could not find what you were looking for.<\/p>/,
  );
});
