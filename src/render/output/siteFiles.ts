import { withBaseUrl } from '../../shared/baseUrl';

/** `sitemap.xml` listing every route with its absolute URL. */
export function sitemapXml(routes: string[], siteUrl: string, baseUrl: string): string {
  const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  const urls = routes
    .slice()
    .sort()
    .map(
      (r) => `<url><loc>${esc(withBaseUrl(r, baseUrl, { absolute: true, siteUrl }))}</loc></url>`,
    )
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls}</urlset>\n`;
}

export function robotsTxt(siteUrl: string, baseUrl: string): string {
  return `User-agent: *\nAllow: /\n\nSitemap: ${withBaseUrl('/sitemap.xml', baseUrl, { absolute: true, siteUrl })}\n`;
}
