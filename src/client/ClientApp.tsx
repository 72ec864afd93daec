import { useEffect, useState } from 'react';
import type { ClientSiteConfig } from '../shared/config';
import type { PageData, SidebarsData } from '../shared/pageData';
import { App } from '../../templates/App';
import { SiteProvider } from '../../templates/siteContext';
import { RouterProvider } from '../../templates/routerContext';

export interface ClientAppProps {
  initial: PageData & { html: string };
  config: ClientSiteConfig;
  sidebars: SidebarsData;
}

/** The hydrated app: the same App as the server, with live router state. */
export function ClientApp({ initial, config, sidebars }: ClientAppProps) {
  const [page] = useState(initial);
  useEffect(() => {
    document.documentElement.setAttribute('data-has-hydrated', 'true');
  }, []);
  return (
    <SiteProvider value={{ config, sidebars }}>
      <RouterProvider value={{ route: page.route, hash: '', navigate: (href) => location.assign(href), navigationCount: 0 }}>
        <App page={page} html={page.html} />
      </RouterProvider>
    </SiteProvider>
  );
}
