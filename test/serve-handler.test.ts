import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { request } from 'node:http';
import { connect } from 'node:net';
import { createServer, type Server } from 'node:http';
import {
  mkdirSync,
  mkdtempSync,
  writeFileSync,
  readdirSync,
  readFileSync,
  statSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { AddressInfo } from 'node:net';
import { buildSite, fixture, serveDir, removeDir, type RunningServer } from './helpers/site';
import { listen, ListenError } from '../src/serve/listen';
import { main } from '../src/cli/main';

const SECRET = `TOP-SECRET-${process.pid}-${Date.now()}`;
let parent: string;
let outDir: string;
let subOutDir: string;
let server: RunningServer;
let subServer: RunningServer;

interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A GET through node:http, which sends the path as given (no normalising of `..`) and leaves the body encoded. */
function get(
  base: string,
  path: string,
  headers: Record<string, string> = {},
  method = 'GET',
): Promise<RawResponse> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const req = request({ host: url.hostname, port: url.port, path, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/**
 * A request line written byte for byte on a socket, for targets node:http refuses to send
 * (NUL, backslashes, absolute-form). `text` is the head and the body, decompressed when
 * the answer is compressed (so a secret cannot hide in compressed bytes).
 */
function rawGet(
  base: string,
  target: string,
  extraHeaders = '',
): Promise<{ status: number; text: string }> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(url.port), url.hostname, () => {
      socket.write(
        `GET ${target} HTTP/1.1\r\nHost: ${url.host}\r\n${extraHeaders}Connection: close\r\n\r\n`,
      );
    });
    const chunks: Buffer[] = [];
    socket.on('data', (c) => chunks.push(c));
    socket.on('end', () => {
      const raw = Buffer.concat(chunks);
      const split = raw.indexOf('\r\n\r\n');
      const head = raw.subarray(0, split).toString('latin1');
      let body = raw.subarray(split + 4);
      const coding = /^content-encoding: *(\S+)/im.exec(head)?.[1];
      if (coding === 'br') body = brotliDecompressSync(body);
      else if (coding === 'gzip') body = gunzipSync(body);
      else assert.equal(coding, undefined);
      resolve({
        status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0),
        text: head + '\r\n\r\n' + body.toString('latin1'),
      });
    });
    socket.on('error', reject);
  });
}

before(async () => {
  parent = mkdtempSync(join(tmpdir(), 'dfdocs-serve-'));
  outDir = join(parent, 'site');
  subOutDir = join(parent, 'sub-site');
  // A file beside the served folder (and a dotfile inside it) that must never be served.
  writeFileSync(join(parent, 'secret.txt'), SECRET);
  // No page cache: these two builds of one site differ only in the base URL.
  await buildSite(fixture('dev-site'), { outDir, cache: false });
  await buildSite(fixture('dev-site'), {
    outDir: subOutDir,
    baseUrl: '/sub/',
    cache: false,
    precompress: true,
  });
  writeFileSync(join(outDir, '.env'), SECRET);
  // Dotfiles of kinds that are compressed (over 1 KB of JSON): never served, compressed or not.
  mkdirSync(join(outDir, '.private'));
  writeFileSync(
    join(outDir, '.private', 'notes.json'),
    JSON.stringify({ secret: SECRET, pad: 'x'.repeat(4000) }),
  );
  writeFileSync(
    join(outDir, '.secret.json'),
    JSON.stringify({ secret: SECRET, pad: 'x'.repeat(4000) }),
  );
  server = await serveDir(outDir);
  subServer = await serveDir(subOutDir, '/sub/');
});

after(async () => {
  await server?.close();
  await subServer?.close();
  removeDir(parent);
});

test('clean URLs serve the route folder index.html, with and without the trailing slash', async () => {
  for (const path of [
    '/',
    '/docs/intro',
    '/docs/intro/',
    '/docs/guide/first-steps',
    '/docs/intro?x=1',
  ]) {
    const res = await get(server.url, path);
    assert.equal(res.status, 200, path);
    assert.equal(res.headers['content-type'], 'text/html; charset=utf-8', path);
  }
  const intro = await get(server.url, '/docs/intro');
  assert.match(intro.body.toString(), /<h1[^>]*>Introduction<\/h1>/);
});

