import {
  mkdirSync,
  renameSync,
  rmSync,
  existsSync,
  readdirSync,
  rmdirSync,
  unlinkSync,
} from 'node:fs';
import { spawn } from 'node:child_process';
import { dirname, basename, join } from 'node:path';

/** Every file under `dir`, as `/`-separated paths relative to it. */
function listFiles(dir: string, rel = '', out: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const childRel = rel ? `${rel}/${entry.name}` : entry.name;
    if (entry.isDirectory()) listFiles(join(dir, entry.name), childRel, out);
    else out.push(childRel);
  }
  return out;
}

/**
 * Stage, then swap: the build writes into a fresh folder beside the output and only a
 * successful build replaces the output, so a failed build never touches the previous one.
 */
export class StagedOutput {
  readonly stageDir: string;
  constructor(readonly outDir: string) {
    this.stageDir = join(
      dirname(outDir),
      `.${basename(outDir)}-staging-${process.pid}-${Date.now()}`,
    );
    mkdirSync(this.stageDir, { recursive: true });
  }

  /** Replaces the output with the staged folder (two renames; the old one is removed after). */
  commit(): void {
    const old = join(
      dirname(this.outDir),
      `.${basename(this.outDir)}-old-${process.pid}-${Date.now()}`,
    );
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
    const olds = readdirSync(parent)
      .filter((name) => name.startsWith(prefix))
      .map((name) => join(parent, name));
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

  /**
   * Updates the output in place from a stage that holds only what changed (a rebuild):
   * files the output should no longer have are deleted, then each staged file replaces its
   * counterpart by rename (so every file is whole at every moment). `expected` names the
   * files that stay as they are. It runs only once the build has succeeded; creating the
   * thousand folders of a fresh stage and linking every unchanged page into it was most of
   * a rebuild after editing one page.
   */
  commitInPlace(expected: Set<string>): void {
    const staged = listFiles(this.stageDir);
    const keep = new Set([...expected, ...staged]);
    const sweep = (dir: string, rel: string): boolean => {
      let empty = true;
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const childRel = rel ? `${rel}/${entry.name}` : entry.name;
        const child = join(dir, entry.name);
        if (entry.isDirectory()) {
          if (sweep(child, childRel)) rmdirSync(child);
          else empty = false;
        } else if (keep.has(childRel)) empty = false;
        else unlinkSync(child);
      }
      return empty;
    };
    sweep(this.outDir, '');
    const made = new Set<string>();
    for (const rel of staged) {
      const target = join(this.outDir, rel);
      const dir = dirname(target);
      if (!made.has(dir)) {
        mkdirSync(dir, { recursive: true });
        made.add(dir);
      }
      renameSync(join(this.stageDir, rel), target);
    }
    rmSync(this.stageDir, { recursive: true, force: true });
  }

  /** Drops the staged folder after a failure. */
  discard(): void {
    rmSync(this.stageDir, { recursive: true, force: true });
  }
}
