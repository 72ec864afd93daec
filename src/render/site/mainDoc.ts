import type { SiteConfig } from '../../shared/config';
import type { SidebarItem, SidebarsData } from '../../shared/pageData';
import type { DocSource } from '../content/sources';
import { flattenSidebar } from '../content/sidebar';
import { DfdocsError } from '../diagnostics';
import { didYouMean } from '../suggest';

/** The doc the site starts at: "Get started", the 404 page's "Read the docs". */
export interface MainDoc {
  id: string;
  route: string;
}

/**
 * The main doc: `docs.version.mainDocId` when the config sets it (it must exist), else
 * `docs/intro.md`, else `docs/index.md`, else the first doc in sidebar order, else the
 * first doc. Undefined for a site without docs. Sets the resolved id in the config, which
 * the templates read.
 */
export function resolveMainDoc(
  config: SiteConfig,
  docs: DocSource[],
  sidebars: SidebarsData,
  configFile: string | undefined,
  locate: (key: string) => { line: number; column: number } = () => ({ line: 1, column: 1 }),
): MainDoc | undefined {
  if (!docs.length) return undefined;
  const byId = new Map(docs.map((d) => [d.id, d]));
  const wanted = config.docs.version.mainDocId;
  let doc: DocSource | undefined;
  if (wanted) {
    doc = byId.get(wanted);
    if (!doc) {
      const guess = didYouMean(wanted, byId.keys());
      throw new DfdocsError({
        code: 'UnknownDocId',
        severity: 'error',
        message: `Couldn't find any doc with id "${wanted}" in version "${config.docs.version.name}".`,
        hint: `set docs.version.mainDocId to the id of a doc (its path under docs/ without .md, or its front matter id)${guess ? `: ${guess}` : ''}`,
        file: configFile,
        ...(configFile ? locate('mainDocId') : {}),
      });
    }
  } else {
    const byRoute = new Map(docs.map((d) => [d.route, d]));
    const first = flattenSidebar(Object.values(sidebars).flat() as SidebarItem[]).find((l) =>
      byRoute.has(l.href),
    );
    doc =
      byId.get('intro') ??
      byId.get('index') ??
      (first ? byRoute.get(first.href) : undefined) ??
      docs[0]!;
    config.docs.version.mainDocId = doc.id;
  }
  return { id: doc.id, route: doc.route };
}
