import { contentFileOf } from '../../shared/pageData';
import type { Diagnostic } from '../diagnostics';
import { htmlFileOf } from './storeRendered';

/**
 * Warns about pages heavier than the budget: the gzip bytes a reader downloads for the
 * page itself (its HTML, or its content file on a client-side navigation, whichever is larger).
 */
export function pageBudgetWarnings(routes: string[], gzipSizes: Map<string, number>, budgetKb: number): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const route of routes) {
    const html = gzipSizes.get(htmlFileOf(route)) ?? 0;
    const data = gzipSizes.get(contentFileOf(route)) ?? 0;
    const kb = Math.max(html, data) / 1024;
    if (kb > budgetKb) {
      out.push({ code: 'PageOverBudget', severity: 'warning', message: `${route} weighs ${kb.toFixed(1)} KB gzip, over the page budget of ${budgetKb} KB`, hint: 'split the page, or raise `pageBudgetKb` in the config' });
    }
  }
  return out;
}
