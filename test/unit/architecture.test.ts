import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { REPO_ROOT } from '../helpers/site';
import { VERSION } from '../../src/render/version';

function files(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) files(p, out);
    else if (/\.(ts|tsx)$/.test(name)) out.push(p);
  }
  return out;
}

const imports = (src: string) =>
  [
    ...src.matchAll(
      /(?:import|export)[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g,
    ),
  ].map((m) => m[1] ?? m[2]!);

test('templates/ and src/client/ never import Node APIs or the render side', () => {
  const offenders: string[] = [];
  for (const dir of ['templates', 'src/client']) {
    for (const f of files(join(REPO_ROOT, dir))) {
      for (const spec of imports(readFileSync(f, 'utf8'))) {
        if (
          spec.startsWith('node:') ||
          ['fs', 'path', 'os', 'child_process', 'worker_threads'].includes(spec) ||
          /src\/render|\/render\//.test(spec) ||
          /\/cli\//.test(spec)
        ) {
          offenders.push(`${relative(REPO_ROOT, f)} imports ${spec}`);
        }
      }
    }
  }
  assert.deepEqual(
    offenders,
    [],
    'browser code must stay portable: templates → shared and client → templates → shared only',
  );
});

test('src/render/ never touches the DOM, and src/shared/ imports nothing from the project', () => {
  const offenders: string[] = [];
  for (const f of files(join(REPO_ROOT, 'src/render'))) {
    const src = readFileSync(f, 'utf8').replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '');
    // Inline scripts shipped as strings (the theme bootstrap) are browser code by design.
    const code = src.replace(/`(?:\\.|[^`\\])*`|'(?:\\.|[^'\\])*'|"(?:\\.|[^"\\])*"/g, '""');
    if (/\b(document|window)\.\w/.test(code))
      offenders.push(`${relative(REPO_ROOT, f)} uses document/window`);
    for (const spec of imports(src))
      if (spec.includes('src/client') || spec.includes('/client/'))
        offenders.push(`${relative(REPO_ROOT, f)} imports ${spec}`);
  }
  for (const f of files(join(REPO_ROOT, 'src/shared'))) {
    for (const spec of imports(readFileSync(f, 'utf8')))
      if (spec.startsWith('.') && !spec.startsWith('./'))
        offenders.push(`${relative(REPO_ROOT, f)} imports ${spec}`);
  }
  assert.deepEqual(
    offenders,
    [],
    'the render side runs in Node only; shared is the leaf contract module',
  );
});

test('the CLI version matches package.json', () => {
  const pkg = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8'));
  assert.equal(VERSION, pkg.version);
});

test('src/serve/ (the file server `serve` and `dev` share) imports neither dev, the CLI nor the client', () => {
  const offenders: string[] = [];
  for (const f of files(join(REPO_ROOT, 'src/serve')))
    for (const spec of imports(readFileSync(f, 'utf8')))
      if (/(^|\/)(dev|cli|client)(\/|$)/.test(spec))
        offenders.push(`${relative(REPO_ROOT, f)} imports ${spec}`);
  assert.deepEqual(offenders, [], 'dev and cli build on serve, never the other way round');
});

test('dfdocs names no library it documents: nothing in src/ or templates/ mentions TinyFrame or engine/', () => {
  const offenders: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const p = join(dir, name);
      if (statSync(p).isDirectory()) walk(p);
      else {
        const text = readFileSync(p, 'utf8');
        if (/tinyframe/i.test(text)) offenders.push(`${relative(REPO_ROOT, p)} names TinyFrame`);
        if (/['"`\s(]engine\//.test(text))
          offenders.push(`${relative(REPO_ROOT, p)} names engine/`);
      }
    }
  };
  walk(join(REPO_ROOT, 'src'));
  walk(join(REPO_ROOT, 'templates'));
  assert.deepEqual(offenders, []);
});

test("the package's entry (src/index.ts) loads nothing but types until a command runs", () => {
  const src = readFileSync(join(REPO_ROOT, 'src', 'index.ts'), 'utf8');
  const statics = [...src.matchAll(/^(import|export) (?!type\b)[^;]*?from\s+['"]([^'"]+)['"]/gm)];
  assert.deepEqual(
    statics.map((m) => m[0]),
    [],
    'a config file imports defineConfig from here: it must not load the build',
  );
  assert.match(src, /import\('\.\/api\/commands'\)/);
});

