import type { ReactNode } from 'react';
import type { PageData } from '../src/shared/pageData';
import { DocPage } from './DocPage';
import { NotFound } from './NotFound';
import { PageBody } from './PageBody';
import { Navbar } from './layout/Navbar';
import { SearchButton } from './search/SearchButton';
import { Footer } from './layout/Footer';
import { useSite } from './siteContext';

export interface AppProps {
  page: PageData;
  /** Body HTML of the page (server-rendered). */
  html: string;
  /** Client only: shown instead of the page content (the lazy-load loader or Retry screen, B53). */
  slot?: ReactNode;
}

function PageContent({ page, html }: AppProps) {
  switch (page.kind) {
    case 'doc':
    case 'api':
      return <DocPage page={page} html={html} />;
    case 'notFound':
      return <NotFound />;
    case 'home':
      return (
        <main id="__dfdocs_main" className="home">
          <PageBody html={html} />
        </main>
      );
    default:
      return (
        <main id="__dfdocs_main" className="page">
          <PageBody html={html} />
        </main>
      );
  }
}

/** The whole page inside `<body>`: skip link, announcement, navbar, content, footer. */
export function App(props: AppProps) {
  const { config } = useSite();
  return (
    <>
      <div role="region" aria-label="Skip to main content" className="skip-to-content">
        <a href="#__dfdocs_main" className="skip-to-content__link">
          Skip to main content
        </a>
      </div>
      {config.announcementBar ? (
        <div role="banner" className="announcement-bar" style={{ backgroundColor: config.announcementBar.backgroundColor, color: config.announcementBar.textColor }}>
          <div className="announcement-bar__content" dangerouslySetInnerHTML={{ __html: config.announcementBar.content }} />
        </div>
      ) : null}
      <Navbar>
        <SearchButton />
      </Navbar>
      <div className="main-wrapper">
        {props.slot ? <main id="__dfdocs_main" className="page">{props.slot}</main> : <PageContent {...props} />}
      </div>
      <Footer />
    </>
  );
}
