import { dirname, isAbsolute, relative, resolve } from 'node:path';
import { loadConfig } from '../config/loadConfig';

const settings = new Map<string, Promise<string | undefined>>();

/** The site's `examples.cwd` (read once per site root and process), resolved and checked. */
function configuredCwd(root: string): Promise<string | undefined> {
  let p = settings.get(root);
  if (!p) {
    p = loadConfig(root).then(({ config }) => {
      const cwd = config.examples?.cwd;
      if (cwd === undefined) return undefined;
      const abs = resolve(root, cwd);
      const rel = relative(root, abs);
      if (rel.startsWith('..') || isAbsolute(rel))
        throw new Error(
          `examples.cwd "${cwd}" is outside the site root; give a folder inside it, e.g. "static/data"`,
        );
      return abs;
    });
    settings.set(root, p);
    p.catch(() => settings.delete(root));
  }
  return p;
}

/**
 * Where a page's examples run: the working folder (the site's `examples.cwd`, else the page's
 * folder) and the page's folder (for relative imports).
 */
export async function examplesDirs(
  root: string,
  pageFile: string,
): Promise<{ cwd: string; pageDir: string }> {
  const pageDir = dirname(resolve(root, pageFile));
  return { cwd: (await configuredCwd(root)) ?? pageDir, pageDir };
}
