import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isUnderBase } from '../../src/client/router/links';
import { routeOfPathname, stripHtmlSuffix } from '../../src/client/router/routeMatch';
import {
  BoundedCache,
  MATCH_CACHE_LIMIT,
  candidateRoutes,
} from '../../src/client/router/matchCache';
import { createContentLoader } from '../../src/client/router/contentLoader';
import type { PageData } from '../../src/shared/pageData';

test('the match cache holds at most 10000 entries and evicts nothing past that (B24)', () => {
  assert.equal(MATCH_CACHE_LIMIT, 10000);
  const cache = new BoundedCache<string>();
  for (let i = 0; i < 10000; i++) assert.equal(cache.set(`/p${i}`, `/r${i}`), true);
  assert.equal(cache.size, 10000);
  assert.equal(cache.set('/one-more', '/x'), false, 'not cached past the limit');
  assert.equal(cache.get('/one-more'), undefined);
  assert.equal(cache.get('/p0'), '/r0', 'nothing evicted');
  assert.equal(cache.set('/p0', '/updated'), true, 'a cached key may still be updated');
  assert.equal(cache.size, 10000);
});

test('routes from pathnames: base removed, decoded, trailing slash dropped', () => {
  assert.equal(routeOfPathname('/', '/'), '/');
  assert.equal(routeOfPathname('/docs/intro/', '/'), '/docs/intro');
  assert.equal(routeOfPathname('/sub/', '/sub/'), '/');
  assert.equal(routeOfPathname('/sub', '/sub/'), '/');
  assert.equal(routeOfPathname('/sub/docs/intro', '/sub/'), '/docs/intro');
  assert.equal(routeOfPathname('/docs/caf%C3%A9', '/'), '/docs/café');
  assert.equal(
    routeOfPathname('/docs/%E0%A4%A', '/'),
    '/docs/%E0%A4%A',
    'malformed escapes are kept',
  );
  assert.equal(isUnderBase('/sub/x', '/sub/'), true);
  assert.equal(isUnderBase('/sub', '/sub/'), true);
  assert.equal(isUnderBase('/subway', '/sub/'), false);
});

test('.html and /index.html suffixes are stripped only when needed (B22)', () => {
  assert.equal(stripHtmlSuffix('/docs/intro.html'), '/docs/intro');
  assert.equal(stripHtmlSuffix('/docs/intro/index.html'), '/docs/intro');
  assert.equal(stripHtmlSuffix('/index.html'), '/');
  assert.equal(stripHtmlSuffix('/.html'), '/');
  assert.equal(stripHtmlSuffix('/docs/intro'), '/docs/intro');
  assert.equal(stripHtmlSuffix('/docs/html'), '/docs/html');
  const known = new Set(['/docs/intro']);
  assert.deepEqual(candidateRoutes('/docs/intro', known), ['/docs/intro']);
  assert.deepEqual(
    candidateRoutes('/docs/intro.html', known),
    ['/docs/intro'],
    'a known stripped route needs no probe of the exact one',
  );
  assert.deepEqual(
    candidateRoutes('/docs/other.html', known),
    ['/docs/other.html', '/docs/other'],
    'exact first when nothing is known',
  );
  assert.deepEqual(
    candidateRoutes('/docs/other.html', known, true),
    ['/docs/other'],
    'the server already said the exact path is missing',
  );
  assert.deepEqual(candidateRoutes('/nope', known, true), []);
});

function page(route: string, extra: Partial<PageData> = {}): PageData & { html: string } {
  return {
    route,
    kind: 'doc',
    title: route,
    toc: [],
    breadcrumbs: [],
    links: [],
    html: `<p>${route}</p>`,
    ...extra,
  };
}

/** A fake fetch over a map of content files. */
function fakeFetch(
  files: Record<string, unknown>,
  log: string[],
  fail = new Set<string>(),
): typeof fetch {
  return (async (input: string | URL | Request) => {
    const url = String(input);
    log.push(url);
    if (fail.has(url)) throw new TypeError('Failed to fetch');
    const body = files[url];
    return new Response(body === undefined ? 'nope' : JSON.stringify(body), {
      status: body === undefined ? 404 : 200,
    });
  }) as typeof fetch;
}

test('the loader resolves exact routes, stripped routes and the not-found page, memoising each', async () => {
  const log: string[] = [];
  const files = {
    '/sub/assets/data/docs/a.json': { page: page('/docs/a', { sidebarId: 's' }) },
    '/sub/assets/data/404.json': { page: page('/404', { kind: 'notFound' }) },
    '/sub/assets/data/_sidebars/s.json': [{ type: 'link', label: 'A', href: '/docs/a' }],
  };
  const loader = createContentLoader('/sub/', fakeFetch(files, log));
  loader.seed(page('/docs/b', { links: ['/docs/a'] }), {});
  const a = await loader.load('/sub/docs/a/', {});
  assert.equal(a.page.route, '/docs/a');
  assert.deepEqual(Object.keys(a.sidebars), ['s'], 'the sidebar file came with the content');
  assert.deepEqual(log, ['/sub/assets/data/docs/a.json', '/sub/assets/data/_sidebars/s.json']);
  log.length = 0;
  assert.equal((await loader.load('/sub/docs/a.html', a.sidebars)).page.route, '/docs/a');
  assert.equal((await loader.load('/sub/docs/a/index.html', a.sidebars)).page.route, '/docs/a');
  assert.deepEqual(log, [], 'known route: no probe, content from memory');
  assert.equal((await loader.load('/sub/nope', {})).page.kind, 'notFound');
  assert.equal((await loader.load('/sub/nope', {})).page.kind, 'notFound');
  assert.deepEqual(
    log,
    ['/sub/assets/data/nope.json', '/sub/assets/data/404.json'],
    'not-found memoised',
  );
  assert.equal(loader.isLoaded('/docs/a'), true);
  assert.equal(loader.isLoaded('/docs/c'), false);
  assert.equal(loader.urlOf('/'), '/sub/assets/data/index.json');
});

test('a failed load is not remembered: the next attempt fetches again', async () => {
  const log: string[] = [];
  const fail = new Set(['/assets/data/docs/a.json']);
  const loader = createContentLoader(
    '/',
    fakeFetch({ '/assets/data/docs/a.json': { page: page('/docs/a') } }, log, fail),
  );
  await assert.rejects(loader.load('/docs/a', {}), /Failed to fetch/);
  fail.clear();
  assert.equal((await loader.load('/docs/a', {})).page.route, '/docs/a');
  assert.equal(log.length, 2);
});

test('a server error is a failure, not a missing route', async () => {
  const loader = createContentLoader(
    '/',
    (async () => new Response('boom', { status: 500 })) as typeof fetch,
  );
  await assert.rejects(loader.load('/docs/a', {}), /HTTP 500/);
});
