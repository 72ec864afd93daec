import { existsSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import { walkFiles } from '../content/walkFiles';
import { createHash } from 'node:crypto';
import { bundled, cacheDirSetting } from '../tuning';

/**
 * Where a site's persistent cache lives: `node_modules/.cache/dfdocs/<site>` when the
 * site has node_modules, else `.dfdocs/cache`. One folder per site root, so fixture
 * sites and the real site never share entries.
 */
export function cacheDir(root: string): string {
  const site = createHash('sha256').update(root).digest('hex').slice(0, 12);
  const base = existsSync(join(root, 'node_modules'))
    ? join(root, 'node_modules', '.cache', 'dfdocs')
    : join(root, '.dfdocs', 'cache');
  return join(cacheDirSetting() ?? base, site);
}

/**
 * A cheap fingerprint of folders: the path, size and modification time of every file
 * (contents are not read), skipping dot-files and node_modules; `include` filters file names.
 */
export function treeFingerprint(
  dirs: string[],
  include: (name: string) => boolean = () => true,
): string {
  const h = createHash('sha256');
  // Links are followed, and loops and dangling links skipped (the build warns of them).
  // Only the files fingerprinted are stat'ed, not the site's 1,000 markdown files that
  // `siteFilesFingerprint` leaves out (~10 ms).
  for (const d of dirs)
    for (const p of walkFiles(d)) {
      if (!include(basename(p))) continue;
      try {
        const s = statSync(p);
        h.update(p).update(String(s.size)).update(String(s.mtimeMs));
      } catch {
        // gone meanwhile
      }
    }
  return h.digest('hex');
}

/**
 * A fingerprint of dfdocs's own rendering code, so a changed renderer never serves stale
 * cached pages: the bundled CLI files when running from dist-cli/, else the source
 * folders. (What the site's pages run at build time is in `siteInputsFingerprint`.)
 */
export function codeFingerprint(packageRoot: string): string {
  const dirs = bundled() ? ['dist-cli', 'templates', 'src/client'] : ['src', 'templates'];
  return treeFingerprint(dirs.map((d) => join(packageRoot, d)));
}

/**
 * The site's non-markdown files under `docs/` and `pages/` (data sets read by build-time
 * plots and examples): a changed CSV must not leave a cached page showing a chart of the old data.
 */
export function siteFilesFingerprint(root: string): string {
  return treeFingerprint(
    [join(root, 'docs'), join(root, 'pages')],
    (name) => !/\.mdx?$/.test(name),
  );
}
