import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  readFileSync,
  readdirSync,
  statSync,
  writeFileSync,
  appendFileSync,
  chmodSync,
  rmSync,
  truncateSync,
} from 'node:fs';
import { join } from 'node:path';
import { build } from '../../src/render/build';
import { makeSite, runCli } from '../helpers/tempSite';
import { assertSameTree, blockLines, snapshot } from '../helpers/files';
import { withEnv } from '../helpers/env';
import { cacheDir } from '../../src/render/cache/cacheDir';
import { sealed } from '../../src/render/cache/pageCache';
import { OUTPUT_MARKER } from '../../src/render/output/outputMarker';

function siteFiles(n: number): Record<string, string> {
  const files: Record<string, string> = {
    'docs/intro.md': '# Intro\n\nStart [here](./s/p0.md).\n',
  };
  for (let i = 0; i < n; i++) {
    files[`docs/s/p${i}.md`] =
      `---\ntitle: Page ${i}\nsidebar_position: ${i}\n---\n\n# Page ${i}\n\n## Usage ${i}\n\n::::tabs\n:::tab[npm]\nnpm\n:::\n:::tab[yarn]\nyarn\n:::\n::::\n\n\`\`\`js title="p${i}.js"\nconst x = ${i};\n\`\`\`\n\nNext: [p${(i + 1) % n}](./p${(i + 1) % n}.md#usage-${(i + 1) % n}).\n`;
  }
  return files;
}

test('rendering in worker threads gives the same bytes as a single-threaded build', async () => {
  const root = makeSite(siteFiles(12));
  await build({ root, outDir: join(root, 'one'), workers: 0, cache: false });
  await build({ root, outDir: join(root, 'two'), workers: 2, cache: false });
  assertSameTree(join(root, 'one'), join(root, 'two'));
});

test('two workers rendering whole pages (DFDOCS_PIPELINE=0) give the same bytes as the pipeline of two, with the documents rendered in either half, and as one thread', async () => {
  const files = siteFiles(12);
  files['docs/s/langs.md'] =
    '# Languages\n\n```ts\nlet a: number = 1;\n```\n\n```bash\nnpm i\n```\n\n```\nplain <b>\n```\n\n```unknown-lang\nx\n```\n' +
    // What the search entry takes from code blocks (their text, see `searchableBlock`):
    // references, markup, marked lines, tabs, CRLF, non-ASCII, a block in a list.
    '\n## Code text\n\n```js {2}\nconst ok = a < b && c > d; // &amp; &lt;tag&gt;\nif (x)\tgo("<b>Ünïcode</b>");\n```\n\n```html\r\n<p class="x">a &nbsp; b</p>\r\n```\n\n- item\n\n  ```json\n  { "readCsv": true }\n  ```\n';
  const root = makeSite(files);
  await build({ root, outDir: join(root, 'one'), workers: 0, cache: false });
  await build({ root, outDir: join(root, 'pipeline'), workers: 2, cache: false });
  await withEnv('DFDOCS_PIPELINE', '0', () =>
    build({ root, outDir: join(root, 'whole'), workers: 2, cache: false }),
  );
  // Each half of the pipeline may render a page's document (whichever has room): both give the same bytes.
  for (const half of ['markdown', 'finish'])
    await withEnv('DFDOCS_PIPELINE_DOCUMENT', half, () =>
      build({ root, outDir: join(root, half), workers: 2, cache: false }),
    );
  for (const out of ['pipeline', 'whole', 'markdown', 'finish'])
    assertSameTree(join(root, 'one'), join(root, out));
});

test('the code blocks a pipeline highlights are kept in the cache as on one thread, and a rebuild after a prose edit is byte-identical to a cold build', async () => {
  const one = makeSite(siteFiles(8));
  await build({ root: one, outDir: join(one, 'dist'), workers: 0 });
  const root = makeSite(siteFiles(8));
  await build({ root, outDir: join(root, 'warm'), workers: 2 });
  const kept = blockLines(root);
  assert.equal(kept.length, 8, 'one block per page');
  assert.deepEqual(kept, blockLines(one));
  appendFileSync(join(root, 'docs/s/p3.md'), '\nA new closing paragraph.\n');
  await build({ root, outDir: join(root, 'warm'), workers: 0 });
  await build({ root, outDir: join(root, 'cold'), workers: 0, cache: false });
  assertSameTree(join(root, 'cold'), join(root, 'warm'));
});

