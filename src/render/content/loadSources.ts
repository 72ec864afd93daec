import { readlinkSync, statSync } from 'node:fs';
import { join, posix, relative, sep } from 'node:path';
import { errorDiagnostic, DfdocsError, positionAt, type Diagnostic } from '../diagnostics';
import { parseDocument } from 'yaml';
import { splitFrontMatter } from './frontMatter';
import { readUtf8 } from './readUtf8';
import { docRoute, docId, pageRoute } from './routes';
import { fileNumber, stripNumberPrefixes } from './numberPrefix';
import {
  categoryOrigin,
  type CategoryMeta,
  type DocSource,
  type MarkdownPageSource,
  type PageSource,
} from './sources';
import { bodyHash, bodyReadWhenRendered } from './lazyBody';
import type { KnownMarkdown, SourceIndex } from './sourceIndex';
import { walkFiles, type SkippedLink } from './walkFiles';

export interface LoadedSources {
  docs: DocSource[];
  pages: PageSource[];
  /** `_category_.json` by folder path relative to `docs/` ('' is the root). */
  categories: Map<string, CategoryMeta>;
  /** Symbolic links skipped (loops, dangling): warnings, errors under --strict. */
  warnings?: Diagnostic[];
}

const toPosix = (p: string) => p.split(sep).join('/');

/** The warning for a symbolic link a walk skipped. */
export function skippedLinkWarning(root: string, link: SkippedLink): Diagnostic {
  const rel = toPosix(relative(root, link.path));
  let target = '';
  try {
    target = ` (${readlinkSync(link.path)})`;
  } catch {
    // not readable: named without its target
  }
  return link.kind === 'loop'
    ? {
        code: 'SymlinkLoop',
        severity: 'warning',
        message: `the link ${rel}${target} leads back to itself or into a folder it is inside (a loop); it was skipped`,
        hint: 'remove the link or point it at a folder outside this one',
        file: rel,
      }
    : {
        code: 'SymlinkDangling',
        severity: 'warning',
        message: `the link ${rel}${target} points to nothing; it was skipped`,
        hint: 'remove the link or restore what it points to',
        file: rel,
      };
}

/** How many markdown files `docs/` and `pages/` hold: a quick count, before anything is read. */
export function countMarkdownFiles(root: string): number {
  let count = 0;
  for (const dir of ['docs', 'pages']) {
    const abs = join(root, dir);
    // The files the build reads (`walkFiles`); Node 20's recursive readdirSync took 6-20 ms for 1,000 files, this ~1.5.
    for (const file of walkFiles(abs)) if (/\.mdx?$/.test(file)) count++;
  }
  return count;
}

/** The text of the first `# ` heading outside code fences, used when front matter has no title. */
export function firstHeading(markdown: string): string | undefined {
  let fence: string | null = null;
  for (const line of markdown.split('\n')) {
    const f = /^\s*(`{3,}|~{3,})/.exec(line);
    if (f) {
      if (!fence) fence = f[1]!;
      else if (line.trim().startsWith(fence)) fence = null;
      continue;
    }
    if (!fence) {
      const h = /^#\s+(.+?)\s*#*\s*$/.exec(line);
      if (h) return h[1]!.replace(/[*_`]/g, '');
    }
  }
  return undefined;
}

/** A markdown file's front matter, first heading (needed only without a title) and body. */
function readMarkdown(
  absPath: string,
  sourcePath: string,
): { found: Omit<KnownMarkdown, 'bodyHash'>; body: string } {
  const { frontMatter, body } = splitFrontMatter(readUtf8(absPath, sourcePath), sourcePath);
  return {
    found: { frontMatter, heading: frontMatter.title == null ? firstHeading(body) : undefined },
    body,
  };
}

/**
 * Refuses a markdown file over the page size limit before it is read: one page of 20 MB
 * took 4.4 GiB and did not finish in four minutes.
 */
export function checkPageSize(bytes: number, sourcePath: string, limitKb: number): void {
  if (bytes <= limitKb * 1024) return;
  const size = (n: number) =>
    n >= 1024 * 1024 ? `${(n / 1024 / 1024).toFixed(1)} MB` : `${Math.ceil(n / 1024)} KB`;
  throw errorDiagnostic({
    code: 'PageTooLarge',
    message: `the page holds ${size(bytes)} of markdown, over the limit of ${size(limitKb * 1024)}`,
    hint: `split it into several pages, or raise \`pageSizeLimitKb\` (now ${limitKb}) in the config`,
    file: sourcePath,
    line: 1,
    column: 1,
  });
}

