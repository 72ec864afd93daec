import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { build } from '../src/render/build';
import { DfdocsError } from '../src/render/diagnostics';
import { loadConfig } from '../src/render/config/loadConfig';
import { loadApiReference } from '../src/render/api/apiReference';
import { typedocHash } from '../src/render/api/typedocCache';
import { makeSite } from './helpers/tempSite';

// A small library documented by the API reference: a class, a function with a linked
// type and a @throws, an options interface, a type alias and a package comment.
const FILES: Record<string, string> = {
  'dfdocs.config.ts': `import { defineConfig } from 'dfdocs';
export default defineConfig({
  title: 'Tiny', tagline: 'A fixture library', url: 'https://tiny.dev',
  editUrl: 'https://github.com/example/tiny/edit/main/',
  docs: { version: { name: 'current', label: 'Next', path: '/docs', mainDocId: 'intro' } },
  navbar: { items: [{ label: 'API', to: '/docs/api/', position: 'left' }] },
  api: { entry: 'lib/src/index.ts' },
});
`,
  'docs/intro.md':
    '# Intro\n\nSee the [API reference](/docs/api/) and [total](/docs/api/functions/total#parameters).\n',
  'lib/package.json': '{ "name": "tiny", "version": "1.0.0" }',
  'lib/src/index.ts': `/**
 * Tiny — a fixture library for the API reference.
 *
 * @packageDocumentation
 */
export { Table } from './Table.js';
export { total, type TotalOptions, type Cell } from './total.js';
`,
  'lib/src/Table.ts': `import { total } from './total.js';

/**
 * A tiny table of numbers.
 *
 * @category Core
 * @example
 * \`\`\`ts
 * const t = new Table([1, 2]);
 * \`\`\`
 */
export class Table {
  /**
   * Creates a table.
   *
   * @param values - The values.
   */
  constructor(readonly values: number[]) {}

  /** The number of values. */
  get size(): number {
    return this.values.length;
  }

  /**
   * Adds up the values; see {@link total}.
   *
   * @returns The sum.
   */
  total(): number {
    return total(this);
  }
}
`,
  'lib/src/total.ts': `import type { Table } from './Table.js';

/** A cell: a number or \`null\` when missing. @category Core */
export type Cell = number | null;

/** Options of {@link total}. @category Aggregation */
export interface TotalOptions {
  /** Skip \`NaN\` values. */
  skipNaN?: boolean;
}

/**
 * Adds up a table's values.
 *
 * Missing values are skipped.
 *
 * @param table - The {@link Table} to add up.
 * @param options - {@link TotalOptions}.
 * @returns The sum, \`0\` for an empty table.
 * @throws {RangeError} when a value is infinite.
 * @category Aggregation
 * @example
 * \`\`\`ts
 * total(new Table([1, 2])); // 3
 * \`\`\`
 */
export function total(table: Table, options?: TotalOptions): number {
  let s = 0;
  for (const v of table.values) {
    if (!Number.isFinite(v) && !Number.isNaN(v)) throw new RangeError('infinite');
    if (Number.isNaN(v) && options?.skipNaN) continue;
    s += v;
  }
  return s;
}
`,
};

const read = (dir: string, rel: string) => readFileSync(join(dir, rel), 'utf8');
/** Like assert.match, without printing a whole page when it fails. */
const has = (html: string, re: RegExp, message?: string) =>
  assert.ok(re.test(html), message ?? `page matches ${re}`);
const hasNot = (html: string, re: RegExp, message?: string) =>
  assert.ok(!re.test(html), message ?? `page does not match ${re}`);
const page = (dir: string, route: string) => read(dir, `${route.slice(1)}/index.html`);
const data = (dir: string, route: string) => JSON.parse(read(dir, `assets/data${route}.json`)).page;

