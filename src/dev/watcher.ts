import { watch, type FSWatcher } from 'chokidar';
import { dirname, join, relative, resolve, sep, isAbsolute } from 'node:path';
import type { SiteConfig } from '../shared/config';
import { CONFIG_FILES } from '../render/config/loadConfig';
import { isPathReference } from '../render/config/checkPaths';

/** What a changed file asks of the dev server. */
export type ChangeKind =
  /** a markdown doc under docs/ */
  | 'doc'
  /** anything else under docs/ (`_category_.json`, a folder) or a markdown page under pages/ */
  | 'content'
  /** a React page under pages/ */
  | 'reactPage'
  /** the config file, or a markdown plugin module it names */
  | 'config'
  /** templates, the browser client, the render code, a custom stylesheet or a component override: rebundle and reload */
  | 'client'
  | 'static'
  /** the library the API reference documents (the folder of `api.entry`) */
  | 'api'
  /** a site file an MDX page imports (a component, its styles' module…) */
  | 'mdxInput';

export interface FileChange {
  kind: ChangeKind;
  event: 'add' | 'change' | 'unlink' | 'addDir' | 'unlinkDir';
  /** Absolute path. */
  path: string;
}

/** The files and folders the config names, beyond the site's usual folders (absolute paths). */
export interface ConfiguredPaths {
  /** The API entry's folder. */
  api?: string;
  /** Custom stylesheets and component overrides: the client is bundled again. */
  client: string[];
  /** Markdown plugin modules given by path: the markdown pipeline is made again. */
  plugins: string[];
  /** Files the config reads in (the sidebars file of `docs.sidebarPath`): a change is a config change. */
  configInputs?: string[];
  /** Files MDX pages import (absolute paths): the pages importing one render again. */
  mdxInputs?: string[];
}

export const NO_CONFIGURED_PATHS: ConfiguredPaths = { client: [], plugins: [] };

/** What `config` names for dev mode to watch. */
export function configuredPaths(root: string, config: SiteConfig): ConfiguredPaths {
  const plugins = [...config.markdown.remarkPlugins, ...config.markdown.rehypePlugins]
    .map((entry) => (typeof entry === 'string' ? entry : entry[0]))
    .filter(isPathReference)
    .map((spec) => resolve(root, spec));
  return {
    api: config.api ? dirname(resolve(root, config.api.entry)) : undefined,
    client: [
      ...config.customCss.map((p) => resolve(root, p)),
      ...Object.values(config.components).flatMap((p) => (p ? [resolve(root, p)] : [])),
    ],
    plugins,
    configInputs: config.docs.sidebarPath ? [resolve(root, config.docs.sidebarPath)] : [],
  };
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
  configured: ConfiguredPaths = NO_CONFIGURED_PATHS,
): ChangeKind | undefined {
  if (configured.plugins.includes(path) || configured.configInputs?.includes(path)) return 'config';
  if (configured.client.includes(path)) return 'client';
  const rel = inside(root, path);
  if (
    configured.mdxInputs?.includes(path) &&
    !rel?.startsWith('docs/') &&
    !rel?.startsWith('pages/')
  )
    return 'mdxInput';
  if (rel !== undefined) {
    if (CONFIG_FILES.includes(rel)) return 'config';
    if (rel.startsWith('docs/')) return /\.mdx?$/.test(rel) ? 'doc' : 'content';
    if (rel.startsWith('pages/')) return /\.(tsx|jsx|ts|js)$/.test(rel) ? 'reactPage' : 'content';
    if (rel.startsWith('static/')) return 'static';
  }
  if (configured.api && (path === configured.api || inside(configured.api, path) !== undefined))
    return 'api';
  const pkg = pkgRoot ? inside(pkgRoot, path) : undefined;
  if (pkg !== undefined && /^(templates|src\/client|src\/shared|src\/render)\//.test(pkg))
    return 'client';
  if (rel !== undefined && rel.startsWith('templates/')) return 'client';
  return undefined;
}

/** The folders and files dev mode watches: the site's content and config, what the config names, and dfdocs's own templates and client. */
export function watchedPaths(
  root: string,
  pkgRoot: string | undefined,
  configured: ConfiguredPaths = NO_CONFIGURED_PATHS,
): string[] {
  const paths = ['docs', 'pages', 'static', 'templates', ...CONFIG_FILES].map((p) => join(root, p));
  const named = [
    ...(configured.api ? [configured.api] : []),
    ...configured.client,
    ...configured.plugins,
    ...(configured.configInputs ?? []),
    ...(configured.mdxInputs ?? []),
  ];
  const own = pkgRoot
    ? ['templates', 'src/client', 'src/shared', 'src/render'].map((p) => join(pkgRoot, p))
    : [];
  return [...new Set([...paths, ...named, ...own])];
}

export interface SiteWatcher {
  /** Watches what a (new) config names too, and classifies changes by it. */
  configure(configured: ConfiguredPaths): void;
  /** Resolves once chokidar has scanned the watched folders. */
  ready: Promise<void>;
  close(): Promise<void>;
}

/**
 * Watches with chokidar and reports classified changes. Ignores dotfiles, editor
 * swap/backup files, node_modules and build output (e.g. `dist/`).
 */
export function watchSite(
  root: string,
  pkgRoot: string | undefined,
  configured: ConfiguredPaths,
  onChange: (change: FileChange) => void,
): SiteWatcher {
  let current = configured;
  const watcher: FSWatcher = watch(watchedPaths(root, pkgRoot, current), {
    ignoreInitial: true,
    ignored: (p: string) =>
      /(^|[/\\])(\.[^/\\]|node_modules([/\\]|$)|dist([/\\]|$)|coverage([/\\]|$))|(~|\.swp|\.swx|\.tmp)$/.test(
        relative(root, p).startsWith('..') && pkgRoot ? relative(pkgRoot, p) : relative(root, p),
      ),
  });
  // A link that loops or leads nowhere makes chokidar report an error (an unhandled one
  // stopped the server): the site's loading names such links and skips them, and the
  // watcher goes on with everything else.
  watcher.on('error', () => {});
  for (const event of ['add', 'change', 'unlink', 'addDir', 'unlinkDir'] as const) {
    watcher.on(event, (path: string) => {
      const kind = classify(path, root, pkgRoot, current);
      if (kind) onChange({ kind, event, path });
    });
  }
  return {
    configure(next) {
      const before = new Set(watchedPaths(root, pkgRoot, current));
      current = next;
      const added = watchedPaths(root, pkgRoot, next).filter((p) => !before.has(p));
      if (added.length) watcher.add(added);
    },
    ready: new Promise((r) => watcher.once('ready', () => r())),
    close: () => {
      const closed = watcher.close();
      // close() drops every listener, but a scan still under way (a stat of a looping link)
      // can report its error after: with no listener, that error would end the process.
      watcher.on('error', () => {});
      return closed;
    },
  };
}
