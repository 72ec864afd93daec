/**
 * The TinyFrame site itself (issue 5): its pages hydrate with no console error
 * (no hydration mismatch, B33), and the client router can show every route in place,
 * with the title the manifest gives (B26).
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { launchBrowser, collectErrors, type TestBrowser } from '../helpers/browser';
import { buildRepoSite, serveDir, type RunningServer } from '../helpers/site';
import { waitHydrated } from './navigation-fixture';

let browser: TestBrowser;
let server: RunningServer;
let routes: [string, { title: string }][];
let siteTitle: string;

before(async () => {
  const { outDir } = await buildRepoSite();
  [server, browser] = await Promise.all([serveDir(outDir), launchBrowser()]);
  routes = Object.entries(
    (
      JSON.parse(readFileSync(join(outDir, 'route-manifest.json'), 'utf8')) as {
        routes: Record<string, { title: string }>;
      }
    ).routes,
  );
  const html = readFileSync(join(outDir, 'index.html'), 'utf8');
  siteTitle = /<title>([^<]*)<\/title>/.exec(html)![1]!;
});
after(async () => {
  await browser?.close();
  await server?.close();
});

/** Every hand-written page, and the first three generated API pages of each kind (they share one template). */
function sample(all: string[]): string[] {
  const seen = new Map<string, number>();
  return all.filter((r) => {
    const group = /^\/docs\/api\/[^/]+\//.exec(r)?.[0];
    if (!group) return true;
    seen.set(group, (seen.get(group) ?? 0) + 1);
    return seen.get(group)! <= 3;
  });
}

test('the pages of the site hydrate with no console error', async () => {
  assert.ok(routes.length > 20);
  const queue = [...sample(routes.map(([r]) => r).sort()), '/this-page-does-not-exist'];
  const failures: string[] = [];
  // A few tabs at once keep this quick.
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      const page = await browser.newPage();
      const errors = collectErrors(page);
      for (let route = queue.shift(); route !== undefined; route = queue.shift()) {
        errors.length = 0;
        await page.goto(server.url + route);
        await waitHydrated(page);
        // The not-found page's own 404 response is the one error expected.
        const unexpected = route.startsWith('/this-page')
          ? errors.filter((e) => !/status of 404/.test(e))
          : errors;
        if (unexpected.length) failures.push(`${route}: ${unexpected.join(' | ')}`);
      }
      await page.close();
    }),
  );
  assert.deepEqual(failures, []);
});

test('the router shows every route in place with its title', async () => {
  const page = await browser.newPage();
  const errors = collectErrors(page);
  await page.goto(server.url + '/docs/intro');
  await waitHydrated(page);
  await page.evaluate(() => ((window as unknown as { __navMarker: number }).__navMarker = 1));
  for (const [route, { title }] of routes) {
    const expected = title ? `${title} | ${siteTitle}` : siteTitle;
    await page.evaluate((r) => {
      history.pushState(null, '', r);
      dispatchEvent(new PopStateEvent('popstate'));
    }, route);
    await page
      .waitForFunction((t) => document.title === t, expected, { timeout: 5000 })
      .catch(() => errors.push(`${route}: title ${expected} never shown`));
  }
  assert.equal(
    await page.evaluate(() => (window as unknown as { __navMarker?: number }).__navMarker),
    1,
    'no document load',
  );
  assert.deepEqual(errors, []);
  await page.close();
});
