// Breadcrumbs, previous/next and sidebar membership come from lookups made once per
// sidebar; these pin down what they return, including for a route listed twice.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { buildSiteModel, docNeighbours, type SiteModel } from '../../src/render/site/siteModel';
import { flattenSidebar } from '../../src/render/content/sidebar';
import type { SidebarItem } from '../../src/shared/pageData';
import type { DocSource } from '../../src/render/content/sources';
import type { SiteConfig } from '../../src/shared/config';

const items: SidebarItem[] = [
  { type: 'link', label: 'Intro', href: '/docs/intro' },
  {
    type: 'category',
    label: 'Alpha',
    href: '/docs/a',
    collapsed: false,
    items: [
      { type: 'link', label: 'One', href: '/docs/a/one' },
      {
        type: 'category',
        label: 'Beta',
        collapsed: false,
        items: [{ type: 'link', label: 'Two', href: '/docs/a/b/two' }],
      },
    ],
  },
  { type: 'link', label: 'Last', href: '/docs/last' },
  { type: 'link', label: 'One again', href: '/docs/a/one' },
];
const model = {
  sidebars: { docs: items },
  order: new Map([['docs', flattenSidebar(items)]]),
} as unknown as SiteModel;

test('breadcrumbs name the categories above a doc, outermost first; previous and next follow the reading order', () => {
  const n = docNeighbours(model, 'docs', '/docs/a/b/two');
  assert.deepEqual(n.breadcrumbs, [
    { title: 'Alpha', href: '/docs/a' },
    { title: 'Beta', href: '' },
  ]);
  assert.equal(n.previous?.href, '/docs/a/one');
  assert.equal(n.next?.href, '/docs/last');
});

test("a category's own page has the categories above it as breadcrumbs, not itself", () => {
  const n = docNeighbours(model, 'docs', '/docs/a');
  assert.deepEqual(n.breadcrumbs, []);
  assert.equal(n.previous?.href, '/docs/intro');
  assert.equal(n.next?.href, '/docs/a/one');
});

test('the first doc has no previous link; a route listed twice takes its first place', () => {
  const first = docNeighbours(model, 'docs', '/docs/intro');
  assert.equal(first.previous, undefined);
  assert.equal(first.next?.href, '/docs/a');
  const twice = docNeighbours(model, 'docs', '/docs/a/one');
  assert.deepEqual(twice.breadcrumbs, [{ title: 'Alpha', href: '/docs/a' }]);
  assert.equal(twice.previous?.href, '/docs/a');
  assert.equal(twice.next?.href, '/docs/a/b/two');
});

test('a route outside the sidebar, or no sidebar, has no neighbours', () => {
  assert.deepEqual(docNeighbours(model, 'docs', '/docs/elsewhere'), {
    breadcrumbs: [],
    previous: undefined,
    next: undefined,
  });
  assert.deepEqual(docNeighbours(model, undefined, '/docs/intro'), { breadcrumbs: [] });
});

test('docs listed in the sidebar get its id; with a sidebar root, docs outside it get none', () => {
  const doc = (docPath: string): DocSource => ({
    kind: 'doc',
    id: docPath.replace(/\.md$/, ''),
    sourcePath: `docs/${docPath}`,
    absPath: `/site/docs/${docPath}`,
    docPath,
    route: `/docs/${docPath.replace(/\.md$/, '')}`,
    title: docPath,
    body: '',
    frontMatter: {},
  });
  const sources = {
    docs: [doc('guide/start.md'), doc('guide/more.md'), doc('other/page.md')],
    pages: [],
    categories: new Map(),
  };
  const config = (sidebarRoot?: string) => ({ docs: { sidebarRoot } }) as unknown as SiteConfig;
  const all = buildSiteModel(sources, config());
  assert.deepEqual(
    all.routes.map((r) => [r.route, r.kind === 'doc' ? r.sidebarId : '-']),
    [
      ['/docs/guide/start', 'docs'],
      ['/docs/guide/more', 'docs'],
      ['/docs/other/page', 'docs'],
    ],
  );
  const rooted = buildSiteModel(sources, config('guide'));
  assert.deepEqual(
    rooted.routes.map((r) => (r.kind === 'doc' ? r.sidebarId : '-')),
    ['docs', 'docs', undefined],
  );
});

test("the sidebar's containsRoute: a category holds the routes at any depth under it, and its own", async () => {
  const { containsRoute } = await import('../../templates/layout/Sidebar');
  const alpha = items[1]!;
  assert.equal(containsRoute(alpha, '/docs/a'), true);
  assert.equal(containsRoute(alpha, '/docs/a/b/two'), true);
  assert.equal(containsRoute(alpha, '/docs/a/one'), true);
  assert.equal(containsRoute(alpha, '/docs/last'), false);
  assert.equal(containsRoute(items[0]!, '/docs/intro'), true);
  assert.equal(containsRoute(items[0]!, '/docs/a'), false);
  // Asked again (the answer is kept per category): the same.
  assert.equal(containsRoute(alpha, '/docs/a/b/two'), true);
  assert.equal(containsRoute(alpha, '/docs/intro'), false);
});