test('a page whose markdown fails in the pipeline is reported with its file, as on one thread', async () => {
  const files = siteFiles(4);
  // Raw HTML nested 20,000 deep overflows the stack of any thread that renders it (markdown
  // nested that deep is refused before parsing, see the nesting limit).
  files['docs/broken.md'] = `# Broken\n\n${'<span>'.repeat(20_000)}deep\n`;
  const root = makeSite(files);
  const errorOf = (workers: number) =>
    build({ root, outDir: join(root, `out${workers}`), workers, cache: false }).then(
      () => undefined,
      (err: Error) => err,
    );
  const [one, two] = [await errorOf(0), await errorOf(2)];
  assert.ok(one && two, 'both builds fail');
  assert.match(
    two.message,
    /docs\/broken\.md:1:1 — rendering \/docs\/broken threw: Maximum call stack size exceeded/,
  );
  assert.equal(two.message, one.message);
});

test("a page too large for a pipeline's memory budget is rendered on the main thread; the pipeline is replaced and the output is the same", async () => {
  const files = siteFiles(6);
  files['docs/huge.md'] =
    '# Huge\n\n' +
    'Words *and* `code` with [a link](./s/p1.md) and more words here.\n\n'.repeat(3000);
  const root = makeSite(files);
  await build({ root, outDir: join(root, 'one'), workers: 0, cache: false });
  const result = await withEnv('DFDOCS_WORKER_HEAP_MB', '48', () =>
    build({ root, outDir: join(root, 'two'), workers: 2, cache: false }),
  );
  assert.ok(
    result.outOfWorkerMemory.includes('/docs/huge'),
    `the huge page fell back: ${result.outOfWorkerMemory}`,
  );
  assertSameTree(join(root, 'one'), join(root, 'two'));
});

test("a page too large for a render worker's memory budget is rendered on the main thread; the worker is replaced and the output is the same", async () => {
  const files = siteFiles(6);
  files['docs/huge.md'] =
    '# Huge\n\n' +
    'Words *and* `code` with [a link](./s/p1.md) and more words here.\n\n'.repeat(3000);
  const root = makeSite(files);
  await build({ root, outDir: join(root, 'one'), workers: 0, cache: false });
  const before = process.env.DFDOCS_WORKER_HEAP_MB;
  process.env.DFDOCS_WORKER_HEAP_MB = '48'; // enough for the small pages, not for the huge one
  try {
    const result = await build({ root, outDir: join(root, 'two'), workers: 1, cache: false });
    assert.ok(
      result.outOfWorkerMemory.includes('/docs/huge'),
      `the huge page fell back: ${result.outOfWorkerMemory}`,
    );
    assert.ok(
      result.outOfWorkerMemory.length <= 2,
      'only the huge page and the one queued behind it on the same worker',
    );
  } finally {
    if (before === undefined) delete process.env.DFDOCS_WORKER_HEAP_MB;
    else process.env.DFDOCS_WORKER_HEAP_MB = before;
  }
  assertSameTree(join(root, 'one'), join(root, 'two'));
});

test('a rebuild from the cache after editing one page is byte-identical to a cold build', async () => {
  const root = makeSite(siteFiles(8));
  await build({ root, outDir: join(root, 'warm'), workers: 0 });
  appendFileSync(join(root, 'docs/s/p3.md'), '\nAn edit.\n');
  const rebuilt = await build({ root, outDir: join(root, 'warm'), workers: 0 });
  await build({ root, outDir: join(root, 'cold'), workers: 0, cache: false });
  assertSameTree(join(root, 'warm'), join(root, 'cold'));
  assert.match(readFileSync(join(root, 'warm/docs/s/p3/index.html'), 'utf8'), /An edit\./);
  assert.equal(rebuilt.warnings.length, 0);
  // A title change reaches the other pages (sidebar, previous/next) through the cache key.
  writeFileSync(
    join(root, 'docs/s/p5.md'),
    readFileSync(join(root, 'docs/s/p5.md'), 'utf8').replace(
      'title: Page 5',
      'title: Renamed five',
    ),
  );
  await build({ root, outDir: join(root, 'warm'), workers: 0 });
  assert.match(readFileSync(join(root, 'warm/docs/s/p0/index.html'), 'utf8'), /Renamed five/);
});

