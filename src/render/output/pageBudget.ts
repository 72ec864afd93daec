import { collectGarbage, isLargeHtml } from '../memoryPressure';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { contentFileOf } from '../../shared/pageData';
import type { Diagnostic } from '../diagnostics';
import { htmlFileOf } from './storeRendered';

/**
 * The gzip size of a built file, measured only where it could matter: a file whose raw
 * size is under `limit` bytes (gzip adds at most a few bytes per 16 KB of incompressible
 * data) cannot be over it, so the build compresses none of its pages to check a budget
 * unless they are heavy. `known` holds sizes measured already (the precompressed twins),
 * `rawBytes` the file's size when the build knows it (then the file is not even looked
 * up unless it is heavy), and `dir` gives the folder it is in.
 */
export function gzipSizeWhenNear(
  dir: () => string,
  rel: string,
  limit: number,
  known?: Map<string, number>,
  rawBytes?: number,
): number | undefined {
  const measured = known?.get(rel);
  if (measured !== undefined) return measured;
  // The folder is looked up once, and only if the file is read.
  let path: string | undefined;
  const pathOf = () => (path ??= join(dir(), rel));
  let bytes = rawBytes;
  if (bytes === undefined) {
    try {
      bytes = statSync(pathOf()).size;
    } catch {
      return undefined;
    }
  }
  if (bytes + Math.ceil(bytes / 16384) * 5 + 32 <= limit) return undefined;
  // A large page's file is read whole: what the previous one left is collected first.
  if (isLargeHtml(bytes)) collectGarbage();
  return gzipSync(readFileSync(pathOf()), { level: 6 }).length;
}

/**
 * Warns about pages heavier than the budget: the gzip bytes a reader downloads for the
 * page itself (its HTML, or its content file on a client-side navigation, whichever is larger).
 * `gzipSizeOf(file, limit)` gives a file's gzip size, or undefined when it is surely under `limit`.
 */
export function pageBudgetWarnings(
  routes: string[],
  gzipSizeOf: (file: string, limit: number) => number | undefined,
  budgetKb: number,
): Diagnostic[] {
  const out: Diagnostic[] = [];
  const limit = budgetKb * 1024;
  for (const route of routes) {
    const html = gzipSizeOf(htmlFileOf(route), limit) ?? 0;
    const data = gzipSizeOf(contentFileOf(route), limit) ?? 0;
    const kb = Math.max(html, data) / 1024;
    if (kb > budgetKb) {
      out.push({
        code: 'PageOverBudget',
        severity: 'warning',
        message: `${route} weighs ${kb.toFixed(1)} KB gzip, over the page budget of ${budgetKb} KB`,
        hint: 'split the page, or raise `pageBudgetKb` in the config',
      });
    }
  }
  return out;
}
