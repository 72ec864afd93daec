import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { launchBrowser, type Page, type TestBrowser } from '../helpers/browser';
import { buildSite, removeDir } from '../helpers/site';
import { librarySite, makeSite } from '../helpers/tempSite';
import { startDevServer, type DevServer } from '../../src/dev/devServer';
import { loadApiReference } from '../../src/render/api/apiReference';
import { PAGE_DATA_ID } from '../../src/shared/documentIds';

// `dfdocs dev` serves a guide page without waiting for TypeDoc (issue 32): the API
// reference joins the site when its reflections are made, and the open pages it changes
// (here: the guide's links to it become prefetch hints) reload, whether their live channel
// was open then or connects later. TypeDoc is held back until the test lets it go, so a
// dev server that waited for it before serving a guide page never answers the guide.
const FILES: Record<string, string> = {
  ...librarySite(
    'tally',
    "navbar: { items: [{ label: 'API', to: '/docs/api/', position: 'left' }] },",
  ),
  'docs/intro.md':
    '# Intro\n\nAdd a column up with [total](/docs/api/functions/total).\n\n```js\nconst sum = total([1, 2]);\n```\n',
  'lib/src/index.ts': `/**
 * Adds up the values.
 *
 * @param values - the numbers to add
 */
export function total(values: number[]): number {
  return values.reduce((a, b) => a + b, 0);
}
`,
};

const GUIDE = '/docs/intro';
const API_ROUTE = '/docs/api/functions/total';

let root: string | undefined;
let outDir: string | undefined;
let dev: DevServer | undefined;
let browser: TestBrowser | undefined;

after(async () => {
  await browser?.close();
  await dev?.close();
  if (root) removeDir(root);
  if (outDir) removeDir(outDir);
});

/** The routes a page's data names as links (its prefetch hints). */
const linksOf = (html: string): string[] =>
  (
    JSON.parse(
      new RegExp(`<script id="${PAGE_DATA_ID}"[^>]*>([\\s\\S]*?)</script>`).exec(html)![1]!,
    ) as { page: { links: string[] } }
  ).page.links;

/** A served page as the build writes it: no dev script, asset hashes and highlight colours aside. */
const normalise = (html: string) =>
  html
    .replace(
      /<script type="module" src="\/__dfdocs\/dev-client\.js(\?api-pending)?"><\/script>/,
      '',
    )
    .replace(/\.[A-Z0-9]{8}\.(js|css)/g, '.HASH.$1')
    .replace(/ style="--shiki-[^"]*"/g, '');

const built = (route: string) =>
  readFileSync(join(outDir!, route.replace(/^\//, ''), 'index.html'), 'utf8');

/** Resolves when the page next loads its document again (a reload by the dev client). */
const nextLoad = (page: Page) =>
  page.waitForEvent('framenavigated', { predicate: (f) => f === page.mainFrame() });

test(
  'a guide page answers while TypeDoc is held back; the API pages follow, and open pages reload to the complete page',
  // A dev server that waited for TypeDoc, or a page that never reloads, ends here.
  { timeout: 60_000 },
  async () => {
    root = makeSite(FILES);
    ({ outDir } = await buildSite(root, { workers: 0, cache: false }));

    let releaseTypedoc!: () => void;
    const typedocReleased = new Promise<void>((r) => (releaseTypedoc = r));
    const logs: string[] = [];
    dev = await startDevServer({
      root,
      port: 0,
      host: '127.0.0.1',
      watch: false,
      log: (line) => logs.push(line),
      loadApiReference: async (options) => {
        await typedocReleased;
        return loadApiReference(options);
      },
    });
    const url = (path: string) => new URL(path, dev!.url).href;

    // Asked for first: the API index waits for TypeDoc, which this starts at once.
    let apiAnswered = false;
    const apiIndex = fetch(url('/docs/api/')).then(async (res) => {
      apiAnswered = true;
      return { status: res.status, html: await res.text() };
    });

    const guide = await fetch(url(GUIDE));
    assert.equal(guide.status, 200);
    const early = await guide.text();
    assert.equal(apiAnswered, false, 'the guide answered while the API index could not');
    assert.match(early, /dev-client\.js\?api-pending/, 'marked as served before the reference');
    assert.ok(!linksOf(early).includes(API_ROUTE), 'no hint yet of a route TypeDoc has not made');
    assert.notEqual(normalise(early), normalise(built(GUIDE)));

    browser = await launchBrowser();
    // Page A hears the reference arrive on its open channel.
    const a = await browser.newPage();
    const aHeard = a.waitForResponse((r) => r.url().endsWith('/__dfdocs/events'));
    await a.goto(url(GUIDE));
    await a.waitForSelector('html[data-has-hydrated="true"]');
    await aHeard;
    // Page B is served before the reference too, but its channel connects only after it came.
    const b = await browser.newPage();
    let connectB!: () => void;
    const bMayConnect = new Promise<void>((r) => (connectB = r));
    await b.route('**/__dfdocs/events', async (route) => {
      await bMayConnect;
      await route.continue();
    });
    await b.goto(url(GUIDE));
    await b.waitForSelector('html[data-has-hydrated="true"]');
    assert.ok(!linksOf(await b.content()).includes(API_ROUTE));

    const aReloaded = nextLoad(a);
    const bReloaded = nextLoad(b);
    releaseTypedoc();
    const index = await apiIndex;
    assert.equal(index.status, 200);
    assert.equal(normalise(index.html), normalise(built('/docs/api')), 'the API index, as built');
    assert.ok(
      logs.some((l) => /^dev: API reference ready \(2 pages, \d+ ms\) → reload 1 page$/.test(l)),
      logs.join('\n'),
    );

    await aReloaded;
    await a.waitForSelector('html[data-has-hydrated="true"]');
    connectB();
    await bReloaded;
    await b.waitForSelector('html[data-has-hydrated="true"]');
    for (const page of [a, b]) {
      const html = await (await fetch(page.url())).text();
      assert.doesNotMatch(html, /api-pending/);
      assert.equal(normalise(html), normalise(built(GUIDE)), 'the guide, as built, hints included');
      assert.ok(linksOf(await page.content()).includes(API_ROUTE), 'the reloaded page hints it');
    }
  },
);
