import { readdirSync, realpathSync, statSync } from 'node:fs';
import { join, sep } from 'node:path';

/** A symbolic link the walk skipped: one that leads back into a folder it is inside, or nowhere. */
export interface SkippedLink {
  /** Absolute path of the link. */
  path: string;
  kind: 'loop' | 'dangling';
}

export interface WalkOptions {
  /** Names not entered or listed (default: dot-files and node_modules). */
  skip?: (name: string) => boolean;
  /** Called for each link skipped. */
  onSkipped?: (link: SkippedLink) => void;
}

const defaultSkip = (name: string) => name.startsWith('.') || name === 'node_modules';

/**
 * The files under `dir` (absolute paths, names sorted folder by folder), following
 * symbolic links to files and folders. A link that leads to a folder the walk is already
 * inside (a loop), or to nothing (dangling, or a chain of links that never ends), is
 * skipped and reported instead of crashing the build or walking forever. Entry types come
 * with the listing: only links cost a stat.
 */
export function walkFiles(dir: string, options: WalkOptions = {}): string[] {
  const skip = options.skip ?? defaultSkip;
  const out: string[] = [];
  let rootReal: string;
  try {
    rootReal = realpathSync(dir);
  } catch {
    return out; // no such folder
  }
  const walk = (abs: string, real: string, ancestors: string[]) => {
    const entries = readdirSync(abs, { withFileTypes: true }).sort((a, b) =>
      a.name < b.name ? -1 : a.name > b.name ? 1 : 0,
    );
    for (const entry of entries) {
      if (skip(entry.name)) continue;
      const child = join(abs, entry.name);
      if (entry.isDirectory()) {
        const childReal = join(real, entry.name);
        walk(child, childReal, [...ancestors, childReal]);
      } else if (entry.isSymbolicLink()) {
        let target: string;
        let isDir: boolean;
        try {
          target = realpathSync(child);
          isDir = statSync(target).isDirectory();
        } catch (err) {
          const loop = (err as NodeJS.ErrnoException).code === 'ELOOP';
          options.onSkipped?.({ path: child, kind: loop ? 'loop' : 'dangling' });
          continue;
        }
        if (!isDir) out.push(child);
        else if (ancestors.some((a) => a === target || a.startsWith(target + sep)))
          options.onSkipped?.({ path: child, kind: 'loop' });
        else walk(child, target, [...ancestors, target]);
      } else out.push(child);
    }
  };
  walk(dir, rootReal, [rootReal]);
  return out;
}
