/**
 * The islands of a site, found before its pages render: the client bundle (made while the
 * pages render) must hold a chunk for each. Only `.mdx` files that mention `client:` are
 * parsed (MDX's parser, no compiling), and their JSX is read by the same code the
 * compile runs (remarkMdxComponents.ts), so both agree on every island and its id. A page
 * that does not parse is left to its render, which reports it.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { VFile } from 'vfile';
import type { Root } from 'mdast';
import remarkGfm from 'remark-gfm';
import remarkDirective from 'remark-directive';
import { splitFrontMatter } from '../content/frontMatter';
import { defaultExport } from '../modules/siteBundle';
import { remarkMdxComponents } from './remarkMdxComponents';
import { islandId, uniqueIslands, type IslandUse } from './islands';
import type { KeptIn } from '../cache/keptInputs';
import type { MdxSetup } from './registeredComponents';
import { writeWhole } from '../output/writeWhole';

/** The `.mdx` files under `docs/` and `pages/` (absolute paths). */
export function mdxFiles(root: string): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    if (!existsSync(dir)) return;
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name.startsWith('.') || entry.name === 'node_modules') continue;
      const abs = join(dir, entry.name);
      if (entry.isDirectory()) walk(abs);
      else if (entry.name.endsWith('.mdx')) out.push(abs);
    }
  };
  walk(join(root, 'docs'));
  walk(join(root, 'pages'));
  return out.sort();
}

/** The names the site's `mdx.components` module exports (what pages may use unimported). */
export async function registeredNames(url: string | undefined): Promise<Set<string>> {
  if (!url) return new Set();
  const [ns] = ((await import(url)) as { default: Record<string, unknown>[] }).default;
  const d = ns && defaultExport(ns);
  return new Set([
    ...Object.keys(ns ?? {}).filter((k) => k !== 'default'),
    ...(d && typeof d === 'object' ? Object.keys(d) : []),
  ]);
}

/**
 * Every component the site's MDX pages use as an island, once each. With `cache` (the
 * build's cache folder and dfdocs's code key), the answer is kept for the same files and
 * components: parsing them was ~35 ms of every warm build of a 170-page site with islands.
 */
export async function scanIslands(
  root: string,
  setup: MdxSetup,
  cache?: KeptIn,
): Promise<IslandUse[]> {
  const candidates = mdxFiles(root)
    .map((abs) => ({ abs, text: readFileSync(abs, 'utf8') }))
    .filter((f) => f.text.includes('client:'));
  if (!candidates.length) return [];
  const registered = {
    names: await registeredNames(setup.componentsUrl),
    module: setup.componentsModule,
  };
  const kept =
    cache &&
    join(
      cache.dir,
      `islands-${createHash('sha256')
        .update(
          JSON.stringify([
            cache.code,
            registered.module ?? null,
            [...registered.names].sort(),
            candidates.map((c) => [c.abs, c.text]),
          ]),
        )
        .digest('hex')
        .slice(0, 32)}.json`,
    );
  if (kept && existsSync(kept)) {
    try {
      const islands = JSON.parse(readFileSync(kept, 'utf8')) as unknown;
      if (Array.isArray(islands) && islands.every(isIslandUse)) return islands;
    } catch {
      // unreadable: scanned again below
    }
  }
  const islands = await parseIslands(root, candidates, registered);
  if (kept) keepIslands(kept, islands);
  return islands;
}

/** An island as the cache keeps it, its id the one its module and export give (a changed answer is scanned again). */
function isIslandUse(value: unknown): value is IslandUse {
  const v = value as Partial<IslandUse> | null;
  return (
    typeof v === 'object' &&
    v !== null &&
    typeof v.source === 'string' &&
    typeof v.resolveDir === 'string' &&
    typeof v.exportName === 'string' &&
    (v.hydrate === 'load' || v.hydrate === 'visible') &&
    v.id === islandId(v as IslandUse)
  );
}

/** Writes the scan's answer (whole, then renamed) and removes the answers kept for earlier files. */
function keepIslands(file: string, islands: IslandUse[]): void {
  try {
    const dir = dirname(file);
    mkdirSync(dir, { recursive: true });
    writeWhole(file, JSON.stringify(islands));
    for (const name of readdirSync(dir))
      if (/^islands-[0-9a-f]{32}\.json$/.test(name) && join(dir, name) !== file)
        rmSync(join(dir, name), { force: true });
  } catch {
    // a cache that cannot be written costs the next build the scan, nothing else
  }
}

/** The islands of `candidates`, read with MDX's parser. */
async function parseIslands(
  root: string,
  candidates: { abs: string; text: string }[],
  registered: { names: Set<string>; module: string | undefined },
): Promise<IslandUse[]> {
  const { createProcessor } = await import('@mdx-js/mdx');
  const parser = createProcessor({ remarkPlugins: [remarkGfm, remarkDirective] });
  const found: IslandUse[] = [];
  for (const { abs, text } of candidates) {
    const sourcePath = relative(root, abs).split(sep).join('/');
    try {
      const file = new VFile({
        path: sourcePath,
        value: splitFrontMatter(text, sourcePath).body,
        data: { mdxAbsPath: abs },
      });
      remarkMdxComponents({ registered })(parser.parse(file) as Root, file);
      found.push(...(file.data.islands ?? []));
    } catch {
      // reported when the page renders
    }
  }
  return uniqueIslands(found);
}
