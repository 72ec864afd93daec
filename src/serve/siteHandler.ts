import type { IncomingMessage, ServerResponse } from 'node:http';
import { readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import sirv from 'sirv';
import { lookup } from 'mrmime';
import { normaliseBaseUrl } from '../render/config/loadConfig';
import { checkRequestPath } from './requestPath';
import { cacheControlOf } from './cachePolicy';
import { createOnTheFlyCompression } from './onTheFly';

export interface SiteHandlerOptions {
  /** The built folder. */
  dir: string;
  /** Serve the site under this path (e.g. `/sub/`), as it was built with `--base-url`. */
  baseUrl?: string;
}

export type SiteHandler = (req: IncomingMessage, res: ServerResponse) => void;

/** Text types get an explicit charset (sirv adds one to HTML only). */
function contentTypeOf(pathname: string): string | undefined {
  const type = lookup(pathname);
  if (!type) return undefined;
  return /^text\/|\/(javascript|json|xml)$|\+xml$/.test(type)
    ? `${type}; charset=utf-8`
    : undefined;
}

/** The content type of a served file, as sirv labels it (HTML) or as above. */
const fileTypeOf = (name: string): string | undefined =>
  name.endsWith('.html') ? 'text/html;charset=utf-8' : contentTypeOf(name);

/** sirv's lookup table for a folder, plus the 404 page; rebuilt when the folder is replaced. */
function loadFolder(dir: string) {
  let notFound: Buffer;
  try {
    notFound = readFileSync(join(dir, '404.html'));
  } catch {
    notFound = Buffer.from('<!DOCTYPE html><title>Not Found</title><h1>Not Found</h1>');
  }
  // Not sirv's dev mode: the file table is read once, so a request can only ever reach
  // a file listed in it, whatever the path says.
  const serve = sirv(dir, {
    dev: false,
    etag: true,
    gzip: true,
    brotli: true,
    extensions: ['html'],
  });
  return { serve, compressed: createOnTheFlyCompression(dir), notFound, ino: inodeOf(dir) };
}

function inodeOf(dir: string): number {
  try {
    return statSync(dir).ino;
  } catch {
    return -1;
  }
}

/**
 * The production preview handler (`dfdocs serve`): sirv with clean URLs
 * (`/docs/intro` → `docs/intro/index.html`), brotli or gzip (the build's `.br`/`.gz`
 * twins with `--precompress`, else compressed on the first request and kept in memory),
 * immutable caching for content-hashed assets and revalidation for everything else,
 * `404.html` with status 404, base-URL sub-path serving, and hostile paths refused
 * with 400 before any file lookup.
 *
 * `dfdocs build` swaps the whole output folder on success, so the handler notices a
 * new folder (its inode changes) and reloads its file table rather than serving stale
 * sizes or vanished files.
 */
export function createSiteHandler(options: SiteHandlerOptions): SiteHandler {
  const dir = resolve(options.dir);
  const base = options.baseUrl ? normaliseBaseUrl(options.baseUrl) : '/';
  let folder = loadFolder(dir);
  let checkedAt = Date.now();
  const current = () => {
    const now = Date.now();
    if (now - checkedAt > 200) {
      checkedAt = now;
      if (inodeOf(dir) !== folder.ino) folder = loadFolder(dir);
    }
    return folder;
  };

  const send404 = (req: IncomingMessage, res: ServerResponse, body: Buffer) => {
    res.statusCode = 404;
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.setHeader('Cache-Control', 'no-cache');
    res.setHeader('Content-Length', body.length);
    res.end(req.method === 'HEAD' ? undefined : body);
  };
  const sendStatus = (res: ServerResponse, status: number, text: string) => {
    res.statusCode = status;
    res.setHeader('Content-Type', 'text/plain; charset=utf-8');
    res.setHeader('Cache-Control', 'no-store');
    res.end(text + '\n');
  };

  return (req, res) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.setHeader('Allow', 'GET, HEAD');
      return sendStatus(res, 405, 'Method Not Allowed');
    }
    const checked = checkRequestPath(req.url ?? '');
    if (!checked.ok) return sendStatus(res, 400, 'Bad Request');
    const { notFound, serve, compressed } = current();
    let pathname = checked.pathname;
    if (base !== '/') {
      if (pathname === '/' || pathname === base.slice(0, -1)) {
        res.statusCode = pathname === '/' ? 302 : 301;
        res.setHeader('Location', base + checked.search);
        return res.end();
      }
      if (!pathname.startsWith(base)) return send404(req, res, notFound);
      pathname = '/' + pathname.slice(base.length);
    }
    req.url = pathname + checked.search;
    res.setHeader('Cache-Control', cacheControlOf(pathname));
    const type = contentTypeOf(pathname);
    if (type) res.setHeader('Content-Type', type);
    const viaSirv = () =>
      serve(req, res, () => {
        res.removeHeader('Content-Type');
        send404(req, res, notFound);
      });
    compressed(req, res, pathname, fileTypeOf).then((answered) => answered || viaSirv(), viaSirv);
  };
}
