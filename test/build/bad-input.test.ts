import { test } from 'node:test';
import assert from 'node:assert/strict';
import { makeSite, runCli } from '../helpers/tempSite';
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const OK_DOC = '# Intro\n\nHello.\n';

function buildFails(files: Record<string, string | Buffer>, extra: string[] = []) {
  const root = makeSite(files);
  const res = runCli(['build', '--root', root, ...extra]);
  assert.equal(res.status, 1, `exit code 1, got ${res.status}: ${res.stderr}`);
  return res;
}

test('malformed front matter: file:line:column — what — what to do, exit 1, no stack', () => {
  const { stderr } = buildFails({
    'docs/intro.md': '---\ntitle: ok\ndescription: [unclosed\n---\n# Intro\n',
  });
  assert.match(
    stderr,
    /error: docs\/intro\.md:\d+:\d+ — malformed front matter: .+ — fix the YAML between the `---` lines/,
  );
  assert.doesNotMatch(stderr, /\n\s+at /, 'no stack trace without --verbose');
  assert.match(stderr, /build failed; the previous output was left as it was/);
});

test('front matter of the wrong type names the key and its line', () => {
  const { stderr } = buildFails({
    'docs/intro.md': '---\ntitle: ok\nsidebar_position: first\n---\n# Intro\n',
  });
  assert.match(
    stderr,
    /docs\/intro\.md:3:1 — front matter `sidebar_position` must be a number, but it is "first"/,
  );
});

test('unclosed front matter', () => {
  const { stderr } = buildFails({ 'docs/intro.md': '---\ntitle: ok\n# Intro\n' });
  assert.match(
    stderr,
    /docs\/intro\.md:1:1 — the front matter opened on line 1 is never closed — add a line holding only `---`/,
  );
});

test('config: a wrong type names the key, the file, its line and the expected shape', () => {
  const { stderr } = buildFails({
    'dfdocs.config.ts': "export default {\n  title: 'x',\n  tagline: 42,\n};\n",
    'docs/intro.md': OK_DOC,
  });
  assert.match(
    stderr,
    /dfdocs\.config\.ts:3:3 — config key `tagline` must be a string, but it is number 42 — change `tagline` to a string/,
  );
});

test('config: an unknown key is an error naming it', () => {
  const { stderr } = buildFails({
    'dfdocs.config.ts':
      "export default {\n  title: 'x',\n  colorMode: { defaultMode: 'dark', dissableSwitch: true },\n};\n",
    'docs/intro.md': OK_DOC,
  });
  assert.match(
    stderr,
    /dfdocs\.config\.ts:3:\d+ — config key `colorMode\.dissableSwitch` must be one of the known keys \(defaultMode, disableSwitch, respectPrefersColorScheme\), but it is an unknown key — did you mean `disableSwitch`\? \(or remove the key\)/,
  );
});

