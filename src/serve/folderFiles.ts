import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { CompressedMemory } from './compressedMemory';
import { closeAll, openRegularFile } from './openFile';
import { sendFile } from './sendFile';
import { isPrivatePath } from './siteLookup';

/**
 * Sends files of a folder by their exact names (no clean URLs), for `dfdocs dev`'s
 * `static/` and bundle folders, with everything sendFile does (codings, ranges, 304s).
 * `decodedPath` has been checked (requestPath.ts) and decoded. Resolves false when the
 * folder has no such file, for the caller to try something else.
 */
export function createFolderFiles(memory = new CompressedMemory()) {
  return async function sendFromFolder(
    req: IncomingMessage,
    res: ServerResponse,
    dir: string,
    decodedPath: string,
    cacheControl: string,
  ): Promise<boolean> {
    if (decodedPath.endsWith('/') || isPrivatePath(decodedPath)) return false;
    const abs = join(dir, decodedPath);
    const file = await openRegularFile(abs);
    if (!file) {
      memory.forget(abs);
      return false;
    }
    try {
      await sendFile(req, res, file, { status: 200, cacheControl, name: decodedPath, memory });
    } finally {
      await closeAll([file]);
    }
    return true;
  };
}
