import type { Diagnostic } from '../diagnostics';
import type { FoundLink } from '../markdown/rehypeLinks';

export interface PageLinks {
  route: string;
  sourcePath?: string;
  links: FoundLink[];
}

const trim = (r: string) => (r.length > 1 ? r.replace(/\/$/, '') : r);

/**
 * Broken links (B61) and broken anchors (B62): every internal link must reach a route,
 * and a link with a hash must reach an id on that page. Reported as warnings with the
 * file and line; a link broken on five or more pages gets a hint (usually navbar/footer).
 */
export function checkLinks(
  pages: PageLinks[],
  routes: Set<string>,
  idsByRoute: Map<string, Set<string>>,
): Diagnostic[] {
  const out: Diagnostic[] = [];
  const brokenCount = new Map<string, number>();
  const has = (r: string) => routes.has(trim(r)) || routes.has(trim(safeDecode(r)));
  for (const page of pages) {
    for (const link of page.links) {
      const target = link.route === '' ? page.route : link.route;
      if (!has(target)) {
        brokenCount.set(target, (brokenCount.get(target) ?? 0) + 1);
        const resolved = target !== link.raw ? ` (resolved as ${target})` : '';
        out.push({
          code: 'BrokenLink',
          severity: 'warning',
          message: `broken link on ${page.route}: ${link.raw}${resolved}`,
          hint: 'fix the link or create the page',
          file: page.sourcePath,
          line: link.line,
          column: link.column,
        });
        continue;
      }
      if (link.hash) {
        const ids = idsByRoute.get(trim(target)) ?? idsByRoute.get(trim(safeDecode(target)));
        if (ids && !ids.has(link.hash) && !ids.has(safeDecode(link.hash))) {
          out.push({
            code: 'BrokenAnchor',
            severity: 'warning',
            message: `broken anchor on ${page.route}: ${link.raw} (no heading or element with id "${link.hash}" on ${target})`,
            hint: 'fix the anchor; heading ids are lower-case with dashes, as on GitHub',
            file: page.sourcePath,
            line: link.line,
            column: link.column,
          });
        }
      }
    }
  }
  for (const [target, n] of brokenCount) {
    if (n >= 5)
      out.push({
        code: 'BrokenLinkWidespread',
        severity: 'warning',
        message: `the link to ${target} is broken on ${n} pages`,
        hint: 'a link broken on many pages usually sits in the navbar or footer config',
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
