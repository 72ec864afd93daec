import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { mkdirSync, rmSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import type { AddressInfo } from 'node:net';
import { packageRoot } from '../render/bundle/bundleClient';
import { checkRequestPath } from '../serve/requestPath';
import { listen, localUrl } from '../serve/listen';
import { createFolderFiles } from '../serve/folderFiles';
import { isAllowedHost, type AllowedHosts } from './allowedHosts';
import { DevSite, type DevSiteOptions } from './devSite';
import { LiveChannel } from './liveChannel';
import { bundleDevClient } from './clientAssets';
import { configuredPaths, watchSite, type FileChange, type SiteWatcher } from './watcher';
import { DEV_CLIENT, DEV_EVENTS, DEV_PREFIX } from './protocol';
import { errorDocument, withDevClient } from './devHtml';
import { DEFAULT_FAVICON_FILE, DEFAULT_FAVICON_SVG } from '../render/output/defaultFavicon';
import { devWatchesPackage } from '../render/tuning';

export interface DevServerOptions {
  root: string;
  port: number;
  host: string;
  /** Host names answered besides localhost, IP literals and `host` (`--allowed-hosts`); `all` for any. */
  allowedHosts?: AllowedHosts;
  /** Watch the files (default true). Tests may apply changes by hand with `change()`. */
  watch?: boolean;
  /**
   * Also watch dfdocs's own templates, client and render code. Default: when the site is
   * dfdocs's own (this repository's docs), or with DFDOCS_DEV_WATCH_PACKAGE=1; for any
   * other site they are installed code, and edits to them elsewhere must not reload it.
   */
  watchPackage?: boolean;
  /** Lines worth telling the writer (updates, problems). */
  log?: (line: string) => void;
  /** How the API reference is loaded (see `DevSiteOptions.loadApiReference`); tests hold it back. */
  loadApiReference?: DevSiteOptions['loadApiReference'];
}

export interface DevServer {
  /** The local URL, base URL included. */
  url: string;
  port: number;
  site: DevSite;
  /** Applies a change as if the watcher had seen it. */
  change: (change: FileChange) => void;
  /** Resolves once every change seen so far is applied and announced. */
  settled: () => Promise<void>;
  /** Resolves once chokidar has scanned the watched folders. */
  watching: Promise<void>;
  close: () => Promise<void>;
}

function sendBody(
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  type: string,
  body: string | Uint8Array,
): void {
  res.statusCode = status;
  res.setHeader('Content-Type', type);
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('Content-Length', typeof body === 'string' ? Buffer.byteLength(body) : body.length);
  res.end(req.method === 'HEAD' ? undefined : body);
}

/**
 * `dfdocs dev`: listens at once and renders each page when it is asked for, with the
 * build's own rendering code. Watches the site, applies changes in batches, and tells
 * the open pages over Server-Sent Events what to do (patch the body, reload, show or
 * clear the error overlay). Serves the site's static files, the client bundle, the
 * per-route content files and the route manifest, as the built site would.
 */
export async function startDevServer(options: DevServerOptions): Promise<DevServer> {
  // Stack traces of a throwing template point at its source, for the overlay.
  process.setSourceMapsEnabled(true);
  const root = resolve(options.root);
  const cacheDir = join(
    packageRoot(),
    'node_modules',
    '.cache',
    'dfdocs',
    `dev-${process.pid}-${Date.now().toString(36)}`,
  );
  mkdirSync(cacheDir, { recursive: true });
  const channel = new LiveChannel();
  let watcher: SiteWatcher | undefined;
  const site = new DevSite({
    root,
    cacheDir,
    send: (m) => channel.send(m),
    log: options.log,
    loadApiReference: options.loadApiReference,
    // A new config may name other files (stylesheets, components, plugins, the API entry).
    onConfig: (config) =>
      watcher?.configure({ ...configuredPaths(root, config), mdxInputs: site.mdxInputFiles() }),
    // The files MDX pages import (components outside docs/ and pages/) are watched too.
    onInputs: (files) =>
      watcher?.configure({ ...configuredPaths(root, site.config), mdxInputs: files }),
  });
  const devClient = bundleDevClient();
  devClient.catch(() => {});
  await site.start();

  // static/ and the bundles, by exact name, read from disk on every request.
  const sendFromFolder = createFolderFiles();
  const staticDir = join(root, 'static');

  const sendNotFound = async (req: IncomingMessage, res: ServerResponse) => {
    try {
      const nf = await site.notFound();
      sendBody(req, res, 404, 'text/html; charset=utf-8', withDevClient(nf.document));
    } catch {
      sendBody(req, res, 404, 'text/plain; charset=utf-8', 'Not Found\n');
    }
  };

  const renderPage = async (req: IncomingMessage, res: ServerResponse, route: string) => {
    try {
      const rendered = await site.render(route);
      if (!rendered) return sendNotFound(req, res);
      sendBody(
        req,
        res,
        200,
        'text/html; charset=utf-8',
        withDevClient(rendered.document, site.apiPending),
      );
    } catch {
      // The overlay (sent on connect) says why; show the last version that rendered under it.
      const last = site.lastGoodOf(route);
      if (last) sendBody(req, res, 200, 'text/html; charset=utf-8', withDevClient(last.document));
      else sendBody(req, res, 500, 'text/html; charset=utf-8', errorDocument(site.currentErrors()));
    }
  };

  const renderContentFile = async (req: IncomingMessage, res: ServerResponse, rest: string) => {
    const sidebar = /^_sidebars\/(.+)$/.exec(rest);
    if (sidebar) {
      const items = site.sidebars()[sidebar[1]!];
      return items
        ? sendBody(req, res, 200, 'application/json; charset=utf-8', JSON.stringify(items))
        : sendNotFound(req, res);
    }
    const route = rest === 'index' ? '/' : '/' + rest;
    try {
      const rendered = route === '/404' ? await site.notFound() : await site.render(route);
      if (!rendered) return sendNotFound(req, res);
      sendBody(
        req,
        res,
        200,
        'application/json; charset=utf-8',
        JSON.stringify({ page: rendered.page }),
      );
    } catch {
      sendBody(
        req,
        res,
        500,
        'application/json; charset=utf-8',
        JSON.stringify({ errors: site.currentErrors() }),
      );
    }
  };

  const allowedHosts = options.allowedHosts ?? [];
  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    if (!isAllowedHost(req.headers.host, options.host, allowedHosts)) {
      const name = req.headers.host ?? '';
      return sendBody(
        req,
        res,
        403,
        'text/plain; charset=utf-8',
        `Blocked request: the host "${name}" is not allowed (a guard against DNS rebinding).\n` +
          `If you mean to reach this dev server by that name, restart it with --allowed-hosts ${JSON.stringify(name.replace(/:\d*$/, ''))}.\n`,
      );
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.setHeader('Allow', 'GET, HEAD');
      return sendBody(req, res, 405, 'text/plain; charset=utf-8', 'Method Not Allowed\n');
    }
    const checked = checkRequestPath(req.url ?? '');
    if (!checked.ok) return sendBody(req, res, 400, 'text/plain; charset=utf-8', 'Bad Request\n');
    const { pathname } = checked;
    if (pathname === DEV_EVENTS)
      return channel.attach(req, res, [{ type: 'errors', errors: site.currentErrors() }], {
        apiPending: site.apiPending,
      });
    if (pathname === DEV_CLIENT)
      return sendBody(req, res, 200, 'text/javascript; charset=utf-8', await devClient);
    if (pathname.startsWith(DEV_PREFIX))
      return sendBody(req, res, 404, 'text/plain; charset=utf-8', 'Not Found\n');
    const base = site.baseUrl;
    let rest = pathname;
    if (base !== '/') {
      if (pathname === '/' || pathname === base.slice(0, -1)) {
        res.statusCode = 302;
        res.setHeader('Location', base + checked.search);
        return res.end();
      }
      if (!pathname.startsWith(base)) return sendNotFound(req, res);
      rest = '/' + pathname.slice(base.length);
      req.url = rest + checked.search;
    }
    // checkRequestPath has decoded it once already, so this cannot throw.
    const path = decodeURIComponent(rest);
    const data = /^\/assets\/data\/(.+)\.json$/.exec(path);
    if (data) return renderContentFile(req, res, data[1]!);
    if (path === '/route-manifest.json') {
      // The React pages' titles are in it: once they are loaded.
      await site.whenReady().catch(() => {});
      return sendBody(
        req,
        res,
        200,
        'application/json; charset=utf-8',
        JSON.stringify(site.manifest()),
      );
    }
    if (path === '/' + DEFAULT_FAVICON_FILE && !site.config.favicon)
      return sendBody(req, res, 200, 'image/svg+xml', DEFAULT_FAVICON_SVG);
    if (path.startsWith('/assets/files/')) {
      // A file beside the markdown, under the hashed name its page gave it.
      const file = site.assetFile(path.slice(1));
      if (file && (await sendFromFolder(req, res, dirname(file), basename(file), 'no-cache')))
        return;
      return sendNotFound(req, res);
    }
    if (path.startsWith('/assets/search-')) {
      const file = await site.searchFile(path.slice(1));
      return file === undefined
        ? sendNotFound(req, res)
        : sendBody(req, res, 200, 'application/json; charset=utf-8', file);
    }
    if (await sendFromFolder(req, res, staticDir, path, 'no-cache')) return;
    const assetsDir = site.assetsDir;
    if (assetsDir && (await sendFromFolder(req, res, assetsDir, path, 'no-cache'))) return;
    if (path.startsWith('/assets/')) return sendNotFound(req, res);
    const route = path.replace(/\/index\.html$/, '/').replace(/\.html$/, '');
    return renderPage(req, res, route);
  };

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((err) => {
      options.log?.(`dev: request ${req.url} failed: ${(err as Error)?.stack ?? err}`);
      if (!res.headersSent)
        sendBody(req, res, 500, 'text/plain; charset=utf-8', 'Internal error\n');
      else res.destroy();
    });
  });
  try {
    await listen(server, { port: options.port, host: options.host });
  } catch (err) {
    channel.close();
    await site.close();
    rmSync(cacheDir, { recursive: true, force: true });
    throw err;
  }
  const port = (server.address() as AddressInfo).port;

  let watching: Promise<void> = Promise.resolve();
  let closing = false;
  if (options.watch !== false) {
    const watchPackage = options.watchPackage ?? (root === packageRoot() || devWatchesPackage());
    // Once the first pages can render: the watcher's first scan (a stat of every file
    // watched) would compete with them for the thread.
    watching = site
      .whenReady()
      .catch(() => {})
      .then(() => {
        if (closing) return;
        watcher = watchSite(
          root,
          watchPackage ? packageRoot() : undefined,
          { ...configuredPaths(root, site.config), mdxInputs: site.mdxInputFiles() },
          (c) => site.enqueue(c),
        );
        return watcher.ready;
      });
  }

  return {
    url: localUrl(options.host, port, site.baseUrl),
    port,
    site,
    change: (c) => site.enqueue(c),
    settled: () => site.settled(),
    watching,
    close: async () => {
      closing = true;
      await watcher?.close();
      channel.close();
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
      await site.close();
      rmSync(cacheDir, { recursive: true, force: true });
    },
  };
}
