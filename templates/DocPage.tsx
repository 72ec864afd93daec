import type { PageData } from '../src/shared/pageData';
import { Link } from './Link';
import { PageBody } from './PageBody';
import { Sidebar } from './layout/Sidebar';
import { Toc } from './layout/Toc';
import { useSite } from './siteContext';

function Breadcrumbs({ page }: { page: PageData }) {
  if (!page.breadcrumbs.length && page.kind !== 'doc') return null;
  return (
    <nav className="breadcrumbs" aria-label="Breadcrumbs">
      <ul>
        <li>
          <Link to="/" aria-label="Home page" className="breadcrumbs__link">
            <svg viewBox="0 0 24 24" width="14" height="14" aria-hidden="true" fill="currentColor">
              <path d="M10 19v-5h4v5c0 .55.45 1 1 1h3c.55 0 1-.45 1-1v-7h1.7c.46 0 .68-.57.33-.87L12.67 3.6c-.38-.34-.96-.34-1.34 0l-8.36 7.53c-.34.3-.13.87.33.87H5v7c0 .55.45 1 1 1h3c.55 0 1-.45 1-1z" />
            </svg>
          </Link>
        </li>
        {page.breadcrumbs.map((b) => (
          <li key={b.title}>{b.href ? <Link to={b.href} className="breadcrumbs__link">{b.title}</Link> : <span>{b.title}</span>}</li>
        ))}
        <li>
          <span className="breadcrumbs__current" aria-current="page">{page.title}</span>
        </li>
      </ul>
    </nav>
  );
}

function Pager({ page }: { page: PageData }) {
  if (!page.previous && !page.next) return null;
  return (
    <nav className="pager" aria-label="Docs pages">
      {page.previous ? (
        <Link to={page.previous.href} className="pager__link pager__link--prev">
          <span className="pager__sub">Previous</span>
          <span className="pager__label">{page.previous.title}</span>
        </Link>
      ) : <span />}
      {page.next ? (
        <Link to={page.next.href} className="pager__link pager__link--next">
          <span className="pager__sub">Next</span>
          <span className="pager__label">{page.next.title}</span>
        </Link>
      ) : null}
    </nav>
  );
}

/** A docs page: sidebar, breadcrumbs, body, previous/next, edit link, table of contents. */
export function DocPage({ page, html }: { page: PageData; html: string }) {
  const { sidebars } = useSite();
  const sidebar = page.sidebarId ? sidebars[page.sidebarId] : undefined;
  return (
    <div className={'doc-layout' + (sidebar ? ' doc-layout--with-sidebar' : '')}>
      {sidebar ? (
        <aside className="doc-layout__sidebar">
          <Sidebar items={sidebar} route={page.route} />
        </aside>
      ) : null}
      <main className="doc-layout__main" id="__dfdocs_main">
        <div className="doc-layout__content">
          <article className="doc">
            {sidebar ? <Breadcrumbs page={page} /> : null}
            <PageBody html={html} />
            {page.editUrl ? (
              <p className="doc__edit">
                <Link to={page.editUrl}>Edit this page</Link>
              </p>
            ) : null}
            <Pager page={page} />
          </article>
          <aside className="doc-layout__toc">
            <Toc toc={page.toc} />
          </aside>
        </div>
      </main>
    </div>
  );
}
