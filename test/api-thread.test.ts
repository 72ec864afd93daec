import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { build } from '../src/render/build';
import { DfdocsError } from '../src/render/diagnostics';
import { loadConfig } from '../src/render/config/loadConfig';
import { loadApiReference } from '../src/render/api/apiReference';
import { loadTypedocProject } from '../src/render/api/typedocCache';
import { makeSite } from './helpers/tempSite';

// TypeDoc runs on a thread of its own (issue 32): its outline (converted before the type
// check) gives the routes, its checked reflections the pages. A union whose members the
// type check meets in another order than the conversion does shows whether the pages come
// from the checked reflections: TypeScript orders a union's members by when it first made
// each, and the check of `units.ts` (before `resample.ts`) makes 'month' first.
const FILES: Record<string, string> = {
  'dfdocs.config.ts': `import { defineConfig } from 'dfdocs';
export default defineConfig({
  title: 'Tiny', tagline: 'A fixture library', url: 'https://tiny.dev',
  docs: { version: { name: 'current', label: 'Next', path: '/docs', mainDocId: 'intro' } },
  api: { entry: 'lib/src/index.ts' },
});
`,
  'docs/intro.md': '# Intro\n\nSee [resample](/docs/api/functions/resample).\n',
  'lib/package.json': '{ "name": "tiny", "version": "1.0.0" }',
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

test('the outline gives the routes at once; the checked reflections follow and are cached only then', async () => {
  const root = makeSite(FILES);
  const entry = join(root, 'lib/src/index.ts');
  const deferred = await loadTypedocProject(root, entry, { deferCheck: true });
  assert.equal(deferred.cached, false);
  const names = (p: { children?: { name: string }[] }) => p.children?.map((c) => c.name);
  const final = await deferred.final;
  assert.deepEqual(names(deferred.project), names(final), 'the same exports');
  assert.equal(readFileSync(deferred.cacheFile, 'utf8'), JSON.stringify(final));
  const again = await loadTypedocProject(root, entry, { deferCheck: true });
  assert.equal(again.cached, true);
  assert.deepEqual(again.project, final, 'a cached run gives the checked reflections');
});

test('API pages are those of one checked conversion: a deferred build equals one from a single-pass TypeDoc run', async () => {
  const root = makeSite(FILES);
  // Built with TypeDoc on its thread: the outline first, the pages from the checked reflections.
  await build({ root, outDir: join(root, 'deferred') });
  const deferred = pageOf(join(root, 'deferred'), '/docs/api/functions/resample');
  // The signature lists the union as the checked program orders it ('month' first), not as written.
  assert.match(
    deferred,
    /&#x27;month&#x27;<\/span><span class="api-tok api-tok--punct"> \| <\/span><span class="api-tok api-tok--string">&#x27;day&#x27;/,
  );
  // The reflections of one conversion after the check (as before the thread), cached, then built.
  const { config } = await loadConfig(root);
  const single = await loadApiReference({ root, config, cache: false });
  assert.equal(single.typedoc?.cached, false);
  await build({ root, outDir: join(root, 'single') });
  assert.equal(pageOf(join(root, 'single'), '/docs/api/functions/resample'), deferred);
  assert.equal(
    pageOf(join(root, 'single'), '/docs/api'),
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
  const err = await deferred.final.then(
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
