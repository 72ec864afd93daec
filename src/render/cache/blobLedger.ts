import { appendFileSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { writeWhole } from '../output/writeWhole';

/** A blob's name: the first 40 hex digits of its bytes' SHA-256 (`<id>.gz`/`<id>.br` for its compressed twins). */
export function blobIdOf(bytes: string | Uint8Array): string {
  const hash = createHash('sha256');
  if (typeof bytes === 'string') for (const part of stringParts(bytes)) hash.update(part);
  else hash.update(bytes);
  return hash.digest('hex').slice(0, 40);
}

/** A string's text converted to bytes a part at a time (each is copied as UTF-8 when used). */
const PART = 1024 * 1024;

/**
 * A long string in parts of about a megabyte, cut between characters (never inside a
 * surrogate pair), so that hashing or writing it converts a part at a time: converted
 * whole, a large page's 10 MB document was copied at once.
 */
export function* stringParts(text: string): Generator<string> {
  for (let at = 0; at < text.length;) {
    let end = Math.min(at + PART, text.length);
    const last = text.charCodeAt(end - 1);
    if (end < text.length && last >= 0xd800 && last <= 0xdbff) end--;
    yield text.slice(at, end);
    at = end;
  }
}

/** What was recorded of a blob when it was written: size, modification time, inode, mode, and for a twin its bytes' id. */
type Stamp = { size: number; mtimeMs: number; ino: number; mode: number; sha?: string };

/** Why a blob was not used (for the `--verbose` notes). */
export type BlobProblem = 'missing' | 'changed' | 'unverifiable';

const LEDGER = 'ledger.jsonl';
/** Lines a ledger may hold per blob it describes before it is rewritten without the stale ones. */
const COMPACT_RATIO = 3;

/**
 * Keeps the cache's blobs honest. Every blob is recorded when written (`stamp`); before
 * one is used, a stat compares its size, modification time and inode with the record, and
 * when they differ (or there is no record) its bytes are hashed again: a blob that no
 * longer holds what its name says — appended to, truncated, replaced — is deleted, and the
 * caller renders the page again. A twin (`.gz`, `.br`) is checked against the hash of its
 * own bytes recorded with it; one without a record is dropped (it is made again).
 *
 * The record is an append-only file of `name\tsize\tmtime\tino\tmode[\tsha]` lines (the last
 * line of a name wins), read once a build first needs it; a line cut short by a kill is
 * ignored, and a wrong line costs only a hash.
 */
export class BlobLedger {
  private stamps: Map<string, Stamp> | undefined;
  private lines = 0;
  private appended: string[] = [];

  constructor(private readonly blobDir: string) {}

  private load(): Map<string, Stamp> {
    if (this.stamps) return this.stamps;
    const stamps = new Map<string, Stamp>();
    let text = '';
    try {
      text = readFileSync(join(this.blobDir, LEDGER), 'latin1');
    } catch {
      // no ledger yet
    }
    for (const line of text.split('\n')) {
      const f = line.split('\t');
      if (f.length < 5 || f.length > 6 || !/^[0-9a-f]{40}(\.gz|\.br)?$/.test(f[0]!)) continue;
      const [size, mtimeMs, ino, mode] = [Number(f[1]), Number(f[2]), Number(f[3]), Number(f[4])];
      if (![size, mtimeMs, ino, mode].every(Number.isFinite)) continue;
      stamps.set(f[0]!, { size, mtimeMs, ino, mode, sha: f[5] || undefined });
      this.lines++;
    }
    return (this.stamps = stamps);
  }

  /** Records a blob just written (`sha`: for a twin, the id of its own bytes). */
  stamp(name: string, sha?: string): void {
    let st;
    try {
      st = statSync(join(this.blobDir, name));
    } catch {
      return;
    }
    const stamp: Stamp = { size: st.size, mtimeMs: st.mtimeMs, ino: st.ino, mode: st.mode, sha };
    this.stamps?.set(name, stamp);
    this.appended.push(lineOf(name, stamp));
  }

  /** Whether a blob is present as it was recorded (the cheap check alone: no hashing). */
  isIntact(name: string): boolean {
    const recorded = this.load().get(name);
    if (!recorded) return false;
    try {
      return sameStat(statSync(join(this.blobDir, name)), recorded);
    } catch {
      return false;
    }
  }

  /**
   * Checks a blob before it is used: its size when it holds what it was written with, else
   * the problem (a changed blob is deleted, so the next build does not check it again).
   */
  verify(name: string): { size: number } | { problem: BlobProblem } {
    const file = join(this.blobDir, name);
    let st;
    try {
      st = statSync(file);
    } catch {
      return { problem: 'missing' };
    }
    const recorded = this.load().get(name);
    if (recorded && sameStat(st, recorded)) return { size: st.size };
    const twin = name.length > 40;
    const expected = twin ? recorded?.sha : name;
    if (!expected) {
      rmSync(file, { force: true });
      return { problem: 'unverifiable' };
    }
    let bytes: Buffer | undefined;
    try {
      bytes = readFileSync(file);
    } catch {
      // unreadable: dropped below
    }
    // A blob's mode is copied with it: one made unreadable (or anything but the mode it was written with) is dropped too.
    if (!bytes || blobIdOf(bytes) !== expected || (recorded && recorded.mode !== st.mode)) {
      rmSync(file, { force: true });
      return { problem: 'changed' };
    }
    this.stamp(name, twin ? expected : undefined);
    return { size: bytes.length };
  }

  /**
   * Appends this build's records (after the build), leaving out blobs pruning removed;
   * rewrites the file when stale lines outnumber the live ones.
   */
  save(removed: Set<string> = new Set()): void {
    const file = join(this.blobDir, LEDGER);
    const lines = this.appended.filter((l) => !removed.has(l.slice(0, l.indexOf('\t'))));
    this.appended = [];
    if (this.stamps && this.lines + lines.length > COMPACT_RATIO * this.stamps.size + 1000) {
      for (const name of removed) this.stamps.delete(name);
      const text = [...this.stamps].map(([n, s]) => lineOf(n, s)).join('');
      writeWhole(file, text);
      this.lines = this.stamps.size;
      return;
    }
    if (lines.length) appendFileSync(file, lines.join(''));
    this.lines += lines.length;
  }
}

const sameStat = (
  st: { size: number; mtimeMs: number; ino: number; mode: number },
  s: Stamp,
): boolean =>
  st.size === s.size && st.mtimeMs === s.mtimeMs && st.ino === s.ino && st.mode === s.mode;

const lineOf = (name: string, s: Stamp): string =>
  `${name}\t${s.size}\t${s.mtimeMs}\t${s.ino}\t${s.mode}${s.sha ? `\t${s.sha}` : ''}\n`;
