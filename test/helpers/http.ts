import { request, type Agent, type IncomingHttpHeaders } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';

export interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  /** The body as sent (still compressed, if it was). */
  body: Buffer;
}

/**
 * One request through node:http, which sends the path as given and leaves the body
 * encoded. Rejects when the server breaks HTTP framing (a body shorter or longer than
 * its Content-Length shows as a parse error or a timeout on a kept-alive connection).
 */
export function httpGet(
  base: string,
  path: string,
  headers: Record<string, string> = {},
  options: { method?: string; agent?: Agent; timeoutMs?: number } = {},
): Promise<Answer> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        path,
        method: options.method ?? 'GET',
        headers,
        agent: options.agent,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks),
          }),
        );
        res.on('error', reject);
        res.on('aborted', () => reject(new Error(`${path}: response aborted`)));
      },
    );
    req.setTimeout(options.timeoutMs ?? 10_000, () =>
      req.destroy(new Error(`${path}: no complete answer in time`)),
    );
    req.on('error', reject);
    req.end();
  });
}

/** The body with its content coding undone. */
export function decodedBody(answer: Answer): Buffer {
  const coding = answer.headers['content-encoding'];
  if (coding === 'br') return brotliDecompressSync(answer.body);
  if (coding === 'gzip') return gunzipSync(answer.body);
  if (coding !== undefined) throw new Error(`unexpected Content-Encoding ${coding}`);
  return answer.body;
}

/** The three ways clients ask: no coding, gzip only, brotli first. */
export const CLIENT_ENCODINGS: Record<string, Record<string, string>> = {
  identity: {},
  gzip: { 'Accept-Encoding': 'gzip' },
  br: { 'Accept-Encoding': 'br, gzip' },
};