test('a rebuild replaces the output whole, taking its untouched pages from the old one (linked, neither rendered nor copied): removed pages go, the tree equals a cold build', async () => {
  const root = makeSite({ ...siteFiles(8), 'static/robots-extra.txt': 'x\n' });
  const out = join(root, 'dist');
  await build({ root, outDir: out, workers: 0 });
  const unchanged = statSync(join(out, 'docs/s/p6/index.html')).ino;
  appendFileSync(join(root, 'docs/s/p3.md'), '\nAn edit.\n');
  const rebuilt = await build({ root, outDir: out, workers: 0 });
  assert.equal(
    statSync(join(out, 'docs/s/p6/index.html')).ino,
    unchanged,
    'an unchanged page was left where it was, not linked again',
  );
  assert.equal(
    rebuilt.bytes,
    [...snapshot(out)]
      .filter(([name]) => name !== OUTPUT_MARKER)
      .reduce((n, [, b]) => n + b.length, 0),
    "the reported size is the output's, pages taken from the old one included",
  );
  assert.match(readFileSync(join(out, 'docs/s/p3/index.html'), 'utf8'), /An edit\./);
  // Pages and static files removed or added (every page changes then: the sidebar shows them).
  rmSync(join(root, 'docs/s/p7.md'));
  rmSync(join(root, 'static/robots-extra.txt'));
  writeFileSync(join(root, 'docs/s/new.md'), '# New page\n\nFresh.\n');
  await build({ root, outDir: out, workers: 0 });
  await build({ root, outDir: join(root, 'cold'), workers: 0, cache: false });
  assertSameTree(out, join(root, 'cold'));
  assert.ok(
    !readdirSync(join(out, 'docs/s')).includes('p7'),
    'the removed page and its folder are gone',
  );
  assert.ok(
    !readdirSync(root).some((n) => n.startsWith('.dist-staging-')),
    'no staging folder is left behind',
  );
});

test('pages over the configured budget are warned about', async () => {
  const files = siteFiles(2);
  files['docs/s/big.md'] =
    '# Big\n\n' +
    Array.from({ length: 4000 }, (_, i) => `Line ${i} ${Math.sin(i).toString(36)}`).join('\n\n');
  files['dfdocs.config.ts'] = 'export default { pageBudgetKb: 20 };\n';
  const root = makeSite(files);
  const result = await build({ root, outDir: join(root, 'dist') });
  const over = result.warnings.filter((w) => w.code === 'PageOverBudget');
  assert.equal(over.length, 1);
  assert.match(
    over[0]!.message,
    /\/docs\/s\/big weighs [\d.]+ KB gzip, over the page budget of 20 KB/,
  );
});

