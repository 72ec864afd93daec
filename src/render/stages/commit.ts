import type { BuildResult, BuildRun } from './buildRun';
import type { RenderedSite } from './render';
import type { FinishedSite } from './finishSite';

/**
 * Puts the stage in place of the output folder as a whole (see `StagedOutput.commit`),
 * then records what the next build may reuse: the render cache's entries, the files it
 * used (the rest is pruned), the output's files and the source index.
 */
export function commit(run: BuildRun, rendered: RenderedSite, finished: FinishedSite): BuildResult {
  const marker = run.stage.commit();
  run.incremental.commit(marker, rendered.store.placed);
  run.profile.lap('commit');
  run.profile.report();
  return {
    outDir: run.outDir,
    pages: rendered.total + 1,
    warnings: finished.warnings,
    bytes: finished.bytes,
    seconds: (performance.now() - run.started) / 1000,
    outOfWorkerMemory: rendered.outOfWorkerMemory,
    notes: run.notes,
  };
}
