/**
 * The site's remark and rehype plugins (config `markdown.remarkPlugins` / `rehypePlugins`).
 * They are compiled once, on the thread that loads the config, into one module (its
 * `default` is every plugin function, in order) that the render workers import by URL:
 * a function cannot be handed to a worker thread, a module path can. Local plugins are
 * bundled (so TypeScript works too); packages are imported from where the site has them.
 */
import type { PluggableList } from 'unified';
import type { MarkdownConfig, MarkdownPluginEntry } from '../../shared/config';
import { DfdocsError } from '../diagnostics';
import { compileSiteBundle, defaultExport } from './siteBundle';

/** The plugins a markdown renderer adds to dfdocs's own. */
export interface MarkdownPlugins {
  remark: PluggableList;
  rehype: PluggableList;
}

export const NO_MARKDOWN_PLUGINS: MarkdownPlugins = { remark: [], rehype: [] };

const specOf = (entry: MarkdownPluginEntry) => (typeof entry === 'string' ? entry : entry[0]);
const optionsOf = (entry: MarkdownPluginEntry) =>
  typeof entry === 'string' ? undefined : entry[1];

const hasPlugins = (m: MarkdownConfig) => m.remarkPlugins.length + m.rehypePlugins.length > 0;

/**
 * Compiles the configured plugins into one module (see siteBundle.ts) and returns its
 * URL, or undefined when the site has none. A plugin that cannot be found or compiled is
 * reported at the config file (or at the plugin's own file and line).
 */
export async function compileMarkdownPlugins(
  root: string,
  markdown: MarkdownConfig,
  configFile: string | undefined,
): Promise<string | undefined> {
  if (!hasPlugins(markdown)) return undefined;
  return compileSiteBundle(
    root,
    'markdown-plugins',
    [...markdown.remarkPlugins, ...markdown.rehypePlugins].map(specOf),
    configFile,
    {
      code: 'MarkdownPluginLoad',
      what: 'a markdown plugin',
      hint: 'check the plugin\u2019s name or path in `markdown` of the config (a package must be installed in the site)',
    },
  );
}

/** Imports a compiled plugins module and pairs each plugin with its options from the config. */
export async function loadMarkdownPlugins(
  url: string | undefined,
  markdown: MarkdownConfig,
  configFile?: string,
): Promise<MarkdownPlugins> {
  if (!url || !hasPlugins(markdown)) return NO_MARKDOWN_PLUGINS;
  const modules = ((await import(url)) as { default: Record<string, unknown>[] }).default;
  const entries = [...markdown.remarkPlugins, ...markdown.rehypePlugins];
  const list: PluggableList = entries.map((entry, i) => {
    const fn = defaultExport(modules[i]!);
    if (typeof fn !== 'function')
      throw new DfdocsError({
        code: 'MarkdownPluginShape',
        severity: 'error',
        message: `the markdown plugin "${specOf(entry)}" has no default export that is a function`,
        hint: 'a remark or rehype plugin module exports the plugin as default: `export default function myPlugin(options) { return (tree) => { … } }`',
        file: configFile,
      });
    const options = optionsOf(entry);
    return (options === undefined ? [fn] : [fn, options]) as PluggableList[number];
  });
  return {
    remark: list.slice(0, markdown.remarkPlugins.length),
    rehype: list.slice(markdown.remarkPlugins.length),
  };
}