test('the library builds into API pages: index by category, class, function, types; signatures with linked types', async () => {
  const root = makeSite(FILES);
  const outDir = join(root, 'dist');
  const result = await build({ root, outDir });
  assert.deepEqual(
    result.warnings.map((w) => w.message),
    [],
    'no broken links or anchors',
  );
  for (const r of [
    '/docs/api',
    '/docs/api/classes/Table',
    '/docs/api/functions/total',
    '/docs/api/types/TotalOptions',
    '/docs/api/types/Cell',
  ]) {
    assert.ok(existsSync(join(outDir, r.slice(1), 'index.html')), `${r} is built`);
    assert.equal(data(outDir, r).kind, 'api');
  }

  const index = page(outDir, '/docs/api');
  has(index, /<title>API Reference \| Tiny<\/title>/);
  has(index, /<h1[^>]*>API Reference<\/h1>/);
  hasNot(index, /README/);
  has(
    index,
    /Tiny — a fixture library for the API reference\./,
    'the package comment introduces the index',
  );
  const indexPage = data(outDir, '/docs/api');
  assert.deepEqual(
    indexPage.toc.map((t: { value: string }) => t.value),
    ['Aggregation', 'Core', 'Types'],
    "the spec's categories first, others by name, types last",
  );
  has(
    index,
    /href="\/docs\/api\/functions\/total"[^>]*><code>total<\/code><\/a>[\s\S]*?Adds up a table(&#x27;|')s values\./,
  );

  const fn = page(outDir, '/docs/api/functions/total');
  const fnData = data(outDir, '/docs/api/functions/total');
  assert.equal(fnData.title, 'total');
  assert.equal(fnData.description, "Adds up a table's values.");
  assert.equal((fn.match(/<h1[\s>]/g) ?? []).length, 1, 'one h1');
  // API pages have the API reference's own sidebar (issue 29): classes, functions by group, types.
  assert.equal(fnData.sidebarId, 'api');
  has(fn, /<div class="doc-layout__sidebar">/, 'the API sidebar');
  assert.deepEqual(
    JSON.parse(read(outDir, 'assets/data/_sidebars/api.json'))[0].items.map(
      (c: { label: string }) => c.label,
    ),
    ['Classes', 'Functions', 'Types'],
  );
  // The signature, server-rendered, with the parameter types linked to their pages.
  const sig = /<pre class="api-signature"[^>]*><code>([\s\S]*?)<\/code><\/pre>/.exec(fn)![1]!;
  assert.equal(
    sig.replace(/<[^>]+>/g, ''),
    'function total(table: Table, options?: TotalOptions): number',
  );
  has(sig, /<a href="\/docs\/api\/classes\/Table"[^>]*>Table<\/a>/);
  has(sig, /<a href="\/docs\/api\/types\/TotalOptions"[^>]*>TotalOptions<\/a>/);
  assert.deepEqual(
    fnData.toc.map((t: { id: string }) => t.id),
    ['parameters', 'returns', 'throws', 'examples'],
  );
  for (const t of fnData.toc)
    has(
      fn,
      new RegExp(`<h2 id="${t.id}" class="anchor">`),
      `TOC entry ${t.id} is an h2 on the page`,
    );
  has(
    fn,
    /<code class="api-field__name api-field__name--error">RangeError<\/code>[\s\S]*?when a value is infinite/,
  );
  has(
    fn,
    /class="code-block language-ts"[\s\S]*?shiki/,
    'the example is highlighted like docs code blocks',
  );
  has(
    fn,
    /Defined in <a href="https:\/\/github\.com\/example\/tiny\/blob\/main\/lib\/src\/total\.ts#L\d+"/,
  );
  has(
    fn,
    /Also a method of <a href="\/docs\/api\/classes\/Table">Table<\/a>:\s*[\s\S]*?href="\/docs\/api\/classes\/Table#total"/,
  );

  const cls = page(outDir, '/docs/api/classes/Table');
  const clsData = data(outDir, '/docs/api/classes/Table');
  assert.deepEqual(
    clsData.toc.map((t: { value: string; level: number }) => `${t.level}:${t.value}`),
    ['2:Example', '2:Constructor', '2:Properties', '3:size', '3:values', '2:Methods', '3:total()'],
  );
  for (const t of clsData.toc)
    has(cls, new RegExp(`<h${t.level} id="${t.id.replace('$', '\\$')}" class="anchor[^"]*">`));
  has(cls, /new<\/span> <span class="api-tok api-tok--name">Table<\/span>/);
  has(
    cls,
    /Standalone function: <a href="\/docs\/api\/functions\/total"><code>total\(\)<\/code><\/a>/,
  );

  const opts = page(outDir, '/docs/api/types/TotalOptions');
  has(
    opts,
    /<li id="skipNaN" class="api-field api-field--target">/,
    'interface properties are link targets',
  );
  has(
    page(outDir, '/docs/api/types/Cell'),
    /type<\/span> <span class="api-tok api-tok--name">Cell<\/span>/,
  );
});

test('TypeDoc runs once: a second load reads the cached JSON; docs edits keep the key, library edits change it', async () => {
  const root = makeSite(FILES);
  const { config } = await loadConfig(root, {});
  const cold = await loadApiReference({ root, config });
  assert.equal(cold.typedoc?.cached, false);
  assert.ok(existsSync(cold.typedoc!.cacheFile), 'the JSON is cached');
  const warm = await loadApiReference({ root, config });
  assert.equal(warm.typedoc?.cached, true, 'the second load does not run TypeDoc');
  assert.deepEqual(warm.routes, cold.routes);
  assert.ok(
    warm.typedoc!.ms * 5 < cold.typedoc!.ms,
    `cached ${warm.typedoc!.ms.toFixed(0)} ms vs TypeDoc ${cold.typedoc!.ms.toFixed(0)} ms`,
  );

  const entry = join(root, 'lib/src/index.ts');
  const before = typedocHash(root, entry);
  writeFileSync(join(root, 'docs/intro.md'), '# Intro\n\nEdited.\n');
  assert.equal(typedocHash(root, entry), before, 'a docs edit keeps the cache key');
  writeFileSync(
    join(root, 'lib/src/total.ts'),
    FILES['lib/src/total.ts']!.replace('Adds up', 'Sums'),
  );
  assert.notEqual(typedocHash(root, entry), before, 'a library edit changes it');
  const edited = await loadApiReference({ root, config });
  assert.equal(edited.typedoc?.cached, false);
});

test('the rendered API pages are cached too: a rebuild is byte-identical', async () => {
  const root = makeSite(FILES);
  const first = await build({ root, outDir: join(root, 'out1') });
  const second = await build({ root, outDir: join(root, 'out2') });
  assert.equal(second.pages, first.pages);
  for (const r of ['/docs/api', '/docs/api/classes/Table', '/docs/api/functions/total']) {
    assert.equal(page(join(root, 'out2'), r), page(join(root, 'out1'), r), `${r} is the same`);
  }
});

test('a TypeScript error in the library fails the build, naming file:line:column', async () => {
  const root = makeSite({
    ...FILES,
    'lib/src/total.ts': FILES['lib/src/total.ts']!.replace('let s = 0;', "let s: number = 'zero';"),
  });
  const err = await build({ root, outDir: join(root, 'dist') }).then(
    () => assert.fail('the build should fail'),
    (e: unknown) => e,
  );
  assert.ok(err instanceof DfdocsError);
  const d = err.diagnostics[0]!;
  assert.equal(d.code, 'ApiTypeError');
  assert.equal(d.file, 'lib/src/total.ts');
  const lines = read(root, 'lib/src/total.ts').split('\n');
  assert.match(lines[d.line! - 1]!, /let s: number = 'zero';/);
  assert.equal(d.column, lines[d.line! - 1]!.indexOf('s: number') + 1);
  assert.match(d.message, /TS2322/);
  assert.match(err.message, /^lib\/src\/total\.ts:\d+:\d+ — TS2322/);
  assert.ok(!existsSync(join(root, 'dist')), 'nothing is written');
});

test('a {@link} to something the reference does not document is a warning at its declaration', async () => {
  const root = makeSite({
    ...FILES,
    'lib/src/total.ts': FILES['lib/src/total.ts']!.replace(
      'Missing values are skipped.',
      'Missing values are skipped, as in {@link average}.',
    ),
  });
  const result = await build({ root, outDir: join(root, 'dist') });
  const w = result.warnings.find((x) => x.code === 'ApiLinkUnresolved');
  assert.ok(w, 'reported');
  assert.equal(w.file, 'lib/src/total.ts');
  assert.match(w.message, /\{@link average\} in the TSDoc of total/);
  has(
    page(join(root, 'dist'), '/docs/api/functions/total'),
    /as in <code>average<\/code>\./,
    'shown as code, not as a broken link',
  );
});

test('a site whose config sets no `api` has no API pages, even with a library beside it', async () => {
  const config = FILES['dfdocs.config.ts']!.replace("  api: { entry: 'lib/src/index.ts' },\n", '');
  const root = makeSite({ ...FILES, 'dfdocs.config.ts': config, 'docs/intro.md': '# Intro\n' });
  const result = await build({ root, outDir: join(root, 'dist') });
  assert.ok(!existsSync(join(root, 'dist/docs/api')));
  assert.deepEqual(result.warnings, []);
});

test('an `api` entry that does not exist is reported at the config key, with the closest name', async () => {
  const config = FILES['dfdocs.config.ts']!.replace('lib/src/index.ts', 'lib/src/indx.ts');
  const root = makeSite({ ...FILES, 'dfdocs.config.ts': config });
  await assert.rejects(build({ root, outDir: join(root, 'dist') }), (err: DfdocsError) => {
    const d = err.diagnostics[0]!;
    assert.equal(d.code, 'ConfigPathMissing');
    assert.equal(d.file, 'dfdocs.config.ts');
    assert.equal(d.line, 7);
    assert.match(d.message, /`api\.entry` names the library's entry module "lib\/src\/indx\.ts"/);
    assert.match(d.hint!, /did you mean "index\.ts"\?/);
    return true;
  });
});

test('an `api.route` moves the reference', async () => {
  const config = FILES['dfdocs.config.ts']!.replace(
    "entry: 'lib/src/index.ts'",
    "entry: 'lib/src/index.ts', route: '/reference'",
  ).replace("to: '/docs/api/'", "to: '/reference/'");
  const root = makeSite({ ...FILES, 'dfdocs.config.ts': config, 'docs/intro.md': '# Intro\n' });
  await build({ root, outDir: join(root, 'dist') });
  assert.ok(existsSync(join(root, 'dist/reference/index.html')));
  assert.ok(existsSync(join(root, 'dist/reference/functions/total/index.html')));
  assert.ok(!existsSync(join(root, 'dist/docs/api')));
});
