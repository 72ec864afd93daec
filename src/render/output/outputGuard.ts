import { existsSync, lstatSync, readdirSync, readlinkSync, realpathSync, statSync } from 'node:fs';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import { errorDiagnostic } from '../diagnostics';
import { isDfdocsOutput } from './outputMarker';

export interface OutputGuardOptions {
  /** The site folder. */
  root: string;
  /** The output folder as given (relative to the root, or absolute). */
  out: string;
  /** Replace an existing folder that is not a dfdocs output (`--force`). */
  force?: boolean;
  /** Folders the build reads besides the site's own (docs/, pages/, static/, node_modules/ and the site are known). */
  readFolders?: string[];
  /** The persistent cache's folder. */
  cacheDir: string;
}

/** The real path of `p`, for the part of it that exists (symbolic links resolved), the rest appended. */
function realPathOf(p: string): string {
  const abs = resolve(p);
  try {
    return realpathSync(abs);
  } catch {
    const parent = dirname(abs);
    return parent === abs ? abs : join(realPathOf(parent), basename(abs));
  }
}

/** Follows `p` while it is a symbolic link (a dangling one included): the folder that is to be replaced. */
function followLinks(p: string): string {
  let at = resolve(p);
  for (let hops = 0; hops < 40; hops++) {
    let link: string;
    try {
      if (!lstatSync(at).isSymbolicLink()) break;
      link = readlinkSync(at);
    } catch {
      break;
    }
    at = resolve(dirname(at), link);
  }
  return realPathOf(at);
}

/** Whether `inner` is `outer` or lies inside it. */
const within = (inner: string, outer: string): boolean =>
  inner === outer || inner.startsWith(outer.endsWith(sep) ? outer : outer + sep);

/**
 * Checks, before anything is written, that `--out` names a folder the build may replace,
 * and returns that folder (the target of a symbolic link, which is what gets replaced).
 * The output is replaced as a whole, so an output at the site, above it, over what the
 * site reads or over the cache would delete them; an existing folder of other files is
 * replaced only with `--force`; a file is never replaced.
 */
export function checkOutDir(options: OutputGuardOptions): string {
  const root = realPathOf(options.root);
  const given = resolve(options.root, options.out);
  const target = followLinks(given);
  const shown = `--out ${options.out}`;
  let via = '';
  try {
    if (lstatSync(given).isSymbolicLink()) via = ` (a link to ${target})`;
  } catch {
    // nothing there yet
  }
  const refuse = (message: string, hint: string) =>
    errorDiagnostic({ code: 'OutputRefused', message: `${shown}${via} ${message}`, hint });
  const inside = (p: string) => relative(root, p) || '.';

  if (within(root, target))
    throw refuse(
      target === root
        ? `is the site's own folder (${root}): replacing it would delete the site — its docs, config and .git`
        : `is a folder above the site (${root}): replacing it would delete the site and everything beside it`,
      'choose an output folder inside the site that it does not read, e.g. `--out dist` (the default)',
    );
  const read = [
    ...['docs', 'pages', 'static', 'node_modules'].map((d) => join(root, d)),
    ...(options.readFolders ?? []),
  ]
    .filter((d) => existsSync(d))
    .map(realPathOf);
  for (const folder of read) {
    if (within(target, folder) || within(folder, target))
      throw refuse(
        within(target, folder)
          ? `is ${target === folder ? '' : 'inside '}${inside(folder)}/, which the build reads: replacing it would delete sources`
          : `holds ${inside(folder)}/, which the build reads: replacing it would delete sources`,
        'choose an output folder apart from what the site reads, e.g. `--out dist` (the default)',
      );
  }
  const cache = realPathOf(options.cacheDir);
  if (within(target, cache) || within(cache, target))
    throw refuse(
      `overlaps the render cache (${cache})`,
      'choose an output folder apart from the cache, e.g. `--out dist` (the default)',
    );
  if (!existsSync(target)) return target;
  const stat = statSync(target);
  if (!stat.isDirectory())
    throw refuse(
      'is an existing file, not a folder: the build never replaces a file',
      'move the file away or choose another output folder',
    );
  const entries = readdirSync(target);
  if (entries.includes('.git'))
    throw refuse(
      'holds a .git repository: the build replaces the whole folder and would delete it',
      'build into another folder and copy the files into the repository',
    );
  if (entries.length > 0 && !options.force && !isDfdocsOutput(target))
    throw refuse(
      `is a folder of ${entries.length} entr${entries.length === 1 ? 'y' : 'ies'} that dfdocs did not make: building would replace them all`,
      'choose an empty or new folder, or pass --force to replace this one',
    );
  return target;
}
