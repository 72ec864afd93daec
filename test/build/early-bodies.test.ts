import { test } from 'node:test';
import assert from 'node:assert/strict';
import { appendFileSync } from 'node:fs';
import { join } from 'node:path';
import { build } from '../../src/render/build';
import { bodiesValidFor, type EarlyBodies } from '../../src/render/executor/earlyBodies';
import type { RouteBody } from '../../src/render/pages/renderRoute';
import type { RouteEntry, SiteModel } from '../../src/render/site/siteModel';
import type { DocSource } from '../../src/render/content/sources';
import { librarySite, makeSite } from '../helpers/tempSite';
import { assertSameTree, blockLines } from '../helpers/files';
import { withEnv } from '../helpers/env';

// While TypeDoc converts the library, the build thread renders the guides' markdown
// (src/render/executor/earlyBodies.ts); their documents, whose prefetch hints name API
// routes, are rendered once the model is whole. The bytes must not depend on it.
const FILES: Record<string, string> = {
  ...librarySite('tiny'),
  'docs/intro.md':
    '# Intro\n\nSee [scale](/docs/api/functions/scale) and [the guide](./guide.md).\n\n```js\nconst x = scale(2);\n```\n',
  'docs/guide.md': '---\nsidebar_position: 2\n---\n\n# Guide\n\nBack to [intro](./intro.md).\n',
  'docs/more/deep.md':
    '# Deep\n\n:::tip\nA tip that links [scale](/docs/api/functions/scale).\n:::\n',
  'lib/src/index.ts': `/**
 * Scales a number.
 *
 * @example
 * \`\`\`ts
 * scale(2); // 4
 * \`\`\`
 */
export function scale(x: number): number {
  return x * 2;
}
`,
};

test('guides rendered while TypeDoc runs give the same bytes as guides rendered after it', async () => {
  const root = makeSite(FILES);
  const early = await build({ root, outDir: join(root, 'early'), cache: false, workers: 0 });
  const note = early.notes.find((n) => /rendered while the API reference loaded/.test(n));
  assert.ok(note, `the guides rendered while TypeDoc ran (notes: ${early.notes.join(' | ')})`);
  assert.ok(Number(note.split(' ')[0]) >= 1);
  const after = await withEnv('DFDOCS_EARLY_BODIES', '0', () =>
    build({ root, outDir: join(root, 'after'), cache: false, workers: 0 }),
  );
  assert.equal(
    after.notes.some((n) => /rendered while the API reference loaded/.test(n)),
    false,
  );
  assertSameTree(join(root, 'early'), join(root, 'after'));
  // With render workers started early too (they are not sent the pages rendered here).
  await build({ root, outDir: join(root, 'threaded'), cache: false, workers: 2 });
  assertSameTree(join(root, 'threaded'), join(root, 'after'));
});

test('the code blocks of guides rendered while TypeDoc runs are kept in the cache, so a prose edit to one does not highlight its code again', async () => {
  const early = makeSite(FILES);
  const result = await build({ root: early, outDir: join(early, 'dist'), workers: 0 });
  assert.ok(result.notes.some((n) => /rendered while the API reference loaded/.test(n)));
  const after = makeSite(FILES);
  await withEnv('DFDOCS_EARLY_BODIES', '0', () =>
    build({ root: after, outDir: join(after, 'dist'), workers: 0 }),
  );
  // Without the blocks of the pages rendered early, the first edit of one highlighted its code again (~0.2 s).
  const kept = blockLines(early);
  assert.ok(kept.length >= 1, "the intro's block is kept");
  assert.deepEqual(kept, blockLines(after));
  // The rebuild after an edit reads the intro's block from the cache; its bytes are a cold build's.
  appendFileSync(join(early, 'docs/intro.md'), '\nA closing paragraph.\n');
  await build({ root: early, outDir: join(early, 'dist'), workers: 0 });
  await build({ root: early, outDir: join(early, 'cold'), workers: 0, cache: false });
  assertSameTree(join(early, 'cold'), join(early, 'dist'));
});

// The guard: a body is kept only if what it was rendered with is the same in the whole model.
const doc = (route: string): RouteEntry => ({
  route,
  kind: 'doc',
  sidebarId: 'docs',
  source: { sourcePath: `docs${route}.md` } as DocSource,
});
const modelOf = (order: string[], sources = order): SiteModel => ({
  routes: order.map(doc),
  routeOfSource: new Map(sources.map((r) => [`docs${r}.md`, r])),
  sidebars: {
    docs: order.map((href) => ({ type: 'link' as const, label: href, href })),
  },
  order: new Map([['docs', order.map((href) => ({ title: href, href }))]]),
  warnings: [],
  categoryIndexes: [],
});
const bodiesOf = (routes: string[]): EarlyBodies =>
  new Map(routes.map((r) => [r, Promise.resolve({} as RouteBody)]));

test('bodies rendered early are kept only where their neighbours and links resolve alike', () => {
  const early = modelOf(['/a', '/b', '/c']);
  const kept = (whole: SiteModel) => [
    ...bodiesValidFor(bodiesOf(['/a', '/b', '/c']), early, whole).keys(),
  ];
  assert.deepEqual(kept(modelOf(['/a', '/b', '/c'])), ['/a', '/b', '/c']);
  // /b's next and /c's previous change when /d comes between them; /a is untouched.
  assert.deepEqual(kept(modelOf(['/a', '/b', '/d', '/c'], ['/a', '/b', '/c'])), ['/a']);
  // A markdown link could resolve elsewhere: none is kept.
  assert.deepEqual(kept(modelOf(['/a', '/b', '/c'], ['/a', '/b', '/c', '/d'])), []);
  assert.deepEqual([...bodiesValidFor(bodiesOf(['/a']), undefined, early).keys()], []);
});
