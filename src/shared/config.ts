/**
 * The site configuration contract: what `dfdocs.config.ts` holds once validated and
 * filled with defaults. Read by render (build time) and, in its serialisable part
 * (`ClientSiteConfig`), by templates and the client. Imports nothing from the project.
 */

/** A navbar entry: an internal route (`to`) or an external URL (`href`), left or right. */
export interface NavbarItem {
  label: string;
  /** Internal route, e.g. `/docs/intro`; the base URL is added for you. */
  to?: string;
  /** External URL; opens in a new tab. */
  href?: string;
  position: 'left' | 'right';
  /** Accessible name when the item shows only an icon. */
  ariaLabel?: string;
  /** Icon-only items: `github` or `social`. */
  icon?: 'github' | 'social';
  /** Matches the active item for routes under this prefix (defaults to `to`). */
  activeBasePath?: string;
  /** A dropdown: child links shown on click or hover. */
  items?: NavbarItem[];
}

export interface FooterLink {
  label: string;
  to?: string;
  href?: string;
}

export interface FooterColumn {
  title: string;
  items: FooterLink[];
}

export interface ColorModeConfig {
  /** Mode used when nothing is stored and the system preference is not followed. */
  defaultMode: 'light' | 'dark';
  /** Hide the toggle and delete any stored choice. */
  disableSwitch: boolean;
  /** Follow `prefers-color-scheme` when the reader has stored nothing. */
  respectPrefersColorScheme: boolean;
}

export interface AnnouncementBarConfig {
  /** Changing the id shows the bar again to readers who dismissed an older one. */
  id: string;
  /** HTML content. */
  content: string;
  backgroundColor?: string;
  textColor?: string;
  isCloseable: boolean;
}

export interface TocConfig {
  minHeadingLevel: number;
  maxHeadingLevel: number;
}

export interface LocaleConfig {
  /** BCP 47 tag, e.g. `en`. */
  defaultLocale: string;
  locales: string[];
  localeConfigs: Record<string, { label: string; direction: 'ltr' | 'rtl'; htmlLang: string }>;
}

export interface LogoConfig {
  alt: string;
  src: string;
  /** Variant shown in dark mode; defaults to `src`. */
  srcDark?: string;
}

export interface DocsVersionConfig {
  name: string;
  label: string;
  path: string;
  /** The doc the site starts at; default: `intro`, else `index`, else the first doc in sidebar order. */
  mainDocId: string;
}

/**
 * A remark or rehype plugin: a module specifier or a path relative to the site root
 * (`'remark-emoji'`, `'./plugins/remark-note.mjs'`), alone or with its options. The module's
 * default export is the plugin. Given by name, not as a function, so that the render
 * worker threads can import it too; options must be plain data for the same reason.
 */
export type MarkdownPluginEntry = string | [string, unknown];

/** Extensions of the markdown pipeline. */
export interface MarkdownConfig {
  /** Run on the markdown tree after dfdocs's own remark plugins. */
  remarkPlugins: MarkdownPluginEntry[];
  /** Run on the HTML tree after dfdocs's own rehype plugins (headings, code blocks, links). */
  rehypePlugins: MarkdownPluginEntry[];
}

/** The API reference generated with TypeDoc from a library's entry module. */
export interface ApiConfig {
  /** The library's entry module, relative to the site root, e.g. `src/index.ts`. */
  entry: string;
  /** The tsconfig TypeDoc reads (relative to the site root); default: the site's `tsconfig.json` when there is one. */
  tsconfig?: string;
  /** The route of the reference's index page; default: `<docs path>/api`, e.g. `/docs/api`. */
  route?: string;
}

/** The layout's slots a site can fill with a React component of its own. */
export type ComponentSlot = 'navbarBrand' | 'footer' | 'docFooter' | 'notFound';

/** Everything the site configuration holds after defaults are applied. */
export interface SiteConfig {
  title: string;
  tagline: string;
  /** Origin of the deployed site, without a trailing slash, e.g. `https://example.com`. */
  url: string;
  /** Path the site is served under, always with leading and trailing slash. */
  baseUrl: string;
  favicon?: string;
  /** Social card image, relative to the site (made absolute in meta tags). */
  image?: string;
  logo?: LogoConfig;
  navbar: { title?: string; items: NavbarItem[] };
  footer: { style: 'dark' | 'light'; columns: FooterColumn[]; copyright: string };
  colorMode: ColorModeConfig;
  announcementBar?: AnnouncementBarConfig;
  toc: TocConfig;
  i18n: LocaleConfig;
  /** Source repository URL used for "Edit this page" links, e.g. `https://github.com/o/r/edit/main/`. */
  editUrl?: string;
  /** The docs version (one today). */
  docs: { version: DocsVersionConfig; sidebarRoot?: string };
  /** Shows the banner explaining a wrong base URL when the site's scripts fail on the home page. */
  baseUrlIssueBanner: boolean;
  /** Warn when a page's HTML plus its data exceed this many bytes (gzip). */
  pageBudgetKb: number;
  /**
   * Write a `.br` and a `.gz` twin beside every text file of the output, for hosts that
   * send precompressed files (nginx `gzip_static`/`brotli_static`). Off by default: most
   * hosts compress at their edge, and `dfdocs serve` compresses on the first request.
   */
  precompress: boolean;
  /** The API reference; absent, the site has none. */
  api?: ApiConfig;
  markdown: MarkdownConfig;
  /** Stylesheets (paths relative to the site root) added after the theme's, in this order. */
  customCss: string[];
  /**
   * Components that replace a slot of the layout, by path relative to the site root (a
   * module whose default export is a React component). They are rendered on the server
   * and hydrated in the browser like the built-in ones.
   */
  components: Partial<Record<ComponentSlot, string>>;
  /**
   * Runnable examples (`dfdocs build --check-examples`, `plot` blocks). `cwd`: the folder they
   * run in, relative to the site root, where a relative path in an example (`'sales.csv'`) is read
   * from; default: each page's own folder. A folder under `static/` is published with the
   * site, so readers can download the same files (`static/data` is served at `/data/`).
   */
  examples?: { cwd?: string };
}

/** The user-facing shape (`dfdocs.config.ts`): every key optional except those without a sane default. */
export type UserConfig = DeepPartial<Omit<SiteConfig, 'api'>> & { api?: ApiConfig };

export type DeepPartial<T> = {
  [K in keyof T]?: NonNullable<T[K]> extends Array<infer U>
    ? U[]
    : NonNullable<T[K]> extends object
      ? DeepPartial<NonNullable<T[K]>>
      : T[K];
};

/** The part of the config that templates and the client need (serialised into each page). */
export type ClientSiteConfig = Pick<
  SiteConfig,
  | 'title'
  | 'tagline'
  | 'url'
  | 'baseUrl'
  | 'logo'
  | 'navbar'
  | 'footer'
  | 'colorMode'
  | 'announcementBar'
  | 'toc'
  | 'docs'
>;
