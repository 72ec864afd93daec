import { promisify } from 'node:util';
import { gzip, brotliCompress, constants } from 'node:zlib';
import { readSnapshot, type OpenFile } from './openFile';

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

export type Compression = 'br' | 'gzip';

interface Entry {
  /** The file version the bytes were made from: inode, size, time. */
  version: string;
  body: Promise<Buffer>;
  bytes: number;
}

const versionOf = ({ stamp }: OpenFile) =>
  `${stamp.ino}:${stamp.size}:${stamp.mtimeNs}:${stamp.ctimeNs}`;

/**
 * A file changed less than this long ago is compressed for each request and not kept:
 * file times tick coarsely (a few milliseconds on Linux), so two writes in one tick can
 * leave inode, size and times alike; once a file has been still for a second, any later
 * change shows in its ctime.
 */
const SETTLE_MS = 1000;

function compress(data: Buffer, coding: Compression): Promise<Buffer> {
  return coding === 'br'
    ? brotliAsync(data, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: 5,
          [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        },
      })
    : gzipAsync(data, { level: 6 });
}

/**
 * Compressed copies of files, made on the first request in a coding and kept for the
 * next ones — but only as long as the file on disk is the one they were made from:
 * each entry records the stamp of its file (inode, size, times), and any request
 * that finds another version (a rebuild renamed a new file in, a writer rewrote it)
 * compresses again and replaces it. Least recently used entries go first past
 * `maxBytes`; paths found empty drop theirs at once (`forget`).
 */
export class CompressedMemory {
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;

  constructor(private readonly maxBytes = 64 * 1024 * 1024) {}

  /** `file`'s bytes in `coding`: from memory when made from this very version, else made now. */
  get(file: OpenFile, coding: Compression): Promise<Buffer> {
    const key = `${coding}\0${file.abs}`;
    const version = versionOf(file);
    const known = this.entries.get(key);
    if (known?.version === version) {
      // Most recently used goes last.
      this.entries.delete(key);
      this.entries.set(key, known);
      return known.body;
    }
    if (known) this.drop(key);
    const made = readSnapshot(file).then((data) => compress(data, coding));
    if (Date.now() - Number(file.stamp.ctimeNs / 1_000_000n) < SETTLE_MS) return made;
    const entry: Entry = { version, body: made, bytes: 0 };
    this.entries.set(key, entry);
    entry.body.then(
      (body) => {
        if (this.entries.get(key) !== entry) return;
        entry.bytes = body.length;
        this.bytes += body.length;
        this.trim();
      },
      () => {
        if (this.entries.get(key) === entry) this.entries.delete(key);
      },
    );
    return entry.body;
  }

  /** Drops what is kept for a path (in every coding): its file is gone. */
  forget(abs: string): void {
    this.drop(`br\0${abs}`);
    this.drop(`gzip\0${abs}`);
  }

  /** Bytes held now (for tests and the bench). */
  get size(): number {
    return this.bytes;
  }

  private drop(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.bytes;
  }

  private trim(): void {
    for (const key of this.entries.keys()) {
      if (this.bytes <= this.maxBytes) return;
      this.drop(key);
    }
  }
}
