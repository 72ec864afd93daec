import {
  closeSync,
  constants,
  copyFileSync,
  fstatSync,
  mkdirSync,
  openSync,
  renameSync,
  rmSync,
  rmdirSync,
  statSync,
  unlinkSync,
  linkSync,
  writeSync,
} from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createHash, type Hash } from 'node:crypto';
import { dirname, join } from 'node:path';
import { compressBoth, isCompressible } from './compress';
import { containedPath } from './containedPath';
import { stampOf, type FileStamp, type PreviousOutput } from './previousOutput';
import { blobIdOf, stringParts, type BlobLedger } from '../cache/blobLedger';
import { tmpNameOf } from './writeWhole';

/** A file written through the store: the hash naming its bytes in the cache. */
export type BlobId = string;

export interface OutputStoreOptions {
  /** The cache's content-addressed folder (`files/`); without it (`--no-cache`) files are only written. */
  blobDir?: string;
  /** The record of what the blobs held when written (required with `blobDir`). */
  ledger?: BlobLedger;
  /** Whether text files get compressed twins (the `precompress` setting). */
  twins?: boolean;
  /** The output this build replaces, whose untouched pages are reused (see `PreviousOutput`). */
  previous?: PreviousOutput;
  /** Files already in the stage, checked (a recycled stage, see `recycleStage`): used where they are. */
  kept?: Map<string, FileStamp>;
  /** Where notes for `--verbose` go (a cached file found changed, and so rendered again). */
  notes?: string[];
}

/**
 * Writes the pages of a build into the staged output and keeps each file's bytes in a
 * content-addressed folder of the persistent cache (`files/<id>`, with `<id>.gz` and
 * `<id>.br`), so:
 *
 * - a page whose render is cached is placed, never rendered again: from the output being
 *   replaced (a hard link, when that file is untouched) or copied from the cache;
 * - its compressed twins come from the cache too, so unchanged pages are never
 *   compressed twice; new ones are compressed here while rendering goes on (zlib runs
 *   on libuv's threads), not in a pass over the whole output at the end.
 *
 * A blob is a second name of the page file it was written as (a hard link; a copy where
 * the cache is on another file system), and a cached page is copied out of it (a reflink
 * where the file system has them). Nothing writes into an existing file, and blobs are
 * checked before use (`BlobLedger.verify`): whatever edits the output in place — a deploy
 * step adding analytics, a truncation, a chmod — changes the blob's stamp, its hash is
 * taken again, and a blob that fails is dropped and the page rendered again. Without a cache folder files are written directly and the final `precompress`
 * pass compresses them. Without `precompress` no twins are made.
 */
export class OutputStore {
  /** gzip size of each file whose twins were made here, by path relative to the stage. */
  readonly gzipSizes = new Map<string, number>();
  /** Bytes of each file placed through the store, by path. */
  readonly sizes = new Map<string, number>();
  /** Each file placed with its blob id and stamp, for the next build (see `PreviousOutput`). */
  readonly placed = new Map<string, FileStamp>();
  private readonly made = new Set<string>();
  private readonly pending = new Set<Promise<void>>();
  private readonly blobDir: string | undefined;
  private readonly twins: boolean;

  constructor(
    private readonly stageDir: string,
    private readonly options: OutputStoreOptions = {},
  ) {
    this.blobDir = options.blobDir;
    this.twins = options.twins ?? true;
    if (this.blobDir) mkdirSync(this.blobDir, { recursive: true });
  }

  /** Writes `content` at `rel`; returns the blob it is stored as (undefined without a cache). */
  async write(rel: string, content: string | Uint8Array): Promise<BlobId | undefined> {
    const target = this.prepare(rel);
    // A string is written and hashed as it is: a copy as bytes beside it was the largest
    // moment of writing a large page.
    const st = writeNew(target, content);
    this.sizes.set(rel, st.size);
    if (!this.blobDir) return undefined;
    const id = blobIdOf(content);
    this.placed.set(rel, stampOf(id, st));
    this.keepBlob(id, target, content);
    if (this.twins && isCompressible(rel, st.size) && !this.twinsFromCache(rel, id, st.size))
      await this.throttle(
        this.compress(
          rel,
          id,
          typeof content === 'string'
            ? Buffer.from(content)
            : Buffer.from(content.buffer, content.byteOffset, content.byteLength),
        ),
      );
    return id;
  }

