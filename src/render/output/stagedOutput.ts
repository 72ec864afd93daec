import { mkdirSync, renameSync, rmSync, existsSync } from 'node:fs';
import { dirname, basename, join } from 'node:path';

/**
 * Stage, then swap: the build writes into a fresh folder beside the output and only a
 * successful build replaces the output, so a failed build never touches the previous one.
 */
export class StagedOutput {
  readonly stageDir: string;
  constructor(readonly outDir: string) {
    this.stageDir = join(dirname(outDir), `.${basename(outDir)}-staging-${process.pid}-${Date.now()}`);
    mkdirSync(this.stageDir, { recursive: true });
  }

  /** Replaces the output with the staged folder (two renames; the old one is removed after). */
  commit(): void {
    const old = join(dirname(this.outDir), `.${basename(this.outDir)}-old-${process.pid}-${Date.now()}`);
    const hadOld = existsSync(this.outDir);
    if (hadOld) renameSync(this.outDir, old);
    try {
      renameSync(this.stageDir, this.outDir);
    } catch (err) {
      if (hadOld) renameSync(old, this.outDir);
      throw err;
    }
    if (hadOld) rmSync(old, { recursive: true, force: true });
  }

  /** Drops the staged folder after a failure. */
  discard(): void {
    rmSync(this.stageDir, { recursive: true, force: true });
  }
}