test('the cache key holds the resolved config: a --base-url build after a plain one gets its own pages', async () => {
  const root = makeSite(siteFiles(3));
  await build({ root, outDir: join(root, 'plain'), workers: 0 });
  await build({ root, outDir: join(root, 'sub'), workers: 0, baseUrl: '/sub/' });
  const html = readFileSync(join(root, 'sub/docs/s/p0/index.html'), 'utf8');
  assert.match(html, /href="\/sub\/assets\/client\./);
  assert.doesNotMatch(html, /href="\/assets\//);
});

/** The cache keys the latest build recorded (its pack: one `<key>\t<json>` line a route). */
function newestPackKeys(root: string): string[] {
  const packs = readdirSync(join(root, '.dfdocs', 'cache'), { recursive: true })
    .map(String)
    .filter((p) => /(^|\/)pages\/pack-[\d-]+[0-9a-f]{16}\.jsonl$/.test(p))
    .sort((a, b) => a.split('/').pop()!.localeCompare(b.split('/').pop()!));
  const text = readFileSync(join(root, '.dfdocs', 'cache', packs.at(-1)!), 'utf8');
  return text
    .trim()
    .split('\n')
    .map((line) => line.split('\t')[0]!);
}

test('a changed data file beside the docs invalidates cached pages', async () => {
  const files = siteFiles(2);
  files['docs/s/data/values.csv'] = 'a\n1\n';
  const root = makeSite(files);
  await build({ root, outDir: join(root, 'dist'), workers: 0 });
  const before = newestPackKeys(root);
  writeFileSync(join(root, 'docs/s/data/values.csv'), 'a\n1\n2\n');
  await build({ root, outDir: join(root, 'dist'), workers: 0 });
  const after = newestPackKeys(root);
  assert.equal(after.length, before.length);
  assert.ok(
    after.every((k) => !before.includes(k)),
    'every page was rendered again under a new cache key',
  );
});

test('an edit of the output in place never reaches a later build, though the cache keeps its pages as second names of the files; if the cache lost them, unchanged pages are rendered again', async () => {
  const root = makeSite(siteFiles(4));
  await build({ root, outDir: join(root, 'dist'), workers: 0, precompress: true });
  const blobs = join(cacheDir(root), 'files');
  const blobInodes = new Set(readdirSync(blobs).map((f) => statSync(join(blobs, f)).ino));
  const page = (out: string, i: number) => join(root, out, `docs/s/p${i}/index.html`);
  assert.ok(blobInodes.has(statSync(page('dist', 1)).ino), 'a page file is its blob too');
  // Edits a deploy step could make in place: an append, a same-size rewrite, a chmod, a truncation.
  appendFileSync(page('dist', 0), '<script>analytics()</script>');
  const p1 = readFileSync(page('dist', 1), 'utf8');
  writeFileSync(page('dist', 1), p1.replace('Page 1', 'Page X'));
  chmodSync(page('dist', 2), 0o600);
  truncateSync(page('dist', 3), 10);
  await build({ root, outDir: join(root, 'other'), workers: 0, precompress: true });
  await build({ root, outDir: join(root, 'cold'), workers: 0, cache: false, precompress: true });
  assertSameTree(join(root, 'cold'), join(root, 'other'));
  // The output rebuilt in place too.
  await build({ root, outDir: join(root, 'dist'), workers: 0, precompress: true });
  assertSameTree(join(root, 'cold'), join(root, 'dist'));
  // A cache that lost its files: unchanged pages are rendered again.
  for (const f of readdirSync(blobs).filter((n) => /^[0-9a-f]{40}$/.test(n)))
    rmSync(join(blobs, f));
  rmSync(join(root, 'dist'), { recursive: true });
  await build({ root, outDir: join(root, 'again'), workers: 0, precompress: true });
  assertSameTree(join(root, 'again'), join(root, 'cold'));
});

test('the search index merged on a thread of its own is byte-identical to one merged on the build thread, cold and rebuilt', async () => {
  const files = siteFiles(12);
  files['docs/s/unicode.md'] = '# Café — naïve\n\nDéjà vu: `readCsv` … 😀\n';
  const root = makeSite(files);
  await withEnv('DFDOCS_SEARCH_THREAD', '0', () =>
    build({ root, outDir: join(root, 'here'), workers: 0, cache: false }),
  );
  await withEnv('DFDOCS_SEARCH_THREAD', '1', () => build({ root, outDir: join(root, 'thread') }));
  assertSameTree(join(root, 'here'), join(root, 'thread'));
  // A rebuild takes the other pages' entries from the cache, as text, to the thread.
  appendFileSync(join(root, 'docs/s/p3.md'), '\nAn edit about zebras.\n');
  await withEnv('DFDOCS_SEARCH_THREAD', '0', () =>
    build({ root, outDir: join(root, 'here'), workers: 0, cache: false }),
  );
  await withEnv('DFDOCS_SEARCH_THREAD', '1', () => build({ root, outDir: join(root, 'thread') }));
  assertSameTree(join(root, 'here'), join(root, 'thread'));
  assert.ok(
    readdirSync(join(root, 'thread', 'assets')).some(
      (f) =>
        f.startsWith('search-index.') &&
        readFileSync(join(root, 'thread', 'assets', f), 'utf8').includes('"zebras"'),
    ),
  );
});

test('a search entry the thread cannot merge fails the build with its message and leaves the previous output', async () => {
  const root = makeSite(siteFiles(6));
  await withEnv('DFDOCS_SEARCH_THREAD', '1', () => build({ root }));
  const before = snapshot(join(root, 'dist'));
  // Corrupt every cached search entry's term counts, sealing each line again (a damaged line
  // is dropped, see the next test), then rebuild after an edit (the others come from the cache).
  const packs = join(cacheDir(root), 'pages');
  for (const name of readdirSync(packs).filter((n) => n.startsWith('pack-'))) {
    const lines = readFileSync(join(packs, name), 'latin1').split('\n');
    const resealed = lines.map((line) => {
      const [key, route, crc, ...rest] = line.split('\t');
      if (!crc) return line;
      return `${key}\t${route}\t${sealed(rest.join('\t').replaceAll('"counts":"', '"counts":"?'))}`;
    });
    writeFileSync(join(packs, name), resealed.join('\n'), 'latin1');
  }
  appendFileSync(join(root, 'docs/s/p1.md'), '\nEdited.\n');
  await assert.rejects(
    withEnv('DFDOCS_SEARCH_THREAD', '1', () => build({ root })),
    (err: Error) => /^search index: malformed term counts "\?/.test(err.message),
  );
  const after = snapshot(join(root, 'dist'));
  assert.deepEqual([...after.keys()], [...before.keys()]);
  for (const [k, v] of before) assert.ok(v.equals(after.get(k)!), `${k} is as it was`);
});

test('pages rendered by the pipeline while the client is still being bundled are byte-identical to a single-threaded build', async () => {
  // Without the prebuilt client, esbuild bundles it while the workers render the first
  // pages: their documents hold markers until the assets come, and their replies wait.
  const root = makeSite(siteFiles(60));
  await withEnv('DFDOCS_PREBUILT_CLIENT', '0', () =>
    build({ root, outDir: join(root, 'late'), workers: 2, cache: false }),
  );
  await build({ root, outDir: join(root, 'one'), workers: 0, cache: false });
  assertSameTree(join(root, 'late'), join(root, 'one'));
});

test('a rebuild takes a React page from the cache until its code (or a file it imports) changes', async () => {
  const root = makeSite({
    'docs/intro.md': '# Intro\n\nHello.\n',
    'pages/index.tsx':
      "import { Tagline } from '../components/Tagline';\nexport default function Home() {\n  return <main><h1>Home</h1><Tagline /></main>;\n}\n",
    'components/Tagline.tsx': 'export function Tagline() {\n  return <p>First tagline</p>;\n}\n',
  });
  const out = join(root, 'dist');
  const home = join(out, 'index.html');
  // The compiled pages are kept in the cache too, and compiled again only when a file they were made from changed.
  const compiled = () => {
    const dirs = readdirSync(cacheDir(root)).filter((f) => /^react-pages-[0-9a-f]{24}$/.test(f));
    assert.equal(dirs.length, 1, `one compile kept: ${dirs.join(', ')}`);
    return statSync(join(cacheDir(root), dirs[0]!, 'page0.mjs')).ino;
  };
  await build({ root, outDir: out, workers: 0 });
  const first = statSync(home).ino;
  const firstCompile = compiled();
  await build({ root, outDir: out, workers: 0 });
  assert.equal(statSync(home).ino, first, 'the unchanged home page was left where it was');
  assert.equal(compiled(), firstCompile, 'the compiled page was used again');
  const tagline = join(root, 'components/Tagline.tsx');
  const firstTagline = readFileSync(tagline, 'utf8');
  writeFileSync(tagline, 'export function Tagline() {\n  return <p>Second tagline</p>;\n}\n');
  await build({ root, outDir: out, workers: 0 });
  assert.match(readFileSync(home, 'utf8'), /Second tagline/);
  assert.notEqual(compiled(), firstCompile);
  // Back to the first text, in the same process: the page is the first one again.
  writeFileSync(tagline, firstTagline);
  await build({ root, outDir: out, workers: 0 });
  assert.match(readFileSync(home, 'utf8'), /First tagline/);
  await build({ root, outDir: join(root, 'cold'), workers: 0, cache: false });
  assertSameTree(out, join(root, 'cold'));
});

test('a kept compile of the React pages whose file was changed or lost is compiled again: the cache never fails a build', () => {
  const root = makeSite({
    'docs/intro.md': '# Intro\n\nHello.\n',
    'pages/index.tsx':
      'export default function Home() {\n  return <main><h1>Home</h1><p>The home page</p></main>;\n}\n',
  });
  const home = join(root, 'dist', 'index.html');
  // Each build a process of its own: one process would import the module it loaded before.
  const build = () => runCli(['build', '--root', root], root, { DFDOCS_SYNC_CLEANUP: '1' });
  assert.equal(build().status, 0);
  const keptPage = () => {
    const dir = readdirSync(cacheDir(root)).find((f) => /^react-pages-[0-9a-f]{24}$/.test(f));
    assert.ok(dir, 'the compiled pages are kept');
    return join(cacheDir(root), dir, 'page0.mjs');
  };
  const rebuild = () => {
    rmSync(join(cacheDir(root), 'pages'), { recursive: true }); // so the home page renders again
    const res = build();
    assert.equal(res.status, 0, res.stderr);
    assert.match(readFileSync(home, 'utf8'), /The home page/);
  };
  writeFileSync(keptPage(), 'export default 42;\n');
  rebuild();
  rmSync(keptPage());
  rebuild();
});
