import { existsSync, readFileSync, mkdtempSync, rmSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { SourceMap } from 'node:module';
import { tmpdir } from 'node:os';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Message } from 'esbuild';
import type { SiteConfig, UserConfig, NavbarItem, SidebarsConfig } from '../../shared/config';
import { DfdocsError, errorDiagnostic, positionAt, type Diagnostic } from '../diagnostics';
import { configSchema, validateAgainst, type ConfigIssue, type Schema } from './configSchema';
import { defaultConfig } from './defaults';
import { siteImports, SITE_MODULE_OPTIONS } from '../modules/siteImports';
import { didYouMean } from '../suggest';
import { checkConfigPaths } from './checkPaths';
import { configTimeoutMs } from '../tuning';

export const CONFIG_FILES = [
  'dfdocs.config.ts',
  'dfdocs.config.mts',
  'dfdocs.config.js',
  'dfdocs.config.mjs',
];

export interface LoadedConfig {
  config: SiteConfig;
  /** Absolute path of the config file, when there is one. */
  file?: string;
  /** Source text of the config file (hashed into the build cache key). */
  source: string;
}

/** Finds, compiles, validates and completes the site config of `root`. No file means defaults. */
export async function loadConfig(
  root: string,
  overrides: { baseUrl?: string } = {},
): Promise<LoadedConfig> {
  const file = CONFIG_FILES.map((f) => join(root, f)).find((f) => existsSync(f));
  let user: unknown = {};
  let source = '';
  if (file) {
    source = readFileSync(file, 'utf8');
    user = await importConfig(root, file);
  }
  // Without a config file there is none to cite: a problem then names no file.
  const rel = file ? relative(root, file) : undefined;
  const issues: ConfigIssue[] = [];
  validateAgainst(configSchema, user, '', issues);
  if (issues.length) throw new DfdocsError(issues.map((i) => issueDiagnostic(i, rel, source)));
  const config = complete(user as UserConfig);
  if (overrides.baseUrl !== undefined) config.baseUrl = normaliseBaseUrl(overrides.baseUrl);
  if (config.docs.sidebarPath && !config.docs.sidebars)
    config.docs.sidebars = await loadSidebarsFile(
      root,
      config.docs.sidebarPath,
      rel ?? 'dfdocs.config.ts',
      source,
    );
  checkCrossFields(config, rel, source);
  checkConfigPaths(root, config, rel, (key) => locateKey(source, key));
  return { config, file, source };
}

