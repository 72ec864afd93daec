/** Keeps the document head in step with the page shown (behaviours B26, B57). */
import { withBaseUrl } from '../../shared/baseUrl';
import type { ClientSiteConfig } from '../../shared/config';
import type { PageData } from '../../shared/pageData';

/** B26: `{page title} | {site title}`, or the site title alone. */
export function titleOf(page: Pick<PageData, 'title'>, siteTitle: string): string {
  return page.title ? `${page.title} | ${siteTitle}` : siteTitle;
}

function setTag(
  selector: string,
  make: () => HTMLElement,
  attr: 'content' | 'href',
  value: string | undefined,
): void {
  const found = document.head.querySelectorAll<HTMLElement>(selector);
  if (value === undefined) {
    found.forEach((el) => el.remove());
    return;
  }
  const els = found.length ? [...found] : [document.head.appendChild(make())];
  for (const el of els) el.setAttribute(attr, value);
}

function meta(key: 'name' | 'property', name: string): () => HTMLElement {
  return () => {
    const m = document.createElement('meta');
    m.setAttribute(key, name);
    return m;
  };
}

function link(rel: string, hreflang?: string): () => HTMLElement {
  return () => {
    const l = document.createElement('link');
    l.rel = rel;
    if (hreflang) l.hreflang = hreflang;
    return l;
  };
}

export function updateHead(page: PageData, config: ClientSiteConfig): void {
  const title = titleOf(page, config.title);
  document.title = title;
  setTag('meta[property="og:title"]', meta('property', 'og:title'), 'content', title);
  setTag('meta[name="description"]', meta('name', 'description'), 'content', page.description);
  setTag(
    'meta[property="og:description"]',
    meta('property', 'og:description'),
    'content',
    page.description,
  );
  const canonical =
    page.kind === 'notFound'
      ? undefined
      : withBaseUrl(page.route, config.baseUrl, { absolute: true, siteUrl: config.url });
  setTag('link[rel="canonical"]', link('canonical'), 'href', canonical);
  setTag('meta[property="og:url"]', meta('property', 'og:url'), 'content', canonical);
  // One locale today: when the alternates were removed (not-found page), bring back the html lang's and x-default.
  if (canonical && !document.head.querySelector('link[rel="alternate"][hreflang]')) {
    for (const lang of [document.documentElement.lang || 'en', 'x-default'])
      document.head.appendChild(link('alternate', lang)());
  }
  setTag('link[rel="alternate"][hreflang]', link('alternate'), 'href', canonical);
}
