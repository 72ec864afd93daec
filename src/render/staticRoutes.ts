import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The URL paths of the files in the site's `static/` folder (`static/data/a.csv` →
 * `/data/a.csv`), so a page may link to a file it publishes (a download, a PDF) without the
 * link check calling it broken.
 */
export function staticRoutes(staticDir: string): string[] {
  const out: string[] = [];
  const walk = (dir: string, prefix: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const route = `${prefix}/${entry.name}`;
      if (entry.isDirectory()) walk(join(dir, entry.name), route);
      else out.push(route);
    }
  };
  if (existsSync(staticDir)) walk(staticDir, '');
  return out;
}