/** Compiles (esbuild) and imports a module file of the site, returning its default export; `noun` names it in messages. */
async function importConfig(
  root: string,
  file: string,
  noun = 'config file',
  contents?: string,
): Promise<unknown> {
  const rel = relative(root, file);
  const dir = mkdtempSync(join(tmpdir(), 'dfdocs-config-'));
  const out = join(dir, 'config.mjs');
  try {
    const { build } = await import('esbuild'); // only when there is a config file
    await build({
      ...SITE_MODULE_OPTIONS,
      // Where the locations of its errors are relative to (the working directory otherwise).
      absWorkingDir: root,
      ...(contents === undefined
        ? { entryPoints: [file] }
        : {
            stdin: {
              contents,
              resolveDir: dirname(file),
              sourcefile: file,
              loader: /\.[cm]?ts$/.test(file) ? ('ts' as const) : ('js' as const),
            },
          }),
      outfile: out,
      // To point a throw in the config at its own line, not at the compiled copy (see `thrownIn`).
      sourcemap: 'external',
      // Packages resolve from the config's folder; `dfdocs` is this package (its types
      // are what the editor completes `defineConfig({ … })` with).
      plugins: [siteImports()],
    });
  } catch (err) {
    const errors: Message[] = (err as { errors?: Message[] }).errors ?? [];
    throw new DfdocsError(
      errors.length
        ? errors.map((m) => ({
            code: 'ConfigSyntax',
            severity: 'error' as const,
            message: m.text,
            hint: `fix the syntax of the ${noun}`,
            file: m.location ? relative(root, join(root, m.location.file)) || rel : rel,
            line: m.location?.line,
            column: m.location ? m.location.column + 1 : undefined,
          }))
        : [{ code: 'ConfigSyntax', severity: 'error', message: String(err), file: rel }],
    );
  }
  const url = pathToFileURL(out).href + '?t=' + Date.now();
  try {
    const mod = await settledWithin(import(url), configTimeoutMs(), () =>
      errorDiagnostic({
        code: 'ConfigTimeout',
        message: `the ${noun} did not finish loading within ${configTimeoutMs() / 1000} s: something it awaits at the top level never settles`,
        hint: 'make every promise the config awaits settle (a fetch with a timeout, no await on a server that never answers); DFDOCS_CONFIG_TIMEOUT_MS sets the limit',
        file: rel,
        ...firstTopLevelAwait(contents ?? readFileSync(file, 'utf8')),
      }),
    );
    if (mod.default === undefined) {
      throw errorDiagnostic({
        code: 'ConfigNoDefault',
        message: `the ${noun} has no default export`,
        hint:
          noun === 'config file'
            ? 'write `export default defineConfig({ ... })`'
            : 'write `module.exports = { ... }` or `export default { ... }`',
        file: rel,
        line: 1,
        column: 1,
      });
    }
    return mod.default;
  } catch (err) {
    if (err instanceof DfdocsError) throw err;
    const at = thrownIn(err, url, out, root);
    throw errorDiagnostic({
      code: 'ConfigThrew',
      message: `the ${noun} threw while loading: ${(err as Error)?.message ?? String(err)}`,
      hint: `fix the code of the ${noun}`,
      file: at?.file ?? rel,
      line: at?.line ?? 1,
      column: at?.column ?? 1,
      cause: err,
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The sidebars of a Docusaurus `sidebars.js`/`.ts`/`.json` file (`docs.sidebarPath`):
 * JSON read as it is, JavaScript compiled and imported (`module.exports` or a default export).
 */
async function loadSidebarsFile(
  root: string,
  sidebarPath: string,
  configRel: string,
  configSource: string,
): Promise<SidebarsConfig> {
  const abs = resolve(root, sidebarPath);
  const rel = relative(root, abs);
  if (!existsSync(abs))
    throw errorDiagnostic({
      code: 'ConfigInvalid',
      message: `docs.sidebarPath names ${rel}, which does not exist`,
      hint: 'point it at the sidebars file (e.g. "./sidebars.js"), relative to the site root',
      file: configRel,
      ...locateKey(configSource, 'sidebarPath'),
    });
  let value: unknown;
  if (abs.endsWith('.json')) {
    const text = readFileSync(abs, 'utf8');
    try {
      value = JSON.parse(text);
    } catch (err) {
      const at = Number(/position (\d+)/.exec(String(err))?.[1] ?? 0);
      throw errorDiagnostic({
        code: 'ConfigSyntax',
        message: `invalid JSON in the sidebars file: ${(err as Error).message}`,
        hint: 'fix the JSON',
        file: rel,
        ...positionAt(text, at),
      });
    }
  } else {
    // A CommonJS file (`module.exports = …`, as `docusaurus init` writes it) runs with a
    // module object of its own, whatever the site's package.json says `.js` files are.
    const text = readFileSync(abs, 'utf8');
    const commonJs =
      /\bmodule\.exports\b|\bexports\.\w+\s*=/.test(text) && !/^\s*export\s/m.test(text);
    value = await importConfig(
      root,
      abs,
      'sidebars file',
      commonJs
        ? `const module = { exports: {} }, exports = module.exports; ${text}\nexport default module.exports;\n`
        : undefined,
    );
  }
  if (!isPlainObject(value))
    throw errorDiagnostic({
      code: 'ConfigInvalid',
      message: 'the sidebars file must export an object of sidebars (id → items)',
      hint: 'export { mySidebar: [ ... ] }',
      file: rel,
      line: 1,
      column: 1,
    });
  return value as SidebarsConfig;
}

/** The first line that awaits at the top level (not indented), where a config that never settles most likely waits. */
function firstTopLevelAwait(source: string): { line: number; column: number } {
  const m = /^(?:(?:export\s+)?(?:const|let|var)\s+[^=\n]+=\s*)?await\b/m.exec(source);
  return m ? positionAt(source, m.index + m[0].length - 'await'.length) : { line: 1, column: 1 };
}

/** `promise`, or the error `onTimeout` makes once `ms` have passed without it settling. */
function settledWithin<T>(promise: Promise<T>, ms: number, onTimeout: () => Error): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(onTimeout()), ms);
  });
  return Promise.race([promise, limit]).finally(() => clearTimeout(timer));
}

