// Clearing the previous outputs before a timed build, without deleting them then.
//
// This machine's root file system is ext4 without a journal. There, ext4 avoids reusing
// an inode freed in the last few seconds (five minutes while its inode-table block is
// dirty): every file or folder created afterwards scans past the recently freed inodes
// of its block group (`recently_deleted` in the kernel's profile). Deleting a build's
// 3,000 files right before the next build in the same folder made that build's file
// creation several times slower (1,000 pages: 0.9-1.0 s of system time after moving the
// outputs aside, 1.2-2.0 s after deleting them, rising as deletions pile up). That is a
// cost of the harness, not of the tool being timed, so outputs are renamed into a trash
// folder beside the corpora (instant, same file system) and deleted once the benchmark
// is over.
import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const trash = join(dirname(fileURLToPath(import.meta.url)), '.work', '.trash');
let moved = 0;

/** Moves `path` (if present) into the trash, so it is gone from where it was without being deleted now. */
export function setAside(path) {
  if (!existsSync(path)) return;
  mkdirSync(trash, { recursive: true });
  const to = join(trash, `${process.pid}-${moved++}`);
  try {
    renameSync(path, to);
  } catch (err) {
    // Another file system (a cross-device rename): delete it as before.
    if (err.code !== 'EXDEV') throw err;
    rmSync(path, { recursive: true, force: true });
  }
}

/** Deletes everything set aside (by this run or an interrupted earlier one). */
export function emptyTrash() {
  rmSync(trash, { recursive: true, force: true });
}

// Left for the end of the run, whatever the benchmark: once nothing else is timed.
process.on('exit', emptyTrash);