/** Reads a single doc file into a source record (also used by dev mode on change); `routeBasePath` as the config's `docs.routeBasePath`. */
export function loadDoc(
  root: string,
  absPath: string,
  routeBasePath = '/docs',
  pageSizeLimitKb?: number,
): DocSource {
  const sourcePath = toPosix(relative(root, absPath));
  if (pageSizeLimitKb) checkPageSize(statSync(absPath).size, sourcePath, pageSizeLimitKb);
  const { found, body } = readMarkdown(absPath, sourcePath);
  return docSource(root, absPath, sourcePath, found, body, routeBasePath);
}

/** A doc's source record from what its file holds. */
function docSource(
  root: string,
  absPath: string,
  sourcePath: string,
  found: Omit<KnownMarkdown, 'bodyHash'>,
  body: string,
  routeBasePath: string,
): DocSource {
  const { frontMatter } = found;
  const docPath = toPosix(relative(join(root, 'docs'), absPath));
  // `01-intro.md` is the doc `intro` at `/docs/intro`, first in its folder (Docusaurus's number prefixes).
  const named = stripNumberPrefixes(docPath);
  return {
    kind: 'doc',
    id: docId(named, frontMatter.id),
    sourcePath,
    absPath,
    docPath,
    route: docRoute(named, frontMatter.slug, routeBasePath),
    title: frontMatter.title ?? found.heading,
    sidebarLabel: frontMatter.sidebar_label,
    sidebarPosition: frontMatter.sidebar_position ?? fileNumber(docPath),
    description: frontMatter.description,
    body,
    frontMatter,
  };
}

/** `_category_.json`, `_category_.yml` or `_category_.yaml`: a folder's category settings. */
const CATEGORY_FILE = /^_category_\.(json|ya?ml)$/;

