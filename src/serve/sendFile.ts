import type { IncomingMessage, ServerResponse } from 'node:http';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { isCompressible } from '../render/output/compress';
import { acceptedCodings, type Coding } from './acceptEncoding';
import { byteRangeOf } from './byteRange';
import type { CompressedMemory } from './compressedMemory';
import { contentTypeOf } from './contentType';
import { closeAll, openRegularFile, readWhole, streamOf, type OpenFile } from './openFile';
import { etagOf, ifRangeHolds, isNotModified, lastModifiedOf } from './validators';

export interface SendFileOptions {
  /** 200 for a file asked for; 404 for the not-found page (no validators, no ranges). */
  status: 200 | 404;
  cacheControl: string;
  /** The file's name in the folder: its content type, and whether compressing it pays. */
  name: string;
  memory: CompressedMemory;
}

/** The bytes chosen for a response: from a file (identity or a `.br`/`.gz` twin) or from memory. */
type Body = { file: OpenFile } | { bytes: Buffer };

const TWIN: Record<'br' | 'gzip', string> = { br: '.br', gzip: '.gz' };

/** Files up to this size are read in one go and sent as one buffer; larger ones stream. */
const READ_WHOLE_BYTES = 128 * 1024;

/**
 * Ends the stream with an error when it carried fewer bytes than announced (the file
 * shrank while it was read): the response is then cut off, not padded or left short
 * on a connection the client would reuse.
 */
function exactly(length: number): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      seen += chunk.length;
      done(null, chunk);
    },
    flush(done) {
      done(seen === length ? null : new Error(`sent ${seen} of ${length} bytes`));
    },
  });
}

/** The coding for this response, or undefined when the client accepts none (406). */
function chooseCoding(req: IncomingMessage, name: string, size: number): Coding | undefined {
  const accepted = acceptedCodings(req.headers['accept-encoding']);
  // Images, fonts and tiny files gain nothing from compression: as they are, when allowed.
  if (!isCompressible(name, size) && accepted.includes('identity')) return 'identity';
  return accepted[0];
}

/**
 * Answers a request with a file: the content coding the client prefers (a `.br`/`.gz`
 * twin on disk when the build wrote one, else compressed now and kept in `memory` while
 * the file stays the same), `ETag`/`Last-Modified` with 304s, and one byte range (206,
 * or 416 with `Content-Range: bytes *\/N`). `Content-Length` is always the length of
 * the bytes sent: sizes come from the open descriptor, and a file that shrinks while it
 * streams cuts the connection rather than send fewer bytes than announced. `file` stays
 * the caller's to close; a twin opened here is closed here.
 */
export async function sendFile(
  req: IncomingMessage,
  res: ServerResponse,
  file: OpenFile,
  options: SendFileOptions,
): Promise<void> {
  const coding = chooseCoding(req, options.name, file.size);
  res.setHeader('Vary', 'Accept-Encoding');
  res.setHeader('Cache-Control', options.cacheControl);
  if (coding === undefined) {
    const text = 'Not Acceptable: Accept-Encoding refuses every coding this file has\n';
    res.writeHead(406, {
      'Content-Type': 'text/plain; charset=utf-8',
      'Content-Length': Buffer.byteLength(text),
    });
    res.end(req.method === 'HEAD' ? undefined : text);
    return;
  }
  let twin: OpenFile | undefined;
  try {
    let body: Body = { file };
    let stamp = file.stamp;
    if (coding !== 'identity') {
      twin = await openRegularFile(file.abs + TWIN[coding]);
      if (twin) {
        body = { file: twin };
        stamp = twin.stamp;
      } else body = { bytes: await options.memory.get(file, coding) };
      res.setHeader('Content-Encoding', coding);
    }
    const size = 'bytes' in body ? body.bytes.length : body.file.size;
    res.setHeader('Content-Type', contentTypeOf(options.name));

    let start = 0;
    let end = size - 1;
    if (options.status === 200) {
      const etag = etagOf(stamp, coding);
      const lastModified = lastModifiedOf(file.stamp);
      res.setHeader('ETag', etag);
      res.setHeader('Last-Modified', lastModified.toUTCString());
      res.setHeader('Accept-Ranges', 'bytes');
      if (isNotModified(req.headers, etag, lastModified)) {
        res.removeHeader('Content-Type');
        res.removeHeader('Content-Encoding');
        res.writeHead(304);
        res.end();
        return;
      }
      const range = ifRangeHolds(req.headers, etag, lastModified)
        ? byteRangeOf(req.headers.range, size)
        : ({ kind: 'whole' } as const);
      if (range.kind === 'unsatisfiable') {
        res.removeHeader('Content-Encoding');
        res.writeHead(416, {
          'Content-Range': `bytes */${size}`,
          'Content-Type': 'text/plain; charset=utf-8',
          'Content-Length': 0,
        });
        res.end();
        return;
      }
      if (range.kind === 'part') {
        ({ start, end } = range);
        res.statusCode = 206;
        res.setHeader('Content-Range', `bytes ${start}-${end}/${size}`);
      } else res.statusCode = 200;
    } else res.statusCode = options.status;

    const length = end - start + 1;
    res.setHeader('Content-Length', length);
    if (req.method === 'HEAD' || length === 0) {
      res.end();
      return;
    }
    if ('file' in body && body.file.size <= READ_WHOLE_BYTES)
      body = { bytes: await readWhole(body.file) };
    if ('bytes' in body) {
      res.end(body.bytes.subarray(start, end + 1));
      return;
    }
    try {
      await pipeline(streamOf(body.file, start, end), exactly(length), res);
    } catch (err) {
      // The client went away mid-body: nothing to answer, nothing wrong here.
      if ((err as NodeJS.ErrnoException).code === 'ERR_STREAM_PREMATURE_CLOSE' && req.destroyed)
        return;
      throw err;
    }
  } finally {
    await closeAll([twin]);
  }
}
