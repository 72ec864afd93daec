/**
 * Module resolution for the program, as a user's script would get it: a package the examples
 * import (`from 'x'`) is resolved as Node resolves it from a file in the site root, so it is
 * the site's installed copy (its `exports`, its `import` condition) — never a bundle of some
 * source folder; a relative import is resolved from the page's folder. Imports made inside
 * packages are left alone. Runs in Node's module-hooks thread (`module.register`).
 */
const RESOLVE_HOOKS = `let program, root, page;
export function initialize(data) {
  program = data.program;
  root = data.root;
  page = data.page;
}
export function resolve(specifier, context, next) {
  if (context.parentURL === program) {
    if (/^\\.{1,2}\\//.test(specifier)) return next(specifier, { ...context, parentURL: page });
    if (!/^([a-zA-Z][a-zA-Z0-9+.-]*:|\\/)/.test(specifier))
      return next(specifier, { ...context, parentURL: root });
  }
  return next(specifier, context);
}
`;

/**
 * The script a child process runs for one page:
 * `node harness.mjs <program-url> <result-file> <site-root> <page-folder>`.
 * It captures `console.log` (and `console.info`) per block — formatted as Node prints them, so
 * a DataFrame shows its table — imports the program, and writes
 * `{ outputs, values, error }` as JSON. Kept as a string so it ships inside the bundled CLI.
 */
export const HARNESS_SOURCE = `import { formatWithOptions } from 'node:util';
import { writeFileSync } from 'node:fs';
import { register } from 'node:module';
import { pathToFileURL } from 'node:url';
const [programUrl, resultFile, siteRoot, pageDir] = process.argv.slice(2);
const folderUrl = (dir) => pathToFileURL(dir.endsWith('/') ? dir : dir + '/').href;
register('data:text/javascript,' + encodeURIComponent(${JSON.stringify(RESOLVE_HOOKS)}), {
  data: { program: programUrl, root: folderUrl(siteRoot), page: folderUrl(pageDir) },
});
const outputs = [];
const values = {};
let current = -1;
const capture = (...args) => {
  if (current < 0) return;
  outputs[current].push(formatWithOptions({ colors: false }, ...args));
};
console.log = capture;
console.info = capture;
globalThis.__tfExamples = {
  enter(k) {
    current = k;
    if (k >= 0) outputs[k] ??= [];
  },
  value(v) {
    if (typeof v === 'string') values[current] = v;
    return v;
  },
};
let error = null;
try {
  await import(programUrl);
} catch (e) {
  error = { block: current, message: e instanceof Error ? e.name + ': ' + e.message : String(e), stack: String(e?.stack ?? '') };
}
writeFileSync(resultFile, JSON.stringify({ outputs: Array.from(outputs, (o) => (o ?? []).join('\\n')), values, error }));
`;
