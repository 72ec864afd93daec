import { close, constants, createReadStream, fstat, open, read, type BigIntStats } from 'node:fs';
import type { Readable } from 'node:stream';
import type { FileStamp } from './validators';

/**
 * A regular file opened for one request. Its size and times come from the open
 * descriptor (fstat), so they describe exactly the bytes read through `fd`, even when a
 * rebuild renames another file, or a whole new folder, onto its path meanwhile.
 * (Plain descriptors with the callback API: FileHandle's open and close cost a third of
 * the server's time under load.)
 */
export interface OpenFile {
  abs: string;
  fd: number;
  stamp: FileStamp;
  size: number;
}

/** Errors that mean "no file here" rather than a fault: answered 404. */
const ABSENT = new Set(['ENOENT', 'ENOTDIR', 'EISDIR', 'ENAMETOOLONG', 'ELOOP']);

/** Thrown when a file changed on disk while it was being read: the request is tried again. */
export class FileChangedError extends Error {
  constructor(abs: string) {
    super(`${abs} changed while it was read`);
    this.name = 'FileChangedError';
  }
}

const stampOf = (st: BigIntStats): FileStamp => ({
  ino: st.ino,
  size: st.size,
  mtimeNs: st.mtimeNs,
  ctimeNs: st.ctimeNs,
});

const sameStamp = (a: FileStamp, b: FileStamp) =>
  a.ino === b.ino && a.size === b.size && a.mtimeNs === b.mtimeNs && a.ctimeNs === b.ctimeNs;

const openFd = (abs: string) =>
  new Promise<number>((resolve, reject) =>
    // O_NONBLOCK: a named pipe must not hold the open forever.
    open(abs, constants.O_RDONLY | constants.O_NONBLOCK, (err, fd) =>
      err ? reject(err) : resolve(fd),
    ),
  );

const fstatOf = (fd: number) =>
  new Promise<BigIntStats>((resolve, reject) =>
    fstat(fd, { bigint: true }, (err, st) => (err ? reject(err) : resolve(st))),
  );

const readAt = (fd: number, into: Buffer, at: number) =>
  new Promise<number>((resolve, reject) =>
    read(fd, into, at, into.length - at, at, (err, n) => (err ? reject(err) : resolve(n))),
  );

const closeFd = (fd: number) => new Promise<void>((resolve) => close(fd, () => resolve()));

/**
 * Opens `abs` if it is a regular file; undefined when nothing (or a folder, a pipe, a
 * socket) is there. Other errors (no permission, too many open files) are thrown: a
 * fault to report.
 */
export async function openRegularFile(abs: string): Promise<OpenFile | undefined> {
  let fd: number;
  try {
    fd = await openFd(abs);
  } catch (err) {
    if (ABSENT.has((err as NodeJS.ErrnoException).code ?? '')) return undefined;
    throw err;
  }
  try {
    const st = await fstatOf(fd);
    if (!st.isFile()) {
      await closeFd(fd);
      return undefined;
    }
    return { abs, fd, stamp: stampOf(st), size: Number(st.size) };
  } catch (err) {
    await closeFd(fd);
    throw err;
  }
}

/** Exactly the file's `size` bytes, or a FileChangedError when it has fewer now. */
export async function readWhole(file: OpenFile): Promise<Buffer> {
  const data = Buffer.allocUnsafe(file.size);
  for (let at = 0; at < file.size;) {
    const n = await readAt(file.fd, data, at);
    if (n === 0) throw new FileChangedError(file.abs);
    at += n;
  }
  return data;
}

/**
 * The whole file as one snapshot: exactly `size` bytes, and the file unchanged (same
 * stamp) once they are read; otherwise a FileChangedError. A rebuild replaces files by
 * rename, which never disturbs an open descriptor; this catches a writer that rewrites a
 * file in place while it is read.
 */
export async function readSnapshot(file: OpenFile): Promise<Buffer> {
  const data = await readWhole(file);
  if (!sameStamp(file.stamp, stampOf(await fstatOf(file.fd)))) throw new FileChangedError(file.abs);
  return data;
}

/** Bytes `start`…`end` (inclusive) of the file, streamed; the descriptor stays open. */
export const streamOf = (file: OpenFile, start: number, end: number): Readable =>
  createReadStream('', { fd: file.fd, start, end, autoClose: false });

/** Closes files a request opened. */
export async function closeAll(files: (OpenFile | undefined)[]): Promise<void> {
  await Promise.all(files.map((f) => (f ? closeFd(f.fd) : undefined)));
}
