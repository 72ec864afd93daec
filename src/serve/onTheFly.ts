import type { IncomingMessage, ServerResponse } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { join, normalize, sep } from 'node:path';
import { promisify } from 'node:util';
import { gzip, brotliCompress, constants } from 'node:zlib';
import { isCompressible } from '../render/output/compress';

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

type Encoding = 'br' | 'gzip';

/** Compressed bytes kept in memory across requests, at most (oldest dropped first). */
const MAX_CACHED_BYTES = 64 * 1024 * 1024;

/** The encoding to answer with, as sirv chooses it: brotli first, then gzip. */
function chosenEncoding(accept: string | undefined): Encoding | undefined {
  if (!accept) return undefined;
  if (/(br|brotli)/i.test(accept)) return 'br';
  return accept.includes('gzip') ? 'gzip' : undefined;
}

/** The files a clean URL may name, in sirv's order for `extensions: ['html']`. */
function candidates(pathname: string): string[] {
  const uri = pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
  return uri
    ? [uri, `${uri}/index`, `${uri}.html`, `${uri}/index.html`]
    : ['/index', '/index.html'];
}

interface Compressed {
  body: Buffer;
  mtime: Date;
  /** The file it was read from, relative to the folder (for its content type). */
  name: string;
}

/** Paths remembered (answers and misses alike) before the memory starts over, so odd paths cannot grow it without end. */
const MAX_PATHS = 50_000;

/**
 * Compression at request time, for a folder built without `--precompress` (the default:
 * most hosts compress at their edge, and compressing every page at build time was a
 * fifth of a cold build). The first request for a path in an encoding compresses its
 * file; later ones get the same bytes from memory, with a weak ETag of their own,
 * `Vary: Accept-Encoding` and 304s for a matching `If-None-Match`. Files the build did
 * precompress (a `.br`/`.gz` twin beside them) are left to sirv. One instance serves one
 * built folder: the handler makes a new one when a build replaces the folder.
 */
export function createOnTheFlyCompression(dir: string) {
  const root = dir.endsWith(sep) ? dir : dir + sep;
  const answers = new Map<string, Promise<Compressed | undefined>>();
  let cachedBytes = 0;
  const byAge: { key: string; bytes: number }[] = [];

  const compressFile = async (
    pathname: string,
    encoding: Encoding,
  ): Promise<Compressed | undefined> => {
    // sirv serves no dotfile and nothing in a dot-folder (but `.well-known`): nor does this.
    if (/\/\.(?!well-known\/)/.test(pathname)) return undefined;
    for (const name of candidates(pathname)) {
      const abs = normalize(join(root, name));
      if (!abs.startsWith(root)) return undefined;
      const info = await stat(abs).catch(() => undefined);
      if (!info?.isFile()) continue;
      if (!isCompressible(name, info.size) || existsSync(abs + (encoding === 'br' ? '.br' : '.gz')))
        return undefined;
      const data = await readFile(abs);
      const body =
        encoding === 'br'
          ? await brotliAsync(data, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: 5,
                [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
                [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
              },
            })
          : await gzipAsync(data, { level: 6 });
      return body.length < data.length ? { body, mtime: info.mtime, name } : undefined;
    }
    return undefined;
  };

  const lookup = (pathname: string, encoding: Encoding): Promise<Compressed | undefined> => {
    const key = `${encoding} ${pathname}`;
    let answer = answers.get(key);
    if (answer) return answer;
    if (answers.size >= MAX_PATHS) {
      answers.clear();
      byAge.length = 0;
      cachedBytes = 0;
    }
    answer = compressFile(pathname, encoding);
    answers.set(key, answer);
    answer.then(
      (found) => {
        if (!found || answers.get(key) !== answer) return;
        cachedBytes += found.body.length;
        byAge.push({ key, bytes: found.body.length });
        while (cachedBytes > MAX_CACHED_BYTES && byAge.length) {
          const old = byAge.shift()!;
          answers.delete(old.key);
          cachedBytes -= old.bytes;
        }
      },
      () => answers.delete(key), // a read error: try again next time
    );
    return answer;
  };

  /**
   * Answers the request with compressed bytes and returns true, or returns false for
   * sirv to answer (no accepted encoding, no such file, not worth compressing, a twin on
   * disk). `Cache-Control` is set by the caller beforehand; `typeOf` gives the file's content type.
   */
  return async function serveCompressed(
    req: IncomingMessage,
    res: ServerResponse,
    pathname: string,
    typeOf: (name: string) => string | undefined,
  ): Promise<boolean> {
    const encoding = chosenEncoding(req.headers['accept-encoding']);
    if (!encoding) return false;
    const found = await lookup(pathname, encoding).catch(() => undefined);
    if (!found) return false;
    const etag = `W/"${found.body.length}-${found.mtime.getTime()}"`;
    res.setHeader('Vary', 'Accept-Encoding');
    res.setHeader('ETag', etag);
    res.setHeader('Last-Modified', found.mtime.toUTCString());
    if (req.headers['if-none-match'] === etag) {
      res.statusCode = 304;
      res.end();
      return true;
    }
    res.statusCode = 200;
    const type = typeOf(found.name);
    if (type) res.setHeader('Content-Type', type);
    res.setHeader('Content-Encoding', encoding);
    res.setHeader('Content-Length', found.body.length);
    res.end(req.method === 'HEAD' ? undefined : found.body);
    return true;
  };
}
