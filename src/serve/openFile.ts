import { open, type FileHandle } from 'node:fs/promises';
import { constants, type BigIntStats } from 'node:fs';
import type { FileStamp } from './validators';

/**
 * A regular file opened for one request. Its size and times come from the open
 * descriptor (fstat), so they describe exactly the bytes read through `handle`, even
 * when a rebuild renames another file, or a whole new folder, onto its path meanwhile.
 */
export interface OpenFile {
  abs: string;
  handle: FileHandle;
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

/**
 * Opens `abs` if it is a regular file; undefined when nothing (or a folder, a pipe, a
 * socket) is there. `O_NONBLOCK` so that a named pipe cannot hold the open forever.
 * Other errors (no permission, too many open files) are thrown: a fault to report.
 */
export async function openRegularFile(abs: string): Promise<OpenFile | undefined> {
  let handle: FileHandle;
  try {
    handle = await open(abs, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (err) {
    if (ABSENT.has((err as NodeJS.ErrnoException).code ?? '')) return undefined;
    throw err;
  }
  try {
    const st = await handle.stat({ bigint: true });
    if (!st.isFile()) {
      await handle.close();
      return undefined;
    }
    return {
      abs,
      handle,
      stamp: stampOf(st),
      size: Number(st.size),
    };
  } catch (err) {
    await handle.close().catch(() => {});
    throw err;
  }
}

/**
 * The whole file as one snapshot: exactly `size` bytes, and the file unchanged (same
 * inode, size and time) once they are read; otherwise a FileChangedError. A rebuild
 * replaces files by rename, which never disturbs an open descriptor; this catches a
 * writer that rewrites a file in place.
 */
export async function readSnapshot(file: OpenFile): Promise<Buffer> {
  const data = Buffer.allocUnsafe(file.size);
  let at = 0;
  while (at < file.size) {
    const { bytesRead } = await file.handle.read(data, at, file.size - at, at);
    if (bytesRead === 0) throw new FileChangedError(file.abs);
    at += bytesRead;
  }
  if (!sameStamp(file.stamp, stampOf(await file.handle.stat({ bigint: true }))))
    throw new FileChangedError(file.abs);
  return data;
}

/** Closes files a request opened, ignoring ones already closed. */
export async function closeAll(files: (OpenFile | undefined)[]): Promise<void> {
  await Promise.all(files.map((f) => f?.handle.close().catch(() => {})));
}