test('config: a syntax error and a missing default export', () => {
  let r = buildFails({
    'dfdocs.config.ts': "export default {\n  title: 'x'\n  tagline: 'y',\n};\n",
    'docs/intro.md': OK_DOC,
  });
  assert.match(
    r.stderr,
    /dfdocs\.config\.ts:3:\d+ — Expected "}" but found "tagline" — fix the syntax of the config file/,
  );
  r = buildFails({
    'dfdocs.config.ts': "export const config = { title: 'x' };\n",
    'docs/intro.md': OK_DOC,
  });
  assert.match(
    r.stderr,
    /dfdocs\.config\.ts:1:1 — the config file has no default export — write `export default defineConfig/,
  );
});

test('config: a throw points at its line in the config; a top-level await that never settles fails within the time limit, naming the file', () => {
  let r = buildFails({
    'dfdocs.config.ts':
      "const title = 'x';\nfunction check() {\n  throw new Error('no title given');\n}\ncheck();\nexport default { title };\n",
    'docs/intro.md': OK_DOC,
  });
  assert.match(
    r.stderr,
    /error: dfdocs\.config\.ts:3:9 — the config file threw while loading: no title given — fix the code of the config file/,
  );
  const root = makeSite({
    'dfdocs.config.ts':
      "const title = 'x';\nconst data = await new Promise(() => {});\nexport default { title, data };\n",
    'docs/intro.md': OK_DOC,
  });
  const started = Date.now();
  r = runCli(['build', '--root', root], undefined, { DFDOCS_CONFIG_TIMEOUT_MS: '1000' });
  assert.equal(r.status, 1);
  assert.match(
    r.stderr,
    /error: dfdocs\.config\.ts:2:14 — the config file did not finish loading within 1 s: something it awaits at the top level never settles/,
  );
  assert.ok(Date.now() - started < 10_000, 'it stops at the limit');
});

test('config: an unknown doc id (B55) and a navbar item of unknown type', () => {
  let r = buildFails({
    'dfdocs.config.ts':
      "export default { docs: { version: { name: 'current', label: 'Next', path: '/docs', mainDocId: 'nope' } } };\n",
    'docs/intro.md': OK_DOC,
  });
  assert.match(r.stderr, /Couldn't find any doc with id "nope" in version "current"\./);
  r = buildFails({
    'dfdocs.config.ts':
      "export default {\n  navbar: { items: [{ label: 'Odd', position: 'left' }] },\n};\n",
    'docs/intro.md': OK_DOC,
  });
  assert.match(
    r.stderr,
    /navbar item "Odd" \(navbar\.items\[0\]\) has no `to`, `href` or `items`, so its type is unknown/,
  );
});

test('a markdown file that is not UTF-8 names the file and the line of the first bad byte', () => {
  const bytes = Buffer.concat([
    Buffer.from('# Intro\n\nline two\ncaf'),
    Buffer.from([0xe9]),
    Buffer.from(' au lait\n'),
  ]);
  const { stderr } = buildFails({ 'docs/intro.md': bytes });
  assert.match(
    stderr,
    /docs\/intro\.md:4:4 — the file is not valid UTF-8 text — save the file with UTF-8 encoding/,
  );
});

test('a React page that throws during SSR names the route and where in the file it threw; --verbose adds the stack', () => {
  const files = {
    'docs/intro.md': OK_DOC,
    'pages/index.tsx': "export default function Home() {\n  throw new Error('boom in home');\n}\n",
  };
  const { stderr } = buildFails(files);
  assert.match(
    stderr,
    /pages\/index\.tsx:2:9 — rendering \/ threw: boom in home — fix the page or the template it uses/,
  );
  assert.match(stderr, /^ {2}> 2 \| {3}throw new Error\('boom in home'\);\n {6}\| {9}\^$/m);
  assert.doesNotMatch(stderr, /\n\s+at /);
  const verbose = buildFails(files, ['--verbose']);
  assert.match(verbose.stderr, /Error: boom in home\n\s+at Home/);
});

test('warnings are summarised and exit 0; --strict exits 1', () => {
  const root = makeSite({ 'docs/intro.md': '# Intro\n\n[dead](/docs/nowhere)\n' });
  const ok = runCli(['build', '--root', root]);
  assert.equal(ok.status, 0);
  assert.match(
    ok.stderr,
    /warning: docs\/intro\.md:3:1 — broken link on \/docs\/intro: \/docs\/nowhere/,
  );
  // The doc, the generated home page and the 404 page.
  assert.match(ok.stdout, /built 3 pages into .* — 1 warning, [\d.]+ KiB, [\d.]+ s/);
  const strict = runCli(['build', '--root', root, '--strict']);
  assert.equal(strict.status, 1);
  assert.match(strict.stderr, /error: docs\/intro\.md:3:1 — broken link/);
});

test('--help and --version', () => {
  const help = runCli(['--help']);
  assert.equal(help.status, 0);
  assert.match(help.stdout, /build \[options\]/);
  assert.match(help.stdout, /serve \[options\]/);
  assert.match(help.stdout, /dev \[options\]/);
  const version = runCli(['--version']);
  assert.equal(version.status, 0);
  assert.match(version.stdout.trim(), /^\d+\.\d+\.\d+$/);
});

test('the build runs under a heap budget: running out of it is reported, exit 1, and the previous output is kept', () => {
  const root = makeSite({ 'docs/intro.md': OK_DOC });
  assert.equal(runCli(['build', '--root', root]).status, 0);
  const page = join(root, 'dist', 'docs', 'intro', 'index.html');
  const before = readFileSync(page, 'utf8');
  writeFileSync(join(root, 'docs', 'intro.md'), '# Intro\n\nChanged.\n');
  const res = runCli(['build', '--root', root], undefined, { DFDOCS_BUILD_HEAP_MB: '4' });
  assert.equal(res.status, 1, res.stderr);
  assert.match(
    res.stderr,
    /dfdocs: the build ran out of memory \(a heap budget of 4 MB\); the previous output was left as it was\. Build again with a larger budget, e\.g\. DFDOCS_BUILD_HEAP_MB=16\./,
  );
  assert.equal(readFileSync(page, 'utf8'), before);
});

test('DFDOCS_BUILD_HEAP_MB=0 builds on the main thread, with the same output', () => {
  const root = makeSite({
    'docs/intro.md': OK_DOC,
    'docs/next.md': '# Next\n\n```js\nconst x = 1;\n```\n',
  });
  const threaded = runCli(['build', '--root', root, '--out', 'a', '--no-cache']);
  assert.equal(threaded.status, 0, threaded.stderr);
  const main = runCli(['build', '--root', root, '--out', 'b', '--no-cache'], undefined, {
    DFDOCS_BUILD_HEAP_MB: '0',
  });
  assert.equal(main.status, 0, main.stderr);
  assert.match(main.stdout, /built 4 pages into .*\bb — 0 warnings/);
  for (const rel of ['docs/intro/index.html', 'docs/next/index.html', 'route-manifest.json']) {
    assert.equal(
      readFileSync(join(root, 'b', rel), 'utf8'),
      readFileSync(join(root, 'a', rel), 'utf8'),
      rel,
    );
  }
});

test('symbolic link loops and dangling links in docs/ and static/ are named and skipped (errors under --strict), never a stack', () => {
  const root = makeSite({ 'docs/intro.md': OK_DOC, 'docs/guide/page.md': '# Page\n' });
  symlinkSync('..', join(root, 'docs/guide/back-up'));
  symlinkSync('missing.md', join(root, 'docs/gone.md'));
  symlinkSync('itself', join(root, 'docs/itself'));
  mkdirSync(join(root, 'static'));
  symlinkSync('/no/such/file.png', join(root, 'static/logo.png'));
  const ok = runCli(['build', '--root', root]);
  assert.equal(ok.status, 0, ok.stderr);
  assert.match(
    ok.stderr,
    /warning: docs\/guide\/back-up:1:1 — the link docs\/guide\/back-up \(\.\.\) leads back to itself or into a folder it is inside \(a loop\); it was skipped/,
  );
  assert.match(
    ok.stderr,
    /warning: docs\/gone\.md:1:1 — the link docs\/gone\.md \(missing\.md\) points to nothing; it was skipped — remove the link or restore what it points to/,
  );
  assert.match(
    ok.stderr,
    /warning: docs\/itself:1:1 — the link docs\/itself \(itself\) leads back to itself/,
  );
  assert.match(ok.stderr, /warning: static\/logo\.png:1:1 — the link static\/logo\.png/);
  assert.doesNotMatch(ok.stderr, /\n\s+at /);
  assert.match(readFileSync(join(root, 'dist/docs/guide/page/index.html'), 'utf8'), /Page/);
  const strict = runCli(['build', '--root', root, '--strict']);
  assert.equal(strict.status, 1);
  assert.match(
    strict.stderr,
    /error: docs\/guide\/back-up:1:1 — the link .* \(a loop\); it was skipped — .*; the build is --strict/,
  );
});

test('javascript:, vbscript: and data:text/html links are not published as links; each is a warning with its line, on cached builds too', () => {
  const root = makeSite({
    'docs/intro.md':
      '# Intro\n\nClick [me](javascript:alert(1)) or [case](JavaScript:alert(2)).\n\n<a href="vbscript:msgbox(1)">vb</a>, <a href="data:text/html;base64,PHNjcmlwdD4=">data</a>, <iframe src="javascript:alert(3)"></iframe> and [fine](https://example.com).\n',
  });
  for (const run of ['cold', 'cached']) {
    const res = runCli(['build', '--root', root]);
    assert.equal(res.status, 0, `${run}: ${res.stderr}`);
    for (const [at, url] of [
      ['3:7', 'javascript:alert\\(1\\)'],
      ['3:36', 'JavaScript:alert\\(2\\)'],
      ['5:1', 'vbscript:msgbox\\(1\\)'],
      ['5:38', 'data:text/html;base64,PHNjcmlwdD4='],
      ['5:93', 'javascript:alert\\(3\\)'],
    ])
      assert.match(
        res.stderr,
        new RegExp(
          `warning: docs/intro\\.md:${at} — the link "${url}" would run code in the reader's browser; it was published as plain text`,
        ),
        `${run}: ${url}`,
      );
  }
  const html = readFileSync(join(root, 'dist/docs/intro/index.html'), 'utf8');
  assert.doesNotMatch(html, /(href|src)="\s*(javascript|vbscript|data:text\/html)/i);
  assert.match(html, /Click me or case\./);
  assert.match(html, /href="https:\/\/example\.com"/);
});

