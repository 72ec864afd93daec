import { SourceMap, type SourceMapPayload } from 'node:module';
import { fileURLToPath } from 'node:url';
import { dirname, isAbsolute, relative, resolve, sep } from 'node:path';

/** A compiled module of the site (a React page) and where its code came from. */
interface Compiled {
  /** Parsed when an error first needs it: parsing every page's map cost a warm build ~20 ms. */
  map: () => SourceMap;
  /** Folder the map's `sources` are relative to (the compiled file's). */
  dir: string;
  /** The site's folder: positions are reported relative to it. */
  root: string;
}

const compiled = new Map<string, Compiled>();
/** The site's files the registered modules were compiled from, and the site's folder of each. */
const originals = new Map<string, string>();

const INLINE_MAP = /\/\/# sourceMappingURL=data:application\/json;base64,([A-Za-z0-9+/=]+)\s*$/;

/**
 * Remembers the inline source map of a module dfdocs compiled from the site's files, so
 * that an error thrown while it renders is reported at the author's line, not the
 * compiled file's (see `authorPosition`). The compiled file may be deleted afterwards.
 */
export function registerCompiledModule(path: string, text: string, root: string): void {
  const m = INLINE_MAP.exec(text);
  if (!m) return;
  try {
    const payload = JSON.parse(Buffer.from(m[1]!, 'base64').toString('utf8')) as SourceMapPayload;
    let map: SourceMap | undefined;
    compiled.set(path, { map: () => (map ??= new SourceMap(payload)), dir: dirname(path), root });
    for (const source of payload.sources ?? []) {
      const abs = resolve(dirname(path), source);
      if (inSite(root, abs)) originals.set(abs, root);
    }
  } catch {
    // an unreadable map: errors keep the page's own place
  }
}

/**
 * Where in the site's own files an error was thrown: the first frame of its stack that
 * maps, through a registered source map, to a file of the site outside node_modules.
 */
export function authorPosition(
  err: unknown,
): { file: string; line: number; column: number } | undefined {
  const stack = (err as { stack?: unknown } | undefined)?.stack;
  if (typeof stack !== 'string' || !compiled.size) return undefined;
  for (const m of stack.matchAll(/\(?((?:file:\/\/)?\/[^():\s]+):(\d+):(\d+)\)?/g)) {
    const path = m[1]!.startsWith('file://') ? fileURLToPath(m[1]!) : m[1]!;
    // A stack already mapped (source maps on in the process, as under tsx) names the file itself.
    const root = originals.get(path);
    if (root) return { file: inSite(root, path)!, line: Number(m[2]), column: Number(m[3]) };
    const c = compiled.get(path);
    if (!c) continue;
    const entry = c.map().findEntry(Number(m[2]) - 1, Number(m[3]) - 1) as {
      originalSource?: string;
      originalLine?: number;
      originalColumn?: number;
    };
    if (!entry.originalSource || entry.originalLine === undefined) continue;
    const source = entry.originalSource.startsWith('file://')
      ? fileURLToPath(entry.originalSource)
      : resolve(c.dir, entry.originalSource);
    const file = inSite(c.root, source);
    if (!file) continue;
    return {
      file,
      line: entry.originalLine + 1,
      column: (entry.originalColumn ?? 0) + 1,
    };
  }
  return undefined;
}

/** `abs` relative to the site's folder (posix), when it is a file of the site outside node_modules. */
function inSite(root: string, abs: string): string | undefined {
  const rel = relative(root, abs);
  if (!rel || rel.startsWith('..') || isAbsolute(rel) || rel.split(sep).includes('node_modules'))
    return undefined;
  return rel.split(sep).join('/');
}
