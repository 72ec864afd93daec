import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { chmodSync, readFileSync, truncateSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { copyFixture, removeDir } from './helpers/site';
import { runCliAsync, startCli, type CliServer } from './helpers/cliProcess';
import { CLIENT_ENCODINGS, decodedBody, httpGet, type Answer } from './helpers/http';

// `dfdocs serve` as its own process, asked what clients and tools really send: ranges,
// conditional requests, weighted codings, `.html` URLs. It answers each by the RFC and
// stays up whatever it is sent.

let site: string;
let dist: string;
let server: CliServer;
let subServer: CliServer;
/** 1,000 bytes that say where they are: byte i is the last digit of i. */
const DIGITS = Buffer.from(Array.from({ length: 1000 }, (_, i) => String(i % 10)).join(''));

before(async () => {
  site = copyFixture('dev-site');
  // The server in the last test runs as another user when these tests run as root.
  chmodSync(site, 0o755);
  dist = join(site, 'dist');
  const built = await runCliAsync(['build', '--root', site]);
  assert.equal(built.status, 0, built.stderr);
  writeFileSync(join(dist, 'digits.txt'), DIGITS);
  writeFileSync(join(dist, 'empty.txt'), '');
  [server, subServer] = await Promise.all([
    startCli(['serve', '--root', site, '--port', '0']),
    startCli(['serve', '--root', site, '--port', '0', '--base-url', '/sub/']),
  ]);
});

after(async () => {
  await Promise.all([server?.stop(), subServer?.stop()]);
  removeDir(site);
});

const get = (path: string, headers: Record<string, string> = {}, method = 'GET') =>
  httpGet(server.url, path, headers, { method });

function expectPart(answer: Answer, start: number, end: number, size: number, whole: Buffer) {
  assert.equal(answer.status, 206);
  assert.equal(answer.headers['content-range'], `bytes ${start}-${end}/${size}`);
  assert.equal(answer.headers['content-length'], String(end - start + 1));
  assert.deepEqual(answer.body, whole.subarray(start, end + 1));
}

test('the requests of issue 24 get their RFC 9110 answers, and the server stays up', async () => {
  const page = readFileSync(join(dist, 'docs', 'intro', 'index.html'));
  const unsatisfiable = await get('/docs/intro', { Range: 'bytes=100-50' });
  assert.equal(unsatisfiable.status, 416);
  assert.equal(unsatisfiable.headers['content-range'], `bytes */${page.length}`);
  assert.equal(unsatisfiable.body.length, 0);
  expectPart(
    await get('/docs/intro', { Range: 'bytes=-50' }),
    page.length - 50,
    page.length - 1,
    page.length,
    page,
  );
  const garbage = await get('/docs/intro', { Range: 'bytes=abc' });
  assert.equal(garbage.status, 200);
  assert.deepEqual(garbage.body, page);
  const first = await get('/docs/intro');
  const modified = await get('/docs/intro', {
    'If-Modified-Since': first.headers['last-modified']!,
  });
  assert.equal(modified.status, 304);
  const noBrotli = await get('/docs/intro', { 'Accept-Encoding': 'br;q=0, gzip' });
  assert.equal(noBrotli.headers['content-encoding'], 'gzip');
  assert.deepEqual(decodedBody(noBrotli), page);
  assert.equal((await get('/docs/intro')).status, 200);
  assert.ok(server.alive());
  assert.doesNotMatch(server.stderr(), /failed/);
});

test('byte ranges: one range 206, suffix, open end, unsatisfiable 416, garbage and several ignored', async () => {
  const range = (value: string, headers: Record<string, string> = {}, method = 'GET') =>
    get('/digits.txt', { Range: value, ...headers }, method);
  expectPart(await range('bytes=0-9'), 0, 9, 1000, DIGITS);
  expectPart(await range('bytes=-50'), 950, 999, 1000, DIGITS);
  expectPart(await range('bytes=-5000'), 0, 999, 1000, DIGITS);
  expectPart(await range('bytes=990-'), 990, 999, 1000, DIGITS);
  expectPart(await range('bytes=995-2000'), 995, 999, 1000, DIGITS);
  expectPart(await range('BYTES=5-5'), 5, 5, 1000, DIGITS);
  assert.equal((await range('bytes=0-9')).headers['accept-ranges'], 'bytes');
  for (const value of ['bytes=100-50', 'bytes=1000-', 'bytes=5000-6000', 'bytes=-0']) {
    const answer = await range(value);
    assert.equal(answer.status, 416, value);
    assert.equal(answer.headers['content-range'], 'bytes */1000', value);
  }
  for (const value of ['bytes=abc', 'bytes=', 'items=0-5', 'bytes=0-1,5-6', 'bytes=1-2-3']) {
    const answer = await range(value);
    assert.equal(answer.status, 200, value);
    assert.deepEqual(answer.body, DIGITS, value);
  }
  const head = await range('bytes=10-19', {}, 'HEAD');
  assert.equal(head.status, 206);
  assert.equal(head.headers['content-length'], '10');
  assert.equal(head.body.length, 0);
  const empty = await get('/empty.txt', { Range: 'bytes=0-0' });
  assert.equal(empty.status, 416);
  assert.equal(empty.headers['content-range'], 'bytes */0');
  assert.equal((await get('/no/such/file.txt', { Range: 'bytes=0-9' })).status, 404);
  assert.ok(server.alive());
});

test('a range of a compressed answer is a range of the compressed bytes; If-Range guards it', async () => {
  const whole = await get('/docs/intro', CLIENT_ENCODINGS.br);
  assert.equal(whole.headers['content-encoding'], 'br');
  const part = await get('/docs/intro', { ...CLIENT_ENCODINGS.br, Range: 'bytes=0-99' });
  assert.equal(part.headers['content-encoding'], 'br');
  expectPart(part, 0, 99, whole.body.length, whole.body);

  const etag = (await get('/digits.txt')).headers.etag!;
  const lastModified = (await get('/digits.txt')).headers['last-modified']!;
  expectPart(
    await get('/digits.txt', { Range: 'bytes=0-9', 'If-Range': etag }),
    0,
    9,
    1000,
    DIGITS,
  );
  expectPart(
    await get('/digits.txt', { Range: 'bytes=0-9', 'If-Range': lastModified }),
    0,
    9,
    1000,
    DIGITS,
  );
  for (const ifRange of ['"another-version"', 'Thu, 01 Jan 2015 00:00:00 GMT']) {
    const stale = await get('/digits.txt', { Range: 'bytes=0-9', 'If-Range': ifRange });
    assert.equal(stale.status, 200, ifRange);
    assert.deepEqual(stale.body, DIGITS);
  }
});

test('ETag and Last-Modified give 304s; If-None-Match wins over If-Modified-Since', async () => {
  const plain = await get('/docs/intro');
  const br = await get('/docs/intro', CLIENT_ENCODINGS.br);
  const etag = plain.headers.etag!;
  assert.match(etag, /^"[^"]+"$/, 'a strong tag');
  assert.notEqual(br.headers.etag, etag, 'each coding is a representation of its own');
  const lastModified = plain.headers['last-modified']!;
  assert.equal(lastModified, br.headers['last-modified']);

  const status = async (headers: Record<string, string>, encoding = CLIENT_ENCODINGS.identity) =>
    (await get('/docs/intro', { ...encoding, ...headers })).status;
  assert.equal(await status({ 'If-None-Match': etag }), 304);
  assert.equal(await status({ 'If-None-Match': `W/${etag}` }), 304, 'weak comparison');
  assert.equal(await status({ 'If-None-Match': `"x", ${etag}` }), 304, 'a list');
  assert.equal(await status({ 'If-None-Match': '*' }), 304);
  assert.equal(await status({ 'If-None-Match': '"other"' }), 200);
  assert.equal(await status({ 'If-None-Match': br.headers.etag! }, CLIENT_ENCODINGS.br), 304);
  assert.equal(await status({ 'If-None-Match': etag }, CLIENT_ENCODINGS.br), 200);

  const second = 1000;
  const at = (ms: number) => new Date(Date.parse(lastModified) + ms).toUTCString();
  assert.equal(await status({ 'If-Modified-Since': lastModified }), 304);
  assert.equal(await status({ 'If-Modified-Since': at(60 * second) }), 304);
  assert.equal(await status({ 'If-Modified-Since': at(-second) }), 200);
  assert.equal(await status({ 'If-Modified-Since': 'yesterday-ish' }), 200);
  assert.equal(await status({ 'If-Modified-Since': lastModified, 'If-None-Match': '"x"' }), 200);

  const notModified = await get('/docs/intro', { 'If-None-Match': etag });
  assert.equal(notModified.body.length, 0);
  assert.equal(notModified.headers.etag, etag);
  assert.equal(notModified.headers['cache-control'], 'public, max-age=0, must-revalidate');

  // A changed file has a new tag: the old one gets the whole new body.
  const digits = join(dist, 'digits.txt');
  const before = (await get('/digits.txt')).headers.etag!;
  writeFileSync(digits, Buffer.from(DIGITS).reverse());
  const after = await get('/digits.txt', { 'If-None-Match': before });
  assert.equal(after.status, 200);
  assert.deepEqual(after.body, Buffer.from(DIGITS).reverse());
  writeFileSync(digits, DIGITS);
});

test('Accept-Encoding q-values are honoured: q=0 refuses a coding, identity;q=0 and * too', async () => {
  const page = readFileSync(join(dist, 'docs', 'intro', 'index.html'));
  const robots = readFileSync(join(dist, 'robots.txt'));
  assert.ok(robots.length < 1024, 'robots.txt is too small to be worth compressing');
  const cases: [string, string, string | undefined | 406][] = [
    ['/docs/intro', 'br;q=0, gzip', 'gzip'],
    ['/docs/intro', 'br;q=0', undefined],
    ['/docs/intro', 'gzip;q=0, br;q=0', undefined],
    ['/docs/intro', 'br;q=0.5, gzip;q=0.9', 'gzip'],
    ['/docs/intro', 'gzip, br', 'br'],
    ['/docs/intro', '*', 'br'],
    ['/docs/intro', '*;q=0.5, br;q=0', 'gzip'],
    ['/docs/intro', 'identity', undefined],
    ['/docs/intro', 'gzip;q=0.5, identity', undefined],
    ['/docs/intro', 'identity;q=0', 406],
    ['/docs/intro', '*;q=0', 406],
    ['/docs/intro', ';;, ,q=1;q=;=', undefined],
    ['/robots.txt', 'br, gzip', undefined],
    ['/robots.txt', 'gzip, identity;q=0', 'gzip'],
    ['/robots.txt', '*;q=0, br', 'br'],
  ];
  for (const [path, accept, expected] of cases) {
    const answer = await get(path, { 'Accept-Encoding': accept });
    const what = `${path} with Accept-Encoding: ${accept}`;
    if (expected === 406) {
      assert.equal(answer.status, 406, what);
      continue;
    }
    assert.equal(answer.status, 200, what);
    assert.equal(answer.headers['content-encoding'], expected, what);
    assert.equal(answer.headers.vary, 'Accept-Encoding', what);
    assert.deepEqual(decodedBody(answer), path === '/robots.txt' ? robots : page, what);
  }
  assert.ok(server.alive());
});

test('/x.html and /x/index.html redirect (301) to the clean URL, query kept, under a base URL too', async () => {
  const redirects: [CliServer, string, string][] = [
    [server, '/docs/intro.html', '/docs/intro'],
    [server, '/docs/intro.html?a=1&b=2', '/docs/intro?a=1&b=2'],
    [server, '/docs/intro/index.html', '/docs/intro'],
    [server, '/docs/guide/first-steps/index.html?x', '/docs/guide/first-steps?x'],
    [server, '/index.html', '/'],
    [server, '/index.html?q=1', '/?q=1'],
    [subServer, '/sub/docs/intro.html', '/sub/docs/intro'],
    [subServer, '/sub/docs/intro/index.html?a=1', '/sub/docs/intro?a=1'],
    [subServer, '/sub/index.html', '/sub/'],
  ];
  for (const [s, path, location] of redirects) {
    const answer = await httpGet(s.url, path);
    assert.equal(answer.status, 301, path);
    assert.equal(answer.headers.location, location, path);
    const landed = await httpGet(s.url, location);
    assert.equal(landed.status, 200, `${path} → ${location}`);
  }
  for (const [s, path] of [
    [server, '/docs/nope.html'],
    [server, '/docs/nope/index.html'],
    [server, '/assets/index.html'],
    [subServer, '/sub/docs/nope.html'],
    [subServer, '/docs/intro.html'],
  ] as const)
    assert.equal((await httpGet(s.url, path)).status, 404, path);
  // A real .html file is served under its own name.
  const notFoundPage = await get('/404.html');
  assert.equal(notFoundPage.status, 200);
  assert.deepEqual(notFoundPage.body, readFileSync(join(dist, '404.html')));
});

test('an error inside a request answers 500 for that request only, is logged, and the server stays up', async () => {
  // A file the server cannot read: open() fails with EACCES. Root reads anything, so
  // when the tests run as root this server runs as `nobody`.
  const asRoot = process.getuid?.() === 0;
  const locked = join(dist, 'locked.txt');
  writeFileSync(locked, 'nobody may read this\n');
  chmodSync(locked, 0o000);
  const other = await startCli(
    ['serve', '--root', site, '--port', '0'],
    asRoot ? { uid: 65534, gid: 65534 } : {},
  );
  try {
    for (const method of ['GET', 'HEAD']) {
      const answer = await httpGet(other.url, '/locked.txt', {}, { method });
      assert.equal(answer.status, 500, method);
      if (method === 'GET') assert.equal(answer.body.toString(), 'Internal Server Error\n');
    }
    await other.stderrMatching(/GET \/locked\.txt failed: .*EACCES/);
    assert.equal((await httpGet(other.url, '/docs/intro')).status, 200);
    assert.equal((await httpGet(other.url, '/digits.txt', { Range: 'bytes=100-50' })).status, 416);
    assert.ok(other.alive());
  } finally {
    await other.stop();
    chmodSync(locked, 0o644);
  }
});

test('large files stream: whole, ranges, compressed; one cut short on disk mid-send closes the connection', async () => {
  // 300 KB of text (streamed, not read whole) and 300 KB of bytes that do not compress.
  const text = Buffer.from(
    Array.from({ length: 12_000 }, (_, i) => `line ${String(i).padStart(5, '0')} …\n`).join(''),
  );
  const bytes = Buffer.from(Array.from({ length: 300_000 }, (_, i) => (i * 7919) % 251));
  writeFileSync(join(dist, 'big.txt'), text);
  writeFileSync(join(dist, 'big.bin'), bytes);
  const whole = await get('/big.txt');
  assert.equal(whole.headers['content-length'], String(text.length));
  assert.deepEqual(whole.body, text);
  expectPart(
    await get('/big.txt', { Range: 'bytes=150000-150099' }),
    150000,
    150099,
    text.length,
    text,
  );
  expectPart(
    await get('/big.txt', { Range: 'bytes=-70000' }),
    text.length - 70000,
    text.length - 1,
    text.length,
    text,
  );
  const br = await get('/big.txt', CLIENT_ENCODINGS.br);
  assert.equal(br.headers['content-encoding'], 'br');
  assert.deepEqual(decodedBody(br), text);
  const bin = await get('/big.bin', CLIENT_ENCODINGS.br);
  assert.equal(bin.headers['content-encoding'], undefined, 'not worth compressing');
  assert.deepEqual(bin.body, bytes);

  // 32 MB announced; the file is cut to 1 MB once the headers are out. The client must
  // not get a "complete" short answer: either all the bytes or a cut connection.
  const huge = join(dist, 'huge.bin');
  writeFileSync(huge, Buffer.alloc(32 * 1024 * 1024, 1));
  const outcome = await new Promise<string>((resolve) => {
    const url = new URL(server.url);
    const req = request({ host: url.hostname, port: url.port, path: '/huge.bin' }, (res) => {
      assert.equal(res.headers['content-length'], String(32 * 1024 * 1024));
      res.pause();
      truncateSync(huge, 1024 * 1024);
      let got = 0;
      res.on('data', (c: Buffer) => (got += c.length));
      res.on('end', () => resolve(res.complete ? `complete ${got}` : `cut after ${got}`));
      res.on('error', () => resolve(`cut after ${got}`));
      res.on('aborted', () => resolve(`cut after ${got}`));
      res.resume();
    });
    req.setTimeout(20_000, () => resolve('timed out: the server left the answer short and open'));
    req.on('error', () => resolve('cut'));
    req.end();
  });
  assert.match(outcome, /^cut|^complete 33554432$/, outcome);
  if (outcome.startsWith('cut'))
    // The server logs the cut after closing the connection: wait for the line, do not sample.
    await server.stderrMatching(/GET \/huge\.bin failed: Error: sent \d+ of 33554432 bytes/);
  assert.equal((await get('/docs/intro')).status, 200);
  assert.ok(server.alive());
});
