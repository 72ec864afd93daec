/**
 * MDX pages (issue 31) as the build writes them: components render at build time (a
 * static component with markdown children, a package's component, the built-in tabs
 * without an import, a registered component, an admonition around a component), the
 * markdown plugins apply (heading ids and TOC, code block titles, link rewriting), in
 * render workers as on the main thread, and a rebuild re-renders a page whose imported
 * component changed. Each error has its code, file, line and column.
 */
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildSite, removeDir } from '../helpers/site';
import { copyMdxSite as copyFixtureWithReact } from '../helpers/mdxSite';
import { makeSite } from '../helpers/tempSite';
import { DfdocsError, type Diagnostic } from '../../src/render/diagnostics';
import { toOverlayErrors } from '../../src/dev/errorPayload';

const dirs: string[] = [];
after(() => dirs.forEach(removeDir));
const temp = (prefix: string) => {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  dirs.push(dir);
  return dir;
};

function copyMdxSite(): string {
  const root = copyFixtureWithReact();
  dirs.push(root);
  return root;
}

const bodyOf = (html: string) =>
  html.slice(html.indexOf('data-page-body'), html.indexOf('</article>'));

test('MDX pages render their components at build time, with the markdown plugins, in workers as on the main thread', async () => {
  const root = copyMdxSite();
  process.env.DFDOCS_CACHE_DIR = temp('dfdocs-mdx-cache-');
  try {
    const bodies: string[] = [];
    for (const workers of [2, 0]) {
      const out = temp('dfdocs-mdx-out-');
      const result = await buildSite(root, { outDir: out, workers, cache: false });
      assert.deepEqual(result.warnings, []);
      const html = readFileSync(join(out, 'docs/components/index.html'), 'utf8');
      const body = bodyOf(html);
      bodies.push(body);
      // A static component with children: its markup, and its children's markdown and code block.
      assert.match(
        body,
        /<aside class="callout callout--info"><strong class="callout__heading">Rendered at build time<\/strong><div class="callout__body"><p>Children of a component are <em>markdown<\/em> too: <a href="\/docs\/intro">a link<\/a>\.<\/p>/,
      );
      assert.match(body, /<div class="code-block__title">schedule\.js<\/div>/);
      assert.match(body, /class="shiki/);
      // A package's component, the built-in tabs without an import, a registered component.
      assert.match(body, /<span class="tiny-badge tiny-badge--green">stable<\/span>/);
      assert.match(body, /<div class="tabs" data-tabs="" data-group-id="pm"><div role="tablist"/);
      assert.match(body, /data-value="yarn">Yarn<\/button>/);
      assert.match(body, /<kbd class="kbd">Ctrl<\/kbd>/);
      assert.match(
        body,
        /<div class="admonition admonition--tip"[^]*Admonitions still work[^]*tiny-badge--blue/,
      );
      // Heading ids and the page's TOC; no island on this page, and no JSX left as text.
      assert.match(body, /<h2 id="tabs-without-an-import"/);
      const data = JSON.parse(readFileSync(join(out, 'assets/data/docs/components.json'), 'utf8'));
      assert.deepEqual(
        data.page.toc.map((t: { id: string }) => t.id),
        ['tabs-without-an-import', 'a-registered-component'],
      );
      assert.equal(data.page.description, 'Components on an MDX page, rendered at build time.');
      assert.doesNotMatch(body, /dfdocs-island|dfdocs-raw|&lt;Callout/);
      // The search index has the components' text.
      const search = readFileSync(join(out, 'assets', 'search-manifest.json'), 'utf8');
      assert.ok(search.length > 0);
    }
    assert.equal(bodies[0], bodies[1], 'workers and the main thread write the same page');
  } finally {
    delete process.env.DFDOCS_CACHE_DIR;
  }
});

test('a rebuild reuses an MDX page until a component it imports changes', async () => {
  const root = copyMdxSite();
  process.env.DFDOCS_CACHE_DIR = temp('dfdocs-mdx-cache-');
  try {
    const out = temp('dfdocs-mdx-out-');
    await buildSite(root, { outDir: out, workers: 0 });
    const callout = join(root, 'src/components/Callout.tsx');
    writeFileSync(
      callout,
      readFileSync(callout, 'utf8').replace(
        'className={`callout callout--${tone}`}',
        'className={`callout callout--${tone} callout--edited`}',
      ),
    );
    const later = new Date(Date.now() + 5000);
    utimesSync(callout, later, later);
    await buildSite(root, { outDir: out, workers: 0 });
    assert.match(readFileSync(join(out, 'docs/components/index.html'), 'utf8'), /callout--edited/);
  } finally {
    delete process.env.DFDOCS_CACHE_DIR;
  }
});

/** Builds a one-page MDX site and returns the diagnostics it fails with. */
async function failure(files: Record<string, string>): Promise<Diagnostic[]> {
  const root = makeSite({ 'dfdocs.config.ts': 'export default { title: "T" };\n', ...files });
  dirs.push(root);
  process.env.DFDOCS_CACHE_DIR = temp('dfdocs-mdx-cache-');
  try {
    await buildSite(root, { workers: 0, cache: false });
  } catch (err) {
    assert.ok(err instanceof DfdocsError, String(err));
    // What the dev server's overlay shows of it: the same place, and a code frame there.
    const [shown] = toOverlayErrors(err, [root]);
    assert.match(shown!.frame ?? '', /^> +\d+ \|/m, 'a code frame at the line');
    return err.diagnostics;
  } finally {
    delete process.env.DFDOCS_CACHE_DIR;
  }
  assert.fail('the build should fail');
}

const at = (d: Diagnostic) => `${d.code} ${d.file}:${d.line}:${d.column}`;

test('an MDX syntax error is reported at its line and column', async () => {
  const [d] = await failure({
    'docs/intro.mdx': '---\ntitle: Intro\n---\n\n# Intro\n\nSome text.\n\n<div>\n\nNot closed.\n',
  });
  assert.equal(at(d!), 'MdxSyntax docs/intro.mdx:9:1');
  assert.match(d!.message, /MDX syntax error/);
});

test('an unknown component is reported where it is used', async () => {
  const diagnostics = await failure({
    'docs/intro.mdx':
      '# Intro\n\nText.\n\n<Chart data={[1, 2]} />\n\nInline <Badge>x</Badge> too.\n',
  });
  assert.deepEqual(diagnostics.map(at), [
    'MdxUnknownComponent docs/intro.mdx:5:1',
    'MdxUnknownComponent docs/intro.mdx:7:8',
  ]);
  assert.match(diagnostics[0]!.message, /<Chart>/);
});

test('an import that does not resolve is reported at the import statement', async () => {
  const [d, ...rest] = await failure({
    'docs/intro.mdx':
      '---\ntitle: Intro\n---\n\nimport Chart from "../src/Chart";\nimport x from "not-installed-pkg";\n\n# Intro\n\n<Chart />\n',
  });
  assert.deepEqual([d, ...rest].map(at).sort(), [
    'MdxImportUnresolved docs/intro.mdx:5:1',
    'MdxImportUnresolved docs/intro.mdx:6:1',
  ]);
});

test('a component that throws while rendering is reported where the page uses it, and named', async () => {
  const [d] = await failure({
    'src/Fine.tsx':
      'export function Fine({ children }: { children?: unknown }) { return children as never; }\n',
    'src/Boom.tsx':
      'export function Boom({ n }: { n: number }) {\n  if (n > 1) throw new Error(`no more than one, got ${n}`);\n  return null;\n}\n',
    'docs/intro.mdx':
      'import { Boom } from "../src/Boom";\nimport { Fine } from "../src/Fine";\n\n# Intro\n\n<Boom n={1} />\n\n<Fine>\n  Some text and <Boom n={2} /> inside.\n</Fine>\n',
  });
  assert.equal(at(d!), 'MdxComponentThrew docs/intro.mdx:9:17');
  assert.match(d!.message, /<Boom> threw while rendering: no more than one, got 2/);
});

test('an island whose props cannot reach the browser is reported at the island', async () => {
  const [d] = await failure({
    'src/Counter.tsx':
      'export default function Counter(p: { onClick?: () => void }) { return null; }\n',
    'docs/intro.mdx':
      'import Counter from "../src/Counter";\n\n# Intro\n\n<Counter client:load onClick={() => 1} />\n',
  });
  assert.equal(at(d!), 'MdxIslandProps docs/intro.mdx:5:1');
  assert.match(d!.message, /props\.onClick is a function/);
});
