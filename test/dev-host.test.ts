import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { copyFixture, removeDir } from './helpers/site';
import { startCli, type CliServer } from './helpers/cliProcess';
import { httpGet } from './helpers/http';
import { DEV_CLIENT, DEV_EVENTS } from '../src/dev/protocol';

// `dfdocs dev` as its own process: it answers only the host names it is reached by
// (DNS rebinding guard, as Vite's server.allowedHosts), and more with --allowed-hosts.

let site: string;
let dev: CliServer;

before(async () => {
  site = copyFixture('dev-site');
  dev = await startCli([
    'dev',
    '--root',
    site,
    '--port',
    '0',
    '--allowed-hosts',
    'docs.test, .example.com',
  ]);
});

after(async () => {
  await dev?.stop();
  removeDir(site);
});

const port = () => new URL(dev.url).port;
const withHost = (host: string, path = '/docs/intro') =>
  httpGet(dev.url, path, { Host: host }, { timeoutMs: 30_000 });

test('dev answers localhost, IP literals, the bound host and --allowed-hosts names', async () => {
  for (const host of [
    `localhost:${port()}`,
    `127.0.0.1:${port()}`,
    `[::1]:${port()}`,
    `app.localhost:${port()}`,
    `10.0.0.7:${port()}`,
    `docs.test:${port()}`,
    `DOCS.TEST:${port()}`,
    `example.com:${port()}`,
    `preview.example.com:${port()}`,
  ]) {
    const answer = await withHost(host);
    assert.equal(answer.status, 200, host);
    assert.match(answer.body.toString(), /<h1[^>]*>Introduction<\/h1>/, host);
  }
});

test('any other Host gets 403 with a message saying what to pass, on every path', async () => {
  for (const host of [
    `evil.example:${port()}`,
    'evil.example',
    `127.0.0.1.nip.io:${port()}`,
    `localhost.evil.example:${port()}`,
    `sub.docs.test:${port()}`,
    `notexample.com:${port()}`,
  ]) {
    for (const path of ['/docs/intro', '/hello.txt', DEV_EVENTS, DEV_CLIENT, '/nope']) {
      const answer = await withHost(host, path);
      assert.equal(answer.status, 403, `${host} ${path}`);
      const text = answer.body.toString();
      assert.ok(
        text.includes(`the host "${host}" is not allowed`) &&
          text.includes(`--allowed-hosts "${host.replace(/:\d+$/, '')}"`),
        text,
      );
      assert.doesNotMatch(text, /Introduction|hello/);
    }
  }
  assert.ok(dev.alive());
});

test('--allowed-hosts all answers any host', async () => {
  const open = await startCli(['dev', '--root', site, '--port', '0', '--allowed-hosts', 'all']);
  try {
    const answer = await httpGet(open.url, '/docs/intro', { Host: 'evil.example' });
    assert.equal(answer.status, 200);
  } finally {
    await open.stop();
  }
});

test("dev serves static files with the preview's range handling and stays up", async () => {
  const host = { Host: `localhost:${port()}` };
  const whole = await httpGet(dev.url, '/hello.txt', host);
  assert.equal(whole.status, 200);
  const part = await httpGet(dev.url, '/hello.txt', { ...host, Range: 'bytes=0-4' });
  assert.equal(part.status, 206);
  assert.deepEqual(part.body, whole.body.subarray(0, 5));
  const bad = await httpGet(dev.url, '/hello.txt', { ...host, Range: 'bytes=100-50' });
  assert.equal(bad.status, 416);
  assert.equal(bad.headers['content-range'], `bytes */${whole.body.length}`);
  const suffix = await httpGet(dev.url, '/hello.txt', { ...host, Range: 'bytes=-3' });
  assert.deepEqual(suffix.body, whole.body.subarray(-3));
  assert.equal((await httpGet(dev.url, '/docs/intro', host)).status, 200);
  assert.ok(dev.alive());
});
