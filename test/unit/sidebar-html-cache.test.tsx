/**
 * The server's reuse of a rendered sidebar across pages (src/render/ssr/sidebarHtmlCache.ts):
 * every document is byte-identical to one rendered without reuse, and reuse does happen.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { defaultConfig } from '../../src/render/config/defaults';
import { clientConfigOf } from '../../src/render/site/clientConfig';
import { renderDocument } from '../../src/render/ssr/renderDocument';
import { SidebarHtmlCache } from '../../src/render/ssr/sidebarHtmlCache';
import type { PageData, SidebarItem } from '../../src/shared/pageData';

const link = (href: string, label = href) => ({ type: 'link' as const, href, label });
const pagesOf = (dir: string, n: number) =>
  Array.from({ length: n }, (_, i) => link(`/docs/${dir}/p${i}`, `${dir} ${i}`));

/** Nested categories, category pages, a route listed twice, hrefs to escape. */
const sidebar: SidebarItem[] = [
  link('/docs/intro', 'Intro'),
  {
    type: 'category',
    label: 'Guide',
    collapsed: false,
    items: [
      ...pagesOf('guide', 4),
      {
        type: 'category',
        label: 'Deep',
        href: '/docs/guide/deep',
        collapsed: false,
        items: pagesOf('deep', 3),
      },
    ],
  },
  {
    type: 'category',
    label: 'Recipes',
    href: '/docs/recipes',
    collapsed: false,
    items: [...pagesOf('recipes', 3), link('/docs/intro', 'Intro again')],
  },
  {
    type: 'category',
    label: 'Odd <names> & "quotes"',
    collapsed: false,
    items: [link("/docs/odd/it's&more", 'Quote & amp'), link('/docs/odd/plain', 'Plain')],
  },
];

function routesOf(items: SidebarItem[]): string[] {
  return items.flatMap((item) => [
    ...(item.href?.startsWith('/') ? [item.href] : []),
    ...(item.type === 'category' ? routesOf(item.items) : []),
  ]);
}

for (const baseUrl of ['/', '/sub/']) {
  test(`documents rendered with sidebar reuse equal documents rendered without it (base URL ${baseUrl})`, () => {
    const config = { ...defaultConfig(), baseUrl };
    const clientConfig = clientConfigOf(config);
    const assets = { entry: 'assets/client.js', preload: [], css: 'assets/styles.css' };
    const cache = new SidebarHtmlCache();
    // Each route twice in a row and then all again (a page outside the sidebar in between):
    // kept sidebars are reused across categories, trails and current links.
    const routes = [
      ...routesOf(sidebar).flatMap((r) => [r, r]),
      '/docs/not-listed',
      ...routesOf(sidebar),
    ];
    for (const route of routes) {
      const page: PageData = {
        route,
        kind: 'doc',
        title: route,
        toc: [],
        sidebarId: 'docs',
        breadcrumbs: [],
        links: [],
      };
      const input = {
        page,
        html: '<p>Body</p>',
        config,
        clientConfig,
        sidebars: { docs: sidebar },
        assets,
      };
      const fresh = renderDocument({ ...input, sidebarHtml: null });
      assert.equal(
        renderDocument({ ...input, sidebarHtml: cache }),
        fresh,
        `the document of ${route}`,
      );
      assert.match(fresh, /<nav class="sidebar menu" aria-label="Docs sidebar"><ul/);
    }
    // Category pages are never served from the cache; the others after their shape's first page.
    assert.ok(
      cache.reused >= routes.length / 2,
      `${cache.reused} of ${routes.length} sidebars reused`,
    );
  });
}
