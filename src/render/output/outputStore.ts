import {
  copyFileSync,
  existsSync,
  linkSync,
  lstatSync,
  mkdirSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import { dirname, join } from 'node:path';
import { compressBoth, isCompressible } from './compress';

/** A file written through the store: the hash naming its bytes in the cache. */
export type BlobId = string;

/**
 * Writes the pages of a build into the staged output and keeps each file in a
 * content-addressed folder of the persistent cache (`files/<sha>`, with `<sha>.gz` and
 * `<sha>.br`) as a hard link to the written file (a copy across devices), so:
 *
 * - a page whose render is cached is *linked*, never read or written again: a warm
 *   rebuild after editing one page touches one page's bytes;
 * - its compressed twins come from the cache too, so unchanged pages are never
 *   compressed twice; new ones are compressed here while rendering goes on (zlib runs
 *   on libuv's threads), not in a pass over the whole output at the end.
 *
 * Blobs are named by their bytes and appear whole (a link to a file already written,
 * or a copy renamed into place), so two builds can share them. Without a cache folder
 * (`--no-cache`) files are written directly and the final `precompress` pass compresses
 * them. Without `precompress` no twins are made.
 */
export class OutputStore {
  /** gzip size of each file whose twins were made here, by path relative to the stage. */
  readonly gzipSizes = new Map<string, number>();
  /** Bytes of each file placed through the store (written, linked, or left in the live output), by path. */
  readonly sizes = new Map<string, number>();
  /** Bytes of the files left where they were in the live output, not staged (see `liveDir`). */
  keptBytes = 0;
  private readonly made = new Set<string>();
  private readonly pending = new Set<Promise<void>>();

  constructor(
    private readonly stageDir: string,
    private readonly blobDir: string | undefined,
    /** Whether text files get compressed twins (the `precompress` setting). */
    private readonly twins = true,
    /**
     * The output being updated in place (see `StagedOutput.commitInPlace`): a cached file
     * already there, as the very blob, is left where it is instead of linked into the stage.
     */
    private readonly liveDir?: string,
  ) {
    if (blobDir) mkdirSync(blobDir, { recursive: true });
  }

  /** Writes `content` at `rel`; returns the blob it is stored as (undefined without a cache). */
  async write(rel: string, content: string | Uint8Array): Promise<BlobId | undefined> {
    const target = this.prepare(rel);
    // Written once, where it belongs; the cache gets a hard link to it. (Writing the blob
    // first and linking it into the output cost a temporary file and a rename per file.)
    writeFileSync(target, content);
    const bytes = typeof content === 'string' ? Buffer.byteLength(content) : content.byteLength;
    this.sizes.set(rel, bytes);
    if (!this.blobDir) return undefined;
    const id = createHash('sha256').update(content).digest('hex').slice(0, 40);
    const blob = join(this.blobDir, id);
    keepAsBlob(target, blob);
    if (this.twins && isCompressible(rel, bytes)) {
      if (existsSync(blob + '.br')) this.placeTwins(rel, id, bytes);
      else
        await this.throttle(
          this.compress(
            rel,
            id,
            typeof content === 'string'
              ? Buffer.from(content)
              : Buffer.from(content.buffer, content.byteOffset, content.byteLength),
          ),
        );
    }
    return id;
  }

  /** Places a stored blob at `rel` (a cached page); false when the cache no longer has it. */
  link(rel: string, id: BlobId): boolean {
    if (!this.blobDir) return false;
    const blob = join(this.blobDir, id);
    let bytes: number;
    let inode: number;
    try {
      ({ size: bytes, ino: inode } = statSync(blob));
    } catch {
      return false;
    }
    if (this.liveDir && sameInode(join(this.liveDir, rel), inode)) {
      this.sizes.set(rel, bytes);
      this.keptBytes += bytes;
      return true;
    }
    if (!place(blob, this.prepare(rel))) return false;
    this.sizes.set(rel, bytes);
    if (this.twins && isCompressible(rel, bytes)) {
      if (existsSync(blob + '.br')) this.placeTwins(rel, id, bytes);
      else void this.throttle(readFile(blob).then((data) => this.compress(rel, id, data)));
    }
    return true;
  }

  /** Waits for the compressions under way. */
  async flush(): Promise<void> {
    await Promise.all(this.pending);
  }

  private prepare(rel: string): string {
    const target = join(this.stageDir, rel);
    const dir = dirname(target);
    if (!this.made.has(dir)) {
      mkdirSync(dir, { recursive: true });
      this.made.add(dir);
    }
    return target;
  }

  /** Links the twins that are smaller than the original (as `precompress` writes only those). */
  private placeTwins(rel: string, id: BlobId, bytes: number): void {
    const blob = join(this.blobDir!, id);
    const target = join(this.stageDir, rel);
    try {
      const gz = statSync(blob + '.gz').size;
      if (gz < bytes && !place(blob + '.gz', target + '.gz')) return;
      if (statSync(blob + '.br').size < bytes && !place(blob + '.br', target + '.br')) return;
      this.gzipSizes.set(rel, gz);
    } catch {
      // Twins pruned meanwhile: the final precompress pass makes them (it skips only recorded files).
      for (const ext of ['.gz', '.br']) rmSync(target + ext, { force: true });
    }
  }

  private async compress(rel: string, id: BlobId, data: Buffer): Promise<void> {
    const blob = join(this.blobDir!, id);
    const [gz, br] = await compressBoth(data);
    atomicWrite(blob + '.gz', gz);
    atomicWrite(blob + '.br', br); // written last: its presence means both twins exist
    this.placeTwins(rel, id, data.length);
  }

  /** Keeps at most a few compressions in flight, so memory stays flat. */
  private async throttle(work: Promise<void>): Promise<void> {
    const tracked: Promise<void> = work.finally(() => this.pending.delete(tracked));
    tracked.catch(() => {}); // reported by flush()
    this.pending.add(tracked);
    if (this.pending.size >= MAX_IN_FLIGHT) await Promise.race(this.pending);
  }
}

/** Compressions in flight per thread before a write waits: libuv runs four at a time, and more would only hold more encoders' memory (10,000 pages: 8 → 824 MiB peak, 4 → 728 MiB). */
const MAX_IN_FLIGHT = 4;

function atomicWrite(file: string, data: Buffer): void {
  const tmp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  writeFileSync(tmp, data);
  renameSync(tmp, file);
}

/** Makes `blob` name the bytes of the file just written at `file`: a hard link, or a copy across devices; an existing blob already holds them. */
function keepAsBlob(file: string, blob: string): void {
  try {
    linkSync(file, blob);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') return;
    const tmp = `${blob}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
    copyFileSync(file, tmp);
    renameSync(tmp, blob);
  }
}

/** Whether `file` is the inode `inode` (a hard link to it), without following a symbolic link. */
function sameInode(file: string, inode: number): boolean {
  try {
    return lstatSync(file).ino === inode;
  } catch {
    return false;
  }
}

/** Hard-links `from` at `to`, or copies it where links cannot go (another device); false if `from` is gone. */
function place(from: string, to: string): boolean {
  try {
    linkSync(from, to);
    return true;
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') return true;
    if (code === 'ENOENT') return false;
    try {
      copyFileSync(from, to);
      return true;
    } catch (copyErr) {
      if ((copyErr as NodeJS.ErrnoException).code === 'ENOENT') return false;
      throw copyErr;
    }
  }
}
