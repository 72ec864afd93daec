import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  appendFileSync,
  chmodSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  statSync,
  symlinkSync,
  truncateSync,
  watch,
  type FSWatcher,
  writeFileSync,
} from 'node:fs';
import { spawn } from 'node:child_process';
import { tmpdir } from 'node:os';
import { dirname, join, sep } from 'node:path';
import { createHash } from 'node:crypto';
import { runCli } from '../helpers/tempSite';
import { REPO_ROOT } from '../helpers/site';
import { cacheDir } from '../../src/render/cache/cacheDir';
import { OUTPUT_MARKER } from '../../src/render/output/outputMarker';

/** A site in a folder of its own (`<box>/site`), so `..` and siblings can be checked too. */
function siteInBox(extra: Record<string, string> = {}): { box: string; root: string } {
  const box = mkdtempSync(join(tmpdir(), 'dfdocs-safety-'));
  const root = join(box, 'site');
  const files: Record<string, string> = {
    'docs/intro.md': '# Intro\n\nWelcome.\n',
    'docs/guide/first.md': '---\ntitle: First\n---\n\n# First\n\nSee [intro](../intro.md).\n',
    'docs/guide/second.md':
      '# Second\n\nSome **bold** text.\n\n```js\nconst x = 1;\n```\n' + 'More words. '.repeat(200),
    'static/robots-note.txt': 'static file\n',
    'notes.txt': 'my own notes\n',
    ...extra,
  };
  for (const [rel, content] of Object.entries(files)) {
    mkdirSync(dirname(join(root, rel)), { recursive: true });
    writeFileSync(join(root, rel), content);
  }
  return { box, root };
}

/** Every file, folder and link under `dir` with its bytes' hash and mode (dot-files included). */
function tree(dir: string, base = dir, out = new Map<string, string>()): Map<string, string> {
  for (const name of readdirSync(dir).sort()) {
    const p = join(dir, name);
    const rel = p.slice(base.length + 1);
    const st = lstatSync(p);
    if (st.isSymbolicLink()) out.set(rel, `link → ${readlinkSync(p)}`);
    else if (st.isDirectory()) {
      out.set(rel + '/', 'dir');
      tree(p, base, out);
    } else {
      const bytes = st.mode & 0o444 ? readFileSync(p) : Buffer.from('(unreadable)');
      out.set(
        rel,
        `${(st.mode & 0o777).toString(8)} ${createHash('sha256').update(bytes).digest('hex')}`,
      );
    }
  }
  return out;
}

/** The files of an output and their bytes (what a reader sees), without folders. */
function files(dir: string): Map<string, string> {
  return new Map([...tree(dir)].filter(([k]) => !k.endsWith('/')));
}

function assertSameFiles(a: string, b: string) {
  assert.deepEqual(files(a), files(b), `${a} and ${b} hold the same files and bytes`);
}

const build = (root: string, args: string[] = [], env: Record<string, string> = {}) =>
  runCli(['build', '--root', root, ...args], root, { DFDOCS_SYNC_CLEANUP: '1', ...env });