test('the engine imports nothing of the site, and the site reaches the engine only as a package', () => {
  const offenders: string[] = [];
  for (const f of files(join(REPO_ROOT, 'engine/src'))) {
    for (const spec of imports(readFileSync(f, 'utf8')))
      if (
        spec.startsWith('.') &&
        !relative(join(REPO_ROOT, 'engine/src'), join(f, '..', spec)).match(/^[^.]/)
      )
        offenders.push(`${relative(REPO_ROOT, f)} imports ${spec}`);
  }
  for (const dir of ['src', 'templates', 'pages']) {
    for (const f of files(join(REPO_ROOT, dir))) {
      for (const spec of imports(readFileSync(f, 'utf8')))
        if (/(^|\/)engine\//.test(spec))
          offenders.push(`${relative(REPO_ROOT, f)} imports ${spec}`);
    }
  }
  assert.deepEqual(
    offenders,
    [],
    'engine/ is a package of its own (workspace tinyframejs): it imports nothing outside engine/src, and the site imports it by name',
  );
});

test('the examples runner (issue 30) is reached only on demand, and its sandboxed worker imports nothing of the page', () => {
  const offenders: string[] = [];
  const staticImports = (src: string) =>
    [...src.matchAll(/(?:^|\n)\s*(?:import|export)(?!\s*\()[^'"]*?['"]([^'"]+)['"]/g)].map(
      (m) => m[1]!,
    );
  const runnerDir = join(REPO_ROOT, 'src/client/runner');
  for (const dir of ['templates', 'src/client'])
    for (const f of files(join(REPO_ROOT, dir))) {
      const src = readFileSync(f, 'utf8');
      const inRunner = f.startsWith(runnerDir + '/');
      for (const spec of staticImports(src)) {
        // Type-only imports vanish from the bundle.
        const line = src.split('\n').find((l) => l.includes(`'${spec}'`)) ?? '';
        if (/^\s*import type\b/.test(line)) continue;
        if (!inRunner && /(^|\/)runner\//.test(spec))
          offenders.push(`${relative(REPO_ROOT, f)} imports ${spec} statically`);
        // The editor and the sanitizer are chunks of their own, loaded by the runner when needed.
        // The grammar (src/shared/exampleBlock.ts) loads with the editor, or for an edited block.
        if (/exampleBlock$/.test(spec))
          offenders.push(`${relative(REPO_ROOT, f)} imports ${spec} statically`);
        if (/^@codemirror\/|^@lezer\//.test(spec) && !f.endsWith('runner/editor.ts'))
          offenders.push(`${relative(REPO_ROOT, f)} imports ${spec}`);
        if (spec === 'dompurify' && !f.endsWith('runner/chart.ts'))
          offenders.push(`${relative(REPO_ROOT, f)} imports ${spec}`);
      }
    }
  const worker = readFileSync(join(runnerDir, 'worker.ts'), 'utf8');
  for (const spec of imports(worker))
    if (!['./protocol', 'node-inspect-extracted'].includes(spec))
      offenders.push(`src/client/runner/worker.ts imports ${spec}`);
  assert.deepEqual(
    offenders,
    [],
    'nothing of the runner in the first load; the worker is bundled on its own and runs sandboxed',
  );
});

test('@mdx-js/mdx is imported only by src/render/mdx/, and only on demand (a site of .md pages never loads it)', () => {
  const offenders: string[] = [];
  for (const dir of ['src', 'templates']) {
    for (const f of files(join(REPO_ROOT, dir))) {
      const src = readFileSync(f, 'utf8');
      const rel = relative(REPO_ROOT, f).split('\\').join('/');
      if (/^\s*import\s[^;]*?from\s+['"]@mdx-js\/mdx['"]/m.test(src))
        offenders.push(`${rel} imports @mdx-js/mdx statically`);
      if (src.includes("import('@mdx-js/mdx')") && !rel.startsWith('src/render/mdx/'))
        offenders.push(`${rel} loads @mdx-js/mdx outside src/render/mdx/`);
    }
  }
  assert.deepEqual(offenders, []);
});

/**
 * Threads of the render side that are not the executor's: each has a job of its own
 * (never `renderPage`). Anything else that wants a thread goes through the executor.
 */
const THREADS_OUTSIDE_THE_EXECUTOR = [
  'src/render/search/searchThread.ts', // the search index, merged beside rendering
  'src/render/search/searchWorker.ts',
  'src/render/api/typedocThread.ts', // TypeDoc, beside loading the site (issue 32)
  'src/render/api/typedocWorker.ts',
];

test('only the executor (src/render/executor/) imports node:worker_threads on the render side', () => {
  const offenders: string[] = [];
  for (const f of files(join(REPO_ROOT, 'src/render'))) {
    const rel = relative(REPO_ROOT, f);
    if (rel.startsWith('src/render/executor/') || THREADS_OUTSIDE_THE_EXECUTOR.includes(rel))
      continue;
    for (const spec of imports(readFileSync(f, 'utf8')))
      if (spec === 'node:worker_threads' || spec === 'worker_threads')
        offenders.push(`${rel} imports ${spec}`);
  }
  assert.deepEqual(offenders, [], 'where pages render is the executor’s choice alone');
});

test("dev's client thread (src/dev/clientWorker.ts) bundles the client and renders no page: it loads neither templates nor the page, markdown or SSR code", () => {
  const resolveSpec = (from: string, spec: string) =>
    ['.ts', '.tsx', '/index.ts']
      .map((ext) => join(from, '..', spec) + ext)
      .find((f) => existsSync(f));
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const src = readFileSync(file, 'utf8');
    // Static value imports only: `import type` vanishes, a dynamic import loads on demand.
    for (const m of src.matchAll(
      /(?:^|\n)\s*(import|export)(?!\s+type\b)(?!\s*\()[^'"]*?from\s+['"](\.[^'"]+)['"]/g,
    )) {
      const target = resolveSpec(file, m[2]!);
      if (target) visit(target);
    }
  };
  visit(join(REPO_ROOT, 'src/dev/clientWorker.ts'));
  const loaded = [...seen].map((f) => relative(REPO_ROOT, f).split('\\').join('/'));
  assert.ok(loaded.includes('src/render/bundle/bundleClient.ts'), loaded.join(', '));
  assert.deepEqual(
    loaded.filter((f) =>
      /^(templates\/|src\/render\/(pages|markdown|ssr|stages|executor)\/|src\/dev\/devSite)/.test(
        f,
      ),
    ),
    [],
  );
});

test('build.ts is the list of stages, and says nothing about threads or caches', () => {
  const src = readFileSync(join(REPO_ROOT, 'src/render/build.ts'), 'utf8');
  const stages = [...src.matchAll(/await (loadSite|render|emit|finishSite)\(|return (commit)\(/g)];
  assert.deepEqual(
    stages.map((m) => m[1] ?? m[2]),
    ['loadSite', 'render', 'emit', 'finishSite', 'commit'],
  );
  for (const spec of imports(src)) assert.match(spec, /^\.\/stages\//, `build.ts imports ${spec}`);
  assert.doesNotMatch(src, /worker|thread|cache|pool/i);
});

test('every DFDOCS_* environment variable is read in src/render/tuning.ts alone, and each is documented there', () => {
  const offenders: string[] = [];
  const tuningFile = join(REPO_ROOT, 'src/render/tuning.ts');
  for (const f of files(join(REPO_ROOT, 'src')))
    if (f !== tuningFile && /process\.env\.DFDOCS_|process\.env\[/.test(readFileSync(f, 'utf8')))
      offenders.push(relative(REPO_ROOT, f));
  assert.deepEqual(offenders, [], 'read environment variables through src/render/tuning.ts');
  const tuning = readFileSync(tuningFile, 'utf8');
  for (const [, name] of tuning.matchAll(/process\.env\.(DFDOCS_\w+)/g))
    assert.match(tuning, new RegExp(`/\\*\\*[^/]*${name}[=:]`), `${name} has a doc comment`);
});

test('nothing in templates/ knows about caching: no template imports or names a cache', () => {
  const offenders: string[] = [];
  for (const f of files(join(REPO_ROOT, 'templates'))) {
    const src = readFileSync(f, 'utf8');
    for (const spec of imports(src))
      if (/cache/i.test(spec)) offenders.push(`${relative(REPO_ROOT, f)} imports ${spec}`);
    const code = src.replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '');
    if (/cache/i.test(code)) offenders.push(`${relative(REPO_ROOT, f)} names a cache`);
  }
  assert.deepEqual(offenders, [], 'reuse across pages is the render side’s business');
});

test('the build stages reach the caches only through src/render/incremental/', () => {
  const offenders: string[] = [];
  for (const f of files(join(REPO_ROOT, 'src/render/stages')))
    for (const spec of imports(readFileSync(f, 'utf8')))
      if (/\/cache\/|sourceIndex|previousOutput|blobLedger/.test(spec))
        offenders.push(`${relative(REPO_ROOT, f)} imports ${spec}`);
  assert.deepEqual(offenders, [], 'what a build reuses is the incremental layer’s business');
});
