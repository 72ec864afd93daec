import type { IncomingMessage, ServerResponse } from 'node:http';
import { readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import sirv from 'sirv';

export interface SiteHandlerOptions {
  dir: string;
  baseUrl?: string;
}

const HASHED = /\.[A-Za-z0-9_-]{8}\.(js|css|woff2?|svg|png|json)$/;

/**
 * The production preview handler: sirv with clean URLs, precompressed files,
 * immutable caching for content-hashed assets and revalidation for everything else,
 * and `404.html` with status 404 for unknown paths.
 */
export function createSiteHandler(options: SiteHandlerOptions) {
  const base = options.baseUrl ? options.baseUrl.replace(/^\/?/, '/').replace(/\/?$/, '/') : '/';
  const notFoundFile = join(options.dir, '404.html');
  const notFound = existsSync(notFoundFile) ? readFileSync(notFoundFile) : Buffer.from('Not Found');
  const serveStatic = sirv(options.dir, {
    dev: false,
    etag: true,
    gzip: true,
    brotli: true,
    extensions: ['html'],
    setHeaders(res, pathname) {
      if (pathname.startsWith('/assets/') && HASHED.test(pathname)) res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
      else res.setHeader('Cache-Control', 'public, max-age=0, must-revalidate');
    },
  });
  const send404 = (res: ServerResponse) => {
    res.statusCode = 404;
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.setHeader('Cache-Control', 'no-cache');
    res.end(notFound);
  };
  return (req: IncomingMessage, res: ServerResponse) => {
    const url = req.url ?? '/';
    if (base !== '/') {
      if (!url.startsWith(base) && url !== base.slice(0, -1)) return send404(res);
      req.url = '/' + url.slice(base.length);
    }
    serveStatic(req, res, () => send404(res));
  };
}