test('--out at the site, above it, over its sources, over a user folder or a file: exit 1 with the reason, nothing touched', () => {
  const { box, root } = siteInBox();
  mkdirSync(join(root, 'mine'));
  writeFileSync(join(root, 'mine', 'keep.txt'), 'precious\n');
  writeFileSync(join(root, 'a-file.txt'), 'a file\n');
  mkdirSync(join(box, 'sibling'));
  writeFileSync(join(box, 'sibling', 'other.txt'), 'beside the site\n');
  const before = tree(box);
  const cases: [string, RegExp][] = [
    ['.', /--out \. is the site's own folder .*: replacing it would delete the site/],
    ['..', /--out \.\. is a folder above the site .*: replacing it would delete the site/],
    ['docs', /--out docs is docs\/, which the build reads: replacing it would delete sources/],
    ['docs/guide', /--out docs\/guide is inside docs\/, which the build reads/],
    ['static', /--out static is static\/, which the build reads/],
    [
      'mine',
      /--out mine is a folder of 1 entry that dfdocs did not make: building would replace them all — choose an empty or new folder, or pass --force/,
    ],
    ['a-file.txt', /--out a-file\.txt is an existing file, not a folder/],
    ['.dfdocs', /--out \.dfdocs overlaps the render cache/],
  ];
  for (const [out, reason] of cases) {
    const res = build(root, ['--out', out]);
    assert.equal(res.status, 1, `--out ${out}: exit 1 (${res.stderr})`);
    assert.match(res.stderr, reason);
    assert.doesNotMatch(res.stderr, /\n\s+at /, 'no stack trace');
    assert.deepEqual(tree(box), before, `--out ${out}: every file and folder is as it was`);
  }
  // A link to a folder the site reads is refused for what it points at.
  symlinkSync(join(root, 'docs'), join(root, 'docs-link'));
  const linked = build(root, ['--out', 'docs-link']);
  assert.equal(linked.status, 1);
  assert.match(linked.stderr, /--out docs-link \(a link to .*docs\) is docs\//);
  assert.ok(existsSync(join(root, 'docs', 'intro.md')));
});

test('a mistyped --root is an error naming the folder; nothing is built or written', () => {
  const { box, root } = siteInBox();
  const before = tree(box);
  for (const command of [['build'], ['serve'], ['dev', '--port', '0']]) {
    const res = runCli([...command, '--root', join(root, 'nowhere')], root);
    assert.equal(res.status, 1, `${command[0]}: exit 1 (${res.stderr})`);
    assert.match(res.stderr, /the site folder .*nowhere does not exist or is not a folder/);
    assert.match(res.stderr, /\[SiteRootMissing\]/);
  }
  assert.deepEqual(tree(box), before, 'no folder made for the typo, no output anywhere');
});

test("--out over the API entry's folder (a folder the config names) is refused too, even with --force, before anything is written", () => {
  const { box, root } = siteInBox({
    'dfdocs.config.ts':
      "export default { title: 'Guarded', api: { entry: 'lib/src/index.ts' } };\n",
    'lib/src/index.ts':
      '/** Adds. */\nexport function add(a: number, b: number): number {\n  return a + b;\n}\n',
  });
  const before = tree(box);
  for (const out of ['lib/src', 'lib']) {
    const res = build(root, ['--out', out, '--force']);
    assert.equal(res.status, 1, `--out ${out}: exit 1 (${res.stderr})`);
    assert.match(
      res.stderr,
      new RegExp(`--out ${out} (is|holds) (inside )?lib/src/, which the build reads`),
    );
    assert.doesNotMatch(res.stderr, /\n\s+at /, 'no stack trace');
    assert.deepEqual(tree(box), before, `--out ${out}: every file and folder is as it was`);
  }
  // --force is for a folder of other files only: never for the sources.
  const docs = build(root, ['--out', 'docs', '--force']);
  assert.equal(docs.status, 1);
  assert.match(docs.stderr, /--out docs is docs\/, which the build reads/);
  assert.deepEqual(tree(box), before);
});

test('--force replaces a folder dfdocs did not make; a previous output needs no --force; a symlinked --out keeps its link and replaces the target', () => {
  const { box, root } = siteInBox();
  mkdirSync(join(root, 'mine'));
  writeFileSync(join(root, 'mine', 'old.txt'), 'stale\n');
  const forced = build(root, ['--out', 'mine', '--force']);
  assert.equal(forced.status, 0, forced.stderr);
  assert.ok(!existsSync(join(root, 'mine', 'old.txt')), 'the folder was replaced as a whole');
  assert.ok(existsSync(join(root, 'mine', OUTPUT_MARKER)), 'and now carries the output marker');
  assert.equal(
    build(root, ['--out', 'mine']).status,
    0,
    'a dfdocs output is rebuilt without --force',
  );

  mkdirSync(join(box, 'deploy'));
  symlinkSync(join(box, 'deploy'), join(root, 'dist'));
  const res = build(root);
  assert.equal(res.status, 0, res.stderr);
  assert.ok(lstatSync(join(root, 'dist')).isSymbolicLink(), 'dist is still a link');
  assert.ok(
    existsSync(join(box, 'deploy', 'docs', 'intro', 'index.html')),
    'the target holds the site',
  );
  appendFileSync(join(root, 'docs', 'intro.md'), '\nA second build.\n');
  assert.equal(build(root).status, 0);
  assert.ok(lstatSync(join(root, 'dist')).isSymbolicLink());
  assert.match(
    readFileSync(join(box, 'deploy', 'docs', 'intro', 'index.html'), 'utf8'),
    /A second build/,
  );
  assert.deepEqual(
    readdirSync(box).filter((n) => n.includes('staging')),
    [],
    'no staging folder beside the target',
  );
});

test('a slug climbing out of the output, a file name no URL reaches and routes differing only in case are errors at their source; nothing is written outside', () => {
  const { box, root } = siteInBox({
    'pages/escape.md': '---\ntitle: Escape\nslug: /../../OUTSIDE\n---\n\n# Escape\n',
  });
  let res = build(root);
  assert.equal(res.status, 1);
  assert.match(
    res.stderr,
    /error: pages\/escape\.md:3:1 — the route "\/\.\.\/\.\.\/OUTSIDE" holds a `\.\.` segment.* — write the slug as a plain path/,
  );
  const outside = (dir: string): string[] =>
    readdirSync(dir, { recursive: true })
      .map(String)
      .filter((p) => p.split('/').includes('OUTSIDE'));
  assert.deepEqual(outside(box), [], 'no OUTSIDE folder anywhere');
  assert.ok(!existsSync(join(root, 'dist')), 'and no output');

  const docSlug = siteInBox({
    'docs/sneaky.md': '---\ntitle: Sneaky\nsidebar_position: 2\nslug: /../../../x\n---\n# S\n',
  });
  res = build(docSlug.root);
  assert.equal(res.status, 1);
  assert.match(
    res.stderr,
    /docs\/sneaky\.md:4:1 — the route "\/docs\/\.\.\/\.\.\/\.\.\/x" holds a `\.\.` segment/,
  );

  const names = siteInBox({ 'docs/what?.md': '# What\n', 'docs/c#.md': '# C sharp\n' });
  res = build(names.root);
  assert.equal(res.status, 1);
  assert.match(
    res.stderr,
    /docs\/what\?\.md:1:1 — the route "\/docs\/what\?" holds "\?", which a URL cannot carry unescaped/,
  );
  assert.match(res.stderr, /docs\/c#\.md:1:1 — the route "\/docs\/c#" holds "#"/);
  assert.match(res.stderr, /rename the file without `#`, `\?`, `%` or `\\`/);

  const cases = siteInBox({ 'docs/Intro.md': '# Intro again\n' });
  res = build(cases.root);
  assert.equal(res.status, 1);
  assert.match(
    res.stderr,
    /docs\/(intro|Intro)\.md:1:1 — the route \/docs\/(intro|Intro) differs from \/docs\/(Intro|intro) \(docs\/(Intro|intro)\.md\) only in letter case/,
  );
});

test('the cache cannot be written through: an output file appended to, truncated or made unreadable changes no later build', () => {
  const { root } = siteInBox();
  assert.equal(build(root).status, 0);
  const dist = join(root, 'dist');
  appendFileSync(join(dist, 'docs/intro/index.html'), '<script>analytics()</script>');
  truncateSync(join(dist, 'docs/guide/first/index.html'), 0);
  chmodSync(join(dist, 'docs/guide/second/index.html'), 0o000);
  truncateSync(join(dist, 'assets/data/docs/intro.json'), 10);
  assert.equal(build(root, ['--out', 'fresh']).status, 0);
  assert.equal(build(root, ['--out', 'cold', '--no-cache']).status, 0);
  assertSameFiles(join(root, 'fresh'), join(root, 'cold'));
  // The edited output itself, rebuilt in place: the edits are not kept either.
  assert.equal(build(root).status, 0);
  assertSameFiles(dist, join(root, 'cold'));
  assert.equal(statSync(join(dist, 'docs/guide/second/index.html')).mode & 0o777, 0o644);
});

test('a blob changed in the cache is dropped and its page rendered again (a note under --verbose), never published', () => {
  const { root } = siteInBox();
  assert.equal(build(root).status, 0);
  const blobs = join(cacheDir(root), 'files');
  const html = readFileSync(join(root, 'dist/docs/intro/index.html'));
  const id = createHash('sha256').update(html).digest('hex').slice(0, 40);
  appendFileSync(join(blobs, id), 'tampered');
  const res = build(root, ['--out', 'fresh', '--verbose']);
  assert.equal(res.status, 0, res.stderr);
  assert.match(
    res.stderr,
    /note: cache: the stored bytes of docs\/intro\/index\.html had changed; dropped, and the page rendered again/,
  );
  assert.equal(build(root, ['--out', 'cold', '--no-cache']).status, 0);
  assertSameFiles(join(root, 'fresh'), join(root, 'cold'));
  assert.ok(readFileSync(join(blobs, id)).equals(html), 'the blob holds the page again');
});

test('a pack or block pack cut short does not fail the next build, which equals a --no-cache build', () => {
  const { root } = siteInBox();
  assert.equal(build(root).status, 0);
  const pages = join(cacheDir(root), 'pages');
  for (const name of readdirSync(pages).filter((n) => n.endsWith('.jsonl'))) {
    const size = statSync(join(pages, name)).size;
    truncateSync(join(pages, name), Math.floor(size * 0.6));
  }
  appendFileSync(join(root, 'docs/intro.md'), '\nAn edit.\n');
  const res = build(root, ['--verbose']);
  assert.equal(res.status, 0, res.stderr);
  assert.match(res.stderr, /note: cache: the entry of \/docs\/[\w/]+ was damaged/);
  assert.equal(build(root, ['--out', 'cold', '--no-cache']).status, 0);
  assertSameFiles(join(root, 'dist'), join(root, 'cold'));
});

test('a kill at the commit leaves the old output whole; the next build removes the stage it left and commits', () => {
  const { root } = siteInBox();
  assert.equal(build(root).status, 0);
  appendFileSync(join(root, 'docs/intro.md'), '\nSecond version.\n');
  assert.equal(build(root).status, 0, 'a rebuild, so the next one recycles a spare');
  const old = files(join(root, 'dist'));
  appendFileSync(join(root, 'docs/intro.md'), '\nThird version.\n');
  const killed = build(root, [], { DFDOCS_TEST_FAULT: 'commit' });
  assert.equal(killed.status, -1, 'killed (no exit code)');
  assert.deepEqual(files(join(root, 'dist')), old, 'the output is the old site, whole');
  assert.equal(
    readdirSync(root).filter((n) => n.startsWith('.dist-staging-')).length,
    1,
    'the killed build left its stage',
  );
  const next = build(root);
  assert.equal(next.status, 0, next.stderr);
  assert.deepEqual(
    readdirSync(root).filter((n) => n.startsWith('.dist-')),
    [],
    'no staging (or replaced) folder is left',
  );
  assert.equal(build(root, ['--out', 'cold', '--no-cache']).status, 0);
  assertSameFiles(join(root, 'dist'), join(root, 'cold'));
  assert.match(readFileSync(join(root, 'dist/docs/intro/index.html'), 'utf8'), /Third version/);
});

test('a kill between the two renames of the commit is rolled forward by the next build, even one that fails', () => {
  const { root } = siteInBox();
  assert.equal(build(root).status, 0);
  appendFileSync(join(root, 'docs/intro.md'), '\nNew version.\n');
  const killed = build(root, [], { DFDOCS_TEST_FAULT: 'commit-swap' });
  assert.equal(killed.status, -1);
  assert.ok(!existsSync(join(root, 'dist')), 'cut between the renames: the path is empty');
  writeFileSync(join(root, 'docs/broken.md'), '---\ntitle: [unclosed\n---\n');
  const failed = build(root);
  assert.equal(failed.status, 1);
  assert.match(
    readFileSync(join(root, 'dist/docs/intro/index.html'), 'utf8'),
    /New version/,
    'the finished stage was moved into place: the new site, whole',
  );
  assert.ok(existsSync(join(root, 'dist', OUTPUT_MARKER)));
  assert.deepEqual(
    readdirSync(root).filter((n) => n.startsWith('.dist-')),
    [],
  );
});

/**
 * Starts `dfdocs build` and sends it `signal` when its stage folder appears (`created`), or
 * once a page is written into it (`rendering`); resolves with how it ended.
 */
function buildInterrupted(
  root: string,
  signal: NodeJS.Signals,
  when: 'created' | 'rendering',
): Promise<{ code: number | null; signal: NodeJS.Signals | null; sent: boolean }> {
  return new Promise((resolve) => {
    let sent = false;
    const child = spawn(
      process.execPath,
      [join(REPO_ROOT, 'bin', 'dfdocs.js'), 'build', '--root', root],
      { env: { ...process.env, NO_COLOR: '1', DFDOCS_SYNC_CLEANUP: '1' }, stdio: 'ignore' },
    );
    const send = () => {
      if (sent) return;
      sent = true;
      child.kill(signal);
    };
    // The site's folder is watched alone, and the stage recursively once it appears: a
    // recursive watch of the site's folder met the cache's spare folder being renamed
    // away and threw from Node's watcher (an uncaught ENOENT).
    let inStage: FSWatcher | undefined;
    const watcher = watch(root, (_event, name) => {
      const stage = String(name ?? '');
      if (sent || inStage || !stage.startsWith('.dist-staging-')) return;
      if (when === 'created') return send();
      try {
        inStage = watch(join(root, stage), { recursive: true }, (_e, path) => {
          // A page written (a rebuild writes the edited intro; the others may be reused).
          if (String(path ?? '').startsWith(`docs${sep}`)) send();
        });
      } catch {
        // gone already: the build ended first, and `sent` says so
      }
    });
    child.on('exit', (code, sig) => {
      watcher.close();
      inStage?.close();
      resolve({ code, signal: sig, sent });
    });
  });
}

test('Ctrl-C or SIGTERM in the middle of a build leaves the old output whole; the next build removes what it left', async () => {
  const pages: Record<string, string> = {};
  for (let i = 0; i < 300; i++)
    pages[`docs/many/page-${i}.md`] =
      `# Page ${i}\n\n${'Some words about the page. '.repeat(40)}\n\n\`\`\`js\nconst x = ${i};\n\`\`\`\n`;
  const { root } = siteInBox(pages);
  assert.equal(build(root).status, 0);
  for (const [signal, when] of [
    ['SIGINT', 'created'],
    ['SIGTERM', 'rendering'],
    ['SIGINT', 'rendering'],
  ] as const) {
    const old = files(join(root, 'dist'));
    appendFileSync(join(root, 'docs/intro.md'), `\nEdited before a ${signal}.\n`);
    const ended = await buildInterrupted(root, signal, when);
    assert.ok(ended.sent, `${signal} was sent while the stage existed (${when})`);
    const after = files(join(root, 'dist'));
    const next = build(root);
    assert.equal(next.status, 0, next.stderr);
    assert.deepEqual(
      readdirSync(root).filter((n) => n.startsWith('.dist-')),
      [],
      'no staging (or replaced) folder is left',
    );
    const fresh = files(join(root, 'dist'));
    if (ended.code === 0) assert.deepEqual(after, fresh, 'finished first: the new site, whole');
    else assert.deepEqual(after, old, `stopped by ${signal}: the old site, whole`);
    assert.match(
      readFileSync(join(root, 'dist/docs/intro/index.html'), 'utf8'),
      new RegExp(`Edited before a ${signal}`),
    );
  }
});