  /**
   * Writes a large text given in parts (a large page's files, see `storeRendered`): each
   * part goes to the file and into its hash as it comes, so neither the text nor its
   * bytes are ever held whole here; the blob is a copy of the file, and the twins are
   * made from the file, read once the caller has let the text go.
   */
  writeParts(rel: string, parts: Iterable<string>): Promise<BlobId | undefined> {
    // Not an async function: a suspended one would keep `parts` (and so the caller's
    // text) alive until its twins are made.
    const target = this.prepare(rel);
    const hash = createHash('sha256');
    const st = writeNew(target, parts, hash);
    this.sizes.set(rel, st.size);
    if (!this.blobDir) return Promise.resolve(undefined);
    const id: BlobId = hash.digest('hex').slice(0, 40); // as `blobIdOf` names the same bytes
    this.placed.set(rel, stampOf(id, st));
    if (!this.options.ledger!.isIntact(id)) {
      const blob = join(this.blobDir, id);
      if (!linkBlob(target, blob)) {
        const tmp = tmpNameOf(blob);
        copyFileSync(target, tmp);
        renameSync(tmp, blob);
      }
      this.options.ledger!.stamp(id);
    }
    if (this.twins && isCompressible(rel, st.size) && !this.twinsFromCache(rel, id, st.size))
      return this.throttle(readFile(target).then((data) => this.compress(rel, id, data))).then(
        () => id,
      );
    return Promise.resolve(id);
  }

  /** Places a stored blob at `rel` (a cached page); false when the cache no longer holds it intact. */
  link(rel: string, id: BlobId): boolean {
    if (!this.blobDir) return false;
    const target = this.prepare(rel);
    let stamp = this.reuse(rel, id, target);
    if (!stamp) {
      const checked = this.options.ledger!.verify(id);
      if ('problem' in checked) {
        if (checked.problem !== 'missing')
          this.note(
            `cache: the stored bytes of ${rel} had changed; dropped, and the page rendered again`,
          );
        return false;
      }
      try {
        copyNew(join(this.blobDir, id), target);
      } catch {
        this.note(`cache: the stored bytes of ${rel} could not be read; the page rendered again`);
        return false;
      }
      stamp = stampOf(id, statSync(target));
    }
    this.placed.set(rel, stamp);
    const bytes = stamp[1];
    this.sizes.set(rel, bytes);
    if (
      this.twins &&
      isCompressible(rel, bytes) &&
      !this.twinsFromPrevious(rel, id, target) &&
      !this.twinsFromCache(rel, id, bytes)
    )
      void this.throttle(readFile(target).then((data) => this.compress(rel, id, data)));
    return true;
  }

  /** Waits for the compressions under way. */
  async flush(): Promise<void> {
    await Promise.all(this.pending);
  }

  /** Deletes the files of a recycled stage this build did not use (pages removed since), and the folders left empty. */
  sweep(): void {
    const kept = this.options.kept;
    if (!kept) return;
    const emptied = new Set<string>();
    for (const rel of kept.keys()) {
      if (this.placed.has(rel)) continue;
      rmSync(join(this.stageDir, rel), { force: true });
      emptied.add(dirname(rel));
    }
    for (let dir of emptied) {
      while (dir !== '.' && dir !== '') {
        try {
          rmdirSync(join(this.stageDir, dir));
        } catch {
          break; // not empty
        }
        dir = dirname(dir);
      }
    }
  }

  /**
   * The file at `rel` as blob `id` without reading the cache: already in a recycled stage,
   * or linked from the output being replaced; its stamp, or undefined.
   */
  private reuse(rel: string, id: BlobId, target: string): FileStamp | undefined {
    const kept = this.options.kept?.get(rel);
    if (kept && kept[0] === id) return kept;
    const found = this.options.previous?.source(rel, id);
    if (!found) return undefined;
    try {
      fresh(target, () => linkSync(found.file, target));
      return found.stamp;
    } catch {
      return undefined;
    }
  }

  private note(text: string): void {
    this.options.notes?.push(text);
  }

  private prepare(rel: string): string {
    const target = containedPath(this.stageDir, rel);
    const dir = dirname(target);
    if (!this.made.has(dir)) {
      mkdirSync(dir, { recursive: true });
      this.made.add(dir);
    }
    return target;
  }

  /** Makes blob `id` hold `bytes` (those of the file just written at `target`), unless it is there as recorded. */
  private keepBlob(id: BlobId, target: string, bytes: string | Uint8Array): void {
    if (this.options.ledger!.isIntact(id)) return;
    const blob = join(this.blobDir!, id);
    if (!linkBlob(target, blob)) atomicWrite(blob, bytes);
    this.options.ledger!.stamp(id);
  }

