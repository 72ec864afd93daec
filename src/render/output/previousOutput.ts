import {
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  unlinkSync,
} from 'node:fs';
import { join } from 'node:path';
import { STAGING_MARKER, type MarkerStamp } from './outputMarker';
import { writeWhole } from './writeWhole';

/** What a build recorded of a file it placed: its blob id, size, modification time, inode and mode (a chmod changes no time). */
export type FileStamp = [id: string, size: number, mtimeMs: number, ino: number, mode: number];

/** A file's stamp from its stat. */
export const stampOf = (
  id: string,
  st: { size: number; mtimeMs: number; ino: number; mode: number },
): FileStamp => [id, st.size, st.mtimeMs, st.ino, st.mode];

/** The files a build placed in an output folder, by path relative to it. */
export type OutputFiles = Record<string, FileStamp>;

/** How many output records a cache keeps (an output and a spare per output folder built lately). */
const KEPT_RECORDS = 8;

/**
 * Where the cache keeps the record of an output folder's files: named after the folder's
 * marker file (its inode and time), which is new in every output, so a record describes
 * exactly the folder whose marker it names — not a later build's, nor a copy.
 */
function recordFile(cacheRoot: string, marker: MarkerStamp): string {
  return join(cacheRoot, 'outputs', `${marker[0]}-${marker[1]}.json`);
}

/** The record of the output folder whose marker is `marker`, if the cache has it. */
export function loadOutputRecord(
  cacheRoot: string,
  marker: MarkerStamp | undefined,
): OutputFiles | undefined {
  if (!marker) return undefined;
  try {
    const files = JSON.parse(readFileSync(recordFile(cacheRoot, marker), 'utf8')) as OutputFiles;
    return typeof files === 'object' && files !== null ? files : undefined;
  } catch {
    return undefined;
  }
}

/** Records the files a build placed in its output (once committed); older records beyond the last few are deleted. */
export function saveOutputRecord(
  cacheRoot: string,
  marker: MarkerStamp,
  files: Map<string, FileStamp>,
): void {
  const file = recordFile(cacheRoot, marker);
  const dir = join(file, '..');
  mkdirSync(dir, { recursive: true });
  writeWhole(file, JSON.stringify(Object.fromEntries(files)));
  const records = readdirSync(dir)
    .filter((n) => /^\d+-[\d.]+\.json$/.test(n))
    .map((n) => {
      try {
        return { n, t: statSync(join(dir, n)).mtimeMs };
      } catch {
        return { n, t: 0 };
      }
    })
    .sort((a, b) => b.t - a.t);
  for (const { n } of records.slice(KEPT_RECORDS)) rmSync(join(dir, n), { force: true });
}

/** Whether a file is as its stamp recorded it. */
function matches(file: string, stamp: FileStamp): boolean {
  try {
    const st = lstatSync(file);
    return (
      st.isFile() &&
      st.size === stamp[1] &&
      st.mtimeMs === stamp[2] &&
      st.ino === stamp[3] &&
      st.mode === stamp[4]
    );
  } catch {
    return false;
  }
}

/**
 * The output a rebuild replaces, as a source of unchanged pages: a file is taken from it
 * (hard-linked into the stage; the old folder stops being the output at the commit) only
 * when the record of the build that made the folder names the same bytes for it and the
 * file's size, modification time and inode are still as recorded — a page a deploy step
 * edited in place is not carried into the next build.
 */
export class PreviousOutput {
  constructor(
    private readonly outDir: string,
    private readonly files: OutputFiles,
  ) {}

  /** The previous output's file at `rel` when it holds blob `id` untouched, and its stamp. */
  source(rel: string, id: string): { file: string; stamp: FileStamp } | undefined {
    const stamp = this.files[rel];
    if (!stamp || stamp[0] !== id) return undefined;
    const file = join(this.outDir, rel);
    return matches(file, stamp) ? { file, stamp } : undefined;
  }
}

/**
 * Prepares a recycled stage (an earlier output, see `StagedOutput`): keeps the files its
 * record names that are still as recorded, and deletes everything else — files the build
 * writes anew, and whatever was added or edited while the folder was live. Returns the
 * files kept; the build uses those it needs and deletes the rest (`OutputStore.sweep`).
 */
export function recycleStage(
  stageDir: string,
  files: OutputFiles | undefined,
): Map<string, FileStamp> {
  const kept = new Map<string, FileStamp>();
  const walk = (dir: string, rel: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const childRel = rel ? `${rel}/${entry.name}` : entry.name;
      const child = join(dir, entry.name);
      if (entry.isDirectory()) {
        walk(child, childRel);
        continue;
      }
      if (childRel === STAGING_MARKER) continue;
      const stamp = files?.[childRel];
      if (entry.isFile() && stamp && matches(child, stamp)) kept.set(childRel, stamp);
      else unlinkSync(child);
    }
  };
  walk(stageDir, '');
  return kept;
}
