/**
 * The config's extension points (issue 25): markdown plugins by name or path, custom
 * stylesheets and component overrides, on pages rendered by worker threads as well as on
 * the main thread; what the config refuses (a plugin given as a function, a path that does
 * not exist) and how it says so.
 */
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { build } from '../../src/render/build';
import { DfdocsError } from '../../src/render/diagnostics';
import { loadConfig } from '../../src/render/config/loadConfig';
import { closest } from '../../src/render/suggest';
import { makeSite } from '../helpers/tempSite';
import { removeDir } from '../helpers/site';
import { cacheDir } from '../../src/render/cache/cacheDir';
import { filesUnder } from '../helpers/files';

const dirs: string[] = [];
after(() => dirs.forEach(removeDir));

const site = (files: Record<string, string>) => {
  const root = makeSite(files);
  dirs.push(root);
  return root;
};

const PLUGINS = {
  // TypeScript, compiled for every thread.
  'plugins/remark-shout.ts': `import type { Root } from 'mdast';
export default function remarkShout(options: { mark: string }) {
  return (tree: Root) => {
    tree.children.push({ type: 'paragraph', children: [{ type: 'text', value: options.mark }] });
  };
}
`,
  'plugins/rehype-external.mjs': `export default function rehypeExternal() {
  return (tree) => {
    const visit = (node) => {
      if (node.tagName === 'h2') node.properties.dataPlugin = 'rehype';
      (node.children ?? []).forEach(visit);
    };
    visit(tree);
  };
}
`,
  'components/Brand.tsx': `export default function Brand({ config }: { config: { title: string } }) {
  return <a href="/" className="navbar__brand">Brand of {config.title}</a>;
}
`,
  'components/DocFooter.tsx': `export default function DocFooter({ page }: { page: { route: string } }) {
  return <p className="probe-doc-footer">Footer of {page.route}</p>;
}
`,
  'components/NotFound.tsx': `export default function NotFound() {
  return <h1>Nothing here</h1>;
}
`,
  'theme/custom.css': '@import "./tokens.css";\n.probe { color: red; }\n',
  'theme/tokens.css': ':root { --c-primary: #aa3300; }\n',
};

const CONFIG = `export default {
  title: 'Ext',
  markdown: {
    remarkPlugins: [['./plugins/remark-shout.ts', { mark: 'SHOUTED' }]],
    rehypePlugins: ['./plugins/rehype-external.mjs'],
  },
  customCss: ['./theme/custom.css'],
  components: {
    navbarBrand: './components/Brand.tsx',
    docFooter: './components/DocFooter.tsx',
    notFound: './components/NotFound.tsx',
  },
};
`;

