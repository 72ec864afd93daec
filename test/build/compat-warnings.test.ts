/**
 * What a page holds that dfdocs does not render is never lost in silence (issue 27): the
 * markdown's warnings reach the build's result when pages render in workers, when a
 * rebuild reuses cached pages, and the dev server's overlay; files beside the markdown
 * are copied, served by the dev server, and a changed one renames its copy.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildSite, copyFixture, removeDir } from '../helpers/site';
import { startDevServer } from '../../src/dev/devServer';

const EXPECTED = [
  'AssetMissing docs/intro.md:15:1',
  'UnknownComponent docs/intro.md:13:1',
  'UnknownDirective docs/intro.md:9:1',
  'VueOnlyRemoved docs/intro.md:1:1',
];
const summary = (warnings: { code: string; file?: string; line?: number; column?: number }[]) =>
  warnings.map((w) => `${w.code} ${w.file}:${w.line}:${w.column}`).sort();

test('markdown warnings come back from render workers, and a rebuild reusing cached pages reports them again', async () => {
  const root = copyFixture('compat-diagnostics');
  const cache = mkdtempSync(join(tmpdir(), 'dfdocs-compat-cache-'));
  process.env.DFDOCS_CACHE_DIR = cache;
  try {
    const inWorkers = await buildSite(root, { workers: 2 });
    assert.deepEqual(summary(inWorkers.warnings), EXPECTED);
    const reused = await buildSite(root, { workers: 0 });
    assert.deepEqual(summary(reused.warnings), EXPECTED, 'the cached page reports them too');
    await assert.rejects(buildSite(root, { strict: true }), (err: Error) =>
      EXPECTED.every((e) => err.message.includes(e.split(' ')[1]!)),
    );
  } finally {
    delete process.env.DFDOCS_CACHE_DIR;
    removeDir(cache);
    removeDir(root);
  }
});

test('a file beside the markdown is copied under its content hash; a changed file gets a new name, even for a cached page', async () => {
  const root = copyFixture('compat-docusaurus');
  const cache = mkdtempSync(join(tmpdir(), 'dfdocs-compat-cache-'));
  process.env.DFDOCS_CACHE_DIR = cache;
  const out = mkdtempSync(join(tmpdir(), 'dfdocs-compat-out-'));
  const srcOf = () =>
    /src="(\/assets\/files\/architecture-[0-9a-f]{8}\.png)"/.exec(
      readFileSync(join(out, 'docs/intro/index.html'), 'utf8'),
    )?.[1];
  try {
    await buildSite(root, { outDir: out });
    const first = srcOf()!;
    assert.ok(first && existsSync(join(out, first)));
    // A rebuild with nothing changed reuses the page and still has its file.
    await buildSite(root, { outDir: out });
    assert.equal(srcOf(), first);
    assert.ok(existsSync(join(out, first)), 'the file is kept by a rebuild');
    // The image changes (same size, other bytes): the page is rendered with the new name.
    const png = join(root, 'docs/img/architecture.png');
    const bytes = readFileSync(png);
    bytes[bytes.length - 13] ^= 0xff; // inside the IEND chunk's CRC: still readable by image-size
    writeFileSync(png, bytes);
    await buildSite(root, { outDir: out });
    const second = srcOf()!;
    assert.notEqual(second, first);
    assert.deepEqual(readFileSync(join(out, second)), bytes);
  } finally {
    delete process.env.DFDOCS_CACHE_DIR;
    removeDir(cache);
    removeDir(out);
    removeDir(root);
  }
});

test('the dev server shows a page’s warnings in the overlay and serves the files beside its markdown', async () => {
  const root = copyFixture('compat-diagnostics');
  const dev = await startDevServer({ root, port: 0, host: '127.0.0.1', watch: false });
  try {
    const page = await fetch(new URL('docs/intro', dev.url));
    assert.equal(page.status, 200);
    const warnings = dev.site.currentErrors();
    assert.deepEqual(
      warnings.map((w) => `${w.code} ${w.file}:${w.line}:${w.column}`).sort(),
      EXPECTED,
    );
    assert.ok(warnings.every((w) => w.severity === 'warning' && w.route === '/docs/intro'));
    assert.ok(warnings.find((w) => w.code === 'UnknownDirective')!.frame?.includes(':::sparkle'));
  } finally {
    await dev.close();
    removeDir(root);
  }
  const site = copyFixture('compat-docusaurus');
  const served = await startDevServer({ root: site, port: 0, host: '127.0.0.1', watch: false });
  try {
    const html = await (await fetch(new URL('docs/intro', served.url))).text();
    const src = /src="\/(assets\/files\/architecture-[0-9a-f]{8}\.png)"/.exec(html)![1]!;
    const image = await fetch(new URL(src, served.url));
    assert.equal(image.status, 200);
    assert.equal(image.headers.get('content-type'), 'image/png');
    assert.deepEqual(
      Buffer.from(await image.arrayBuffer()),
      readFileSync(join(site, 'docs/img/architecture.png')),
    );
    assert.equal(
      (await fetch(new URL('assets/files/nothing-00000000.png', served.url))).status,
      404,
    );
  } finally {
    await served.close();
    removeDir(site);
  }
});
