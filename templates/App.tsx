import { Suspense, type ReactNode } from 'react';
import type { PageData } from '../src/shared/pageData';
import { DocPage } from './DocPage';
import { PageBody } from './PageBody';
import { usePageDataCheck } from './validate';
import { Navbar } from './layout/Navbar';
import { SearchButton } from './search/SearchButton';
import { Footer } from './layout/Footer';
import { MAIN_WRAPPER_ID, SkipToContent } from './layout/SkipToContent';
import { AnnouncementBar } from './announcement/AnnouncementBar';
import { AnnouncementProvider } from './announcement/AnnouncementProvider';
import { ColorModeProvider } from './theme/ColorModeProvider';
import { ErrorBoundary } from './errors/ErrorBoundary';
import { ErrorFallback } from './errors/ErrorFallback';
import { useSite } from './siteContext';

export interface AppProps {
  page: PageData;
  /** Body HTML of the page (server-rendered). */
  html: string;
  /** Client only: shown instead of the page content (the lazy-load loader or Retry screen, B53). */
  slot?: ReactNode;
}

function PageContent({ page, html }: AppProps) {
  usePageDataCheck(page);
  switch (page.kind) {
    case 'notFound':
      // Its content (./NotFound.tsx) is rendered at build time, like a React page's.
      return (
        <main className="not-found" data-page-body="" dangerouslySetInnerHTML={{ __html: html }} />
      );
    case 'home':
      return (
        <main className="home">
          <PageBody html={html} />
        </main>
      );
    default:
      return <DocPage page={page} html={html} />;
  }
}

/** Skip link, announcement bar, navbar, the page (behind its own error boundary), footer. */
function Layout({ page, html, slot }: AppProps) {
  const { sidebars } = useSite();
  const sidebar = page.sidebarId ? sidebars[page.sidebarId] : undefined;
  return (
    <>
      <SkipToContent />
      <AnnouncementBar />
      {/* Navbar children sit at its right end and stay visible on mobile: the search slot. */}
      <Navbar sidebar={sidebar}>
        <SearchButton />
      </Navbar>
      <div id={MAIN_WRAPPER_ID} className="main-wrapper">
        <ErrorBoundary resetKey={page.route} fallback={(p) => <ErrorFallback {...p} />}>
          {/* The page may suspend while the wording of a malformed-data error loads (./validate.ts). */}
          <Suspense fallback={null}>
            {slot ? (
              <main className="page page--slot">{slot}</main>
            ) : (
              <PageContent page={page} html={html} />
            )}
          </Suspense>
        </ErrorBoundary>
      </div>
      <Footer />
    </>
  );
}

/**
 * The whole page inside `<body>`, on the server and in the browser: the colour-mode and
 * announcement stores, then the layout. A crash in the page keeps the layout (B52); a
 * crash in the layout itself shows the same error content on its own.
 */
export function App(props: AppProps) {
  const { config } = useSite();
  return (
    <ColorModeProvider config={config.colorMode}>
      <AnnouncementProvider config={config.announcementBar}>
        <ErrorBoundary resetKey={props.page.route} fallback={(p) => <ErrorFallback {...p} />}>
          <Layout {...props} />
        </ErrorBoundary>
      </AnnouncementProvider>
    </ColorModeProvider>
  );
}
