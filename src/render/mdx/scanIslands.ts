/**
 * The islands of a site, found before its pages render: the client bundle (made while the
 * pages render) must hold a chunk for each. Only `.mdx` files that mention `client:` are
 * parsed (MDX's parser, no compiling), and their JSX is read by the same code the
 * compile runs (remarkMdxComponents.ts), so both agree on every island and its id. A page
 * that does not parse is left to its render, which reports it.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { VFile } from 'vfile';
import type { Root } from 'mdast';
import remarkGfm from 'remark-gfm';
import remarkDirective from 'remark-directive';
import { splitFrontMatter } from '../content/frontMatter';
import { defaultExport } from '../modules/siteBundle';
import { remarkMdxComponents } from './remarkMdxComponents';
import { uniqueIslands, type IslandUse } from './islands';
import type { MdxSetup } from './registeredComponents';

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

/** Every component the site's MDX pages use as an island, once each. */
export async function scanIslands(root: string, setup: MdxSetup): Promise<IslandUse[]> {
  const candidates = mdxFiles(root)
    .map((abs) => ({ abs, text: readFileSync(abs, 'utf8') }))
    .filter((f) => f.text.includes('client:'));
  if (!candidates.length) return [];
  const { createProcessor } = await import('@mdx-js/mdx');
  const parser = createProcessor({ remarkPlugins: [remarkGfm, remarkDirective] });
  const registered = {
    names: await registeredNames(setup.componentsUrl),
    module: setup.componentsModule,
  };
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
