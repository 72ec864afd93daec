import { closeSync, mkdirSync, openSync, renameSync, writeSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { containedPath } from './containedPath';

/**
 * A file written in pieces whose name is known only at the end (it names its content's
 * hash): the pieces go to a temporary file in `dir`, renamed to its path on `close`.
 */
export function streamedFile(dir: string): {
  write(chunk: string): void;
  close(path: string): void;
} {
  const tmp = join(dir, `.streamed-${process.pid}-${Math.random().toString(36).slice(2)}.tmp`);
  let fd: number | undefined;
  return {
    write(chunk) {
      fd ??= openSync(tmp, 'w');
      const bytes = Buffer.from(chunk);
      for (let done = 0; done < bytes.length;) done += writeSync(fd, bytes, done);
    },
    close(path) {
      fd ??= openSync(tmp, 'w');
      closeSync(fd);
      const target = containedPath(dir, path);
      mkdirSync(dirname(target), { recursive: true });
      renameSync(tmp, target);
    },
  };
}
