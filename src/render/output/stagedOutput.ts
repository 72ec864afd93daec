import {
  existsSync,
  mkdirSync,
  readdirSync,
  renameSync,
  rmSync,
  rmdirSync,
  statSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { dirname, basename, join } from 'node:path';
import {
  OLD_MARKER,
  OUTPUT_MARKER,
  STAGING_MARKER,
  markerStampOf,
  writeOutputMarker,
  type MarkerStamp,
} from './outputMarker';
import { syncCleanup, testFault } from '../tuning';

/**
 * Stage, then swap whole folders: the build writes every file of the new output into a
 * folder beside it, and only a successful build replaces the output — by renaming the
 * old folder aside and the stage into its place, so a reader (a server, a deploy step)
 * sees the old site or the new one, never a mix, and a kill at any moment leaves one of
 * them whole.
 *
 * The replaced folder is kept in the cache as the next build's stage (a `spare`), when the
 * cache is on the same file system: a rebuild then starts from the output of two builds
 * ago, whose folders exist and whose unchanged pages are already in place (checked against
 * the record of that build, see `recycleStage`). Creating the thousand folders of a fresh
 * stage was most of a one-page rebuild of 1,000 pages, and more when the folders of the
 * output just replaced had been deleted (ext4 then scans past the inodes freed lately).
 * Without a spare, the stage is a new folder and the replaced output is deleted.
 *
 * Between the two renames the path holds nothing for a few microseconds (POSIX has no
 * portable exchange of two folders); a kill exactly there leaves the finished stage
 * beside it, which the next build moves into place before anything else
 * (`recoverInterrupted`). Folders left by killed builds are recognised by their marker
 * files and the process id in their names, and deleted by the next build.
 */
export class StagedOutput {
  readonly stageDir: string;
  /** This build's id: `<pid>-<time>-<random>`, in the names of its stage and of the output it replaces. */
  readonly build: string;
  /** When the stage is a recycled output: the stamp of the marker it had (naming the record of its files). */
  readonly recycled: MarkerStamp | undefined;
  private readonly prefix: string;

  /**
   * `outDir` is the folder to replace (the target of a symbolic `--out`, see `checkOutDir`);
   * `spare` where a replaced output is kept for the next build (in the cache).
   */
  constructor(
    readonly outDir: string,
    private readonly spare?: string,
  ) {
    const parent = dirname(outDir);
    this.prefix = `.${basename(outDir)}-`;
    mkdirSync(parent, { recursive: true });
    recoverInterrupted(outDir);
    this.build = `${process.pid}-${Date.now()}-${randomBytes(4).toString('hex')}`;
    this.stageDir = join(parent, `${this.prefix}staging-${this.build}`);
    const note = JSON.stringify({ pid: process.pid, outDir, build: this.build }) + '\n';
    this.recycled = this.takeSpare(note);
    if (!this.recycled) mkdirSync(this.stageDir);
    writeFileSync(join(this.stageDir, STAGING_MARKER), note);
  }

  /** Moves the spare into place as the stage; the stamp of its marker, or undefined when there is none to take. */
  private takeSpare(note: string): MarkerStamp | undefined {
    const spare = this.spare;
    if (!spare || !existsSync(spare)) return undefined;
    const marker = markerStampOf(spare);
    try {
      if (!marker || statSync(spare).dev !== statSync(dirname(this.outDir)).dev) throw 0;
      writeFileSync(join(spare, STAGING_MARKER), note); // this build's stage from here
      unlinkSync(join(spare, OUTPUT_MARKER));
      renameSync(spare, this.stageDir);
      return marker;
    } catch {
      discardSpare(spare, this.build);
      return undefined;
    }
  }

  /** Replaces the output with the staged folder (the replaced one is deleted in the background); returns the stamp of its marker. */
  commit(): MarkerStamp {
    const stamp = writeOutputMarker(this.stageDir);
    unlinkSync(join(this.stageDir, STAGING_MARKER)); // the stage is whole from here
    faultPoint('commit');
    const old = join(dirname(this.outDir), `${this.prefix}old-${this.build}`);
    let hadOld = true;
    try {
      renameSync(this.outDir, old);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
      hadOld = false;
    }
    faultPoint('commit-swap');
    try {
      renameSync(this.stageDir, this.outDir);
    } catch (err) {
      if (hadOld) renameSync(old, this.outDir);
      throw err;
    }
    if (hadOld && !this.keepAsSpare(old)) {
      writeFileSync(join(old, OLD_MARKER), '');
      removeInBackground([old], OLD_MARKER);
    }
    return stamp;
  }

  /** Keeps the replaced output as the next build's stage; false when it cannot be (not dfdocs's, or another file system). */
  private keepAsSpare(old: string): boolean {
    const spare = this.spare;
    if (!spare || !existsSync(join(old, OUTPUT_MARKER))) return false;
    try {
      discardSpare(spare, this.build);
      mkdirSync(dirname(spare), { recursive: true });
      renameSync(old, spare);
      return true;
    } catch {
      return false;
    }
  }

  /** Drops the staged folder after a failure. */
  discard(): void {
    rmSync(this.stageDir, { recursive: true, force: true });
  }
}

/**
 * Test-only: `DFDOCS_TEST_FAULT=<point>` kills the process (SIGKILL, as `kill -9`) when
 * the build reaches that point of its commit, to show what a reader is left with.
 */
function faultPoint(point: string): void {
  if (testFault() === point) process.kill(process.pid, 'SIGKILL');
}

/** Whether the process `pid` is running (another build using its folders). */
function isRunning(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

const has = (dir: string, name: string) => existsSync(join(dir, name));

/**
 * Cleans up after builds killed beside `outDir`, before a new one starts: a finished
 * stage whose commit was cut between its two renames (the output missing) is moved into
 * place; other stages and replaced outputs of builds no longer running are deleted.
 * Only folders named as dfdocs names them *and* holding its marker files are touched.
 */
export function recoverInterrupted(outDir: string): void {
  const parent = dirname(outDir);
  const prefix = `.${basename(outDir)}-`;
  const pattern = /^(staging|old)-(\d+)-(\d+)-[0-9a-f]{8}$/;
  let names: string[];
  try {
    names = readdirSync(parent);
  } catch {
    return;
  }
  const leftovers = names
    .filter((n) => n.startsWith(prefix))
    .map((n) => ({ name: n, m: pattern.exec(n.slice(prefix.length)) }))
    .filter((l): l is { name: string; m: RegExpExecArray } => l.m !== null)
    .map(({ name, m }) => ({
      dir: join(parent, name),
      kind: m[1]!,
      pid: Number(m[2]),
      time: Number(m[3]),
    }))
    .sort((a, b) => b.time - a.time); // newest first
  const stale = leftovers.filter((l) => l.kind === 'old' || !isRunning(l.pid));
  // A finished stage (marker of an output, none of a stage) is a commit cut short.
  const finished = stale.filter(
    (l) => l.kind === 'staging' && has(l.dir, OUTPUT_MARKER) && !has(l.dir, STAGING_MARKER),
  );
  if (finished.length && !existsSync(outDir)) {
    try {
      renameSync(finished[0]!.dir, outDir);
      finished.shift();
    } catch {
      // left for the next build
    }
  }
  const stagesToRemove = stale.filter(
    (l) =>
      l.kind === 'staging' &&
      existsSync(l.dir) &&
      (has(l.dir, STAGING_MARKER) || finished.includes(l)),
  );
  const oldsToRemove = stale.filter(
    (l) => l.kind === 'old' && (has(l.dir, OLD_MARKER) || has(l.dir, OUTPUT_MARKER)),
  );
  for (const l of stagesToRemove)
    removeInBackground([l.dir], has(l.dir, STAGING_MARKER) ? STAGING_MARKER : OUTPUT_MARKER);
  // A build stopped between creating its stage and writing the stage's marker left an
  // empty folder of its name: removed only if empty (rmdir), so nothing else can go.
  for (const l of stale)
    if (l.kind === 'staging' && !stagesToRemove.includes(l) && !finished.includes(l))
      try {
        rmdirSync(l.dir);
      } catch {
        // not empty, or gone: not ours to touch
      }
  for (const l of oldsToRemove)
    removeInBackground([l.dir], has(l.dir, OLD_MARKER) ? OLD_MARKER : OUTPUT_MARKER);
}

/**
 * Deletes a spare (and those a killed build left being deleted): renamed out of the way
 * at once, deleted in the background. It lies in the cache, which is dfdocs's own.
 */
function discardSpare(spare: string, build: string): void {
  const parent = dirname(spare);
  const trash = `${basename(spare)}.trash-`;
  const dirs: string[] = [];
  try {
    for (const n of readdirSync(parent)) if (n.startsWith(trash)) dirs.push(join(parent, n));
  } catch {
    return;
  }
  if (existsSync(spare)) {
    const to = `${spare}.trash-${build}`;
    renameSync(spare, to);
    dirs.push(to);
  }
  removeInBackground(dirs);
}

/**
 * Deletes folders in a detached process: the new output is already in place, and
 * deleting thousands of files took longer than a whole incremental rebuild's rendering.
 * Each folder's marker file goes last (`rm` takes its arguments in order), so a folder
 * whose deletion is cut short still shows whose it is. Where `rm` is unavailable, here.
 */
function removeInBackground(dirs: string[], marker?: string): void {
  const args: string[] = [];
  for (const dir of dirs) {
    if (!marker) {
      args.push(dir);
      continue;
    }
    let entries: string[] = [];
    try {
      entries = readdirSync(dir).filter((n) => n !== marker);
    } catch {
      continue;
    }
    args.push(...entries.map((n) => join(dir, n)), join(dir, marker), dir);
  }
  if (args.length === 0) return;
  const here = () => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  };
  if (process.platform === 'win32' || syncCleanup()) return here();
  const child = spawn('rm', ['-rf', '--', ...args], { detached: true, stdio: 'ignore' });
  child.on('error', here);
  child.unref();
}
