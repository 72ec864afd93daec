import { test } from 'node:test';
import assert from 'node:assert/strict';
import { routerClickUrl, routerUrlOf } from '../../src/client/router/links';
import { routeOfHref } from '../../src/client/router/routeMatch';
import { scrollActionFor } from '../../src/client/router/scroll';
import { linkedRoutes } from '../../src/client/router/contentLoader';
import { prefetchAllowed } from '../../src/client/prefetch/prefetcher';
import { incremented, PROGRESS } from '../../src/client/progress/progressBar';

const here = 'https://site.dev/sub/docs/a';
const plain = {
  defaultPrevented: false,
  button: 0,
  metaKey: false,
  ctrlKey: false,
  shiftKey: false,
  altKey: false,
};
const link = (href: string | null, extra: { target?: string; download?: boolean } = {}) => ({
  href,
  target: extra.target ?? null,
  download: extra.download ?? false,
});

test('router clicks: plain left clicks on same-origin page links under the base URL (B16)', () => {
  assert.equal(routerClickUrl(plain, link('/sub/docs/b'), here, '/sub/')?.pathname, '/sub/docs/b');
  assert.equal(
    routerClickUrl(plain, link('/sub/docs/b', { target: '_self' }), here, '/sub/')?.pathname,
    '/sub/docs/b',
  );
  assert.equal(
    routerClickUrl(plain, link('b?x=1#h'), here, '/sub/')?.href,
    'https://site.dev/sub/docs/b?x=1#h',
  );
  assert.equal(routerClickUrl(plain, link('/sub'), here, '/sub/')?.pathname, '/sub');
  for (const key of ['metaKey', 'ctrlKey', 'shiftKey', 'altKey'] as const)
    assert.equal(
      routerClickUrl({ ...plain, [key]: true }, link('/sub/docs/b'), here, '/sub/'),
      null,
      key,
    );
  assert.equal(
    routerClickUrl({ ...plain, button: 1 }, link('/sub/docs/b'), here, '/sub/'),
    null,
    'middle click',
  );
  assert.equal(
    routerClickUrl({ ...plain, defaultPrevented: true }, link('/sub/docs/b'), here, '/sub/'),
    null,
    'handled elsewhere',
  );
  assert.equal(
    routerClickUrl(plain, link('/sub/docs/b', { target: '_blank' }), here, '/sub/'),
    null,
  );
  assert.equal(routerClickUrl(plain, link('/sub/docs/b', { download: true }), here, '/sub/'), null);
  assert.equal(
    routerClickUrl(plain, link('#h'), here, '/sub/'),
    null,
    '#x links are plain anchors',
  );
  assert.equal(
    routerClickUrl(plain, link('https://other.dev/sub/docs/b'), here, '/sub/'),
    null,
    'other origin',
  );
  assert.equal(routerClickUrl(plain, link('//other.dev/sub/x'), here, '/sub/'), null);
  assert.equal(routerClickUrl(plain, link('mailto:a@b.c'), here, '/sub/'), null);
  assert.equal(
    routerClickUrl(plain, link('/elsewhere'), here, '/sub/'),
    null,
    'outside the base URL',
  );
  assert.equal(
    routerClickUrl(plain, link('/sub/img/logo.svg'), here, '/sub/'),
    null,
    'static files load natively',
  );
  assert.equal(
    routerClickUrl(plain, link('/sub/docs/a.html'), here, '/sub/')?.pathname,
    '/sub/docs/a.html',
  );
  assert.equal(routerClickUrl(plain, link(null), here, '/sub/'), null);
});

test('routes of hrefs', () => {
  assert.equal(routeOfHref('/sub/docs/b/', here, '/sub/'), '/docs/b');
  assert.equal(routeOfHref('/sub/', here, '/sub/'), '/');
  assert.equal(routeOfHref('https://other.dev/x', here, '/sub/'), null);
  assert.equal(routerUrlOf('', here, '/sub/'), null);
});

const loc = (pathname: string, search = '', hash = '') => ({ pathname, search, hash });

test('scroll after a route change (B20)', () => {
  assert.deepEqual(
    scrollActionFor(null, loc('/a'), 'initial'),
    { kind: 'none' },
    'first load is native',
  );
  assert.deepEqual(
    scrollActionFor(loc('/a'), loc('/a', '?q=1'), 'push'),
    { kind: 'none' },
    'query only',
  );
  assert.deepEqual(scrollActionFor(loc('/a', '?q=1'), loc('/a', '?q=2'), 'pop', 40), {
    kind: 'none',
  });
  assert.deepEqual(scrollActionFor(loc('/a'), loc('/a', '', '#h'), 'push'), {
    kind: 'hash',
    id: 'h',
  });
  assert.deepEqual(scrollActionFor(loc('/a'), loc('/b', '', '#caf%C3%A9'), 'push'), {
    kind: 'hash',
    id: 'café',
  });
  assert.deepEqual(scrollActionFor(loc('/a'), loc('/b'), 'push'), { kind: 'top' });
  assert.deepEqual(
    scrollActionFor(loc('/a'), loc('/a'), 'replace'),
    { kind: 'top' },
    'a link to the page shown goes to the top',
  );
  assert.deepEqual(
    scrollActionFor(loc('/a'), loc('/b'), 'pop', 420),
    { kind: 'restore', y: 420 },
    'back/forward restore the position left',
  );
  assert.deepEqual(
    scrollActionFor(loc('/a'), loc('/b', '', '#h'), 'pop'),
    { kind: 'hash', id: 'h' },
    'unknown position: the rules',
  );
});

test('prefetch hints: body links, sidebar, pager and breadcrumbs, never the page itself (B29)', () => {
  const hints = linkedRoutes(
    {
      route: '/a',
      kind: 'doc',
      title: 'A',
      toc: [],
      links: ['/b'],
      breadcrumbs: [{ title: 'Cat', href: '/cat' }],
      next: { title: 'C', href: '/c' },
    },
    [
      {
        type: 'category',
        label: 'Cat',
        href: '/cat',
        collapsed: false,
        items: [
          { type: 'link', label: 'A', href: '/a' },
          { type: 'link', label: 'D', href: '/d' },
        ],
      },
    ],
  );
  assert.deepEqual([...hints].sort(), ['/b', '/c', '/cat', '/d']);
});

test('no prefetch on 2g, slow-2g or Save-Data (B32)', () => {
  assert.equal(prefetchAllowed(undefined), true);
  assert.equal(prefetchAllowed({ effectiveType: '4g' }), true);
  assert.equal(prefetchAllowed({ effectiveType: '3g', saveData: false }), true);
  assert.equal(prefetchAllowed({ effectiveType: '2g' }), false);
  assert.equal(prefetchAllowed({ effectiveType: 'slow-2g' }), false);
  assert.equal(prefetchAllowed({ effectiveType: '4g', saveData: true }), false);
});

test('progress bar constants and trickle cap (B34, B35)', () => {
  assert.deepEqual(
    { ...PROGRESS },
    {
      minimum: 0.08,
      speed: 200,
      easing: 'ease',
      trickleRate: 0.02,
      trickleSpeed: 800,
      max: 0.994,
      delay: 200,
    },
  );
  assert.equal(incremented(0.5, 0.01), 0.51);
  assert.equal(incremented(0.99, 0.02), 0.994);
  assert.equal(incremented(0.2, 0.8), 0.994, 'done() jumps are capped before the final set(1)');
});
