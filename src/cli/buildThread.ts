import { resolve } from 'node:path';
import { countMarkdownFiles } from '../render/content/loadSources';

/**
 * Sites of this many markdown pages or more build on a thread with a heap budget (see
 * bin/dfdocs.js); smaller ones on the main thread, unless DFDOCS_BUILD_HEAP_MB asks for a
 * budget. Starting that thread cost ~45 ms, a tenth of a one-page rebuild of 1,000 pages,
 * and a build that size keeps little enough that the budget hardly changed its memory
 * (1,000 pages: peak RSS 376-383 MB with it, 392-400 MB without).
 */
export const BUILD_THREAD_MIN_PAGES = 2_500;

/** The `--root` of a `build` command's arguments (`--root dir` or `--root=dir`; the last wins, as with commander), or '.'. */
export function buildRootOf(args: string[]): string {
  let root = '.';
  args.forEach((arg, i) => {
    if (arg === '--root' && i + 1 < args.length) root = args[i + 1]!;
    else if (arg.startsWith('--root=')) root = arg.slice('--root='.length);
  });
  return root;
}

/** Whether `dfdocs build <args>` runs on a thread of its own (`heapBudgetSet`: DFDOCS_BUILD_HEAP_MB is set to a budget). */
export function buildRunsInThread(args: string[], heapBudgetSet: boolean): boolean {
  return heapBudgetSet || countMarkdownFiles(resolve(buildRootOf(args))) >= BUILD_THREAD_MIN_PAGES;
}
