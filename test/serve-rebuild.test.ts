import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { Agent } from 'node:http';
import { createHash } from 'node:crypto';
import {
  cpSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { join, relative, sep } from 'node:path';
import { copyFixture, removeDir } from './helpers/site';
import { runCliAsync, startCli, type CliServer } from './helpers/cliProcess';
import { CLIENT_ENCODINGS, decodedBody, httpGet } from './helpers/http';

// `dfdocs serve` as its own process, and `dfdocs build` run again beside it: what the
// server sends must always be what the folder holds now, in every content coding.

let site: string;
let dist: string;
let server: CliServer;
const agent = new Agent({ keepAlive: true, maxSockets: 4 });

const sha = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/** Every URL that serves a file of the built folder: clean URLs for pages, names for the rest. */
function urlsOf(dir: string): Map<string, string> {
  const urls = new Map<string, string>();
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    // Dot-files (the output's `.dfdocs-output.json` marker) are never served.
    if (!entry.isFile() || /\.(br|gz)$/.test(entry.name) || entry.name.startsWith('.')) continue;
    const abs = join(entry.parentPath, entry.name);
    const rel = relative(dir, abs).split(sep).join('/');
    const url =
      rel === 'index.html'
        ? '/'
        : rel.endsWith('/index.html')
          ? '/' + rel.slice(0, -'/index.html'.length)
          : '/' + rel;
    urls.set(url.split('/').map(encodeURIComponent).join('/'), abs);
  }
  return urls;
}

/** Asserts each file of `dir` is served, byte for byte, with and without compression; returns its URLs. */
async function expectServedAsOnDisk(url: string, dir: string, label: string): Promise<string[]> {
  const urls = urlsOf(dir);
  assert.ok(urls.size >= 10, `${label}: ${urls.size} files`);
  for (const [path, abs] of urls) {
    const disk = readFileSync(abs);
    for (const [encoding, headers] of Object.entries(CLIENT_ENCODINGS)) {
      const answer = await httpGet(url, path, headers, { agent });
      const what = `${label}: ${path} (${encoding})`;
      assert.equal(answer.status, 200, what);
      assert.equal(Number(answer.headers['content-length']), answer.body.length, what);
      assert.ok(decodedBody(answer).equals(disk), `${what} differs from the file on disk`);
      if (encoding === 'br' && disk.length > 2048 && /\.(html|css|json)$|^\/docs\//.test(path))
        assert.equal(answer.headers['content-encoding'], 'br', what);
    }
  }
  return [...urls.keys()];
}

/**
 * Resolves once every file under `dir` was last changed over a second ago: compressed copies
 * are kept from then on. A timer on purpose: the server's rule is the age of a file's ctime,
 * in another process, so the wait runs exactly until that condition holds (no clock to move).
 */
async function filesSettled(dir: string): Promise<void> {
  let newest = 0;
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true }))
    if (entry.isFile())
      newest = Math.max(newest, statSync(join(entry.parentPath, entry.name)).ctimeMs);
  const wait = newest + 1100 - Date.now();
  if (wait > 0) await new Promise((r) => setTimeout(r, wait));
}

async function build(...extra: string[]): Promise<void> {
  const result = await runCliAsync(['build', '--root', site, ...extra]);
  assert.equal(result.status, 0, result.stderr);
}

before(async () => {
  site = copyFixture('dev-site');
  dist = join(site, 'dist');
  await build();
  server = await startCli(['serve', '--root', site, '--port', '0']);
});

after(async () => {
  agent.destroy();
  await server?.stop();
  removeDir(site);
});

