// The TinyFrame docs' content rules (issue 10, content brief): the sidebar order and
// question-style tutorial labels, one H1 per page, data sets read by a page published in
// static/data, shown exactly and linked (and every one used), no unmeasured speed figures, and the home
// page's first example printing exactly the table the page shows.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { REPO_ROOT } from './helpers/site';
import { markdownFiles } from '../src/render/examples/check';
import { runBlocks } from '../src/render/examples/run';
import { extractExamples, parseMarkdownFile } from '../src/render/examples/extract';
import { loadSources } from '../src/render/content/loadSources';
import { generateSidebar } from '../src/render/content/sidebar';
import type { SidebarItem } from '../src/shared/pageData';

const TUTORIAL_ORDER = [
  'dataframe-basics',
  'io',
  'filtering',
  'plotting',
  'derived-columns',
  'statistics',
  'reshaping',
  'combining-tables',
  'time-series',
  'text-processing',
];
const COMPARISON_ORDER = ['r', 'sql', 'spreadsheets', 'other-js-libraries'];

const read = (p: string) => readFileSync(p, 'utf8');
const docs = markdownFiles(REPO_ROOT);

test('the docs sidebar follows the content brief', async () => {
  const sources = await loadSources(REPO_ROOT);
  const [root] = generateSidebar(
    sources.docs,
    { categories: sources.categories },
    'getting-started',
  ) as [Extract<SidebarItem, { type: 'category' }>];
  assert.equal(root.label, 'Getting Started');
  assert.equal(root.href, '/docs/getting-started');
  const labels = root.items.map((i) => i.label);
  assert.deepEqual(labels, [
    'Installation',
    'Package overview',
    'Tutorials',
    'Comparison with other tools',
    'Community & Next Steps',
  ]);
  const tutorials = root.items[2] as Extract<SidebarItem, { type: 'category' }>;
  assert.deepEqual(
    tutorials.items.map((i) => i.href),
    TUTORIAL_ORDER.map((t) => `/docs/getting-started/tutorials/${t}`),
  );
  for (const t of tutorials.items)
    assert.match(
      t.label,
      /^(How|What) .+\?$/,
      `tutorial label "${t.label}" is not a newcomer's question`,
    );
  const comparisons = root.items[3] as Extract<SidebarItem, { type: 'category' }>;
  assert.deepEqual(
    comparisons.items.map((i) => i.href),
    COMPARISON_ORDER.map((c) => `/docs/getting-started/comparison/${c}`),
  );
});

test('every page has exactly one H1, and no placeholder text', () => {
  for (const file of docs) {
    const tree = parseMarkdownFile(read(file));
    const h1 = tree.children.filter((n) => n.type === 'heading' && n.depth === 1);
    assert.equal(h1.length, 1, `${relative(REPO_ROOT, file)} has ${h1.length} H1 headings`);
    assert.doesNotMatch(read(file), /lorem ipsum|TODO|TBD|\bFIXME\b/i, relative(REPO_ROOT, file));
  }
});

test('every data file a page reads is published in static/data, shown exactly, and linked before it is read', () => {
  // The tutorials' data sets live in static/data/ (published at /data/) and the examples run
  // there (config examples.cwd), so the code reads 'orders.csv' as a reader who saved the file
  // beside their script would.
  const DATA = join(REPO_ROOT, 'static', 'data');
  const shipped = new Set(readdirSync(DATA));
  assert.ok(shipped.size >= 10, `only ${shipped.size} data files`);
  const used = new Set<string>();
  for (const file of docs) {
    const text = read(file);
    const where = relative(REPO_ROOT, file);
    // Code blocks titled after a data file must show it exactly.
    for (const m of text.matchAll(/```\w+ title="([^"]+)"\n([\s\S]*?)```/g))
      if (shipped.has(m[1]!))
        assert.equal(m[2], read(join(DATA, m[1]!)), `${where}: the block titled ${m[1]} differs`);
    // Every file a reader call reads exists, and the page links it before the first read.
    const code = text.replace(
      /```(?:js|ts|javascript|typescript|mjs)\b[^\n]*\n[\s\S]*?```|[^]/g,
      (m) => (m.length > 1 ? m : m === '\n' ? '\n' : ' '),
    );
    for (const m of code.matchAll(/\bread(?:Csv|Tsv|Json|Excel)\(\s*['"]([^'"]+)['"]/g)) {
      const name = m[1]!;
      assert.ok(shipped.has(name), `${where} reads ${name}, which static/data/ does not hold`);
      if (used.has(`${where}:${name}`)) continue;
      used.add(`${where}:${name}`);
      used.add(name);
      const link = text.indexOf(`](/data/${name})`);
      assert.ok(
        link >= 0 && link < m.index!,
        `${where}: ${name} is read before the page links it ([…](/data/${name}))`,
      );
    }
  }
  const unused = [...shipped].filter((name) => !used.has(name));
  assert.deepEqual(unused, [], 'data files no page reads');
});

test('speed is never claimed with a figure; pages point to the benchmark instead', () => {
  for (const file of docs) {
    const prose = read(file).replace(/```[\s\S]*?```/g, '');
    const figure =
      /\b\d+(\.\d+)?\s?(×|x|times)\s+(faster|slower|quicker)|\b\d+(\.\d+)?\s?(ms|µs|milliseconds?)\b|\bin \d+(\.\d+)?\s?s(econds?)?\b/i.exec(
        prose,
      );
    assert.equal(
      figure,
      null,
      `${relative(REPO_ROOT, file)} quotes a speed figure: "${figure?.[0]}"`,
    );
  }
  for (const page of [
    'docs/getting-started/package-overview.md',
    'docs/getting-started/comparison/other-js-libraries.md',
  ]) {
    assert.match(read(join(REPO_ROOT, page)), /npm run bench/, page);
  }
});

test('the release notes describe the engine’s real version', () => {
  const { version } = JSON.parse(read(join(REPO_ROOT, 'engine', 'package.json'))) as {
    version: string;
  };
  const notes = read(join(REPO_ROOT, 'docs', 'release-notes.md'));
  const versions = [...notes.matchAll(/^## (\d+\.\d+\.\d+)/gm)].map((m) => m[1]);
  assert.deepEqual(versions, [version]);
});

test('the install tabs offer npm, pnpm, yarn and a browser ESM import', () => {
  const text = read(join(REPO_ROOT, 'docs', 'getting-started', 'index.md'));
  for (const tab of [':::tab[npm]', ':::tab[pnpm]', ':::tab[yarn]', ':::tab[Browser (ESM)]'])
    assert.ok(text.includes(tab), tab);
  assert.equal(extractExamples(text).runnable, true);
});

test('the home page’s first example prints exactly the table the page shows', async () => {
  const home = (await import('../pages/index')) as {
    FIRST_EXAMPLE: string;
    firstExampleOutput: () => string;
  };
  const { blocks } = extractExamples('```js\n' + home.FIRST_EXAMPLE + '\n```\n');
  const run = await runBlocks(blocks, { root: REPO_ROOT, cwd: join(REPO_ROOT, 'pages') });
  assert.equal(run.error, undefined);
  assert.equal(run.outputs[0], home.firstExampleOutput());
});
