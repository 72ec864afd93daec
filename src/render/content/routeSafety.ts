import { readFileSync } from 'node:fs';
import type { Diagnostic } from '../diagnostics';
import type { RouteEntry } from '../site/siteModel';

/**
 * Characters a route cannot hold: a URL carries `#` and `?` as its fragment and query,
 * `%` as the start of an escape and `\` as a separator on some hosts, so a page named
 * with one is built where no link reaches it; control characters reach no one either.
 */
const UNSAFE = '#?%\\';

/** The first character of `route` a URL cannot carry unescaped, if any. */
function unsafeCharacter(route: string): string | undefined {
  for (const c of route) {
    const code = c.charCodeAt(0);
    if (UNSAFE.includes(c) || code < 0x20 || code === 0x7f) return c;
  }
  return undefined;
}

/** The line of a `slug:` key in a markdown file's front matter (1 when it cannot be found). */
function slugLine(absPath: string): number {
  try {
    const lines = readFileSync(absPath, 'utf8').split('\n');
    if (!/^---\s*$/.test(lines[0] ?? '')) return 1;
    for (let i = 1; i < lines.length && !/^---\s*$/.test(lines[i]!); i++)
      if (/^slug\s*:/.test(lines[i]!)) return i + 1;
  } catch {
    // the file is gone: its first line
  }
  return 1;
}

/** Where a route comes from: the slug in its front matter, its file name, or a generator. */
function originOf(entry: RouteEntry): {
  file?: string;
  line: number;
  bySlug: boolean;
  name: string;
} {
  if (entry.kind === 'generated') return { line: 1, bySlug: false, name: entry.id };
  const src = entry.source;
  const bySlug = src.kind !== 'reactPage' && typeof src.frontMatter.slug === 'string';
  return {
    file: src.sourcePath,
    line: bySlug ? slugLine(src.absPath) : 1,
    bySlug,
    name: src.sourcePath,
  };
}

/** What is wrong with a route's path, if anything. */
function routeProblem(route: string): string | undefined {
  if (!route.startsWith('/')) return 'does not start with `/`';
  const bad = unsafeCharacter(route);
  if (bad)
    return `holds ${JSON.stringify(bad)}, which a URL cannot carry unescaped (no link could reach the page)`;
  for (const segment of route.split('/').slice(1))
    if (segment === '.' || segment === '..')
      return `holds a \`${segment}\` segment, which would place the page outside its folder (or outside the output)`;
  return undefined;
}

/**
 * Checks every route before anything is rendered: a route that would escape the output
 * (`slug: /../../x`), that no URL can reach (`#`, `?` in a slug or file name), or that
 * collides with another one but for letter case (`Intro.md` and `intro.md`: one page on a
 * case-insensitive host, two elsewhere) is an error at its source — the front-matter line
 * of the slug, or the file.
 */
export function routeErrors(routes: RouteEntry[]): Diagnostic[] {
  const errors: Diagnostic[] = [];
  const byFoldedRoute = new Map<string, RouteEntry>();
  for (const entry of routes) {
    const origin = originOf(entry);
    const problem = routeProblem(entry.route);
    if (problem) {
      errors.push({
        code: 'RouteUnsafe',
        severity: 'error',
        message: `the route ${JSON.stringify(entry.route)} ${problem}`,
        hint: origin.bySlug
          ? 'write the slug as a plain path of letters, digits, `-` and `/`, e.g. `slug: /guide/intro`'
          : 'rename the file without `#`, `?`, `%` or `\\`',
        file: origin.file,
        line: origin.line,
        column: 1,
      });
      continue;
    }
    const folded = entry.route.toLowerCase();
    const first = byFoldedRoute.get(folded);
    if (!first) {
      byFoldedRoute.set(folded, entry);
      continue;
    }
    const other = originOf(first);
    errors.push({
      code: 'RouteCaseCollision',
      severity: 'error',
      message: `the route ${entry.route} differs from ${first.route} (${other.name}) only in letter case: on a case-insensitive host one page would replace the other`,
      hint: origin.bySlug
        ? 'change the slug so the two routes differ in more than case'
        : 'rename one of the files (or give it a `slug`) so the two routes differ in more than case',
      file: origin.file,
      line: origin.line,
      column: 1,
    });
  }
  return errors;
}
