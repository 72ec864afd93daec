/**
 * Issue 30, the generic feature: a small site whose examples import a library of its own
 * (`examples.browser.modules`), built under a base URL and served by `dfdocs dev`. The module
 * is bundled (it imports a file of its own) and published with a content hash; a relative
 * path reads the published example data; a `norun` block has no Run button; a missing module
 * file fails the build naming the key and the file.
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { launchBrowser, type TestBrowser } from '../helpers/browser';
import { buildSite, copyFixture, removeDir, serveDir } from '../helpers/site';
import { startDevServer } from '../../src/dev/devServer';
import { DfdocsError } from '../../src/render/diagnostics';

let root: string;
let browser: TestBrowser;
const dirs: string[] = [];

before(async () => {
  root = copyFixture('runner-site');
  dirs.push(root);
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  dirs.forEach(removeDir);
});

/** Runs the guide's first two blocks in a page open at `url`; returns each one's output text. */
async function runGuide(page: Page, url: string): Promise<string[]> {
  await page.goto(url);
  await page.waitForSelector('html[data-has-hydrated="true"]');
  return runBlocks(page, [0, 1]);
}

/** Clicks Run on each of `blocks` in turn; returns each one's output (or error) text. */
async function runBlocks(page: Page, blocks: number[]): Promise<string[]> {
  const outputs: string[] = [];
  for (const k of blocks) {
    await page.locator(`[data-example="${k}"] [data-example-action="run"]`).click();
    const out = page.locator(`[data-example="${k}"] + .example-output`);
    await out.waitFor();
    await page.waitForFunction(
      (k) => !document.querySelector(`[data-example="${k}"] [aria-busy]`),
      k,
    );
    outputs.push(
      (await out.locator('.example-output__text, .example-output__error').first().textContent()) ??
        '',
    );
  }
  return outputs;
}

test('built under a base URL: the module is published hashed, bundled, and the examples run', async () => {
  const { outDir } = await buildSite(root, { baseUrl: '/sub/' });
  dirs.push(outDir);
  const published = readdirSync(join(outDir, 'assets', 'examples'));
  assert.equal(published.length, 1);
  assert.match(published[0]!, /^mini-stats\.[A-Z0-9]{8}\.js$/);
  const code = readFileSync(join(outDir, 'assets', 'examples', published[0]!), 'utf8');
  assert.doesNotMatch(code, /\bimport\b/, 'one self-contained module');
  const html = readFileSync(join(outDir, 'docs', 'guide', 'index.html'), 'utf8');
  assert.ok(
    html.includes(
      `"examples":{"modules":{"mini-stats":"/sub/assets/examples/${published[0]}"},"data":"/sub/files/","timeLimitMs":1500}`,
    ),
  );
  // Two runnable blocks (the `norun` one has no bar); the output block is marked.
  assert.equal((html.match(/data-example-action="run"/g) ?? []).length, 4);
  assert.equal((html.match(/data-example-output=""/g) ?? []).length, 1);

  const server = await serveDir(outDir, '/sub/');
  try {
    const page = await browser.newPage();
    assert.deepEqual(await runGuide(page, `${server.url}/sub/docs/guide/`), ['[ 3, 4, 8 ]', '5']);
    // A block importing `node:os` says it runs with Node; the block after it runs without it.
    assert.deepEqual(await runBlocks(page, [2, 3]), [
      'the example imports "node:os", a module of Node.js: it runs with Node (--check-examples), not here in the browser (line 1)',
      '10',
    ]);
    await page.close();
  } finally {
    await server.close();
  }
});

test('dfdocs dev publishes the module too: the examples run from the dev server', async () => {
  const dev = await startDevServer({ root, port: 0, host: '127.0.0.1', watchPackage: false });
  try {
    const page = await browser.newPage();
    assert.deepEqual(await runGuide(page, new URL('/docs/guide', dev.url).href), [
      '[ 3, 4, 8 ]',
      '5',
    ]);
    await page.close();
  } finally {
    await dev.close();
  }
});

test('a module file that does not exist fails the build with the key, the file and what to do', async () => {
  const broken = copyFixture('runner-site');
  dirs.push(broken);
  rmSync(join(broken, 'lib', 'stats.js'));
  const outDir = join(broken, 'out');
  await assert.rejects(
    () => buildSite(broken, { outDir }),
    (err: unknown) => {
      assert.ok(err instanceof DfdocsError);
      const d = err.diagnostics[0]!;
      assert.equal(d.code, 'ExampleModuleMissing');
      assert.equal(d.file, 'dfdocs.config.ts');
      assert.match(
        d.message,
        /examples\.browser\.modules\["mini-stats"\]: the file \.\/lib\/stats\.js does not exist/,
      );
      assert.match(d.hint ?? '', /build the browser module first/);
      return true;
    },
  );
  assert.equal(existsSync(join(outDir, 'index.html')), false, 'nothing was written');
});
