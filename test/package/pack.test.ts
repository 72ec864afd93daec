/**
 * dfdocs as a user gets it: the package is packed (its file list asserted), the tarball
 * installed into an empty project from npm's cache, and used there as a user would —
 * `npx dfdocs`, a folder of docs with no config, `import('dfdocs')`, the config's types,
 * `dfdocs init` with a local remark plugin, a custom stylesheet and a footer override, and
 * a site asking for an API reference without TypeDoc installed.
 *
 * The CLI is packed as `npm test` compiled it (scripts/build-cli.mjs runs before the
 * tests; `prepack` would compile it again, under the feet of the tests running beside
 * this one), so the pack skips scripts; a test below checks that `prepack` compiles.
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPO_ROOT, removeDir } from '../helpers/site';

let work: string;
let project: string;
let files: string[];

function run(cmd: string, args: string[], cwd: string): SpawnSyncReturns<string> {
  // Without the test runner's environment: no tsx loader, no NODE_OPTIONS of the repo.
  const env = { ...process.env };
  delete env.NODE_OPTIONS;
  delete env.NODE_ENV;
  return spawnSync(cmd, args, { cwd, encoding: 'utf8', env, timeout: 240_000 });
}

const ok = (r: SpawnSyncReturns<string>, what: string) =>
  assert.equal(r.status, 0, `${what} failed:\n${r.stdout}\n${r.stderr}`);

function write(dir: string, rel: string, text: string): void {
  mkdirSync(join(dir, rel, '..'), { recursive: true });
  writeFileSync(join(dir, rel), text);
}

before(() => {
  work = mkdtempSync(join(tmpdir(), 'dfdocs-pack-'));
  const packed = run(
    'npm',
    ['pack', '--ignore-scripts', '--json', '--pack-destination', work],
    REPO_ROOT,
  );
  ok(packed, 'npm pack');
  const [info] = JSON.parse(packed.stdout) as { filename: string; files: { path: string }[] }[];
  files = info!.files.map((f) => f.path).sort();
  project = join(work, 'project');
  write(project, 'package.json', '{ "name": "probe", "private": true, "type": "module" }\n');
  // From npm's cache where it has them: the test does not wait on the registry.
  const installed = run(
    'npm',
    ['install', join(work, info!.filename), '--prefer-offline', '--no-audit', '--no-fund'],
    project,
  );
  ok(installed, 'npm install of the tarball');
});

after(() => removeDir(work));

test('the tarball holds the compiled CLI, the prebuilt client, templates and types, and nothing of the site, engine, tests or benchmarks', () => {
  for (const f of [
    'package.json',
    'README.md',
    'LICENSE',
    'bin/dfdocs.js',
    'dist-cli/cli.js',
    'dist-cli/index.js',
    'dist-cli/render-worker.js',
    'dist-cli/search-worker.js',
    'dist-cli/typedoc-worker.js',
    'dist-cli/types/index.d.ts',
    'templates/App.tsx',
    'templates/styles.css',
    'src/client/hydrate.tsx',
  ])
    assert.ok(files.includes(f), `${f} is packed`);
  assert.ok(
    files.some((f) => /^dist-cli\/client\/bundle-[0-9a-f]+\/assets\.json$/.test(f)),
    'the prebuilt client is packed',
  );
  const unwanted = files.filter((f) =>
    /^(docs|engine|test|bench|pages|static|\.ci|node_modules)\/|^dfdocs\.config\.ts$|\.map$/.test(
      f,
    ),
  );
  assert.deepEqual(unwanted, []);
  const pkg = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8'));
  assert.equal(pkg.scripts.prepack, 'node scripts/build-cli.mjs', 'packing compiles the CLI');
  assert.equal(pkg.dependencies.tinyframejs, undefined);
  assert.equal(pkg.dependencies.typedoc, undefined, 'TypeDoc is an optional peer');
  assert.equal(pkg.peerDependenciesMeta.typedoc.optional, true);
});

test('in an empty project: `npx dfdocs --help` exits 0 and `import("dfdocs")` exposes the API', () => {
  const help = run('npx', ['dfdocs', '--help'], project);
  ok(help, 'npx dfdocs --help');
  assert.match(help.stdout, /Usage: dfdocs/);
  assert.match(help.stdout, /init \[options\] \[dir\]/);
  const api = run(
    process.execPath,
    [
      '-e',
      "import('dfdocs').then((m) => console.log(['build', 'dev', 'serve', 'init', 'defineConfig'].map((k) => k + ':' + typeof m[k]).join(' ')))",
    ],
    project,
  );
  ok(api, 'import("dfdocs")');
  assert.equal(
    api.stdout.trim(),
    'build:function dev:function serve:function init:function defineConfig:function',
  );
});

test('a folder holding only docs/intro.md and docs/guide.md builds with no config, strictly, with a home page', () => {
  const site = join(project, 'only-docs');
  write(site, 'docs/intro.md', '# Introduction\n\nWelcome. Read [the guide](./guide.md).\n');
  write(site, 'docs/guide.md', '# Guide\n\nHow to use it.\n');
  const built = run('npx', ['dfdocs', 'build', '--strict'], site);
  ok(built, 'dfdocs build');
  assert.match(built.stdout, /built 4 pages/);
  const home = readFileSync(join(site, 'dist', 'index.html'), 'utf8');
  assert.match(home, /href="\/docs\/intro"[^>]*>Get started</);
  assert.ok(existsSync(join(site, 'dist', 'docs', 'guide', 'index.html')));
});

test('the programmatic API builds and reports, without exiting', () => {
  const site = join(project, 'api-site');
  write(site, 'docs/intro.md', '# Intro\n\nA [broken link](/docs/nowhere).\n');
  write(
    project,
    'build.mjs',
    `import { build } from 'dfdocs';
const result = await build({ root: 'api-site' });
console.log(JSON.stringify({ pages: result.pages, out: result.outDir, warnings: result.warnings.map((w) => w.code) }));
try {
  await build({ root: 'api-site', strict: true });
} catch (err) {
  console.log('rejected:', err.diagnostics.map((d) => d.file + ':' + d.line).join(','));
}
`,
  );
  const r = run(process.execPath, ['build.mjs'], project);
  ok(r, 'node build.mjs');
  const [first, second] = r.stdout.trim().split('\n');
  assert.deepEqual(JSON.parse(first!), {
    pages: 3,
    out: join(site, 'dist'),
    warnings: ['BrokenLink'],
  });
  assert.equal(second, 'rejected: docs/intro.md:3');
});

test("dfdocs.config.ts is typed by the package's own declarations", () => {
  const tsc = join(REPO_ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
  const dir = join(project, 'typed');
  write(
    dir,
    'tsconfig.json',
    JSON.stringify({
      compilerOptions: {
        target: 'ES2022',
        lib: ['ES2022'],
        module: 'NodeNext',
        moduleResolution: 'NodeNext',
        strict: true,
        noEmit: true,
        types: [],
      },
    }),
  );
  write(
    dir,
    'dfdocs.config.ts',
    `import { defineConfig, type BuildResult } from 'dfdocs';
export default defineConfig({
  title: 'Typed',
  markdown: { remarkPlugins: [['./plugin.mjs', { a: 1 }]] },
  components: { footer: './Footer.tsx' },
  api: { entry: 'src/index.ts' },
});
export const pages = (r: BuildResult): number => r.pages;
`,
  );
  write(dir, 'package.json', '{ "type": "module" }\n');
  ok(run(process.execPath, [tsc, '-p', dir], dir), 'tsc on a well-typed config');
  write(
    dir,
    'dfdocs.config.ts',
    "import { defineConfig } from 'dfdocs';\nexport default defineConfig({ titel: 'Typo' });\n",
  );
  const bad = run(process.execPath, [tsc, '-p', dir], dir);
  assert.equal(bad.status, 2);
  assert.match(
    bad.stdout,
    /dfdocs\.config\.ts\(2,31\): error TS2561: .*'titel'.*Did you mean to write 'title'\?/,
  );
});

test('an init site with a local remark plugin, a custom stylesheet and a footer override shows all three', () => {
  const init = run('npx', ['dfdocs', 'init', 'starter'], project);
  ok(init, 'dfdocs init');
  assert.match(init.stdout, /cd starter\n\s+npm install\n\s+npm run dev/);
  const site = join(project, 'starter');
  // init refuses a folder that is not empty.
  const again = run('npx', ['dfdocs', 'init', 'starter'], project);
  assert.equal(again.status, 1);
  assert.match(again.stderr, /is not empty .* --force/);
  write(
    site,
    'plugins/remark-stamp.mjs',
    `// Appends a paragraph to every page.
export default function remarkStamp(options = {}) {
  return (tree) => {
    tree.children.push({ type: 'paragraph', children: [{ type: 'text', value: options.text }] });
  };
}
`,
  );
  write(
    site,
    'custom.css',
    ':root { --c-primary: #7a2bbf; }\n.probe-footer { letter-spacing: 0.02em; }\n',
  );
  write(
    site,
    'components/Footer.tsx',
    `export default function Footer({ config }: { config: { title: string } }) {
  return (
    <footer className="footer footer--dark probe-footer">
      <p className="footer__copyright">Footer override of {config.title}</p>
    </footer>
  );
}
`,
  );
  const configFile = join(site, 'dfdocs.config.ts');
  const config = readFileSync(configFile, 'utf8');
  writeFileSync(
    configFile,
    config.replace(
      /\}\);\n$/,
      `  markdown: { remarkPlugins: [['./plugins/remark-stamp.mjs', { text: 'Stamped by the site plugin.' }]] },
  customCss: ['./custom.css'],
  components: { footer: './components/Footer.tsx' },
});
`,
    ),
  );
  const built = run('npx', ['dfdocs', 'build', '--strict'], site);
  ok(built, 'dfdocs build of the init site');
  const dist = join(site, 'dist');
  const intro = readFileSync(join(dist, 'docs', 'intro', 'index.html'), 'utf8');
  assert.match(intro, /<p>Stamped by the site plugin\.<\/p>/);
  const css =
    /<link rel="stylesheet" href="\/assets\/styles\.[^"]+"><link rel="stylesheet" href="\/(assets\/custom\/custom\.[A-Z0-9]+\.css)">/.exec(
      intro,
    );
  assert.ok(css, 'the custom stylesheet is linked after the theme');
  assert.match(readFileSync(join(dist, css[1]!), 'utf8'), /--c-primary:\s*#7a2bbf/);
  assert.match(
    intro,
    /<footer class="footer footer--dark probe-footer"><p class="footer__copyright">Footer override of <!-- -->Starter<\/p><\/footer>/,
  );
  assert.doesNotMatch(intro, /footer__columns/, 'the default footer is replaced');
  // The override is in the site's client too, so hydration renders the same footer.
  const chunks = join(dist, 'assets', 'chunks');
  const js = [
    ...readdirSync(join(dist, 'assets')),
    ...readdirSync(chunks).map((f) => `chunks/${f}`),
  ]
    .filter((f) => f.endsWith('.js'))
    .map((f) => readFileSync(join(dist, 'assets', f), 'utf8'))
    .join('\n');
  assert.match(js, /Footer override of/);
  // The home page is the starter's React page.
  assert.match(readFileSync(join(dist, 'index.html'), 'utf8'), /Where to start/);
});

test('a site asking for an API reference without TypeDoc installed is told what to install', () => {
  const site = join(project, 'api-ref');
  write(site, 'docs/intro.md', '# Intro\n');
  write(
    site,
    'src/index.ts',
    '/** Adds. */\nexport const add = (a: number, b: number): number => a + b;\n',
  );
  write(site, 'dfdocs.config.ts', "export default { api: { entry: 'src/index.ts' } };\n");
  const r = run('npx', ['dfdocs', 'build'], site);
  assert.equal(r.status, 1);
  assert.match(
    r.stderr,
    /dfdocs\.config\.ts:1:1 — the site configures an API reference \(`api`\), which is generated with TypeDoc, but "(typedoc|typescript)" is not installed — install them in the site with `npm install --save-dev typedoc typescript`/,
  );
});
