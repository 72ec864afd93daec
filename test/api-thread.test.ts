import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { build } from '../src/render/build';
import { DfdocsError } from '../src/render/diagnostics';
import { loadConfig } from '../src/render/config/loadConfig';
import { loadApiReference } from '../src/render/api/apiReference';
import { loadTypedocProject } from '../src/render/api/typedocCache';
import { librarySite, makeSite } from './helpers/tempSite';

// TypeDoc runs on a thread of its own (issue 32): it converts the library, hands the
// reflections over (routes and pages come from them), and type-checks after. A union whose
// members a check would meet in another order than the conversion does shows that the
// reflections never depend on the check: TypeScript orders a union's members by when it
// first made each, and a check of `units.ts` (before `resample.ts`) would make 'month' first.
const FILES: Record<string, string> = {
  ...librarySite('tiny'),
  'docs/intro.md': '# Intro\n\nSee [resample](/docs/api/functions/resample).\n',
  'lib/src/index.ts': `export { monthly } from './units.js';
export { resample } from './resample.js';
`,
  'lib/src/units.ts': `const unit = (): 'month' | 'day' => (Date.now() > 0 ? 'month' : 'day');

/** Whether a unit is a month. */
export function monthly(): boolean {
  return unit() === 'month';
}
`,
  'lib/src/resample.ts': `/**
 * Buckets a series.
 *
 * @param freq - the bucket
 */
export function resample(freq: 'day' | 'month'): string {
  return freq;
}
`,
};

const pageOf = (out: string, route: string) =>
  readFileSync(join(out, route.replace(/^\//, ''), 'index.html'), 'utf8');

test('the reflections come before the check; they are cached once the library type-checks', async () => {
  const root = makeSite(FILES);
  const entry = join(root, 'lib/src/index.ts');
  const deferred = await loadTypedocProject(root, entry, { deferCheck: true });
  assert.equal(deferred.cached, false);
  assert.ok(deferred.project.children?.some((c) => c.name === 'resample'));
  await deferred.checked;
  assert.equal(readFileSync(deferred.cacheFile, 'utf8'), JSON.stringify(deferred.project));
  const again = await loadTypedocProject(root, entry, { deferCheck: true });
  assert.equal(again.cached, true);
  assert.deepEqual(again.project, deferred.project, 'a cached run gives the same reflections');
  const waited = await loadTypedocProject(root, entry, { cache: false });
  assert.deepEqual(waited.project, deferred.project, 'waiting for the check changes nothing');
});

test('API pages do not depend on the type check: a union is listed as written, in every build', async () => {
  const root = makeSite(FILES);
  await build({ root, outDir: join(root, 'deferred') });
  const deferred = pageOf(join(root, 'deferred'), '/docs/api/functions/resample');
  // The signature lists the union as the source writes it ('day' first), not as a check would order it.
  assert.match(
    deferred,
    /&#x27;day&#x27;<\/span><span class="api-tok api-tok--punct"> \| <\/span><span class="api-tok api-tok--string">&#x27;month&#x27;/,
  );
  // The reflections of a run that waited for the check, cached, then built.
  const { config } = await loadConfig(root);
  const waited = await loadApiReference({ root, config, cache: false });
  assert.equal(waited.typedoc?.cached, false);
  await build({ root, outDir: join(root, 'waited') });
  assert.equal(pageOf(join(root, 'waited'), '/docs/api/functions/resample'), deferred);
  assert.equal(
    pageOf(join(root, 'waited'), '/docs/api'),
    pageOf(join(root, 'deferred'), '/docs/api'),
  );
});

test('a type error: the routes come, the check fails the build with file:line:column, and nothing is cached', async () => {
  const root = makeSite({
    ...FILES,
    'lib/src/resample.ts': FILES['lib/src/resample.ts']!.replace(
      'return freq;',
      'return freq * 2;',
    ),
  });
  const entry = join(root, 'lib/src/index.ts');
  const deferred = await loadTypedocProject(root, entry, { deferCheck: true });
  assert.ok(deferred.project.children?.some((c) => c.name === 'resample'));
  const err = await deferred.checked.then(
    () => assert.fail('the check should fail'),
    (e: unknown) => e,
  );
  assert.ok(err instanceof DfdocsError);
  assert.equal(err.diagnostics[0]!.code, 'ApiTypeError');
  assert.equal(err.diagnostics[0]!.file, 'lib/src/resample.ts');
  assert.equal(err.diagnostics[0]!.line, 7);
  assert.equal(
    existsSync(deferred.cacheFile),
    false,
    'reflections that fail the check are not cached',
  );
  const built = await build({ root, outDir: join(root, 'dist') }).then(
    () => assert.fail('the build should fail'),
    (e: unknown) => e,
  );
  assert.ok(built instanceof DfdocsError);
  assert.equal(built.diagnostics[0]!.code, 'ApiTypeError');
  assert.equal(existsSync(join(root, 'dist')), false, 'nothing is published');
});

test('typeCheck: false: the reference is built without the check, and a cache made so does not vouch for a checked build', async () => {
  const broken = FILES['lib/src/resample.ts']!.replace('return freq;', 'return freq * 2;');
  const config = (check: boolean) =>
    FILES['dfdocs.config.ts']!.replace(
      "api: { entry: 'lib/src/index.ts' }",
      `api: { entry: 'lib/src/index.ts', typeCheck: ${check} }`,
    );
  const root = makeSite({
    ...FILES,
    'lib/src/resample.ts': broken,
    'dfdocs.config.ts': config(false),
  });
  await build({ root, outDir: join(root, 'dist') });
  assert.match(pageOf(join(root, 'dist'), '/docs/api/functions/resample'), /Buckets a series/);
  writeFileSync(join(root, 'dfdocs.config.ts'), config(true));
  const err = await build({ root, outDir: join(root, 'dist') }).then(
    () => assert.fail('the checked build should fail'),
    (e: unknown) => e,
  );
  assert.ok(err instanceof DfdocsError);
  assert.equal(err.diagnostics[0]!.code, 'ApiTypeError');
});

test("a rebuild takes the reference's pages from the cache until the library changes", async () => {
  const root = makeSite(FILES);
  const out = join(root, 'dist');
  const page = join(out, 'docs/api/functions/resample/index.html');
  await build({ root, outDir: out, workers: 0 });
  const first = statSync(page).ino;
  await build({ root, outDir: out, workers: 0 });
  assert.equal(statSync(page).ino, first, 'an unchanged API page was left where it was');
  const source = join(root, 'lib/src/resample.ts');
  writeFileSync(
    source,
    readFileSync(source, 'utf8').replace('Buckets a series.', 'Buckets a time series.'),
  );
  await build({ root, outDir: out, workers: 0 });
  assert.match(readFileSync(page, 'utf8'), /Buckets a time series\./);
});
