import { existsSync, mkdirSync, readdirSync, realpathSync, renameSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { createHash } from 'node:crypto';

/**
 * The engine the examples run against: a local `engine/src/index.ts` (this repo, even before
 * `npm install` links the `file:engine` dependency), else `tinyframejs` as the site resolves
 * it, else as dfdocs resolves it.
 */
export function engineEntry(root: string): string {
  const local = join(root, 'engine', 'src', 'index.ts');
  if (existsSync(local)) return local;
  // As the site resolves it, else as dfdocs itself does (a site outside this repo).
  for (const from of [join(root, 'package.json'), import.meta.url]) {
    try {
      return realpathSync(createRequire(from).resolve('tinyframejs'));
    } catch {
      /* try the next */
    }
  }
  throw new Error(
    `the examples import "tinyframejs", but it cannot be found from ${root} (no engine/src/index.ts, no installed package)`,
  );
}

/** Sizes and modification times of the engine's source folder: a changed engine gets a new bundle. */
export function engineFingerprint(entry: string): string {
  const h = createHash('sha256');
  const walk = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      if (name === 'node_modules') continue;
      const p = join(dir, name);
      const s = statSync(p);
      if (s.isDirectory()) walk(p);
      else h.update(p).update(String(s.size)).update(String(s.mtimeMs));
    }
  };
  walk(dirname(entry));
  return h.digest('hex').slice(0, 16);
}

const pending = new Map<string, Promise<string>>();

/**
 * Bundles the engine once per fingerprint into `dir` (one ES module; packages such as the
 * optional exceljs stay external and resolve from the site's node_modules). Concurrent
 * builds (worker threads, parallel pages) write a temp file and rename it into place.
 */
export function engineBundle(entry: string, dir: string): Promise<string> {
  const file = join(dir, `engine-${engineFingerprint(entry)}.mjs`);
  if (existsSync(file)) return Promise.resolve(file);
  let p = pending.get(file);
  if (!p) {
    p = (async () => {
      mkdirSync(dir, { recursive: true });
      const tmp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
      const { build } = await import('esbuild');
      await build({
        entryPoints: [entry],
        outfile: tmp,
        bundle: true,
        platform: 'node',
        format: 'esm',
        target: 'node20',
        packages: 'external',
        sourcemap: 'inline',
        logLevel: 'silent',
        write: true,
      });
      renameSync(tmp, file);
      return file;
    })();
    pending.set(file, p);
    p.catch(() => pending.delete(file));
  }
  return p;
}
