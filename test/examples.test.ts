// Every runnable example of the TinyFrame docs, run against engine/ (issue 10): one test per
// page (its blocks in order, in one module scope, in the page's folder), failing with the page,
// the line and a diff when a shown output is not what the engine prints. The same check as
// `dfdocs build --check-examples`.
import { describe, test } from 'node:test';
import { availableParallelism } from 'node:os';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { REPO_ROOT } from './helpers/site';
import {
  checkPage,
  formatFailure,
  markdownFiles,
  type PageCheck,
} from '../src/render/examples/check';
import { extractExamples } from '../src/render/examples/extract';

const TUTORIALS = [
  'dataframe-basics',
  'io',
  'filtering',
  'plotting',
  'derived-columns',
  'statistics',
  'reshaping',
  'combining-tables',
  'time-series',
  'text-processing',
];

const pages = markdownFiles(REPO_ROOT).filter(
  (f) => extractExamples(readFileSync(f, 'utf8')).runnable,
);
const results = new Map<string, PageCheck>();

/** A tutorial's file, relative to the repository: markdown, or MDX for a page with islands. */
function tutorialFile(name: string): string {
  const base = `docs/getting-started/tutorials/${name}`;
  return existsSync(join(REPO_ROOT, `${base}.md`)) ? `${base}.md` : `${base}.mdx`;
}

test('every tutorial has runnable examples', () => {
  const rel = pages.map((f) => relative(REPO_ROOT, f));
  for (const t of TUTORIALS)
    assert.ok(rel.includes(tutorialFile(t)), `the ${t} tutorial has no runnable example`);
});

// Each page runs in its own child process, so pages can run side by side.
describe('pages', { concurrency: Math.max(2, availableParallelism()) }, () => {
  for (const file of pages) {
    const rel = relative(REPO_ROOT, file);
    test(`examples of ${rel}`, async () => {
      const page = await checkPage(file, { root: REPO_ROOT });
      results.set(rel, page);
      assert.equal(page.failures.length, 0, page.failures.map(formatFailure).join('\n\n'));
      assert.equal(page.executed, page.blocks);
    });
  }
});

test('each tutorial runs at least five examples and shows their output', () => {
  for (const t of TUTORIALS) {
    const page = results.get(tutorialFile(t));
    assert.ok(page, `${t} did not run`);
    assert.ok(page.executed >= 5, `${t}: ${page.executed} examples executed, expected at least 5`);
    const shown = t === 'plotting' ? page.executed : page.checked;
    assert.ok(shown >= 5, `${t}: ${page.checked} examples show their output, expected at least 5`);
  }
});

test('summary', (t) => {
  const executed = [...results.values()].reduce((s, p) => s + p.executed, 0);
  const checked = [...results.values()].reduce((s, p) => s + p.checked, 0);
  t.diagnostic(
    `${executed} examples executed on ${results.size} pages; ${checked} printed outputs compared`,
  );
  assert.ok(executed > 0);
});
