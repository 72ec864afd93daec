import { copyFileSync, mkdirSync, rmSync } from 'node:fs';
import { dirname, relative, sep } from 'node:path';
import { walkFiles, type SkippedLink } from '../content/walkFiles';
import { containedPath } from './containedPath';

/**
 * Copies the site's `static/` folder into the stage, every file as a regular file: a
 * symbolic link is followed (the output holds what it points at, never a link that a
 * server would follow out of the output), and a loop or a dangling link is skipped and
 * reported. A file already staged at the same path is replaced (removed first: it may
 * be a page linked from the previous output).
 */
export function copyStatic(
  staticDir: string,
  stageDir: string,
  onSkipped: (link: SkippedLink) => void,
): void {
  const made = new Set<string>();
  for (const file of walkFiles(staticDir, { skip: () => false, onSkipped })) {
    const target = containedPath(stageDir, relative(staticDir, file).split(sep).join('/'));
    const dir = dirname(target);
    if (!made.has(dir)) {
      mkdirSync(dir, { recursive: true });
      made.add(dir);
    }
    rmSync(target, { force: true });
    copyFileSync(file, target);
  }
}
