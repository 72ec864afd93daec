import type { PageData } from '../src/shared/pageData';
import { Link } from './Link';
import { PageBody } from './PageBody';
import { Sidebar } from './layout/Sidebar';
import { DesktopToc, MobileToc } from './layout/Toc';
import { BackToTop } from './layout/BackToTop';
import { useSite } from './siteContext';
import { useWindowSize } from './hooks/useWindowSize';
import { slotOverrides, type SlotOverrides } from './slots';

function Breadcrumbs({ page }: { page: PageData }) {
  return (
    <nav className="breadcrumbs" aria-label="Breadcrumbs">
      <ol>
        <li>
          <Link
            to="/"
            aria-label="Home page"
            title="Home page"
            className="breadcrumbs__link breadcrumbs__link--home"
          >
            <span aria-hidden="true" className="icon icon--home" />
          </Link>
        </li>
        {page.breadcrumbs.map((b) => (
          <li key={b.href + b.title}>
            {b.href ? (
              <Link to={b.href} className="breadcrumbs__link">
                {b.title}
              </Link>
            ) : (
              <span className="breadcrumbs__link">{b.title}</span>
            )}
          </li>
        ))}
        <li>
          <span className="breadcrumbs__link breadcrumbs__link--current" aria-current="page">
            {page.title}
          </span>
        </li>
      </ol>
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
          <span className="pager__label">« {page.previous.title}</span>
        </Link>
      ) : null}
      {page.next ? (
        <Link to={page.next.href} className="pager__link pager__link--next">
          <span className="pager__sub">Next</span>
          <span className="pager__label">{page.next.title} »</span>
        </Link>
      ) : null}
    </nav>
  );
}

function EditLink({ href }: { href: string }) {
  return (
    <Link to={href} className="doc__edit">
      <span aria-hidden="true" className="icon icon--edit" />
      Edit this page
    </Link>
  );
}

/** A site's doc footer, given the config (compiled away with the lookup when the site has none). */
function DocFooterSlot({
  Component,
  page,
}: {
  Component: NonNullable<SlotOverrides['docFooter']>;
  page: PageData;
}) {
  const { config } = useSite();
  return <Component config={config} page={page} />;
}

/**
 * A docs (or markdown) page: the docs sidebar when the page is in one, breadcrumbs, the
 * mobile "On this page", the body, the edit link, previous/next, the desktop table of
 * contents and "back to top".
 */
export function DocPage({ page, html }: { page: PageData; html: string }) {
  const { sidebars } = useSite();
  const size = useWindowSize();
  const sidebar = page.sidebarId ? sidebars[page.sidebarId] : undefined;
  const hasToc = page.toc.length > 0;
  return (
    <div className={'doc-layout' + (sidebar ? ' doc-layout--with-sidebar' : '')}>
      {sidebar && size !== 'mobile' ? (
        // A plain box: the sidebar's own <nav> is the landmark.
        <div className="doc-layout__sidebar">
          <Sidebar items={sidebar} route={page.route} />
        </div>
      ) : null}
      <main className="doc-layout__main">
        <div
          className={'doc-layout__container' + (hasToc ? ' doc-layout__container--with-toc' : '')}
        >
          <article className="doc">
            {sidebar ? <Breadcrumbs page={page} /> : null}
            <MobileToc toc={page.toc} />
            <PageBody html={html} />
            {/* The site's own doc footer, if it has one (config `components.docFooter`, see ./slots.ts). */}
            {(typeof __DFDOCS_SLOTS__ === 'undefined' || __DFDOCS_SLOTS__) &&
            slotOverrides.docFooter ? (
              <div className="doc__footer">
                <DocFooterSlot Component={slotOverrides.docFooter} page={page} />
              </div>
            ) : page.editUrl ? (
              <div className="doc__footer">
                <EditLink href={page.editUrl} />
              </div>
            ) : null}
            <Pager page={page} />
          </article>
          {hasToc ? (
            <aside className="doc-layout__toc" aria-label="On this page">
              <DesktopToc toc={page.toc} />
            </aside>
          ) : null}
        </div>
      </main>
      <BackToTop />
    </div>
  );
}
