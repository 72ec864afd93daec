import type { PageData } from '../src/shared/pageData';

const KINDS = new Set(['doc', 'page', 'home', 'api', 'notFound']);

/** What is wrong with the fields of page data the templates rely on, or undefined. */
export function pageDataProblem(page: unknown): string | undefined {
  if (typeof page !== 'object' || page === null)
    return `expected an object, got ${page === null ? 'null' : typeof page}`;
  const p = page as Record<string, unknown>;
  if (typeof p.route !== 'string' || !p.route.startsWith('/'))
    return `expected "route" to start with "/", got ${JSON.stringify(p.route)}`;
  if (typeof p.kind !== 'string' || !KINDS.has(p.kind))
    return `expected "kind" to be one of ${[...KINDS].join(', ')}, got ${JSON.stringify(p.kind)}`;
  if (typeof p.title !== 'string') return `expected "title" to be a string, got ${typeof p.title}`;
  if (!Array.isArray(p.toc)) return `expected "toc" to be a list, got ${typeof p.toc}`;
  const badToc = p.toc.findIndex((t: unknown) => {
    const e = t as Record<string, unknown> | null;
    return (
      !e || typeof e.id !== 'string' || typeof e.value !== 'string' || typeof e.level !== 'number'
    );
  });
  if (badToc >= 0)
    return `expected "toc[${badToc}]" to hold a string id, a string value and a numeric level`;
  if (!Array.isArray(p.breadcrumbs))
    return `expected "breadcrumbs" to be a list, got ${typeof p.breadcrumbs}`;
  return undefined;
}

/**
 * Checks page data before the templates render it. It comes from the build, inline or in
 * a fetched content file; a malformed one (corrupted, or from another dfdocs version)
 * throws an error chain that the page's error boundary shows (behaviours B52).
 */
export function checkPageData(page: unknown): asserts page is PageData {
  const problem = pageDataProblem(page);
  if (!problem) return;
  const route =
    typeof (page as { route?: unknown } | null)?.route === 'string'
      ? (page as { route: string }).route
      : 'this route';
  throw new Error(`Could not show the page ${route}.`, {
    cause: new Error('Its page data is malformed.', { cause: new TypeError(problem) }),
  });
}