/**
 * Where in the author's config an error was thrown: the first frame of its stack in the
 * compiled copy (`url`, a temporary file), mapped back through esbuild's source map. The
 * error's stack is rewritten to name the config's own lines, so whatever shows it (the
 * dev overlay, --verbose) points at the config, not at the compiled copy or dfdocs.
 */
function thrownIn(
  err: unknown,
  url: string,
  out: string,
  root: string,
): { file: string; line: number; column: number } | undefined {
  const stack = (err as Error | undefined)?.stack;
  if (typeof stack !== 'string') return undefined;
  let map: SourceMap;
  try {
    map = new SourceMap(JSON.parse(readFileSync(out + '.map', 'utf8')));
  } catch {
    return undefined;
  }
  const frame = new RegExp(`${url.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:(\\d+):(\\d+)`, 'g');
  let first: { file: string; line: number; column: number } | undefined;
  const mapped = stack.replace(frame, (whole, line: string, column: string) => {
    const entry = map.findEntry(Number(line) - 1, Number(column) - 1) as {
      originalSource?: string;
      originalLine?: number;
      originalColumn?: number;
    };
    if (!entry?.originalSource || entry.originalLine === undefined) return whole;
    const source = entry.originalSource.startsWith('file://')
      ? fileURLToPath(entry.originalSource)
      : resolve(dirname(out), entry.originalSource);
    const at = {
      file: relative(root, source).split(sep).join('/'),
      line: entry.originalLine + 1,
      column: (entry.originalColumn ?? 0) + 1,
    };
    first ??= at;
    return `${source}:${at.line}:${at.column}`;
  });
  try {
    (err as Error).stack = mapped;
  } catch {
    // a frozen error keeps its stack
  }
  return first;
}

/** Finds the line of a key in the config source, for messages that point at it. */
export function locateKey(source: string, key: string): { line: number; column: number } {
  const m = new RegExp(`(^|[\\s{,'"])${key.replace(/[$^]/g, '\\$&')}['"]?\\s*:`, 'm').exec(source);
  if (!m) return { line: 1, column: 1 };
  return positionAt(source, m.index + m[1]!.length);
}

/** The keys the schema allows beside `path`'s last key (for "did you mean"). */
function siblingKeys(path: string): string[] {
  let node: Schema = configSchema;
  for (const part of path.split('.').slice(0, -1)) {
    const key = part.replace(/\[\d+\]$/, '');
    if (node.kind !== 'object' || !node.fields[key]) return [];
    node = node.fields[key]!;
    while (node.kind === 'array' && /\]$/.test(part)) node = node.of;
  }
  return node.kind === 'object' ? Object.keys(node.fields) : [];
}

