import type { IncomingMessage, ServerResponse } from 'node:http';
import { join, resolve } from 'node:path';
import { normaliseBaseUrl } from '../render/config/loadConfig';
import { checkRequestPath } from './requestPath';
import { cacheControlOf } from './cachePolicy';
import { CompressedMemory } from './compressedMemory';
import { closeAll, FileChangedError, openRegularFile } from './openFile';
import { sendFile } from './sendFile';
import { findInSite } from './siteLookup';

export interface SiteHandlerOptions {
  /** The built folder. */
  dir: string;
  /** Serve the site under this path (e.g. `/sub/`), as it was built with `--base-url`. */
  baseUrl?: string;
  /** Where a request that failed is reported (default: standard error). */
  log?: (line: string) => void;
}

export type SiteHandler = (req: IncomingMessage, res: ServerResponse) => void;

/** A request whose file kept changing under it this many times is given up (500). */
const ATTEMPTS = 3;

const FALLBACK_404 = '<!DOCTYPE html><title>Not Found</title><h1>Not Found</h1>';

function sendText(req: IncomingMessage, res: ServerResponse, status: number, text: string): void {
  const body = Buffer.from(text + '\n');
  res.statusCode = status;
  res.setHeader('Content-Type', 'text/plain; charset=utf-8');
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('Content-Length', body.length);
  res.end(req.method === 'HEAD' ? undefined : body);
}

/** Forgets what an attempt set, so the next attempt (or the 500) starts clean. */
function resetResponse(res: ServerResponse): void {
  for (const name of res.getHeaderNames()) res.removeHeader(name);
  res.statusCode = 200;
}

/**
 * The production preview handler (`dfdocs serve`). Each request looks at the folder as
 * it is now — no file table, nothing remembered about a file beyond a compressed copy
 * tied to the exact version it was made from — so a rebuild that updates files in place
 * and one that swaps the whole folder by rename are both followed at once: changed
 * files are sent new, added ones found, deleted ones answer 404.
 *
 * Clean URLs (`/docs/intro` → `docs/intro/index.html`; `/x.html` and `/x/index.html`
 * redirect there), brotli or gzip as `Accept-Encoding` weighs them, one byte range,
 * `ETag`/`Last-Modified` with 304s, immutable caching for content-hashed assets and
 * revalidation for the rest, `404.html` with status 404, base-URL sub-paths, and
 * hostile paths refused with 400 before any file lookup (see sendFile.ts, siteLookup.ts).
 *
 * Why not sirv (3.0.2), which this used to wrap: its production mode reads the folder
 * once, so after a rebuild it announced old sizes and missed new files; its streams have
 * no error handler, so a file deleted between lookup and read killed the process; its
 * Range parsing threw on `bytes=100-50`, misread `bytes=-50` and answered `bytes=abc`
 * with 206; it ignores q-values and `If-Modified-Since`. Every fix had to sit outside it,
 * leaving sirv only the path lookup, which is the few lines of siteLookup.ts.
 *
 * A request that fails answers 500 (or is cut off, if its headers were already sent)
 * and is logged; nothing a request does can stop the server.
 */
export function createSiteHandler(options: SiteHandlerOptions): SiteHandler {
  const dir = resolve(options.dir);
  const base = options.baseUrl ? normaliseBaseUrl(options.baseUrl) : '/';
  const prefix = base.slice(0, -1);
  const memory = new CompressedMemory();
  const log = options.log ?? ((line: string) => void process.stderr.write(line + '\n'));

  const sendNotFound = async (req: IncomingMessage, res: ServerResponse) => {
    const page = await openRegularFile(join(dir, '404.html'));
    if (!page) {
      res.statusCode = 404;
      res.setHeader('Content-Type', 'text/html; charset=utf-8');
      res.setHeader('Cache-Control', 'no-cache');
      res.setHeader('Content-Length', FALLBACK_404.length);
      res.end(req.method === 'HEAD' ? undefined : FALLBACK_404);
      return;
    }
    try {
      await sendFile(req, res, page, {
        status: 404,
        cacheControl: 'no-cache',
        name: '404.html',
        memory,
      });
    } finally {
      await closeAll([page]);
    }
  };

  const answer = async (req: IncomingMessage, res: ServerResponse) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.setHeader('Allow', 'GET, HEAD');
      return sendText(req, res, 405, 'Method Not Allowed');
    }
    const checked = checkRequestPath(req.url ?? '');
    if (!checked.ok) return sendText(req, res, 400, 'Bad Request');
    let pathname = checked.pathname;
    if (base !== '/') {
      if (pathname === '/' || pathname === prefix) {
        res.statusCode = pathname === '/' ? 302 : 301;
        res.setHeader('Location', base + checked.search);
        return res.end();
      }
      if (!pathname.startsWith(base)) return sendNotFound(req, res);
      pathname = '/' + pathname.slice(base.length);
    }
    const found = await findInSite(dir, pathname, (abs) => memory.forget(abs));
    if (found.kind === 'redirect') {
      res.statusCode = 301;
      res.setHeader('Location', prefix + found.to + checked.search);
      // A preview's pages come and go between builds: a browser must not keep the redirect.
      res.setHeader('Cache-Control', 'no-cache');
      res.setHeader('Content-Length', 0);
      return res.end();
    }
    if (found.kind === 'missing') return sendNotFound(req, res);
    try {
      await sendFile(req, res, found.file, {
        status: 200,
        cacheControl: cacheControlOf(pathname),
        name: found.name,
        memory,
      });
    } finally {
      await closeAll([found.file]);
    }
  };

  const attempt = async (req: IncomingMessage, res: ServerResponse) => {
    for (let tries = 1; ; tries++) {
      try {
        return await answer(req, res);
      } catch (err) {
        if (!(err instanceof FileChangedError) || tries >= ATTEMPTS || res.headersSent) throw err;
        resetResponse(res);
      }
    }
  };

  return (req, res) => {
    attempt(req, res).catch((err: unknown) => {
      log(`dfdocs serve: ${req.method} ${req.url} failed: ${(err as Error)?.stack ?? String(err)}`);
      if (res.headersSent) return void res.destroy();
      resetResponse(res);
      sendText(req, res, 500, 'Internal Server Error');
    });
  };
}