test('serve follows a warm rebuild that edits, adds and deletes pages, and answers correctly during it', async () => {
  const firstDist = readFileSync(join(dist, 'route-manifest.json'), 'utf8');
  // Old versions must be in memory (compressed) for the test to mean anything.
  await filesSettled(dist);
  const beforeUrls = await expectServedAsOnDisk(server.url, dist, 'first build');
  await expectServedAsOnDisk(server.url, dist, 'first build, from memory');
  const beforeHashes = new Map(
    [...urlsOf(dist)].map(([path, abs]) => [path, sha(readFileSync(abs))]),
  );
  assert.equal((await httpGet(server.url, '/docs/added')).status, 404);

  const intro = join(site, 'docs', 'intro.md');
  writeFileSync(intro, readFileSync(intro, 'utf8') + '\nA paragraph added by the rebuild test.\n');
  const steps = join(site, 'docs', 'guide', 'first-steps.md');
  // Same length, other bytes: a page of the same size.
  writeFileSync(steps, readFileSync(steps, 'utf8').replace('Install the', 'Installs an'));
  writeFileSync(
    join(site, 'docs', 'added.md'),
    '---\ntitle: Added page\n---\n\n# Added page\n\nWritten between two builds.\n',
  );
  unlinkSync(join(site, 'docs', 'reference.md'));
  writeFileSync(join(site, 'static', 'hello.txt'), 'hello, rebuilt\n');

  // Requests all through the rebuild: each must be whole and be the old or the new file.
  const seen: { path: string; status: number; hash: string }[] = [];
  const framing: string[] = [];
  let building = true;
  const targets = [...beforeUrls, '/docs/added'];
  const worker = async (offset: number) => {
    for (let i = offset; building; i++) {
      const path = targets[i % targets.length]!;
      const headers = Object.values(CLIENT_ENCODINGS)[i % 3]!;
      try {
        const answer = await httpGet(server.url, path, headers, { agent });
        assert.equal(Number(answer.headers['content-length']), answer.body.length, path);
        seen.push({ path, status: answer.status, hash: sha(decodedBody(answer)) });
      } catch (err) {
        framing.push(`${path}: ${(err as Error).message}`);
      }
    }
  };
  const load = [0, 7, 13].map(worker);
  await build();
  building = false;
  await Promise.all(load);

  assert.notEqual(readFileSync(join(dist, 'route-manifest.json'), 'utf8'), firstDist);
  const afterHashes = new Map(
    [...urlsOf(dist)].map(([path, abs]) => [path, sha(readFileSync(abs))]),
  );
  assert.deepEqual(framing, [], 'every answer during the rebuild was well framed');
  assert.ok(seen.length >= 20, `${seen.length} answers during the rebuild`);
  for (const s of seen) {
    if (s.status === 404) continue; // between a file's removal and the new one's arrival
    assert.equal(s.status, 200, s.path);
    assert.ok(
      s.hash === beforeHashes.get(s.path) || s.hash === afterHashes.get(s.path),
      `${s.path} during the rebuild was neither the old nor the new file`,
    );
  }

  const afterUrls = await expectServedAsOnDisk(server.url, dist, 'warm rebuild');
  assert.ok(afterUrls.includes('/docs/added'));
  assert.ok(!afterUrls.includes('/docs/reference'));
  const notFound = readFileSync(join(dist, '404.html'));
  const gone = beforeUrls.filter((u) => !afterUrls.includes(u));
  assert.ok(gone.includes('/docs/reference'), `gone: ${gone.join(', ')}`);
  for (const path of gone)
    for (const [encoding, headers] of Object.entries(CLIENT_ENCODINGS)) {
      const answer = await httpGet(server.url, path, headers, { agent });
      assert.equal(answer.status, 404, `${path} (${encoding})`);
      assert.ok(decodedBody(answer).equals(notFound), `${path} (${encoding}) is the 404 page`);
    }
  const added = await httpGet(server.url, '/docs/added', CLIENT_ENCODINGS.br);
  assert.equal(added.status, 200);
  assert.match(decodedBody(added).toString(), /<h1[^>]*>Added page<\/h1>/);
  assert.equal((await httpGet(server.url, '/hello.txt')).body.toString(), 'hello, rebuilt\n');
  assert.ok(server.alive(), 'the server is still up');
  assert.doesNotMatch(server.stderr(), /failed/);
});