function issueDiagnostic(issue: ConfigIssue, file: string | undefined, source: string): Diagnostic {
  // An array element (`remarkPlugins[0]`) is found by its array's key.
  const key = /^\d+$/.test(issue.key)
    ? (issue.path
        .split(/[.[\]]/)
        .filter((p) => p && !/^\d+$/.test(p))
        .pop() ?? issue.key)
    : issue.key;
  const where = file ? locateKey(source, key) : {};
  let hint = issue.hint ?? `change \`${issue.path}\` to ${issue.expected}`;
  if (issue.received === 'an unknown key') {
    const guess = didYouMean(issue.key, siblingKeys(issue.path), '`');
    hint = guess ? `${guess} (or remove the key)` : 'remove the key or fix its spelling';
  }
  return {
    code: 'ConfigInvalid',
    severity: 'error',
    message: `config key \`${issue.path}\` must be ${issue.expected}, but it is ${issue.received}`,
    hint,
    file,
    ...where,
  };
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function deepMerge<T>(base: T, over: unknown): T {
  if (!isPlainObject(over) || !isPlainObject(base)) return (over === undefined ? base : over) as T;
  const out: Record<string, unknown> = { ...base };
  for (const [k, v] of Object.entries(over))
    out[k] = v === undefined ? out[k] : deepMerge(out[k], v);
  return out as T;
}

export function normaliseBaseUrl(value: string): string {
  let b = value.trim() || '/';
  if (!b.startsWith('/')) b = '/' + b;
  if (!b.endsWith('/')) b += '/';
  return b;
}

/** A route prefix as routes use it: a leading slash, none at the end (`/` stays). */
export function normaliseRouteBase(value: string): string {
  const r = ('/' + value.trim()).replace(/\/{2,}/g, '/').replace(/\/$/, '');
  return r || '/';
}

function complete(user: UserConfig): SiteConfig {
  const config = deepMerge(defaultConfig(), user);
  // The docs' base: `routeBasePath` (Docusaurus's name), else the version's path; each
  // defaults to the other, so `docs.version.path: '/'` moves the docs too.
  const base = user.docs?.routeBasePath ?? user.docs?.version?.path ?? '/docs';
  config.docs.routeBasePath = normaliseRouteBase(base);
  config.docs.version.path = normaliseRouteBase(user.docs?.version?.path ?? base);
  config.baseUrl = normaliseBaseUrl(config.baseUrl);
  config.url = config.url.replace(/\/$/, '');
  if (config.announcementBar) {
    config.announcementBar = Object.assign(
      { id: 'announcement-bar', isCloseable: true },
      config.announcementBar,
    );
  }
  return config;
}

function checkCrossFields(config: SiteConfig, file: string | undefined, source: string): void {
  const problems: Diagnostic[] = [];
  const { minHeadingLevel, maxHeadingLevel } = config.toc;
  if (minHeadingLevel > maxHeadingLevel) {
    problems.push({
      code: 'ConfigInvalid',
      severity: 'error',
      message: `toc.minHeadingLevel (${minHeadingLevel}) is greater than toc.maxHeadingLevel (${maxHeadingLevel})`,
      hint: 'make minHeadingLevel ≤ maxHeadingLevel (both from 2 to 6)',
      file,
      ...locateKey(source, 'minHeadingLevel'),
    });
  }
  const checkItem = (item: NavbarItem, path: string) => {
    if (!item.to && !item.href && !item.items) {
      problems.push({
        code: 'NavbarItemType',
        severity: 'error',
        message: `navbar item "${item.label}" (${path}) has no \`to\`, \`href\` or \`items\`, so its type is unknown`,
        hint: 'give it `to` (an internal route), `href` (an external URL) or `items` (a dropdown)',
        file,
        ...locateKey(source, 'label'),
      });
    }
    item.items?.forEach((c, i) => checkItem(c, `${path}.items[${i}]`));
  };
  config.navbar.items.forEach((item, i) => checkItem(item, `navbar.items[${i}]`));
  if (!/^https?:\/\//.test(config.url)) {
    problems.push({
      code: 'ConfigInvalid',
      severity: 'error',
      message: `config key \`url\` must be an absolute http(s) URL, but it is ${JSON.stringify(config.url)}`,
      hint: 'set url to the origin the site is deployed at, e.g. "https://example.com"',
      file,
      ...locateKey(source, 'url'),
    });
  }
  if (problems.length) throw new DfdocsError(problems);
}
