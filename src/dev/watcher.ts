import { watch, type FSWatcher } from 'chokidar';
import { join, relative, sep, isAbsolute } from 'node:path';
import { CONFIG_FILES } from '../render/config/loadConfig';

/** What a changed file asks of the dev server. */
export type ChangeKind =
  /** a markdown doc under docs/ */
  | 'doc'
  /** anything else under docs/ (`_category_.json`, a folder) or a markdown page under pages/ */
  | 'content'
  /** a React page under pages/ */
  | 'reactPage'
  | 'config'
  /** templates, the browser client or the render code: rebundle and reload */
  | 'client'
  | 'static'
  | 'engine';

export interface FileChange {
  kind: ChangeKind;
  event: 'add' | 'change' | 'unlink' | 'addDir' | 'unlinkDir';
  /** Absolute path. */
  path: string;
}

const inside = (root: string, p: string) => {
  const rel = relative(root, p);
  return rel && !rel.startsWith('..') && !isAbsolute(rel) ? rel.split(sep).join('/') : undefined;
};

/** Sorts a path into what it asks for, or undefined when dev mode does not care about it. */
export function classify(
  path: string,
  root: string,
  pkgRoot: string | undefined,
): ChangeKind | undefined {
  const rel = inside(root, path);
  if (rel !== undefined) {
    if (CONFIG_FILES.includes(rel)) return 'config';
    if (rel.startsWith('docs/')) return /\.mdx?$/.test(rel) ? 'doc' : 'content';
    if (rel.startsWith('pages/')) return /\.(tsx|jsx|ts|js)$/.test(rel) ? 'reactPage' : 'content';
    if (rel.startsWith('static/')) return 'static';
    if (rel.startsWith('engine/')) return 'engine';
  }
  const pkg = pkgRoot ? inside(pkgRoot, path) : undefined;
  if (pkg !== undefined && /^(templates|src\/client|src\/shared|src\/render)\//.test(pkg))
    return 'client';
  if (rel !== undefined && rel.startsWith('templates/')) return 'client';
  return undefined;
}

/** The folders and files dev mode watches: the site's content and config, and dfdocs's own templates and client. */
export function watchedPaths(root: string, pkgRoot: string | undefined): string[] {
  const paths = ['docs', 'pages', 'static', 'engine', 'templates', ...CONFIG_FILES].map((p) =>
    join(root, p),
  );
  const own = pkgRoot
    ? ['templates', 'src/client', 'src/shared', 'src/render'].map((p) => join(pkgRoot, p))
    : [];
  return [...new Set([...paths, ...own])];
}

/**
 * Watches with chokidar and reports classified changes. Ignores dotfiles, editor
 * swap/backup files, node_modules and build output (e.g. `engine/dist`).
 */
export function watchSite(
  root: string,
  pkgRoot: string | undefined,
  onChange: (change: FileChange) => void,
): FSWatcher {
  const watcher = watch(watchedPaths(root, pkgRoot), {
    ignoreInitial: true,
    ignored: (p: string) =>
      /(^|[/\\])(\.[^/\\]|node_modules([/\\]|$)|dist([/\\]|$)|coverage([/\\]|$))|(~|\.swp|\.swx|\.tmp)$/.test(
        relative(root, p).startsWith('..') && pkgRoot ? relative(pkgRoot, p) : relative(root, p),
      ),
  });
  for (const event of ['add', 'change', 'unlink', 'addDir', 'unlinkDir'] as const) {
    watcher.on(event, (path: string) => {
      const kind = classify(path, root, pkgRoot);
      if (kind) onChange({ kind, event, path });
    });
  }
  return watcher;
}