test('a page over pageSizeLimitKb and lists nested thousands deep are errors at their file and line, found at once', () => {
  const big = '# Big\n\n' + 'A line of words that goes on for a while.\n'.repeat(60_000); // ~2.5 MB
  let started = Date.now();
  let r = buildFails({ 'docs/intro.md': OK_DOC, 'docs/big.md': big });
  assert.match(
    r.stderr,
    /error: docs\/big\.md:1:1 — the page holds 2\.\d MB of markdown, over the limit of 2\.0 MB — split it into several pages, or raise `pageSizeLimitKb` \(now 2048\) in the config/,
  );
  assert.ok(Date.now() - started < 5000, 'refused before rendering');
  r = buildFails({
    'dfdocs.config.ts': 'export default { pageSizeLimitKb: 1 };\n',
    'docs/intro.md': OK_DOC + 'More words. '.repeat(100),
  });
  assert.match(
    r.stderr,
    /docs\/intro\.md:1:1 — the page holds 2 KB of markdown, over the limit of 1 KB/,
  );

  const nested = Array.from({ length: 1000 }, (_, i) => `${' '.repeat(2 * i)}- item ${i}`).join(
    '\n',
  );
  started = Date.now();
  r = buildFails({ 'docs/intro.md': OK_DOC, 'docs/deep.md': `# Deep\n\n${nested}\n` }); // parsing it alone took ~20 s
  assert.match(
    r.stderr,
    /error: docs\/deep\.md:103:1 — lists and block quotes nest more than 100 levels deep here — flatten the nesting/,
  );
  assert.ok(
    Date.now() - started < 5000,
    `failed in ${Date.now() - started} ms (a process start included)`,
  );
  r = buildFails({
    'docs/intro.md': OK_DOC,
    'docs/quotes.md': `# Q\n\n${'> '.repeat(20_000)}deep\n`,
  });
  assert.match(
    r.stderr,
    /docs\/quotes\.md:3:1 — lists and block quotes nest more than 100 levels deep/,
  );
  // A hundred levels is still a page.
  const ok = Array.from({ length: 100 }, (_, i) => `${' '.repeat(2 * i)}- item ${i}`).join('\n');
  const root = makeSite({ 'docs/intro.md': OK_DOC, 'docs/deep.md': `# Deep\n\n${ok}\n` });
  assert.equal(runCli(['build', '--root', root]).status, 0);
});
