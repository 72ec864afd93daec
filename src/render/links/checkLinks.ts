import type { Diagnostic } from '../diagnostics';
import { formatLocation } from '../diagnostics';
import { diagnostic } from '../diagnostics/make';
import type { FoundLink } from '../markdown/rehypeLinks';
import { nearest } from './nearest';

export interface PageLinks {
  route: string;
  sourcePath?: string;
  links: FoundLink[];
}

const trim = (r: string) => (r.length > 1 ? r.replace(/\/$/, '') : r);

/** How many places a widespread broken link's summary names before "and N more". */
const NAMED_PLACES = 5;

/**
 * Broken links (B61) and broken anchors (B62): every internal link must reach a route,
 * and a link with a hash must reach an id on that page. Reported as warnings with the
 * file and line, each suggesting the nearest route or id there is ("did you mean …").
 * A link broken on five or more pages is summed up once more, naming where it is
 * written; the navbar or footer is named only when it links there too (`chromeRoutes`).
 */
export function checkLinks(
  pages: PageLinks[],
  routes: Set<string>,
  idsByRoute: Map<string, Set<string>>,
  chromeRoutes: Set<string> = new Set(),
): Diagnostic[] {
  const out: Diagnostic[] = [];
  const broken = new Map<string, { pages: Set<string>; places: string[] }>();
  const has = (r: string) => routes.has(trim(r)) || routes.has(trim(safeDecode(r)));
  const routeList = [...routes];
  const suggestions = new Map<string, string | undefined>();
  const nearRoute = (target: string) => {
    if (!suggestions.has(target)) suggestions.set(target, nearest(trim(target), routeList));
    return suggestions.get(target);
  };
  for (const page of pages) {
    for (const link of page.links) {
      const target = link.route === '' ? page.route : link.route;
      if (!has(target)) {
        let entry = broken.get(target);
        if (!entry) broken.set(target, (entry = { pages: new Set(), places: [] }));
        entry.pages.add(page.route);
        entry.places.push(
          formatLocation({
            file: page.sourcePath ?? page.route,
            line: link.line,
            column: link.column,
          }),
        );
        out.push(
          diagnostic(
            'BrokenLink',
            { file: page.sourcePath, line: link.line, column: link.column },
            { page: page.route, raw: link.raw, target, near: nearRoute(target) },
          ),
        );
        continue;
      }
      if (link.hash) {
        const ids = idsByRoute.get(trim(target)) ?? idsByRoute.get(trim(safeDecode(target)));
        if (ids && !ids.has(link.hash) && !ids.has(safeDecode(link.hash))) {
          const near = nearest(safeDecode(link.hash), [...ids]);
          out.push(
            diagnostic(
              'BrokenAnchor',
              { file: page.sourcePath, line: link.line, column: link.column },
              { page: page.route, raw: link.raw, hash: link.hash, target, near },
            ),
          );
        }
      }
    }
  }
  for (const [target, { pages: on, places }] of broken) {
    if (on.size < 5) continue;
    const named = places.slice(0, NAMED_PLACES).join(', ');
    const more = places.length > NAMED_PLACES ? ` and ${places.length - NAMED_PLACES} more` : '';
    const near = nearRoute(target);
    const inChrome = chromeRoutes.has(trim(target));
    out.push({
      code: 'BrokenLinkWidespread',
      severity: 'warning',
      message: `the link to ${target} is broken on ${on.size} pages: ${named}${more}`,
      hint:
        (near ? `did you mean ${near}? ` : '') +
        (inChrome
          ? 'the navbar or footer config links there too'
          : 'fix it in each of these files'),
    });
  }
  return out;
}

function safeDecode(s: string): string {
  try {
    return decodeURI(s);
  } catch {
    return s;
  }
}