test('unknown paths answer 404.html with status 404', async () => {
  for (const path of ['/nope', '/docs/nope/', '/assets/missing.ABCDEFGH.js']) {
    const res = await get(server.url, path);
    assert.equal(res.status, 404, path);
    assert.equal(res.headers['content-type'], 'text/html; charset=utf-8');
    assert.equal(res.body.toString(), readFileSync(join(outDir, '404.html'), 'utf8'));
  }
  const head = await get(server.url, '/nope', {}, 'HEAD');
  assert.equal(head.status, 404);
  assert.equal(head.body.length, 0);
});

test('by default the build writes no compressed twins and serve compresses on the fly: brotli or gzip as accepted, kept for the next request', async () => {
  assert.deepEqual(readdirSync(join(outDir, 'docs', 'intro')), ['index.html']);
  const plain = await get(server.url, '/docs/intro');
  assert.equal(plain.headers['content-encoding'], undefined);
  const br = await get(server.url, '/docs/intro', { 'Accept-Encoding': 'gzip, deflate, br' });
  assert.equal(br.headers['content-encoding'], 'br');
  assert.equal(br.headers['vary'], 'Accept-Encoding');
  assert.equal(br.headers['content-type'], 'text/html; charset=utf-8');
  assert.equal(Number(br.headers['content-length']), br.body.length);
  assert.ok(br.body.length < plain.body.length / 2, 'really compressed');
  assert.deepEqual(brotliDecompressSync(br.body), plain.body);
  const again = await get(server.url, '/docs/intro/', { 'Accept-Encoding': 'br' });
  assert.deepEqual(
    brotliDecompressSync(again.body),
    plain.body,
    'the trailing-slash form names the same file',
  );
  const gz = await get(server.url, '/docs/intro', { 'Accept-Encoding': 'gzip' });
  assert.equal(gz.headers['content-encoding'], 'gzip');
  assert.deepEqual(gunzipSync(gz.body), plain.body);
  // Each encoding has its own ETag, and a matching If-None-Match gets a 304.
  const etag = br.headers['etag'] as string;
  assert.ok(
    etag && etag !== gz.headers['etag'] && etag !== plain.headers['etag'],
    `${etag} / ${gz.headers['etag']} / ${plain.headers['etag']}`,
  );
  const notModified = await get(server.url, '/docs/intro', {
    'Accept-Encoding': 'br',
    'If-None-Match': etag,
  });
  assert.equal(notModified.status, 304);
  assert.equal(notModified.body.length, 0);
  const head = await get(server.url, '/docs/intro', { 'Accept-Encoding': 'br' }, 'HEAD');
  assert.equal(head.status, 200);
  assert.equal(Number(head.headers['content-length']), br.body.length);
  assert.equal(head.body.length, 0);
  const manifest = JSON.parse(readFileSync(join(outDir, 'route-manifest.json'), 'utf8')) as {
    routes: Record<string, unknown>;
  };
  assert.ok(Object.keys(manifest.routes).length >= 5);
  // The biggest script (the entry itself may be a few bytes that import the first-load chunk).
  const scripts = readdirSync(join(outDir, 'assets'), { recursive: true })
    .map(String)
    .filter((n) => n.endsWith('.js'));
  const js = scripts.sort(
    (a, b) => statSync(join(outDir, 'assets', b)).size - statSync(join(outDir, 'assets', a)).size,
  )[0]!;
  const jsBr = await get(server.url, '/assets/' + js, { 'Accept-Encoding': 'br' });
  assert.equal(jsBr.headers['content-encoding'], 'br');
  assert.equal(jsBr.headers['content-type'], 'text/javascript; charset=utf-8');
  assert.deepEqual(brotliDecompressSync(jsBr.body), readFileSync(join(outDir, 'assets', js)));
  // Files too small to gain from it go as they are.
  assert.ok(statSync(join(outDir, 'robots.txt')).size < 1024);
  const robots = await get(server.url, '/robots.txt', { 'Accept-Encoding': 'br, gzip' });
  assert.equal(robots.headers['content-encoding'], undefined);
  assert.deepEqual(robots.body, readFileSync(join(outDir, 'robots.txt')));
  // A missing file is still the 404 page.
  assert.equal((await get(server.url, '/docs/nope', { 'Accept-Encoding': 'br' })).status, 404);
});

