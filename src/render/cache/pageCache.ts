import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import type { SiteConfig } from '../../shared/config';
import type { FoundLink } from '../markdown/rehypeLinks';
import type { BlobId } from '../output/outputStore';
import type { PreparedSearchPage } from '../search/searchIndexBuilder';
import type { RouteEntry, SiteModel } from '../site/siteModel';
import type { ClientAssets } from '../ssr/renderDocument';
import { VERSION } from '../version';

/**
 * What the cache keeps of a rendered route: the blobs of its two files (their bytes live
 * in the output store's `files/` folder) and the small metadata the build gathers from
 * every page (manifest entry, link check, search entry).
 */
export interface CachedRoute {
  title: string;
  sidebarId?: string;
  sourcePath?: string;
  document: BlobId;
  data: BlobId;
  links: FoundLink[];
  ids: string[];
  search?: PreparedSearchPage;
}

/**
 * The persistent render cache (`node_modules/.cache/dfdocs/<site>/pages/`): one small
 * file per rendered route, named by a hash of everything its output depends on —
 * dfdocs's version, the resolved config (command-line overrides such as --base-url
 * included), the client assets, the site's route/sidebar model and the page's own
 * source. A hit names exactly the bytes a render would produce, so a warm build is
 * byte-identical to a cold one.
 */
export class PageCache {
  private readonly dir: string;
  private readonly siteKey: string;

  constructor(cacheRoot: string, parts: { config: SiteConfig; assets: ClientAssets; model: SiteModel; extra?: string }) {
    this.dir = join(cacheRoot, 'pages');
    mkdirSync(this.dir, { recursive: true });
    this.siteKey = sha(VERSION, JSON.stringify(parts.config), JSON.stringify(parts.assets), modelFingerprint(parts.model), parts.extra ?? '');
  }

  /** Cache key of a route, or undefined for routes that are never cached (generated, React pages). */
  keyOf(entry: RouteEntry): string | undefined {
    if (entry.kind === 'generated') return undefined;
    const src = entry.source;
    if (src.kind === 'reactPage') return undefined;
    return sha(this.siteKey, entry.route, entry.kind, 'sidebarId' in entry ? entry.sidebarId ?? '' : '', src.sourcePath, JSON.stringify(src.frontMatter), src.body);
  }

  has(key: string): boolean {
    return existsSync(join(this.dir, key + '.json'));
  }

  get(key: string): CachedRoute | undefined {
    try {
      return JSON.parse(readFileSync(join(this.dir, key + '.json'), 'utf8')) as CachedRoute;
    } catch {
      return undefined;
    }
  }

  set(key: string, value: CachedRoute): void {
    const file = join(this.dir, key + '.json');
    const tmp = `${file}.${process.pid}.tmp`;
    writeFileSync(tmp, JSON.stringify(value));
    renameSync(tmp, file);
  }
}

function sha(...parts: string[]): string {
  const h = createHash('sha256');
  for (const p of parts) h.update(p).update('\0');
  return h.digest('hex').slice(0, 32);
}

/** What every page may show of the others: routes, titles in sidebars, sidebar order. */
function modelFingerprint(model: SiteModel): string {
  const h = createHash('sha256');
  for (const r of model.routes) h.update(r.route).update('\0').update(r.kind).update('\0');
  h.update(JSON.stringify(model.sidebars));
  for (const [src, route] of model.routeOfSource) h.update(src).update('>').update(route).update('\0');
  return h.digest('hex');
}
