/**
 * The index of the markdown files a build read (src/render/content/sourceIndex.ts): a
 * rebuild takes unchanged files from it, exactly as reading them gives, and reads again
 * any file changed since (or changed too close to the load that read it).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { appendFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { loadSources, type LoadedSources } from '../../src/render/content/loadSources';
import type { DocSource, MarkdownPageSource } from '../../src/render/content/sources';
import { bodyHashOf } from '../../src/render/content/lazyBody';
import { SourceIndex } from '../../src/render/content/sourceIndex';
import { makeSite } from '../helpers/tempSite';

const files = {
  'docs/a.md':
    '---\ntitle: Alpha\nsidebar_position: 2\ntags: [x, y]\n---\n\n# Heading A\n\nText.\n',
  'docs/guide/b.md': '# Beta from its heading\n\nCafé … text.\n',
  'pages/p.md': '---\ndescription: A page\n---\n\n# Page P\n',
};

/** What a build takes from its sources, bodies read. */
const view = (s: LoadedSources) =>
  ([...s.docs, ...s.pages] as (DocSource | MarkdownPageSource)[]).map((d) => ({
    ...d,
    bodyHash: bodyHashOf(d),
    body: d.body,
  }));

test('a rebuild takes unchanged files from the index as reading them gives, and reads a changed one again', () => {
  const root = makeSite(files);
  const file = join(root, 'index.json');
  const plain = loadSources(root);
  const first = SourceIndex.open(file, 'k', { racyMs: 0 });
  const read = loadSources(root, { lazyBodies: true, index: first });
  first.save();
  assert.deepEqual(view(read), view(plain));
  const second = SourceIndex.open(file, 'k', { racyMs: 0 });
  assert.ok(
    second.lookup('docs/a.md', statSync(join(root, 'docs/a.md'))),
    'an unchanged file is known',
  );
  assert.deepEqual(view(loadSources(root, { lazyBodies: true, index: second })), view(plain));
  second.save();
  appendFileSync(join(root, 'docs/guide/b.md'), '\nMore.\n');
  const third = SourceIndex.open(file, 'k', { racyMs: 0 });
  assert.equal(
    third.lookup('docs/guide/b.md', statSync(join(root, 'docs/guide/b.md'))),
    undefined,
    'a changed file is not',
  );
  const after = view(loadSources(root, { lazyBodies: true, index: third }));
  assert.deepEqual(after, view(loadSources(root)));
  assert.match(after.find((d) => d.sourcePath === 'docs/guide/b.md')!.body, /More\./);
  assert.equal(
    SourceIndex.open(file, 'other code').lookup('docs/a.md', statSync(join(root, 'docs/a.md'))),
    undefined,
    'an index saved by other code is not used',
  );
});

test('files changed within two seconds of the load that read them are not recorded', () => {
  const root = makeSite(files);
  const file = join(root, 'index.json');
  const index = SourceIndex.open(file, 'k');
  loadSources(root, { lazyBodies: true, index });
  index.save();
  assert.equal(
    SourceIndex.open(file, 'k').lookup('docs/a.md', statSync(join(root, 'docs/a.md'))),
    undefined,
  );
});
