import type { SiteConfig } from '../../shared/config';

/** Every default in one place; a folder holding only `docs/` builds with these. */
export function defaultConfig(): SiteConfig {
  return {
    title: 'Documentation',
    tagline: '',
    url: 'http://localhost',
    baseUrl: '/',
    navbar: { items: [] },
    footer: { style: 'dark', columns: [], copyright: '' },
    colorMode: { defaultMode: 'light', disableSwitch: false, respectPrefersColorScheme: true },
    toc: { minHeadingLevel: 2, maxHeadingLevel: 3 },
    i18n: {
      defaultLocale: 'en',
      locales: ['en'],
      localeConfigs: { en: { label: 'English', direction: 'ltr', htmlLang: 'en' } },
    },
    // An empty mainDocId is resolved from the docs (src/render/site/mainDoc.ts).
    docs: {
      version: { name: 'current', label: 'Next', path: '/docs', mainDocId: '' },
      routeBasePath: '/docs',
    },
    baseUrlIssueBanner: true,
    pageBudgetKb: 150,
    pageSizeLimitKb: 2048,
    precompress: false,
    markdown: { remarkPlugins: [], rehypePlugins: [], slugger: 'github' },
    customCss: [],
    components: {},
    mdx: {},
  };
}
