/**
 * A category's generated index page (Docusaurus's `link: { type: 'generated-index' }`):
 * its title and description and a card per item, shown with the docs layout and the
 * sidebar the category is in (breadcrumbs and previous/next come from it, as a doc's do).
 */
import { renderToString } from 'react-dom/server';
import type { ClientSiteConfig } from '../../shared/config';
import type { PageData, SidebarItem } from '../../shared/pageData';
import { isExternalUrl } from '../../shared/baseUrl';
import { SiteProvider } from '../../../templates/siteContext';
import { CategoryIndex, type CategoryCard } from '../../../templates/docs/CategoryIndex';
import type { CategoryIndexPage } from '../content/categoryIndex';
import type { DocSource } from '../content/sources';
import type { FoundLink } from '../markdown/rehypeLinks';
import { flatFirst, leadOf } from './generatedHome';

/** The cards of a category's items: a doc's description (or first paragraph), a category's item count, a link's host. */
export function categoryCards(
  items: SidebarItem[],
  docByRoute: (route: string) => DocSource | undefined,
): CategoryCard[] {
  const cards: CategoryCard[] = [];
  for (const item of items) {
    if (item.type === 'category') {
      const href = item.href ?? flatFirst(item.items);
      if (!href) continue;
      const n = item.items.length;
      cards.push({
        title: item.label,
        href,
        kind: 'category',
        description: `${n} ${n === 1 ? 'item' : 'items'}`,
      });
    } else if (isExternalUrl(item.href)) {
      cards.push({
        title: item.label,
        href: item.href,
        kind: 'link',
        description: hostOf(item.href),
      });
    } else {
      const doc = docByRoute(item.href);
      cards.push({
        title: item.label,
        href: item.href,
        kind: doc ? 'doc' : 'link',
        description: doc && (doc.description ?? leadOf(doc.body)),
      });
    }
  }
  return cards;
}

function hostOf(url: string): string | undefined {
  try {
    return new URL(url).host || undefined;
  } catch {
    return undefined;
  }
}

/** The generator of one category's index page (see `RenderContext.generated`). */
export function categoryIndexPage(input: {
  index: CategoryIndexPage;
  clientConfig: ClientSiteConfig;
  docs: DocSource[];
}): () => Promise<{ page: Omit<PageData, 'links'>; html: string; links: FoundLink[] }> {
  return async () => {
    const { index } = input;
    const byRoute = new Map(input.docs.map((d) => [d.route, d]));
    const cards = categoryCards(index.category.items, (r) => byRoute.get(r));
    const html = renderToString(
      <SiteProvider value={{ config: input.clientConfig, sidebars: {} }}>
        <CategoryIndex title={index.title} description={index.description} cards={cards} />
      </SiteProvider>,
    );
    return {
      page: {
        route: index.route,
        kind: 'doc',
        title: index.title,
        description: index.description,
        toc: [],
        sidebarId: index.sidebarId,
        breadcrumbs: [],
      },
      html,
      links: cards
        .filter((c) => c.href.startsWith('/'))
        .map((c) => ({ route: c.href.replace(/#.*$/, ''), hash: '', raw: c.href })),
    };
  };
}