function loadCategory(root: string, absPath: string): CategoryMeta {
  const rel = toPosix(relative(root, absPath));
  const text = readUtf8(absPath, rel);
  const json = absPath.endsWith('.json');
  let value: unknown;
  if (json) {
    try {
      value = JSON.parse(text);
    } catch (err) {
      const m = /position (\d+)/.exec(String(err));
      const offset = m ? Number(m[1]) : 0;
      throw categoryProblem(
        rel,
        `invalid JSON: ${(err as Error).message}`,
        positionAt(text, offset),
      );
    }
  } else {
    const doc = parseDocument(text);
    const first = doc.errors[0];
    if (first) {
      const [line, column] = first.linePos?.[0]
        ? [first.linePos[0].line, first.linePos[0].col]
        : [1, 1];
      throw categoryProblem(rel, `invalid YAML: ${first.message.split('\n')[0]}`, { line, column });
    }
    value = doc.toJS();
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw categoryProblem(rel, 'the file must hold an object', { line: 1, column: 1 });
  const meta = value as CategoryMeta;
  const link = meta.link as unknown;
  if (
    link !== undefined &&
    link !== null &&
    !(
      typeof link === 'object' &&
      ((link as { type?: unknown }).type === 'generated-index' ||
        ((link as { type?: unknown }).type === 'doc' &&
          typeof (link as { id?: unknown }).id === 'string'))
    )
  ) {
    const at = text.search(/["']?link["']?\s*:/);
    throw categoryProblem(
      rel,
      '`link` must be { type: "generated-index", title?, description?, slug? }, { type: "doc", id } or null',
      at >= 0 ? positionAt(text, at) : { line: 1, column: 1 },
    );
  }
  const at = text.search(/["']?link["']?\s*:/);
  categoryOrigin.set(meta, {
    file: rel,
    ...(at >= 0 ? positionAt(text, at) : { line: 1, column: 1 }),
  });
  return meta;
}

function categoryProblem(
  file: string,
  message: string,
  at: { line: number; column: number },
): DfdocsError {
  return errorDiagnostic({
    code: 'CategoryInvalid',
    message: `invalid ${posix.basename(file)}: ${message}`,
    hint: 'write an object such as { "label": "Tutorials", "position": 3, "link": { "type": "generated-index" } }',
    file,
    ...at,
  });
}

/**
 * Walks `docs/` and `pages/` of a site. Every problem found is collected and thrown
 * together, so an author sees all broken files at once. With `lazyBodies`, no markdown
 * body is kept: each is read again when its page renders (`bodyReadWhenRendered`), so
 * the text read here is garbage at once, not after every file has been read.
 */
export function loadSources(
  root: string,
  options: {
    lazyBodies?: boolean;
    index?: SourceIndex;
    /** Where docs are served (config `docs.routeBasePath`, default `/docs`). */
    routeBasePath?: string;
    /** The largest markdown file read, in KB (config `pageSizeLimitKb`). */
    pageSizeLimitKb?: number;
  } = {},
): LoadedSources {
  const routeBasePath = options.routeBasePath ?? '/docs';
  // With lazy bodies, an unchanged file known to the index is not read at all (its body, when rendered).
  const index = options.lazyBodies ? options.index : undefined;
  /** A markdown file's source record, from the index or from reading it. */
  const load = <T extends DocSource | MarkdownPageSource>(
    abs: string,
    sourcePath: string,
    make: (found: Omit<KnownMarkdown, 'bodyHash'>, body: string) => T,
  ): T => {
    const st = index || options.pageSizeLimitKb ? statSync(abs) : undefined;
    if (st && options.pageSizeLimitKb) checkPageSize(st.size, sourcePath, options.pageSizeLimitKb);
    const known = st && index?.lookup(sourcePath, st);
    if (known) return bodyReadWhenRendered<T>(make(known, ''), known.bodyHash);
    const { found, body } = readMarkdown(abs, sourcePath);
    const source = make(found, body);
    if (!options.lazyBodies) return source;
    const hash = bodyHash(body);
    if (st && index) index.record(sourcePath, st, { ...found, bodyHash: hash });
    return bodyReadWhenRendered(source, hash);
  };
  const docs: DocSource[] = [];
  const pages: PageSource[] = [];
  const categories = new Map<string, CategoryMeta>();
  const problems: Diagnostic[] = [];
  const attempt = (fn: () => void) => {
    try {
      fn();
    } catch (err) {
      if (err instanceof DfdocsError) problems.push(...err.diagnostics);
      else throw err;
    }
  };
  const warnings: Diagnostic[] = [];
  const onSkipped = (link: SkippedLink) => warnings.push(skippedLinkWarning(root, link));
  const docsDir = join(root, 'docs');
  for (const abs of walkFiles(docsDir, { onSkipped })) {
    const rel = toPosix(relative(docsDir, abs));
    if (/\.mdx?$/.test(rel)) {
      const sourcePath = toPosix(relative(root, abs));
      attempt(() =>
        docs.push(
          load(abs, sourcePath, (found, body) =>
            docSource(root, abs, sourcePath, found, body, routeBasePath),
          ),
        ),
      );
    } else if (CATEGORY_FILE.test(posix.basename(rel)))
      attempt(() =>
        categories.set(
          posix.dirname(rel) === '.' ? '' : posix.dirname(rel),
          loadCategory(root, abs),
        ),
      );
  }
  const pagesDir = join(root, 'pages');
  for (const abs of walkFiles(pagesDir, { onSkipped })) {
    const rel = toPosix(relative(pagesDir, abs));
    const sourcePath = toPosix(relative(root, abs));
    if (/\.mdx?$/.test(rel)) {
      attempt(() =>
        pages.push(
          load<MarkdownPageSource>(abs, sourcePath, ({ frontMatter, heading }, body) => ({
            kind: 'markdownPage',
            sourcePath,
            absPath: abs,
            route: frontMatter.slug ?? pageRoute(rel),
            title: frontMatter.title ?? heading,
            description: frontMatter.description,
            body,
            frontMatter,
          })),
        ),
      );
    } else if (/\.(tsx|jsx)$/.test(rel) && !posix.basename(rel).startsWith('_')) {
      pages.push({ kind: 'reactPage', sourcePath, absPath: abs, route: pageRoute(rel) });
    }
  }
  if (problems.length) throw new DfdocsError(problems);
  return { docs, pages, categories, warnings };
}