for (const workers of [0, 2]) {
  test(`plugins, a stylesheet and component overrides on every page (${workers ? 'render workers' : 'main thread'})`, async () => {
    const docs: Record<string, string> = {};
    for (let i = 0; i < 6; i++)
      docs[`docs/page-${i}.md`] = `# Page ${i}\n\n## Part\n\nText ${i}.\n`;
    const root = site({ ...PLUGINS, ...docs, 'dfdocs.config.ts': CONFIG });
    const out = join(root, 'dist');
    await build({ root, outDir: out, workers, strict: true, cache: false });
    for (let i = 0; i < 6; i++) {
      const html = readFileSync(join(out, 'docs', `page-${i}`, 'index.html'), 'utf8');
      assert.match(html, /<p>SHOUTED<\/p>/, `page ${i}: the remark plugin ran`);
      assert.match(html, /<h2 [^>]*data-plugin="rehype"/, `page ${i}: the rehype plugin ran`);
      assert.match(html, /Brand of <!-- -->Ext/, `page ${i}: the navbar brand`);
      assert.match(
        html,
        new RegExp(`Footer of <!-- -->/docs/page-${i}`),
        `page ${i}: the doc footer`,
      );
      const css = /<link rel="stylesheet" href="\/(assets\/custom\/custom\.\w+\.css)">/.exec(html);
      assert.ok(css, `page ${i}: the custom stylesheet`);
      // Its @import is inlined.
      assert.match(readFileSync(join(out, css[1]!), 'utf8'), /--c-primary:\s*#a(a3)?30/);
    }
    assert.match(readFileSync(join(out, '404.html'), 'utf8'), /<h1>Nothing here<\/h1>/);
    assert.ok(!existsSync(join(out, 'theme')), 'the stylesheet is bundled, not copied');
  });
}

test("a site's own client is bundled again only when a file it was bundled from changed", async () => {
  const root = site({ ...PLUGINS, 'docs/intro.md': '# Intro\n', 'dfdocs.config.ts': CONFIG });
  const out = join(root, 'dist');
  const clientText = () =>
    filesUnder(join(out, 'assets'), (n) => n.endsWith('.js'))
      .map((f) => readFileSync(f, 'utf8'))
      .join('\n');
  const bundles = () => readdirSync(cacheDir(root)).filter((n) => n.startsWith('site-bundle-'));
  await build({ root, outDir: out, workers: 0 });
  assert.match(clientText(), /Brand of/);
  const [made] = bundles();
  assert.ok(made, 'the site bundle is kept in the cache');
  const madeAt = statSync(join(cacheDir(root), made, 'inputs.json')).mtimeMs;
  await build({ root, outDir: out, workers: 0 });
  assert.equal(
    statSync(join(cacheDir(root), made, 'inputs.json')).mtimeMs,
    madeAt,
    'nothing changed: the kept bundle is used',
  );
  // The component is among the files it was made from: an edit bundles the client again.
  const brand = join(root, 'components/Brand.tsx');
  writeFileSync(brand, readFileSync(brand, 'utf8').replace('Brand of', 'Edited brand of'));
  await build({ root, outDir: out, workers: 0 });
  assert.match(clientText(), /Edited brand of/);
  assert.deepEqual(bundles(), [made], 'one site bundle kept, made again');
  assert.notEqual(statSync(join(cacheDir(root), made, 'inputs.json')).mtimeMs, madeAt);
});

test('a plugin given as a function is refused, saying why', async () => {
  const root = site({
    'docs/intro.md': '# I\n',
    'dfdocs.config.ts':
      'export default {\n  markdown: {\n    remarkPlugins: [() => (tree) => tree],\n  },\n};\n',
  });
  await assert.rejects(loadConfig(root), (err: DfdocsError) => {
    const d = err.diagnostics[0]!;
    assert.equal(d.file, 'dfdocs.config.ts');
    assert.equal(d.line, 3);
    assert.match(
      d.message,
      /`markdown\.remarkPlugins\[0\]` must be a module specifier or path .* but it is a function/,
    );
    assert.match(
      d.hint!,
      /worker threads, which cannot be handed a function: put the plugin in a module/,
    );
    return true;
  });
});

test('options a worker cannot receive are refused', async () => {
  const root = site({
    'docs/intro.md': '# I\n',
    'plugins/p.mjs': 'export default () => () => {};\n',
    'dfdocs.config.ts':
      "export default { markdown: { rehypePlugins: [['./plugins/p.mjs', { test: (x) => x }]] } };\n",
  });
  await assert.rejects(loadConfig(root), /markdown\.rehypePlugins\[0\]\[1\]` must be plain data/);
});

test('a stylesheet, a component or a plugin that does not exist is reported at its key, with the closest file', async () => {
  const root = site({
    'docs/intro.md': '# I\n',
    'theme/custom.css': '',
    'dfdocs.config.ts': "export default {\n  customCss: ['./theme/costum.css'],\n};\n",
  });
  await assert.rejects(loadConfig(root), (err: DfdocsError) => {
    const d = err.diagnostics[0]!;
    assert.equal(d.code, 'ConfigPathMissing');
    assert.equal(d.line, 2);
    assert.match(d.message, /`customCss\[0\]` names a stylesheet "\.\/theme\/costum\.css"/);
    assert.match(d.hint!, /did you mean "custom\.css"\?/);
    return true;
  });
});

test('a plugin package that is not installed is reported at the config file', async () => {
  const root = site({
    'docs/intro.md': '# I\n',
    'dfdocs.config.ts':
      "export default { markdown: { remarkPlugins: ['remark-not-installed'] } };\n",
  });
  await assert.rejects(build({ root, outDir: join(root, 'dist') }), (err: DfdocsError) => {
    const d = err.diagnostics[0]!;
    assert.equal(d.code, 'MarkdownPluginLoad');
    assert.equal(d.file, 'dfdocs.config.ts');
    assert.match(d.message, /remark-not-installed/);
    return true;
  });
});

test('suggestions are ranked by spelling distance, not by the alphabet', () => {
  assert.deepEqual(closest('gettin-started', ['api', 'getting-help', 'getting-started']), [
    'getting-started',
  ]);
  assert.deepEqual(closest('intro', ['index', 'introduction', 'intro2', 'outro']), [
    'intro2',
    'outro',
    'introduction',
  ]);
  assert.deepEqual(closest('zzz', ['aaa', 'abc']), [], 'nothing close: no suggestion');
  assert.deepEqual(closest('guide', ['aaa', 'guide/intro']), ['guide/intro'], 'a prefix counts');
});
