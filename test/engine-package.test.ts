// The engine as its users get it (issue 28): `npm pack` of engine/, the tarball installed into an
// empty project, and there every snippet of the installation page run as a reader would — the
// ES module with plain `node`, the two CommonJS ones, the TypeScript one compiled by `tsc` with the
// strict flags the page shows and then run, the browser one loaded into Chromium from a page
// served on 127.0.0.1 (the CDN URL answered with the installed package's file, as jsDelivr maps
// `/npm/<name>@<version>/<path>`), the self-hosted browser file in a module Web Worker, and the
// first examples of the home page and of Getting Started.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import {
  copyFileSync,
  cpSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { extname, join, normalize, sep } from 'node:path';
import type { Code, Root } from 'mdast';
import { REPO_ROOT, removeDir } from './helpers/site';
import { collectErrors, launchBrowser, type TestBrowser } from './helpers/browser';
import { parseMarkdownFile } from '../src/render/examples/extract';
import { FIRST_EXAMPLE, firstExampleOutput } from '../pages/index';

const ENGINE = join(REPO_ROOT, 'engine');
const TSC = join(REPO_ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
const INSTALLATION = join(REPO_ROOT, 'docs', 'getting-started', 'installation.md');
const GETTING_STARTED = join(REPO_ROOT, 'docs', 'getting-started', 'index.md');

interface Snippet {
  title: string;
  lang: string;
  code: string;
  /** The ```txt block right after it, when there is one. */
  output?: string;
}

/** The titled code blocks of a page (`title="check.mjs"`), with the output block after each. */
function snippets(file: string): Map<string, Snippet> {
  const tree: Root = parseMarkdownFile(readFileSync(file, 'utf8'));
  const out = new Map<string, Snippet>();
  const visit = (nodes: Root['children']) => {
    nodes.forEach((node, i) => {
      if (node.type === 'code') {
        const title = /title="([^"]+)"/.exec(node.meta ?? '')?.[1];
        const next = nodes[i + 1] as Code | undefined;
        if (title)
          out.set(title, {
            title,
            lang: node.lang ?? '',
            code: node.value,
            ...(next?.type === 'code' && next.lang === 'txt' ? { output: next.value } : {}),
          });
      } else if ('children' in node) visit(node.children as Root['children']);
    });
  };
  visit(tree.children);
  return out;
}

/** The `// => text` comments of a snippet, in order: what it says it prints. */
function arrows(code: string): string[] {
  return code
    .split('\n')
    .map((l) => /\/\/ => (.*)$/.exec(l)?.[1])
    .filter((t): t is string => t !== undefined);
}

let work: string;
let project: string;
let tarball: string;
let packedFiles: string[];
let installed: string;
let version: string;
const page = snippets(INSTALLATION);

/** Runs `node <file>` in the project; stdout, or a failure with stderr. */
function runNode(file: string): string {
  const r = spawnSync(process.execPath, [file], { cwd: project, encoding: 'utf8' });
  assert.equal(r.status, 0, `node ${file} failed:\n${r.stderr}`);
  return r.stdout;
}

function write(name: string, text: string): void {
  writeFileSync(join(project, name), text);
}

