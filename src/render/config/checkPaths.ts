import { existsSync, readdirSync, statSync } from 'node:fs';
import { basename, dirname, isAbsolute, resolve } from 'node:path';
import type { SiteConfig } from '../../shared/config';
import { DfdocsError, type Diagnostic } from '../diagnostics';
import { didYouMean } from '../suggest';

/** Whether a plugin or module reference names a file (relative or absolute path) rather than a package. */
export const isPathReference = (spec: string) =>
  spec.startsWith('./') || spec.startsWith('../') || isAbsolute(spec);

/**
 * The files the config names (custom CSS, component overrides, the API entry and its
 * tsconfig, markdown plugins given by path) must exist: a typo is reported at the key,
 * with the closest names in that folder, before anything is built.
 */
export function checkConfigPaths(
  root: string,
  config: SiteConfig,
  file: string | undefined,
  locate: (key: string) => { line: number; column: number },
): void {
  const problems: Diagnostic[] = [];
  const check = (key: string, path: string, what: string) => {
    const abs = resolve(root, path);
    if (existsSync(abs) && statSync(abs).isFile()) return;
    let guess = '';
    try {
      guess = didYouMean(basename(abs), readdirSync(dirname(abs)));
    } catch {
      // the folder is missing too
    }
    problems.push({
      code: 'ConfigPathMissing',
      severity: 'error',
      message: `config key \`${key}\` names ${what} "${path}", but there is no such file`,
      hint: `${guess ? guess + ' ' : ''}paths are relative to the site folder (${root})`,
      file,
      ...(file
        ? locate(
            key
              .replace(/\[\d+\]$/, '')
              .split('.')
              .pop()!,
          )
        : {}),
    });
  };
  config.customCss.forEach((p, i) => check(`customCss[${i}]`, p, 'a stylesheet'));
  for (const [slot, p] of Object.entries(config.components))
    if (p) check(`components.${slot}`, p, 'a component module');
  if (config.mdx.components)
    check('mdx.components', config.mdx.components, 'a module of MDX components');
  if (config.api) {
    check('api.entry', config.api.entry, "the library's entry module");
    if (config.api.tsconfig) check('api.tsconfig', config.api.tsconfig, 'a tsconfig');
  }
  for (const list of ['remarkPlugins', 'rehypePlugins'] as const)
    config.markdown[list].forEach((entry, i) => {
      const spec = typeof entry === 'string' ? entry : entry[0];
      if (isPathReference(spec)) check(`markdown.${list}[${i}]`, spec, 'a plugin module');
    });
  if (problems.length) throw new DfdocsError(problems);
}