  /** Places the twins of an untouched page from the recycled stage or the previous output; false if they lack them. */
  private twinsFromPrevious(rel: string, id: BlobId, target: string): boolean {
    const gz = this.reuse(`${rel}.gz`, `${id}.gz`, `${target}.gz`);
    const br = gz && this.reuse(`${rel}.br`, `${id}.br`, `${target}.br`);
    if (!gz || !br) return false;
    this.placed.set(`${rel}.gz`, gz);
    this.placed.set(`${rel}.br`, br);
    this.gzipSizes.set(rel, gz[1]);
    return true;
  }

  /** Copies a file's twins from the cache (those smaller than the original, as `precompress` writes only those); false when the cache lacks them intact. */
  private twinsFromCache(rel: string, id: BlobId, bytes: number): boolean {
    const ledger = this.options.ledger!;
    const gz = ledger.verify(`${id}.gz`);
    const br = 'size' in gz ? ledger.verify(`${id}.br`) : gz;
    if (!('size' in gz) || !('size' in br)) return false;
    const target = join(this.stageDir, rel);
    for (const [ext, size] of [
      ['.gz', gz.size],
      ['.br', br.size],
    ] as const) {
      if (size >= bytes) continue;
      copyNew(join(this.blobDir!, id + ext), target + ext);
      this.placed.set(rel + ext, stampOf(id + ext, statSync(target + ext)));
    }
    this.gzipSizes.set(rel, gz.size);
    return true;
  }

  private async compress(rel: string, id: BlobId, data: Buffer): Promise<void> {
    const [gz, br] = await compressBoth(data);
    const target = join(this.stageDir, rel);
    for (const [ext, twin] of [
      ['.gz', gz],
      ['.br', br],
    ] as const) {
      atomicWrite(join(this.blobDir!, id + ext), twin);
      this.options.ledger!.stamp(id + ext, blobIdOf(twin));
      if (twin.length >= data.length) continue;
      this.placed.set(rel + ext, stampOf(id + ext, writeNew(target + ext, twin)));
    }
    this.gzipSizes.set(rel, gz.length);
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

/**
 * Runs `make` to create `file`, first removing a file already there: it may be a hard
 * link to the output being replaced (a page taken from it, then rendered again), which
 * writing into would change under its readers.
 */
function fresh<T>(file: string, make: () => T): T {
  try {
    return make();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    unlinkSync(file);
    return make();
  }
}

/** Copies a blob to a new file (a reflink where the file system offers one). */
function copyNew(from: string, to: string): void {
  fresh(to, () => copyFileSync(from, to, constants.COPYFILE_FICLONE | constants.COPYFILE_EXCL));
}

/** Writes a new file and returns its stat (one `fstat` on the open file, for the record). */
function writeNew(
  file: string,
  content: string | Uint8Array | Iterable<string>,
  hash?: Hash,
): { size: number; mtimeMs: number; ino: number; mode: number } {
  const fd = fresh(file, () => openSync(file, 'wx'));
  try {
    const parts =
      typeof content === 'string'
        ? stringParts(content)
        : content instanceof Uint8Array
          ? [content]
          : content;
    for (const part of parts) {
      const bytes = typeof part === 'string' ? Buffer.from(part) : part;
      hash?.update(bytes);
      for (let done = 0; done < bytes.byteLength;)
        done += writeSync(fd, bytes, done, bytes.byteLength - done);
    }
    return fstatSync(fd);
  } finally {
    closeSync(fd);
  }
}

function atomicWrite(file: string, data: string | Uint8Array): void {
  const tmp = tmpNameOf(file);
  writeNew(tmp, data);
  renameSync(tmp, file);
}

/**
 * Makes `blob` a second name of the page file just written, which is whole already (one
 * not intact that held the name is unlinked first); false where the file system cannot
 * (another device).
 * A new file for each blob cost a cold build of 1,000 pages 2,000 more inodes, written
 * twice over: on this machine's ext4 the largest part of its system time. Sharing is
 * safe because nothing writes into an existing file (`writeNew` makes a new one, `fresh`
 * unlinks first), and a blob is checked before use (`BlobLedger.verify`): an edit of
 * the output in place changes its stamp, so its hash is taken again and it is dropped.
 */
function linkBlob(file: string, blob: string): boolean {
  try {
    fresh(blob, () => linkSync(file, blob));
    return true;
  } catch {
    return false;
  }
}
