import { test, before, after, beforeEach } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync, readFileSync, rmSync, readdirSync, mkdirSync, symlinkSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { copyFixture, removeDir, buildSite } from './helpers/site';
import { startDevServer, type DevServer } from '../src/dev/devServer';
import { ListenError } from '../src/serve/listen';
import { EventLog } from './helpers/devEvents';
import { codeFrame, thrownAt } from '../src/dev/errorPayload';
import { packageRoot } from '../src/render/bundle/bundleClient';

let root: string;
let dev: DevServer;
let events: EventLog;
const logs: string[] = [];

const get = (path: string, base = dev.url) => fetch(new URL(path, base));
/**
 * Retries a check until it passes (file events may arrive in several batches): a bounded
 * poll of the condition itself, since a page renders (and records its errors) on request.
 */
async function eventually(
  check: () => Promise<boolean>,
  what: string,
  timeout = 10_000,
): Promise<void> {
  const deadline = Date.now() + timeout;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for: ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
const statusOf = async (path: string) => (await get(path)).status;
const text = async (path: string) => (await get(path)).text();
const doc = (rel: string) => join(root, 'docs', rel);

before(async () => {
  root = copyFixture('dev-site');
  dev = await startDevServer({
    root,
    port: 0,
    host: '127.0.0.1',
    watchPackage: false,
    log: (l) => logs.push(l),
  });
  await dev.watching;
});

// Each test starts once every change received so far has been applied and announced, and
// reads a new event stream: no message sent for an earlier test can be taken for its own.
// (Each test waits for the messages of its own file changes, so none is still on its way.)
beforeEach(async () => {
  await dev.settled();
  events?.close();
  events = new EventLog(new URL('/__dfdocs/events', dev.url).href);
  await events.next('hello');
  await events.next('errors'); // the stream's opening state
  events.mark();
});

after(async () => {
  events?.close();
  await dev?.close();
  removeDir(root);
});

test('dev answers pages, content files, the manifest, static files and 404s, and adds its client to pages only in dev', async () => {
  const page = await get('/docs/intro');
  assert.equal(page.status, 200);
  assert.equal(page.headers.get('cache-control'), 'no-store');
  const html = await page.text();
  assert.match(html, /<h1[^>]*>Introduction<\/h1>/);
  assert.match(
    html,
    /<script type="module" src="\/__dfdocs\/dev-client\.js"><\/script><\/body><\/html>$/,
  );
  const client = /<script type="module" src="\/(assets\/client\.[A-Z0-9]+\.js)"/.exec(html)![1]!;
  const bundle = await get('/' + client);
  assert.equal(bundle.status, 200);
  const bundleText = await bundle.text();
  const devClient = await get('/__dfdocs/dev-client.js');
  assert.equal(devClient.headers.get('content-type'), 'text/javascript; charset=utf-8');
  const devClientText = await devClient.text();
  assert.match(devClientText, /new EventSource\(/);
  assert.match(devClientText, /dfdocs-dev-overlay/);
  // The site's own bundle is the production one: no dev client inside.
  // The production router only *listens* for `dfdocs:body-updated` (the dev client's documented hook, to drop
  // stale content); none of the dev client's own code may ship.
  assert.doesNotMatch(bundleText, /__dfdocs\/|dfdocs-dev-overlay|dfdocs-dev-scroll/);
  assert.equal((await get('/docs/intro/')).status, 200);
  const content = (await (await get('/assets/data/docs/intro.json')).json()) as {
    page: { title: string; html: string };
  };
  assert.equal(content.page.title, 'Introduction');
  assert.match(content.page.html, /This fixture site/);
  const manifest = (await (await get('/route-manifest.json')).json()) as {
    routes: Record<string, { title: string }>;
  };
  assert.equal(manifest.routes['/docs/guide/first-steps']?.title, 'First steps');
  assert.equal(await text('/hello.txt'), 'hello from the static folder\n');
  const sidebar = (await (await get('/assets/data/_sidebars/docs.json')).json()) as {
    label: string;
  }[];
  assert.deepEqual(
    sidebar.map((i) => i.label),
    ['Introduction', 'Guide', 'Reference'],
  );
  const missing = await get('/docs/missing');
  assert.equal(missing.status, 404);
  assert.match(await missing.text(), /Page Not Found[\s\S]*__dfdocs\/dev-client\.js/);
  const home = await text('/');
  assert.match(home, /The home page of the dev fixture/);
});

test('the same page as the build: dev HTML equals the built HTML apart from the dev script and the asset names', async () => {
  const { outDir } = await buildSite(root, { cache: false, workers: 0 });
  try {
    const built = readFileSync(join(outDir, 'docs', 'guide', 'first-steps', 'index.html'), 'utf8');
    const served = await text('/docs/guide/first-steps');
    // Highlight colours are left out: the build's worker-pool path currently colours some
    // tokens differently from a main-thread render (reported to the build's owner).
    const normalise = (s: string) =>
      s
        .replace('<script type="module" src="/__dfdocs/dev-client.js"></script>', '')
        .replace(/\.[A-Z0-9]{8}\.(js|css)/g, '.HASH.$1')
        .replace(/ style="--shiki-[^"]*"/g, '');
    assert.equal(normalise(served), normalise(built));
  } finally {
    removeDir(outDir);
  }
});

test('a markdown edit re-renders that page only and tells its open pages to patch the body', async () => {
  await text('/docs/intro');
  await text('/docs/reference');
  events.mark();
  const source = readFileSync(doc('intro.md'), 'utf8');
  writeFileSync(
    doc('intro.md'),
    source.replace('This fixture site is edited', 'This fixture site (now edited) is edited'),
  );
  const update = await events.next('update');
  assert.deepEqual(update.routes, ['/docs/intro']);
  assert.ok(dev.site.cachedRoutes().includes('/docs/reference'), 'the other page stays cached');
  assert.match(await text('/assets/data/docs/intro.json'), /\(now edited\)/);
  assert.match(await text('/docs/intro'), /\(now edited\)/);
});

test('a changed heading list (TOC) reloads the page instead of patching it', async () => {
  await text('/docs/intro');
  events.mark();
  writeFileSync(
    doc('intro.md'),
    readFileSync(doc('intro.md'), 'utf8') + '\n## A new section\n\nWith text.\n',
  );
  const reload = await events.next('reload');
  assert.deepEqual(reload.routes, ['/docs/intro']);
  assert.match(await text('/docs/intro'), /A new section/);
});

test('a changed title updates the sidebar everywhere: every page with the sidebar reloads', async () => {
  await text('/docs/reference');
  events.mark();
  writeFileSync(
    doc('reference.md'),
    readFileSync(doc('reference.md'), 'utf8').replace('title: Reference', 'title: API reference'),
  );
  const reload = await events.next('reload');
  assert.ok(Array.isArray(reload.routes));
  for (const r of ['/docs/intro', '/docs/guide/first-steps', '/docs/reference'])
    assert.ok(reload.routes.includes(r), r);
  assert.match(await text('/docs/guide/first-steps'), />API reference</);
  const sidebar = (await (await get('/assets/data/_sidebars/docs.json')).json()) as {
    label: string;
  }[];
  assert.deepEqual(
    sidebar.map((i) => i.label),
    ['Introduction', 'Guide', 'API reference'],
  );
});

test('broken front matter shows the file and line while the server keeps serving; fixing clears it', async () => {
  const good = readFileSync(doc('guide/first-steps.md'), 'utf8');
  await text('/docs/guide/first-steps');
  events.mark();
  writeFileSync(
    doc('guide/first-steps.md'),
    good.replace('title: First steps', 'title: First: steps'),
  );
  try {
    const errors = await events.next('errors', (m) => m.errors.length > 0);
    assert.equal(errors.errors.length, 1);
    const e = errors.errors[0]!;
    assert.equal(e.code, 'FrontMatterInvalid');
    assert.equal(e.file, 'docs/guide/first-steps.md');
    assert.equal(e.line, 2);
    assert.match(e.message, /malformed front matter/);
    assert.match(e.frame!, /> 2 \| title: First: steps/);
    // The server keeps running and serves the last good version.
    const page = await get('/docs/guide/first-steps');
    assert.equal(page.status, 200);
    assert.match(await page.text(), /Install the package/);
    events.mark();
  } finally {
    // (the first paragraph is the page's meta description: a change there reloads; this is the body only)
    writeFileSync(
      doc('guide/first-steps.md'),
      good.replace('Continue with the', 'Then continue with the'),
    );
  }
  await events.next('errors', (m) => m.errors.length === 0);
  const update = await events.next('update');
  assert.deepEqual(update.routes, ['/docs/guide/first-steps']);
  assert.match(await text('/docs/guide/first-steps'), /Then continue with the/);
});

test('new and deleted docs appear in and disappear from the sidebar', async () => {
  events.mark();
  writeFileSync(
    doc('guide/later.md'),
    '---\ntitle: Later steps\nsidebar_position: 3\n---\n\n# Later steps\n\nMore to come.\n',
  );
  const added = await events.next(
    'reload',
    (m) => Array.isArray(m.routes) && m.routes.includes('/docs/guide/later'),
  );
  try {
    assert.ok(Array.isArray(added.routes) && added.routes.includes('/docs/intro'));
    assert.match(
      await text('/docs/guide/first-steps'),
      /href="\/docs\/guide\/later"[^>]*>Later steps</,
    );
    assert.equal((await get('/docs/guide/later')).status, 200);
    events.mark();
  } finally {
    rmSync(doc('guide/later.md'));
  }
  await events.next(
    'reload',
    (m) => Array.isArray(m.routes) && m.routes.includes('/docs/guide/later'),
  );
  await eventually(
    async () =>
      !/Later steps/.test(await text('/docs/guide/first-steps')) &&
      (await statusOf('/docs/guide/later')) === 404,
    'the doc gone',
  );
});

test('a new folder with a _category_.json shows up as a sidebar category', async () => {
  events.mark();
  mkdirSync(doc('extra'));
  writeFileSync(doc('extra/_category_.json'), '{ "label": "Extras", "position": 9 }');
  writeFileSync(doc('extra/one.md'), '# One extra\n\nText.\n');
  await events.next(
    'reload',
    (m) => Array.isArray(m.routes) && m.routes.includes('/docs/extra/one'),
  );
  const labels = async () =>
    ((await (await get('/assets/data/_sidebars/docs.json')).json()) as { label: string }[]).map(
      (i) => i.label,
    );
  await eventually(async () => (await labels()).includes('Extras'), 'the Extras category');
  events.mark();
  rmSync(doc('extra'), { recursive: true });
  await events.next(
    'reload',
    (m) => Array.isArray(m.routes) && m.routes.includes('/docs/extra/one'),
  );
  await eventually(
    async () => (await statusOf('/docs/extra/one')) === 404 && !(await labels()).includes('Extras'),
    'the category gone',
  );
});

test('a broken file does not hold up other changes: a doc in a new folder appears while another file is broken', async () => {
  const broken = doc('reference.md');
  const good = readFileSync(broken, 'utf8');
  events.mark();
  writeFileSync(broken, good.replace(/title: .*/, 'title: [oops'));
  try {
    await events.next('errors', (m) => m.errors.some((e) => e.file === 'docs/reference.md'));
    mkdirSync(doc('more'));
    writeFileSync(doc('more/notes.md'), '# Notes\n\nWritten while another file was broken.\n');
    await events.next(
      'reload',
      (m) => Array.isArray(m.routes) && m.routes.includes('/docs/more/notes'),
    );
    await eventually(async () => (await statusOf('/docs/more/notes')) === 200, 'the new doc');
    events.mark();
    rmSync(doc('more'), { recursive: true });
    await events.next(
      'reload',
      (m) => Array.isArray(m.routes) && m.routes.includes('/docs/more/notes'),
    );
    await eventually(async () => (await statusOf('/docs/more/notes')) === 404, 'the doc gone');
  } finally {
    writeFileSync(broken, good);
  }
  await events.next('errors', (m) => m.errors.length === 0);
});

test('a config change rebuilds everything; a config syntax error is shown with its line and cleared once fixed', async () => {
  const configFile = join(root, 'dfdocs.config.ts');
  const good = readFileSync(configFile, 'utf8');
  events.mark();
  writeFileSync(configFile, good.replace("title: 'Dev Fixture'", "title: 'Dev Fixture Renamed'"));
  await events.next('reload', (m) => m.routes === '*');
  assert.match(await text('/docs/intro'), /<title>Introduction \| Dev Fixture Renamed<\/title>/);
  events.mark();
  writeFileSync(configFile, good.replace("tagline: 'A small site", "tagline: 'A small site' +,"));
  try {
    const errors = await events.next('errors', (m) => m.errors.length > 0);
    assert.equal(errors.errors[0]!.code, 'ConfigSyntax');
    assert.equal(errors.errors[0]!.file, 'dfdocs.config.ts');
    assert.equal(errors.errors[0]!.line, 5);
    assert.equal((await get('/docs/intro')).status, 200, 'still serving with the last good config');
    events.mark();
  } finally {
    writeFileSync(configFile, good);
  }
  await events.next('errors', (m) => m.errors.length === 0);
  assert.match(await text('/docs/intro'), /<title>Introduction \| Dev Fixture<\/title>/);
  // A config that throws is shown at the line that threw in the config (not in dfdocs's code).
  events.mark();
  writeFileSync(
    configFile,
    `const port = Number('x');\nif (Number.isNaN(port))\n  throw new Error('no port');\n${good}`,
  );
  try {
    const errors = await events.next('errors', (m) => m.errors.length > 0);
    const e = errors.errors[0]!;
    assert.equal(e.code, 'ConfigThrew');
    assert.equal(e.file, 'dfdocs.config.ts');
    assert.equal(e.line, 3);
    assert.match(e.frame ?? '', />\s*3 \|\s+throw new Error\('no port'\);/);
    events.mark();
  } finally {
    writeFileSync(configFile, good);
  }
  await events.next('errors', (m) => m.errors.length === 0);
});

test('a React page with a syntax error, or one that throws, is shown in the overlay; fixing it clears it', async () => {
  const pageFile = join(root, 'pages', 'about.tsx');
  events.mark();
  writeFileSync(
    pageFile,
    "export const title = 'About';\nexport default function About() {\n  return <p>About the fixture</p>;\n}\n",
  );
  // A config event of the test before, delivered late by the watcher on a busy machine, can
  // come in the same batch: every page reloads then, this one too.
  await events.next('reload', (m) => m.routes === '*' || m.routes.includes('/about'));
  await eventually(
    async () => /About the fixture/.test(await text('/about')),
    'the new React page',
  );
  events.mark();
  writeFileSync(
    pageFile,
    "export const title = 'About';\nexport default function About() {\n  return <p>About the fixture</p;\n}\n",
  );
  const syntax = await events.next('errors', (m) => m.errors.length > 0);
  assert.equal(syntax.errors[0]!.file, 'pages/about.tsx');
  assert.equal(syntax.errors[0]!.line, 3);
  events.mark();
  writeFileSync(
    pageFile,
    'export default function About() {\n  const rows: string[] | undefined = undefined;\n  return <p>{rows!.length}</p>;\n}\n',
  );
  await eventually(
    async () =>
      (await statusOf('/about')) === 200 &&
      dev.site.currentErrors().some((e) => e.route === '/about'),
    'the render error of /about',
  );
  const thrown = { errors: dev.site.currentErrors() };
  const e = thrown.errors.find((x) => x.route === '/about')!;
  assert.equal(e.code, 'RenderFailed');
  assert.equal(e.file, 'pages/about.tsx');
  assert.match(e.message, /rendering \/about threw/);
  const page = await get('/about');
  assert.equal(page.status, 200, 'the last good version is shown under the overlay');
  events.mark();
  writeFileSync(pageFile, 'export default function About() {\n  return <p>About, fixed</p>;\n}\n');
  await eventually(
    async () => /About, fixed/.test(await text('/about')) && dev.site.currentErrors().length === 0,
    'the fixed React page',
  );
});

test('a template or client change rebundles the client, reloads the templates and reloads every page', async () => {
  const before = /src="\/(assets\/client\.[A-Z0-9]+\.js)"/.exec(await text('/docs/intro'))![1];
  events.mark();
  dev.change({
    kind: 'client',
    event: 'change',
    path: join(packageRoot(), 'templates', 'App.tsx'),
  });
  const reload = await events.next('reload');
  assert.equal(reload.routes, '*');
  assert.deepEqual(dev.site.cachedRoutes(), []);
  const html = await text('/docs/intro');
  const after = /src="\/(assets\/client\.[A-Z0-9]+\.js)"/.exec(html)![1]!;
  assert.equal(after, before, 'same sources, same content hash');
  assert.equal((await get('/' + after)).status, 200);
  assert.match(html, /<h1[^>]*>Introduction<\/h1>/);
});

test('a page that never rendered answers 500 with the problem, and the overlay data', async () => {
  const file = doc('broken-from-start.md');
  events.mark();
  writeFileSync(file, '---\ntitle: Fine\n---\n\n# Fine\n');
  await events.next(
    'reload',
    (m) => Array.isArray(m.routes) && m.routes.includes('/docs/broken-from-start'),
  );
  const pageFile = join(root, 'pages', 'crash.tsx');
  events.mark();
  writeFileSync(
    pageFile,
    "export default function Crash() {\n  throw new Error('crash on purpose');\n}\n",
  );
  await events.next('reload', (m) => Array.isArray(m.routes) && m.routes.includes('/crash'));
  await eventually(async () => (await statusOf('/crash')) === 500, 'the crashing page');
  const res = await get('/crash');
  assert.equal(res.status, 500);
  const body = await res.text();
  assert.match(body, /This page could not be rendered/);
  assert.match(body, /pages\/crash\.tsx:\d+:\d+/);
  assert.match(body, /crash on purpose/);
  assert.match(body, /__dfdocs\/dev-client\.js/);
  events.mark();
  rmSync(pageFile);
  rmSync(file);
  // Both routes gone (in one batch or two), so no change of this test is still on its way.
  const gone = new Set<string>();
  await events.next('reload', (m) => {
    if (Array.isArray(m.routes))
      for (const r of ['/crash', '/docs/broken-from-start']) if (m.routes.includes(r)) gone.add(r);
    return gone.size === 2;
  });
});

test('the search index is served in dev as the build writes it, and follows edits', async () => {
  const manifest = (await (await get('/assets/search-manifest.json')).json()) as {
    index: string;
    texts: string[];
    pages: number;
  };
  assert.ok(manifest.pages >= 5);
  const index = await get('/' + manifest.index);
  assert.equal(index.status, 200);
  assert.match(await index.text(), /First steps/);
  for (const t of manifest.texts) assert.equal((await get('/' + t)).status, 200);
  events.mark();
  writeFileSync(
    doc('reference.md'),
    readFileSync(doc('reference.md'), 'utf8') + '\nA zanzibarian word to find.\n',
  );
  await events
    .next('update', (m) => m.routes.includes('/docs/reference'))
    .catch(() => events.next('reload'));
  const next = (await (await get('/assets/search-manifest.json')).json()) as { texts: string[] };
  const texts = await Promise.all(next.texts.map((t) => text('/' + t)));
  assert.ok(texts.some((t) => t.includes('zanzibarian')));
});

test('hostile paths are refused by dev too', async () => {
  const { request } = await import('node:http');
  const url = new URL(dev.url);
  for (const path of [
    '/../dfdocs.config.ts',
    '/%2e%2e/dfdocs.config.ts',
    '/..%5cdfdocs.config.ts',
    '/static/%2e%2e/%2e%2e/dfdocs.config.ts',
  ]) {
    const status = await new Promise<number>((resolve, reject) => {
      const req = request({ host: url.hostname, port: url.port, path }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', reject);
      req.end();
    });
    assert.ok(status === 400 || status === 404, `${path} → ${status}`);
  }
});

test('dev on a port in use fails with the same clear error as serve', async () => {
  const busy = createServer();
  await new Promise<void>((r) => busy.listen(0, '127.0.0.1', r));
  const port = (busy.address() as AddressInfo).port;
  try {
    await assert.rejects(
      startDevServer({ root, port, host: '127.0.0.1', watch: false }),
      (err: unknown) => err instanceof ListenError && /already in use/.test(err.message),
    );
  } finally {
    await new Promise((r) => busy.close(r));
  }
});

test('dev serves under the configured base URL', async () => {
  const sub = copyFixture('dev-site');
  const configFile = join(sub, 'dfdocs.config.ts');
  writeFileSync(
    configFile,
    readFileSync(configFile, 'utf8').replace(
      "url: 'https://dev.example.com',",
      "url: 'https://dev.example.com',\n  baseUrl: '/sub/',",
    ),
  );
  const server = await startDevServer({ root: sub, port: 0, host: '127.0.0.1', watch: false });
  try {
    assert.match(server.url, /\/sub\/$/);
    const page = await fetch(new URL('/sub/docs/intro', server.url));
    assert.equal(page.status, 200);
    const html = await page.text();
    const css = /href="(\/sub\/assets\/styles\.[A-Z0-9]+\.css)"/.exec(html)![1]!;
    assert.equal((await fetch(new URL(css, server.url))).status, 200);
    assert.equal(
      (await fetch(new URL('/sub/assets/data/docs/intro.json', server.url))).status,
      200,
    );
    const root = await fetch(new URL('/', server.url), { redirect: 'manual' });
    assert.equal(root.status, 302);
    assert.equal(root.headers.get('location'), '/sub/');
    assert.equal((await fetch(new URL('/docs/intro', server.url))).status, 404);
  } finally {
    await server.close();
    removeDir(sub);
  }
});

test('code frames and thrown locations point at the author file', () => {
  assert.equal(
    codeFrame('a\nb\nc\nd\ne\nf', 3, 2),
    '  1 | a\n  2 | b\n> 3 | c\n    |  ^\n  4 | d\n  5 | e',
  );
  const err = new Error('boom');
  err.stack = `Error: boom\n    at Sidebar (${join(packageRoot(), 'node_modules', 'react-dom', 'x.js')}:1:1)\n    at renderRoute (${join(packageRoot(), 'src', 'render', 'pages', 'renderRoute.tsx')}:9:9)\n    at Toc (file://${join(packageRoot(), 'templates', 'layout', 'Toc.tsx')}:12:7)`;
  assert.deepEqual(
    thrownAt(err, [root, packageRoot()]) && {
      ...thrownAt(err, [root, packageRoot()]),
      abs: undefined,
    },
    { file: 'templates/layout/Toc.tsx', abs: undefined, line: 12, column: 7 },
  );
  assert.ok(readdirSync(root).includes('docs'));
});

test('dev keeps serving a site whose docs/ holds a symbolic link loop and a dangling link', async () => {
  const looped = copyFixture('dev-site');
  symlinkSync('..', join(looped, 'docs', 'back-up'));
  symlinkSync('itself', join(looped, 'docs', 'itself'));
  symlinkSync('missing.md', join(looped, 'docs', 'gone.md'));
  const server = await startDevServer({
    root: looped,
    port: 0,
    host: '127.0.0.1',
    watchPackage: false,
  });
  try {
    await server.watching;
    const page = await fetch(new URL('/docs/intro', server.url));
    assert.equal(page.status, 200);
    await page.text();
  } finally {
    await server.close();
    removeDir(looped);
  }
});
