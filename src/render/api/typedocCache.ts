import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import type { JSONOutput } from 'typedoc';
import { cacheDir } from '../cache/cacheDir';
import { convertOnThread } from './typedocThread';
import { peerVersion } from './peers';
import { writeWhole } from '../output/writeWhole';

/** Bump when the TypeDoc options in runTypedoc.ts change what the JSON holds. */
const RUNNER_VERSION = 2;

export interface TypedocResult {
  project: JSONOutput.ProjectReflection;
  /** True when the reflections came from the cache and TypeDoc did not run. */
  cached: boolean;
  /** Time spent getting the reflections (hashing + reading, or running TypeDoc). */
  ms: number;
  cacheFile: string;
  hash: string;
  /**
   * Settles once the library type-checks (at once unless `deferCheck`): rejects with the
   * DfdocsError listing its type errors. The reflections are cached only then.
   */
  checked: Promise<void>;
}

function listFiles(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir).sort()) {
    if (name === 'node_modules' || name.startsWith('.')) continue;
    const p = join(dir, name);
    if (statSync(p).isDirectory()) listFiles(p, out);
    else out.push(p);
  }
  return out;
}

/**
 * The cache key: every file under the entry's folder (path and content), the package
 * manifest beside it, the site's tsconfig files (and the configured one), and the
 * TypeDoc and TypeScript versions the site has. Docs-only edits leave it unchanged.
 */
export function typedocHash(
  root: string,
  entry: string,
  tsconfig?: string,
  typeCheck = true,
): string {
  const h = createHash('sha256');
  // Whether the library was type-checked: a cache made without the check does not vouch for it.
  h.update(
    `runner ${RUNNER_VERSION}\ntypedoc ${peerVersion('typedoc', root)}\ntypescript ${peerVersion('typescript', root)}\ncheck ${typeCheck}\n`,
  );
  const srcDir = dirname(entry);
  const extra = [
    join(srcDir, '..', 'package.json'),
    ...readdirSync(root)
      .filter((n) => /^tsconfig.*\.json$/.test(n))
      .sort()
      .map((n) => join(root, n)),
    ...(tsconfig ? [tsconfig] : []),
  ];
  for (const file of [...listFiles(srcDir), ...extra.filter((f) => existsSync(f))]) {
    h.update(relative(root, file).split(sep).join('/'));
    h.update('\0');
    h.update(readFileSync(file));
    h.update('\0');
  }
  return h.digest('hex').slice(0, 16);
}

/** The site's cache folder (shared with the page cache): `node_modules/.cache/dfdocs/<site>/`. */
export function cacheDirOf(root: string): string {
  return cacheDir(root);
}

/**
 * TypeDoc's JSON for the library, from `<cache dir>/typedoc-<hash>.json`
 * when the sources are unchanged, else from a fresh TypeDoc run on a thread of its own
 * (then cached, older entries removed, once the library type-checks). A corrupt cache
 * file is ignored and rewritten.
 *
 * With `deferCheck`, this returns as soon as TypeDoc has converted the library and the
 * type check settles `checked` later; else it waits for the check and throws the
 * library's type errors. The reflections are the same either way.
 */
export async function loadTypedocProject(
  root: string,
  entry: string,
  options: {
    cache?: boolean;
    tsconfig?: string;
    configFile?: string;
    deferCheck?: boolean;
    typeCheck?: boolean;
  } = {},
): Promise<TypedocResult> {
  const started = performance.now();
  const dir = cacheDirOf(root);
  const hash = typedocHash(root, entry, options.tsconfig, options.typeCheck);
  const cacheFile = join(dir, `typedoc-${hash}.json`);
  if (options.cache !== false && existsSync(cacheFile)) {
    try {
      const project = JSON.parse(readFileSync(cacheFile, 'utf8')) as JSONOutput.ProjectReflection;
      const checked = Promise.resolve();
      return { project, cached: true, ms: performance.now() - started, cacheFile, hash, checked };
    } catch {
      // fall through: regenerate
    }
  }
  const conversion = convertOnThread({
    root,
    entry,
    workDir: dir,
    tsconfig: options.tsconfig,
    configFile: options.configFile,
    typeCheck: options.typeCheck,
  });
  const checked = Promise.all([conversion.reflections, conversion.checked]).then(([json]) => {
    mkdirSync(dir, { recursive: true });
    for (const name of readdirSync(dir)) {
      if (/^typedoc-[0-9a-f]+\.json$/.test(name)) rmSync(join(dir, name), { force: true });
    }
    writeWhole(cacheFile, json);
  });
  checked.catch(() => {}); // awaited by the caller (below, or once its pages are out with deferCheck)
  if (!options.deferCheck) await checked;
  const project = JSON.parse(await conversion.reflections) as JSONOutput.ProjectReflection;
  return { project, cached: false, ms: performance.now() - started, cacheFile, hash, checked };
}
