import { existsSync, lstatSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { VERSION } from '../version';

/**
 * The file every output holds: it tells a later build that the folder is one dfdocs made
 * (and so may be replaced). Its bytes are the same in every build (outputs stay
 * byte-identical); the file itself, new in every output, tells which build made the
 * folder (its inode and time, see `previousOutput.ts`).
 */
export const OUTPUT_MARKER = '.dfdocs-output.json';
/** In a staging folder while its build runs: whose it is (removed once the stage is whole). */
export const STAGING_MARKER = '.dfdocs-staging.json';
/** In a replaced output waiting to be deleted (it may have been a folder of other files, replaced with --force). */
export const OLD_MARKER = '.dfdocs-old';

export interface OutputMarker {
  generator: 'dfdocs';
  version: string;
}

/** Which marker file a folder holds: its inode and modification time. */
export type MarkerStamp = [ino: number, mtimeMs: number];

/** Writes the marker into a folder; returns its stamp. */
export function writeOutputMarker(dir: string): MarkerStamp {
  const marker: OutputMarker = { generator: 'dfdocs', version: VERSION };
  const file = join(dir, OUTPUT_MARKER);
  writeFileSync(file, JSON.stringify(marker) + '\n');
  return markerStampOf(dir)!;
}

/** The stamp of a folder's marker file, if it has one. */
export function markerStampOf(dir: string): MarkerStamp | undefined {
  try {
    const st = lstatSync(join(dir, OUTPUT_MARKER));
    return st.isFile() ? [st.ino, st.mtimeMs] : undefined;
  } catch {
    return undefined;
  }
}

export function readOutputMarker(dir: string): OutputMarker | undefined {
  try {
    const value = JSON.parse(readFileSync(join(dir, OUTPUT_MARKER), 'utf8')) as OutputMarker;
    return value?.generator === 'dfdocs' ? value : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Whether a folder is a dfdocs output: it holds the marker, or (built before there was
 * one) a route manifest of dfdocs's shape beside a `404.html`.
 */
export function isDfdocsOutput(dir: string): boolean {
  if (readOutputMarker(dir)) return true;
  try {
    const manifest = JSON.parse(readFileSync(join(dir, 'route-manifest.json'), 'utf8')) as {
      version?: unknown;
      routes?: unknown;
      baseUrl?: unknown;
    };
    return (
      typeof manifest?.version === 'string' &&
      typeof manifest.baseUrl === 'string' &&
      typeof manifest.routes === 'object' &&
      existsSync(join(dir, '404.html'))
    );
  } catch {
    return false;
  }
}