test('a --precompress build writes .br and .gz twins, and serve sends those files', async () => {
  assert.deepEqual(readdirSync(join(subOutDir, 'docs', 'intro')).sort(), [
    'index.html',
    'index.html.br',
    'index.html.gz',
  ]);
  const br = await get(subServer.url, '/sub/docs/intro', { 'Accept-Encoding': 'br' });
  assert.equal(br.headers['content-encoding'], 'br');
  assert.deepEqual(
    br.body,
    readFileSync(join(subOutDir, 'docs', 'intro', 'index.html.br')),
    'the twin, byte for byte',
  );
  const gz = await get(subServer.url, '/sub/docs/intro', { 'Accept-Encoding': 'gzip' });
  assert.deepEqual(gz.body, readFileSync(join(subOutDir, 'docs', 'intro', 'index.html.gz')));
});

test('content-hashed assets are immutable; HTML and content files revalidate with an ETag', async () => {
  const assets = readdirSync(join(outDir, 'assets'));
  const js = assets.find((n) => /^client\.[A-Z0-9]{8}\.js$/.test(n));
  const css = assets.find((n) => /^styles\.[A-Z0-9]{8}\.css$/.test(n));
  assert.ok(js && css, 'hashed client and stylesheet');
  for (const name of [js, css]) {
    const res = await get(server.url, '/assets/' + name);
    assert.equal(res.status, 200);
    assert.equal(res.headers['cache-control'], 'public, max-age=31536000, immutable', name);
  }
  for (const path of [
    '/docs/intro',
    '/',
    '/assets/data/docs/intro.json',
    '/route-manifest.json',
    '/hello.txt',
  ]) {
    const res = await get(server.url, path);
    assert.equal(res.status, 200, path);
    assert.equal(res.headers['cache-control'], 'public, max-age=0, must-revalidate', path);
    const etag = res.headers['etag'] as string;
    assert.ok(etag, `${path} has an ETag`);
    const again = await get(server.url, path, { 'If-None-Match': etag });
    assert.equal(again.status, 304, path);
    assert.equal(again.body.length, 0);
  }
});

test('content types are right for each kind of file', async () => {
  const assets = readdirSync(join(outDir, 'assets'));
  const expected: Record<string, string> = {
    '/docs/intro': 'text/html; charset=utf-8',
    ['/assets/' + assets.find((n) => n.endsWith('.css'))]: 'text/css; charset=utf-8',
    ['/assets/' + assets.find((n) => n.endsWith('.js'))]: 'text/javascript; charset=utf-8',
    '/assets/data/docs/intro.json': 'application/json; charset=utf-8',
    '/sitemap.xml': 'text/xml; charset=utf-8',
    '/robots.txt': 'text/plain; charset=utf-8',
    '/hello.txt': 'text/plain; charset=utf-8',
  };
  for (const [path, type] of Object.entries(expected)) {
    const res = await get(server.url, path, { 'Accept-Encoding': 'br, gzip' });
    assert.equal(res.status, 200, path);
    assert.equal(res.headers['content-type'], type, path);
  }
});

test('--base-url serves the site under its sub-path only', async () => {
  const page = await get(subServer.url, '/sub/docs/intro');
  assert.equal(page.status, 200);
  assert.match(page.body.toString(), /href="\/sub\/assets\/styles\.[A-Z0-9]{8}\.css"/);
  const css = /href="(\/sub\/assets\/styles\.[A-Z0-9]{8}\.css)"/.exec(page.body.toString())![1]!;
  assert.equal((await get(subServer.url, css)).status, 200);
  assert.equal((await get(subServer.url, '/sub/')).status, 200);
  const bare = await get(subServer.url, '/sub');
  assert.equal(bare.status, 301);
  assert.equal(bare.headers.location, '/sub/');
  const root = await get(subServer.url, '/');
  assert.equal(root.status, 302);
  assert.equal(root.headers.location, '/sub/');
  const outside = await get(subServer.url, '/docs/intro');
  assert.equal(outside.status, 404);
  assert.match(outside.body.toString(), /Page Not Found/);
});

