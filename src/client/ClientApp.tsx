import { Suspense, lazy, useEffect, useLayoutEffect, useMemo, useState } from 'react';
import type { ClientSiteConfig } from '../shared/config';
import { App } from '../../templates/App';
import { SiteProvider } from '../../templates/siteContext';
import { RouterProvider } from '../../templates/routerContext';
import { dropUnknownPreferredVersion } from './preferredVersion';
import type { ClientRouter } from './router/clientRouter';

/** Only while a route loads after the page was shown, or failed to (B53): a chunk of its own. */
const LazyState = lazy(() => import('./errors/LazyState').then((m) => ({ default: m.LazyState })));

export interface ClientAppProps {
  router: ClientRouter;
  config: ClientSiteConfig;
}

/** The hydrated app: the same App as the server, driven by the client router. */
export function ClientApp({ router, config }: ClientAppProps) {
  const [view, setView] = useState(router.view);
  // The server rendered no hash; take the real one once hydrated.
  const [hydrated, setHydrated] = useState(false);
  useLayoutEffect(() => router.start(setView), [router]);
  useLayoutEffect(() => router.afterCommit(view), [view.count]); // eslint-disable-line react-hooks/exhaustive-deps
  useEffect(() => router.afterPaint(view), [view.count]); // eslint-disable-line react-hooks/exhaustive-deps
  useEffect(() => {
    setHydrated(true);
    document.documentElement.setAttribute('data-has-hydrated', 'true');
    dropUnknownPreferredVersion([config.docs.version.name]);
  }, [config]);

  const site = useMemo(() => ({ config, sidebars: view.sidebars }), [config, view.sidebars]);
  const routerValue = useMemo(
    () => ({
      route: view.page.route,
      hash: hydrated ? view.loc.hash : '',
      navigate: router.navigate,
      navigationCount: view.count,
    }),
    [view.page.route, view.loc.hash, view.count, hydrated, router],
  );
  return (
    <SiteProvider value={site}>
      <RouterProvider value={routerValue}>
        <App
          page={view.page}
          html={view.page.html}
          slot={
            view.lazy ? (
              <Suspense fallback={null}>
                <LazyState error={view.lazy.error} onRetry={router.retry} />
              </Suspense>
            ) : undefined
          }
        />
      </RouterProvider>
    </SiteProvider>
  );
}