test('files changed by hand in the folder are served as they are now, even within one clock tick', async () => {
  const notes = join(dist, 'notes.txt');
  const version = (n: number) => `version ${String(n).padStart(3, '0')} `.repeat(200);
  // A rewrite in place (same inode, same size) right after a request: whatever the clock's
  // granularity, the compressed answer is the new text.
  for (let n = 0; n < 20; n++) {
    writeFileSync(notes, version(n));
    for (const headers of Object.values(CLIENT_ENCODINGS)) {
      const answer = await httpGet(server.url, '/notes.txt', headers, { agent });
      assert.equal(decodedBody(answer).toString(), version(n), `rewrite ${n}`);
    }
  }
  // Once kept in memory (the file was still for a second), an in-place rewrite is still seen.
  writeFileSync(notes, version(100));
  await filesSettled(dist);
  for (let i = 0; i < 2; i++) {
    const kept = await httpGet(server.url, '/notes.txt', CLIENT_ENCODINGS.br, { agent });
    assert.equal(kept.headers['content-encoding'], 'br');
    assert.equal(decodedBody(kept).toString(), version(100));
  }
  writeFileSync(notes, version(101));
  const rewritten = await httpGet(server.url, '/notes.txt', CLIENT_ENCODINGS.br, { agent });
  assert.equal(decodedBody(rewritten).toString(), version(101));
  // Truncated, then deleted.
  writeFileSync(notes, '');
  for (const headers of Object.values(CLIENT_ENCODINGS)) {
    const empty = await httpGet(server.url, '/notes.txt', headers, { agent });
    assert.equal(empty.status, 200);
    assert.equal(decodedBody(empty).length, 0);
    assert.equal(empty.headers['content-length'], String(empty.body.length));
  }
  unlinkSync(notes);
  for (const headers of Object.values(CLIENT_ENCODINGS))
    assert.equal((await httpGet(server.url, '/notes.txt', headers, { agent })).status, 404);
  assert.ok(server.alive());
});

test('a rebuild that swaps the whole folder by rename is followed at once', async () => {
  await expectServedAsOnDisk(server.url, dist, 'before the swap');
  const next = join(site, 'dist-next');
  cpSync(dist, next, { recursive: true });
  const page = join(next, 'docs', 'intro', 'index.html');
  writeFileSync(page, readFileSync(page, 'utf8').replace('</main>', '<p>swapped in</p></main>'));
  writeFileSync(join(next, 'swapped.txt'), 'a file only the new folder has\n');
  rmSync(join(next, 'docs', 'added'), { recursive: true });
  renameSync(dist, join(site, 'dist-old'));
  renameSync(next, dist);
  await expectServedAsOnDisk(server.url, dist, 'after the swap');
  const intro = await httpGet(server.url, '/docs/intro', CLIENT_ENCODINGS.br);
  assert.match(decodedBody(intro).toString(), /swapped in/);
  assert.equal((await httpGet(server.url, '/swapped.txt')).status, 200);
  assert.equal((await httpGet(server.url, '/docs/added', CLIENT_ENCODINGS.gzip)).status, 404);
  assert.ok(server.alive());
});

test('a --precompress rebuild: the .br/.gz twins served follow the new pages', async () => {
  const out = join(site, 'dist-pre');
  await build('--precompress', '--out', 'dist-pre');
  const pre = await startCli(['serve', '--root', site, '--dir', 'dist-pre', '--port', '0']);
  try {
    await expectServedAsOnDisk(pre.url, out, 'precompressed');
    const intro = join(site, 'docs', 'intro.md');
    writeFileSync(intro, readFileSync(intro, 'utf8') + '\nOne more line for the twins.\n');
    await build('--precompress', '--out', 'dist-pre');
    await expectServedAsOnDisk(pre.url, out, 'precompressed, rebuilt');
    const br = await httpGet(pre.url, '/docs/intro', CLIENT_ENCODINGS.br);
    assert.ok(br.body.equals(readFileSync(join(out, 'docs', 'intro', 'index.html.br'))));
    assert.match(decodedBody(br).toString(), /One more line for the twins/);
    assert.ok(pre.alive());
  } finally {
    await pre.stop();
  }
});
