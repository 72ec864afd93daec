import { defineConfig } from 'dfdocs';

const repo = 'https://github.com/tinyframejs/tinyframejs';

export default defineConfig({
  title: 'TinyFrameJS',
  tagline: 'A tiny, lightning-fast dataframe engine for JavaScript',
  url: 'https://tinyframejs.com',
  baseUrl: '/',
  favicon: '/img/favicon.svg',
  image: '/img/social-card.png',
  logo: { alt: 'TinyFrameJS logo', src: '/img/logo.svg', srcDark: '/img/logo-dark.svg' },
  editUrl: `${repo}/edit/main/`,
  navbar: {
    title: 'TinyFrameJS',
    items: [
      {
        label: 'Getting Started',
        to: '/docs/getting-started',
        position: 'left',
        activeBasePath: '/docs/getting-started',
      },
      { label: 'User Guide', to: '/docs/user-guide', position: 'left' },
      { label: 'API Reference', to: '/docs/api/', position: 'left', activeBasePath: '/docs/api' },
      { label: 'Release Notes', to: '/docs/release-notes', position: 'left' },
      {
        label: 'GitHub',
        href: repo,
        position: 'right',
        icon: 'github',
        ariaLabel: 'GitHub repository',
      },
      {
        label: 'X',
        href: 'https://x.com/tinyframejs',
        position: 'right',
        icon: 'social',
        ariaLabel: 'TinyFrameJS on X',
      },
    ],
  },
  footer: {
    style: 'dark',
    columns: [
      {
        title: 'Docs',
        items: [
          { label: 'Getting Started', to: '/docs/getting-started' },
          { label: 'User Guide', to: '/docs/user-guide' },
          { label: 'API Reference', to: '/docs/api/' },
        ],
      },
      {
        title: 'Community',
        items: [
          {
            label: 'Stack Overflow',
            href: 'https://stackoverflow.com/questions/tagged/tinyframejs',
          },
          { label: 'Discord', href: 'https://discord.gg/tinyframejs' },
          { label: 'X', href: 'https://x.com/tinyframejs' },
        ],
      },
      {
        title: 'More',
        items: [
          { label: 'GitHub', href: repo },
          { label: 'Release Notes', to: '/docs/release-notes' },
          { label: 'Contributing', href: `${repo}/blob/main/CONTRIBUTING.md` },
        ],
      },
    ],
    copyright: `Copyright © ${new Date().getFullYear()} TinyFrameJS. Built with dfdocs.`,
  },
  colorMode: { defaultMode: 'light', disableSwitch: false, respectPrefersColorScheme: true },
  announcementBar: {
    id: 'examples-run-2026',
    content:
      'Every example in these docs now runs in CI against the engine — what you read is what you get.',
    isCloseable: true,
  },
  toc: { minHeadingLevel: 2, maxHeadingLevel: 3 },
  i18n: {
    defaultLocale: 'en',
    locales: ['en'],
    localeConfigs: { en: { label: 'English', direction: 'ltr', htmlLang: 'en' } },
  },
  docs: {
    version: { name: 'current', label: 'Next', path: '/docs', mainDocId: 'getting-started' },
    sidebarRoot: 'getting-started',
  },
  // The API reference, generated with TypeDoc from the engine's entry module (at /docs/api),
  // read with the engine's own tsconfig (the site's adds React's types, which the engine never
  // uses). `npm test` type-checks the engine (npm run typecheck), so the build does not again.
  api: { entry: 'engine/src/index.ts', tsconfig: 'engine/tsconfig.build.json', typeCheck: false },
  // The tutorials' data files live in static/data/ (published at /data/, linked from the page
  // that first reads each one); examples run there, so `readCsv('orders.csv')` reads them as it
  // would for a reader who saved the file beside their script.
  // The examples also run in the reader's browser (a Run button on each), with the engine's
  // browser build; `tinyframejs` is the name they import.
  examples: {
    cwd: 'static/data',
    browser: { modules: { tinyframejs: './engine/dist/tinyframe.browser.js' } },
  },
});
