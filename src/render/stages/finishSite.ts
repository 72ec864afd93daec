import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { DfdocsError, type Diagnostic } from '../diagnostics';
import { chromeRoutes } from '../pages/renderRoute';
import { checkLinks } from '../links/checkLinks';
import { staticRoutes } from '../staticRoutes';
import { precompress } from '../output/compress';
import { pageBudgetWarnings, gzipSizeWhenNear } from '../output/pageBudget';
import type { BuildRun } from './buildRun';
import type { LoadedSite } from './loadSite';
import type { RenderedSite } from './render';

/** The site checked and complete in its stage. */
export interface FinishedSite {
  warnings: Diagnostic[];
  /** Bytes of the output (without compressed twins or dfdocs's marker files). */
  bytes: number;
}

/** Bytes of a built folder, without the compressed twins of its files or dfdocs's marker files; `known` sizes (by relative path) are not stat'ed. */
function dirSize(dir: string, known: Map<string, number>, rel = ''): number {
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const name = entry.name;
    if (name.endsWith('.gz') || name.endsWith('.br') || name.startsWith('.dfdocs-')) continue;
    const childRel = rel ? `${rel}/${name}` : name;
    const p = join(dir, name);
    if (entry.isDirectory()) total += dirSize(p, known, childRel);
    else total += known.get(childRel) ?? statSync(p).size;
  }
  return total;
}

/**
 * Checks the site as a whole — links and anchors (every warning an error under
 * `--strict`) and the pages' size budget — and writes the compressed twins of its text
 * files.
 */
export async function finishSite(
  run: BuildRun,
  site: LoadedSite,
  rendered: RenderedSite,
): Promise<FinishedSite> {
  const { options, profile, outDir } = run;
  const { stageDir } = run.stage;
  const { config, model } = site;
  const { store } = rendered;
  const linkTargets = new Set([...site.routeSet, ...staticRoutes(join(run.root, 'static'))]);
  const warnings = [
    ...model.warnings,
    ...rendered.pageWarnings,
    ...checkLinks(
      rendered.linkRecords,
      linkTargets,
      rendered.idsByRoute,
      new Set(chromeRoutes(config).map((r) => r.replace(/\/$/, '') || '/')),
    ),
  ];
  if (options.strict && warnings.length) {
    throw new DfdocsError(
      warnings.map((w) => ({
        ...w,
        severity: 'error' as const,
        hint: (w.hint ? w.hint + '; ' : '') + 'the build is --strict',
      })),
    );
  }
  profile.lap('finish');
  // .gz/.br beside text files, for hosts that send precompressed files (issue 6).
  const compressed = rendered.twins
    ? await precompress(stageDir, {
        previous: existsSync(outDir) ? outDir : undefined,
        done: store.gzipSizes,
      })
    : undefined;
  warnings.push(
    ...pageBudgetWarnings(
      model.routes.map((r) => r.route),
      (file, limit) =>
        gzipSizeWhenNear(() => stageDir, file, limit, compressed, store.sizes.get(file)),
      config.pageBudgetKb,
    ),
  );
  profile.lap('compress');
  // The output's size: the pages placed through the store are known without a stat.
  return { warnings, bytes: dirSize(stageDir, store.sizes) };
}
