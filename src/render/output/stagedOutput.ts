import { mkdirSync, renameSync, rmSync, existsSync, readdirSync } from 'node:fs';
import { spawn } from 'node:child_process';
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
    if (hadOld) this.removeOld();
  }

  /**
   * Deletes replaced outputs (this one, and any an interrupted build left) in a detached
   * process: the new output is already in place, and deleting thousands of files took
   * longer than a whole incremental rebuild's rendering. Where `rm` is unavailable, here.
   */
  private removeOld(): void {
    const parent = dirname(this.outDir);
    const prefix = `.${basename(this.outDir)}-old-`;
    const olds = readdirSync(parent).filter((name) => name.startsWith(prefix)).map((name) => join(parent, name));
    if (process.platform === 'win32' || process.env.DFDOCS_SYNC_CLEANUP === '1') {
      for (const dir of olds) rmSync(dir, { recursive: true, force: true });
      return;
    }
    const child = spawn('rm', ['-rf', '--', ...olds], { detached: true, stdio: 'ignore' });
    child.on('error', () => {
      for (const dir of olds) rmSync(dir, { recursive: true, force: true });
    });
    child.unref();
  }

  /** Drops the staged folder after a failure. */
  discard(): void {
    rmSync(this.stageDir, { recursive: true, force: true });
  }
}