test('hostile paths answer 400 or 404 and never a file outside the folder (or a dotfile)', async () => {
  const hostile = [
    '/../secret.txt',
    '/docs/../../secret.txt',
    '/%2e%2e/secret.txt',
    '/%2E%2E%2Fsecret.txt',
    '/docs/%2e%2e/%2e%2e/secret.txt',
    '/%252e%252e/secret.txt',
    '/%252e%252e%252fsecret.txt',
    '/..%5csecret.txt',
    '/..\\secret.txt',
    '/\\..\\secret.txt',
    `//${join(parent, 'secret.txt').replace(/^\//, '')}`,
    join(parent, 'secret.txt'),
    `/${encodeURIComponent(join(parent, 'secret.txt'))}`,
    '/secret.txt%00.html',
    '/docs/intro%00/../../secret.txt',
    '/%c0%ae%c0%ae/secret.txt',
    '/%',
    '/.env',
    '/%2eenv',
    '/.private/notes.json',
    '/.private/notes',
    '/%2eprivate/notes.json',
    '/.secret.json',
    '/.secret',
    `http://127.0.0.1/../secret.txt`,
    '/sub/../../secret.txt',
  ];
  assert.ok(hostile.length >= 10);
  for (const target of hostile) {
    for (const encoding of ['', 'Accept-Encoding: br, gzip\r\n', 'Accept-Encoding: gzip\r\n']) {
      const res = await rawGet(server.url, target, encoding);
      assert.ok(
        res.status === 400 || res.status === 404,
        `${target} ${encoding.trim()} → ${res.status}`,
      );
      assert.ok(!res.text.includes(SECRET), `${target} ${encoding.trim()} leaked the secret`);
    }
  }
  for (const target of ['/../secret.txt', '/%2e%2e/secret.txt', '/..%5csecret.txt']) {
    const res = await rawGet(subServer.url, '/sub' + target);
    assert.ok(res.status === 400 || res.status === 404, `/sub${target} → ${res.status}`);
    assert.ok(!res.text.includes(SECRET));
  }
});

test('only GET and HEAD are allowed', async () => {
  const res = await get(server.url, '/docs/intro', {}, 'POST');
  assert.equal(res.status, 405);
  assert.equal(res.headers.allow, 'GET, HEAD');
});

test('a port in use fails with a clear error naming a free port; PORT in the environment sets the port', async () => {
  const busy: Server = createServer();
  await new Promise<void>((r) => busy.listen(0, '127.0.0.1', r));
  const port = (busy.address() as AddressInfo).port;
  try {
    await assert.rejects(listen(createServer(), { port, host: '127.0.0.1' }), (err: unknown) => {
      assert.ok(err instanceof ListenError);
      assert.equal(err.message, `port ${port} on 127.0.0.1 is already in use`);
      assert.match(err.hint, /--port \d+ \(free now\)/);
      return true;
    });
    const written: string[] = [];
    const original = process.stderr.write.bind(process.stderr);
    process.stderr.write = ((chunk: string) => (
      written.push(String(chunk)),
      true
    )) as typeof process.stderr.write;
    process.env.PORT = String(port);
    let code: number;
    try {
      code = await main(['node', 'dfdocs', 'serve', '--root', parent, '--dir', 'site']);
    } finally {
      process.stderr.write = original;
      delete process.env.PORT;
    }
    assert.equal(code, 1);
    assert.match(
      written.join(''),
      new RegExp(
        `error: port ${port} on 127\\.0\\.0\\.1 is already in use — stop the other server, or use another port: --port \\d+`,
      ),
    );
  } finally {
    await new Promise((r) => busy.close(r));
  }
});
