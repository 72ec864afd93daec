import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { SiteConfig } from '../../shared/config';
import { treeFingerprint } from '../cache/cacheDir';
import { isPathReference } from '../config/checkPaths';

/** A file's path, size and modification time (what `treeFingerprint` records of each file). */
function stamp(file: string): string {
  try {
    const s = statSync(file);
    return `${file}\0${s.size}\0${s.mtimeMs}\n`;
  } catch {
    return `${file}\0-\n`;
  }
}

/** The installed version of each package the site's package.json names (found as Node would, up the folders). */
export function installedVersions(root: string): string {
  let pkg: Record<string, Record<string, string> | undefined>;
  try {
    pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  } catch {
    return '';
  }
  const names = [
    ...new Set(
      ['dependencies', 'devDependencies', 'peerDependencies', 'optionalDependencies'].flatMap((k) =>
        Object.keys(pkg[k] ?? {}),
      ),
    ),
  ].sort();
  const lines: string[] = [];
  for (const name of names) {
    let version = '-';
    for (let dir = resolve(root); ; dir = dirname(dir)) {
      const file = join(dir, 'node_modules', name, 'package.json');
      if (existsSync(file)) {
        try {
          version = (JSON.parse(readFileSync(file, 'utf8')) as { version?: string }).version ?? '?';
        } catch {
          version = '?';
        }
        break;
      }
      if (dirname(dir) === dir) break;
    }
    lines.push(`${name}@${version}`);
  }
  return lines.join('\n');
}

/**
 * What a site's pages depend on beyond their own sources and dfdocs's code: the configured
 * API entry's folder (the library the docs document, whose examples and plots run at build
 * time), the versions of the packages the site has installed, and its markdown plugins
 * and component overrides given by path. Part of every cached page's key, so a changed
 * library or an upgrade never leaves a page rendered with the old one.
 */
export function siteInputsFingerprint(root: string, config: SiteConfig): string {
  const h = createHash('sha256').update(installedVersions(root));
  const files: string[] = [];
  if (config.api) {
    // The library's folder (the entry alone when it sits at the site's root).
    const entry = resolve(root, config.api.entry);
    h.update(dirname(entry) === resolve(root) ? stamp(entry) : treeFingerprint([dirname(entry)]));
  }
  for (const list of [config.markdown.remarkPlugins, config.markdown.rehypePlugins])
    for (const entry of list) {
      const spec = typeof entry === 'string' ? entry : entry[0];
      if (isPathReference(spec)) files.push(resolve(root, spec));
    }
  for (const path of Object.values(config.components)) if (path) files.push(resolve(root, path));
  for (const file of files) h.update(stamp(file));
  return h.digest('hex');
}