before(() => {
  work = mkdtempSync(join(tmpdir(), 'dfdocs-engine-pack-'));
  // `npm pack` runs the package's prepack (the build), as publishing does — in a copy of the
  // package, so the build does not swap engine/dist under tests running beside this one.
  const source = join(work, 'engine');
  cpSync(ENGINE, source, {
    recursive: true,
    filter: (from) => !/[/\\](dist|node_modules|test|\.dist-[^/\\]*)$/.test(from),
  });
  symlinkSync(join(REPO_ROOT, 'node_modules'), join(source, 'node_modules'), 'dir');
  const packed = execFileSync('npm', ['pack', '--json', '--pack-destination', work], {
    cwd: source,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const info = JSON.parse(packed.slice(packed.indexOf('['))) as {
    filename: string;
    version: string;
    files: { path: string }[];
  }[];
  tarball = join(work, info[0]!.filename);
  version = info[0]!.version;
  packedFiles = info[0]!.files.map((f) => f.path).sort();
  project = join(work, 'project');
  execFileSync('mkdir', [project]);
  write(
    'package.json',
    JSON.stringify({ name: 'install-check', private: true, type: 'module' }, null, 2),
  );
  execFileSync(
    'npm',
    ['install', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error', tarball],
    { cwd: project, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  installed = join(project, 'node_modules', 'tinyframejs');
});

after(() => removeDir(work));

test('the tarball holds the built package only: ES modules, declarations, the browser build', () => {
  for (const f of ['dist/index.js', 'dist/index.d.ts', 'dist/tinyframe.browser.js'])
    assert.ok(packedFiles.includes(f), `${f} is not in the tarball`);
  const stray = packedFiles.filter(
    (f) =>
      !(f === 'package.json' || f === 'README.md' || f.startsWith('dist/')) ||
      (f.endsWith('.ts') && !f.endsWith('.d.ts')),
  );
  assert.deepEqual(stray, [], 'files users do not need');
  const pkg = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8'));
  assert.equal(pkg.sideEffects, false);
  assert.deepEqual(pkg.exports['.'], {
    types: './dist/index.d.ts',
    import: './dist/index.js',
    default: './dist/index.js',
  });
  // The optional peer is not installed with it.
  assert.equal(existsSync(join(project, 'node_modules', 'exceljs')), false);
});

test('installation page: the ES module snippet runs under plain node', () => {
  const s = page.get('index.mjs')!;
  assert.match(s.code, /from 'tinyframejs'/);
  write('index.mjs', `${s.code}\nconsole.log(typeof DataFrame, typeof readCsv);\n`);
  assert.equal(runNode('index.mjs'), 'function function\n');
});

test('installation page: both CommonJS snippets run and print what their comments say', () => {
  for (const name of ['index.cjs', 'import.cjs']) {
    const s = page.get(name);
    assert.ok(s, `the page has no ${name} snippet`);
    write(name, s.code);
    assert.deepEqual(runNode(name).trimEnd().split('\n'), arrows(s.code), name);
  }
});

test('installation page: check.mjs prints the output the page shows', () => {
  const s = page.get('check.mjs')!;
  write('check.mjs', s.code);
  assert.equal(runNode('check.mjs').trimEnd(), s.output);
});

test('installation page: types.ts compiles with the strict tsconfig shown, then runs', () => {
  const config = page.get('tsconfig.json')!;
  const options = JSON.parse(config.code).compilerOptions;
  assert.equal(options.strict, true);
  assert.equal(options.exactOptionalPropertyTypes, true);
  assert.equal(options.noUncheckedIndexedAccess, true);
  assert.equal(options.skipLibCheck, undefined, 'the declarations are checked too');
  write('tsconfig.json', config.code);
  const s = page.get('types.ts')!;
  write('types.ts', s.code);
  // No @types/node in this project: the declarations need no Node types.
  const tsc = spawnSync(process.execPath, [TSC, '-p', project], { encoding: 'utf8' });
  assert.equal(tsc.status, 0, tsc.stdout + tsc.stderr);
  assert.deepEqual(runNode('build/types.js').trimEnd().split('\n'), arrows(s.code));
  // "With a bundler, moduleResolution bundler works as well."
  write(
    'tsconfig.bundler.json',
    JSON.stringify({
      compilerOptions: {
        ...options,
        module: 'esnext',
        moduleResolution: 'bundler',
        noEmit: true,
      },
      files: ['types.ts'],
    }),
  );
  const bundler = spawnSync(process.execPath, [TSC, '-p', join(project, 'tsconfig.bundler.json')], {
    encoding: 'utf8',
  });
  assert.equal(bundler.status, 0, bundler.stdout + bundler.stderr);
});

test('an optional reader without its package fails naming what to install', () => {
  write(
    'excel.mjs',
    "import { readExcel } from 'tinyframejs';\n" +
      'await readExcel(new Uint8Array([1])).catch((e) => console.log(e.message));\n',
  );
  assert.match(runNode('excel.mjs'), /needs the optional package "exceljs".*npm install exceljs/);
});

test('the home page and Getting Started first examples print what the pages show', () => {
  write('first.mjs', FIRST_EXAMPLE);
  assert.equal(runNode('first.mjs').trimEnd(), firstExampleOutput());
  const minute = snippets(GETTING_STARTED).get('first.mjs')!;
  write('minute.mjs', minute.code);
  assert.equal(runNode('minute.mjs').trimEnd(), minute.output);
});

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
};

/** Serves the project folder on 127.0.0.1 (a port chosen by the system). */
async function serveProject(): Promise<{ url: string; server: Server }> {
  const server = createServer((req, res) => {
    const path = normalize(
      join(project, decodeURIComponent(new URL(req.url!, 'http://x').pathname)),
    );
    if (!path.startsWith(project + sep) || !existsSync(path)) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': TYPES[extname(path)] ?? 'application/octet-stream' });
    res.end(readFileSync(path));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

test('installation page: the browser snippet runs in Chromium; the browser build is one self-contained module', async () => {
  const s = page.get('index.html')!;
  const cdn = /from '(https:\/\/cdn\.jsdelivr\.net\/npm\/tinyframejs@([^/]+)\/([^']+))'/.exec(
    s.code,
  );
  assert.ok(cdn, 'the snippet imports the package from jsDelivr');
  assert.equal(cdn[2], version, 'the snippet pins the version being published');
  const file = join(installed, cdn[3]!);
  assert.ok(existsSync(file), `${cdn[3]} is not in the package`);

  // One module, no imports of its own (what a page or a Web Worker can load as is).
  const { build } = await import('esbuild');
  const meta = await build({
    entryPoints: [file],
    bundle: true,
    write: false,
    metafile: true,
    platform: 'browser',
    format: 'esm',
    logLevel: 'silent',
  });
  assert.deepEqual(Object.keys(meta.metafile.inputs).length, 1);

  // What the snippet should show: the same code run in Node against the installed package.
  const body = /<script type="module">([\s\S]*)<\/script>/.exec(s.code)![1]!;
  write(
    'expected.mjs',
    'let shown;\nglobalThis.document = { querySelector: () => ({ set textContent(v) { shown = v; } }) };\n' +
      body.replace(cdn[1]!, 'tinyframejs') +
      '\nconsole.log(shown);\n',
  );
  const expected = runNode('expected.mjs').trimEnd();
  assert.match(expected, /fig/);

  write('index.html', s.code);
  copyFileSync(file, join(project, 'tinyframe.browser.js'));
  write(
    'worker.js',
    "import { DataFrame } from './tinyframe.browser.js';\n" +
      "postMessage(new DataFrame({ n: [1, 2, 3] }).sum('n'));\n",
  );
  const { url, server } = await serveProject();
  let browser: TestBrowser | undefined;
  try {
    browser = await launchBrowser();
    const requested: string[] = [];
    await browser.context.route('https://cdn.jsdelivr.net/npm/**', (route) => {
      const m = /^\/npm\/tinyframejs@([^/]+)\/(.+)$/.exec(new URL(route.request().url()).pathname);
      const path = m && m[1] === version ? join(installed, m[2]!) : undefined;
      requested.push(route.request().url());
      return path && existsSync(path)
        ? route.fulfill({
            status: 200,
            contentType: TYPES['.js'],
            body: readFileSync(path, 'utf8'),
          })
        : route.fulfill({ status: 404 });
    });
    const tab = await browser.newPage();
    const errors = collectErrors(tab);
    const external: string[] = [];
    tab.on('request', (r) => {
      const u = new URL(r.url());
      if (u.hostname !== '127.0.0.1' && u.hostname !== 'cdn.jsdelivr.net') external.push(r.url());
    });
    await tab.goto(`${url}/index.html`);
    await tab.waitForFunction(() => document.querySelector('#out')?.textContent !== '');
    assert.equal(await tab.locator('#out').textContent(), expected);
    assert.deepEqual(requested, [cdn[1]]);
    // The self-hosted copy, in a module Web Worker.
    const sum = await tab.evaluate(
      () =>
        new Promise((resolve, reject) => {
          const w = new Worker('./worker.js', { type: 'module' });
          w.onmessage = (e) => resolve(e.data);
          w.onerror = (e) => reject(new Error(e.message));
        }),
    );
    assert.equal(sum, 6);
    assert.deepEqual(errors, []);
    assert.deepEqual(external, []);
  } finally {
    await browser?.close();
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  }
});

test('the packed declarations are what the strict tsconfig compiled (no source shipped)', () => {
  const dts = readdirSync(join(installed, 'dist')).filter((f) => f.endsWith('.d.ts'));
  assert.ok(dts.includes('index.d.ts') && dts.includes('DataFrame.d.ts'));
  assert.doesNotMatch(readFileSync(join(installed, 'dist', 'index.d.ts'), 'utf8'), /\.ts'/);
});
