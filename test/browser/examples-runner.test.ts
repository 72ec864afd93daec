/**
 * Issue 30: the examples run in the reader's browser, on the repository's own built site.
 * Run on each block of the filtering tutorial shows what the page shows; an edited block
 * shows what Node prints for the same code; Reset restores; an endless loop is stopped; the
 * plotting tutorial's chart appears in the dark palette; the sandbox keeps the code away from
 * the page, its storage and the network; axe passes with the runner open.
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { launchBrowser, collectErrors, type TestBrowser } from '../helpers/browser';
import { buildRepoSite, serveDir, REPO_ROOT, type RunningServer } from '../helpers/site';
import { hydrated, seriousViolations } from './shell-helpers';
import { extractExamples } from '../../src/render/examples/extract';
import { runBlocks } from '../../src/render/examples/run';

const FILTERING = '/docs/getting-started/tutorials/filtering/';
const PLOTTING = '/docs/getting-started/tutorials/plotting/';
const FILTERING_MD = join(REPO_ROOT, 'docs/getting-started/tutorials/filtering.md');

let server: RunningServer;
let browser: TestBrowser;
let timeLimitMs: number;

before(async () => {
  const { outDir } = await buildRepoSite();
  server = await serveDir(outDir);
  browser = await launchBrowser();
  const html = readFileSync(join(outDir, FILTERING.slice(1), 'index.html'), 'utf8');
  timeLimitMs = JSON.parse(
    /<script id="dfdocs-data" type="application\/json">([\s\S]*?)<\/script>/.exec(html)![1]!,
  ).config.examples.timeLimitMs;
});
after(async () => {
  await browser?.close();
  await server?.close();
});

async function openPage(route: string, page?: Page): Promise<Page> {
  const p = page ?? (await browser.newPage());
  await p.goto(server.url + route);
  await hydrated(p);
  return p;
}

const block = (page: Page, k: number) => page.locator(`[data-example="${k}"]`);

/** Clicks a block's Run and waits for its output; returns the output region's parts. */
async function runBlock(page: Page, k: number) {
  await block(page, k).locator('[data-example-action="run"]').click();
  return outputOf(page, k);
}

async function outputOf(page: Page, k: number) {
  await page.waitForFunction(
    (k) => {
      const b = document.querySelector(`[data-example="${k}"]`)!;
      return (
        b.nextElementSibling?.classList.contains('example-output') &&
        !b.querySelector('[data-example-action="run"][aria-busy]')
      );
    },
    k,
    { timeout: 30_000 },
  );
  return page.evaluate((k) => {
    const b = document.querySelector(`[data-example="${k}"]`)!;
    const out = b.nextElementSibling as HTMLElement;
    const shown = out.nextElementSibling as HTMLElement | null;
    return {
      text: out.querySelector('.example-output__text')?.textContent ?? '',
      error: out.querySelector('.example-output__error')?.textContent ?? '',
      note: out.querySelector('.example-output__note')?.textContent ?? '',
      svg: out.querySelector('svg') !== null,
      role: out.getAttribute('role'),
      live: out.getAttribute('aria-live'),
      shown: shown?.hasAttribute('data-example-output')
        ? {
            text: shown.querySelector('pre')?.textContent?.replace(/\n$/, '') ?? '',
            hidden: shown.hidden,
          }
        : undefined,
    };
  }, k);
}

/** Opens a block's editor and replaces its code (as typed: CodeMirror gets the text as input). */
async function editCode(page: Page, k: number, code: string): Promise<void> {
  if (!(await block(page, k).locator('.cm-editor').count()))
    await block(page, k).locator('[data-example-action="edit"]').click();
  const content = block(page, k).locator('.cm-content');
  await content.waitFor();
  await content.focus();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.insertText(code);
}

test('filtering tutorial: Run on each block in turn shows exactly the output the page shows', async () => {
  const page = await browser.newPage();
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script' || r.url().endsWith('.js')) scripts.push(r.url());
  });
  await openPage(FILTERING, page);
  const errors = collectErrors(page);
  const { blocks } = extractExamples(readFileSync(FILTERING_MD, 'utf8'));
  assert.equal(await page.locator('[data-example]').count(), blocks.length);
  for (const b of blocks) {
    const out = await runBlock(page, b.index);
    assert.equal(out.error, '', `block ${b.index} (line ${b.fenceLine}) threw`);
    assert.equal(out.role, 'status');
    assert.equal(out.live, 'polite');
    if (b.expected?.kind === 'block') {
      assert.equal(out.text, out.shown?.text, `block at line ${b.fenceLine}`);
      assert.equal(out.text, b.expected.text.replace(/\n+$/, ''));
      assert.equal(out.shown?.hidden, true, 'the page’s output is hidden while the run’s shows');
    } else {
      // `// =>` comments: each one is a printed line, in order.
      assert.deepEqual(
        out.text.split('\n'),
        b.arrows.map((a) => a.text),
        `block at line ${b.fenceLine}`,
      );
    }
  }
  assert.deepEqual(errors, []);
  // Code run as the page shows it needs neither the editor nor a parser: the build read it.
  assert.deepEqual(
    scripts.filter((u) => /\/(editor|exampleBlock)\.\w+\.js$/.test(u)),
    [],
  );
  assert.equal(scripts.filter((u) => /\/runner\.\w+\.js$/.test(u)).length, 1);
  await page.close();
});

test('an edited block shows the new result (as Node prints it); Reset restores code and output', async () => {
  const page = await openPage(FILTERING);
  const source = extractExamples(readFileSync(FILTERING_MD, 'utf8'));
  const k = source.blocks.findIndex((b) => b.code.includes("where('rent', '<', 1000)"));
  assert.ok(k > 0);
  const original = await block(page, k).locator('pre').textContent();
  const edited = source.blocks[k]!.code.replace("'<', 1000", "'<', 1200");
  await editCode(page, k, edited);
  // Ctrl/Cmd+Enter runs it from the editor.
  await page.keyboard.press('ControlOrMeta+Enter');
  const out = await outputOf(page, k);
  // What the same edited page prints in Node (the --check-examples runner).
  const blocks = source.blocks
    .slice(0, k + 1)
    .map((b, i) => (i === k ? { ...b, code: edited } : b));
  const node = await runBlocks(blocks, { root: REPO_ROOT, cwd: join(REPO_ROOT, 'static/data') });
  assert.equal(node.error, undefined);
  assert.equal(out.text, node.outputs[k]!.replace(/\n+$/, ''));
  assert.notEqual(out.text, out.shown?.text);
  assert.match(out.text, /L-105/); // rent 1150: under the new threshold only

  await block(page, k).locator('[data-example-action="reset"]').click();
  await block(page, k).locator('.cm-editor').waitFor({ state: 'detached' });
  assert.equal(await block(page, k).locator('pre').isVisible(), true);
  assert.equal(await block(page, k).locator('pre').textContent(), original);
  assert.equal(
    (await block(page, k).locator('pre .line span[style]').count()) > 0,
    true,
    'the build-time highlighting is back',
  );
  assert.equal(await page.locator(`[data-example="${k}"] + .example-output`).count(), 0);
  assert.equal(
    await page.locator(`[data-example="${k}"] + [data-example-output]`).isVisible(),
    true,
  );
  // Focus stays in the block (on its Edit button), not lost to the page.
  assert.equal(
    await page.evaluate(() => document.activeElement?.getAttribute('data-example-action')),
    'edit',
  );
  await page.close();
});

test('an endless loop is stopped within the time limit, with a message; the next run works', async () => {
  const page = await openPage(FILTERING);
  await runBlock(page, 0); // the worker is up: the limit counts the run only
  await page.locator('iframe[sandbox]').evaluate((f) => f.setAttribute('data-first', ''));
  await editCode(page, 1, 'while (true) {}');
  const started = Date.now();
  await block(page, 1).locator('[data-example-action="run"]').click();
  const out = await outputOf(page, 1);
  const took = Date.now() - started;
  assert.match(out.error, new RegExp(`Stopped after ${timeLimitMs / 1000} s`));
  assert.match(out.note, /next run starts afresh/);
  assert.ok(took >= timeLimitMs - 50 && took < timeLimitMs + 3000, `stopped after ${took} ms`);
  assert.equal(
    await page.locator('iframe[data-first]').count(),
    0,
    'the worker (and its frame) is gone',
  );
  await block(page, 1).locator('[data-example-action="reset"]').click();
  await block(page, 1).locator('.cm-editor').waitFor({ state: 'detached' });
  const again = await runBlock(page, 1);
  assert.equal(again.error, '');
  assert.equal(again.text, again.shown?.text);
  await page.close();
});

test("errors show the message and the line in the reader's code", async () => {
  const page = await openPage(FILTERING);
  await editCode(page, 2, 'const n = flats.rowCount;\nflats.nope(n);');
  await block(page, 2).locator('[data-example-action="run"]').click();
  const out = await outputOf(page, 2);
  assert.equal(out.error, 'TypeError: flats.nope is not a function (line 2)');
  await editCode(page, 2, 'const m = (1;');
  await block(page, 2).locator('[data-example-action="run"]').click();
  assert.match((await outputOf(page, 2)).error, /^SyntaxError: .*\(line 1\)$/);
  // A later block reports that an earlier one failed.
  const later = await runBlock(page, 3);
  assert.match(later.error, /earlier example on this page has an error \(its line 1\)/);
  await page.close();
});

test("the reader's code cannot reach the page, its storage or the network", async () => {
  const page = await openPage(FILTERING);
  await page.evaluate(() => localStorage.setItem('reader-secret', 'kept'));
  const probe = `
const results = [];
const attempt = async (name, f) => { try { await f(); results.push(name + ': reached'); } catch (e) { results.push(name + ': blocked'); } };
await attempt('page', () => { if (typeof document === 'undefined' && typeof parent === 'undefined') throw new Error(); });
await attempt('localStorage', () => localStorage.setItem('reader-secret', 'stolen'));
await attempt('indexedDB', () => new Promise((ok, no) => { const r = indexedDB.open('x'); r.onsuccess = ok; r.onerror = no; }));
await attempt('caches', () => caches.open('x'));
await attempt('fetch other origin', () => fetch('https://example.com/'));
await attempt('fetch site page', () => fetch('${server.url}/docs/intro/').then((r) => r.text()));
await attempt('fetch data: URL', () => fetch('data:text/plain,hi').then((r) => r.text()));
await attempt('import from the site', () => import('${server.url}/route-manifest.json'));
await attempt('read data file', () => fetch('listings.csv').then((r) => { if (!r.ok) throw new Error(); }));
console.log(results.join('\\n'));`;
  await editCode(page, 1, probe);
  await block(page, 1).locator('[data-example-action="run"]').click();
  const out = await outputOf(page, 1);
  assert.equal(
    out.text,
    [
      'page: blocked',
      'localStorage: blocked',
      'indexedDB: blocked',
      'caches: blocked',
      'fetch other origin: blocked',
      'fetch site page: blocked',
      'fetch data: URL: blocked',
      'import from the site: blocked',
      'read data file: reached',
    ].join('\n'),
  );
  assert.equal(await page.evaluate(() => localStorage.getItem('reader-secret')), 'kept');
  // The sandbox frame has an opaque origin and a policy that allows no connection.
  const frame = page.locator('iframe[sandbox]');
  assert.equal(await frame.getAttribute('sandbox'), 'allow-scripts');
  assert.match(
    (await frame.getAttribute('srcdoc')) ?? '',
    /Content-Security-Policy" content="default-src 'none'/,
  );
  await page.close();
});

test('plotting tutorial in dark mode: the chart appears after Run, in the dark palette', async () => {
  const dark = await launchBrowser({ colorScheme: 'dark' });
  try {
    const page = await dark.newPage();
    await openPage(PLOTTING, page);
    assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), 'dark');
    const k = Number(
      await page.locator('[data-example-plot]').first().getAttribute('data-example'),
    );
    const out = await runBlock(page, k);
    assert.equal(out.error, '');
    assert.equal(out.svg, true);
    const colours = await page.evaluate((k) => {
      const region = document.querySelector(`[data-example="${k}"] + .example-output`)!;
      const mark = region.querySelector<SVGElement>(
        '.tf-plot-series [stroke], .tf-plot-series [fill]',
      )!;
      const built = region.nextElementSibling!; // the chart the build drew (hidden meanwhile)
      return {
        run: getComputedStyle(mark).getPropertyValue(
          mark.getAttribute('stroke') ? 'stroke' : 'fill',
        ),
        palette: getComputedStyle(document.documentElement).getPropertyValue('--tf-plot-1').trim(),
        sameChart:
          built.querySelector('svg')?.innerHTML.replace(/tf-plot-\w+/g, '') ===
          region.querySelector('svg')?.innerHTML.replace(/tf-plot-\w+/g, ''),
        builtHidden: (built as HTMLElement).hidden,
      };
    }, k);
    assert.equal(colours.palette, '#5aaee8');
    assert.equal(colours.run, 'rgb(90, 174, 232)');
    assert.equal(colours.sameChart, true, 'the run draws the chart the build drew');
    assert.equal(colours.builtHidden, true);
    await page.close();
  } finally {
    await dark.close();
  }
});

test('axe passes with the runner open (output and editor), light and dark, 1280 and 390 px', async () => {
  for (const colorScheme of ['light', 'dark'] as const)
    for (const width of [1280, 390]) {
      const b = await launchBrowser({ colorScheme, viewport: { width, height: 900 } });
      try {
        const page = await b.newPage();
        await openPage(FILTERING, page);
        await runBlock(page, 0);
        await editCode(page, 1, "flats.select(['listing']).head(2).print();");
        await block(page, 1).locator('[data-example-action="run"]').click();
        await outputOf(page, 1);
        const violations = await seriousViolations(page);
        assert.deepEqual(violations, [], `${colorScheme} ${width}px`);
      } finally {
        await b.close();
      }
    }
});

test('keyboard: Escape then Tab leaves the editor; the Run button says when it is loading', async () => {
  const page = await openPage(FILTERING);
  // Hold the runner's chunk back: the button says "Loading…" meanwhile.
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  await page.route(/\/assets\/chunks\/runner\.[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  const run = block(page, 0).locator('[data-example-action="run"]');
  await run.evaluate((el) => (el as HTMLElement).click()); // no hover first: a cold click
  await page.waitForFunction(
    () =>
      document
        .querySelector('[data-example="0"] [data-example-action="run"]')
        ?.getAttribute('aria-busy') === 'true',
  );
  assert.equal(await run.evaluate((el) => getComputedStyle(el, '::after').content), '"Loading…"');
  release();
  await outputOf(page, 0);
  assert.equal(await run.getAttribute('aria-busy'), null);

  await editCode(page, 1, 'const t = 1;');
  await page.keyboard.press('Tab'); // indents: the editor keeps Tab for itself…
  assert.equal(await page.evaluate(() => !!document.activeElement?.closest('.cm-editor')), true);
  await page.keyboard.press('Escape'); // …until Escape: the next Tab moves on
  await page.keyboard.press('Tab');
  const focused = await page.evaluate(() => ({
    inEditor: !!document.activeElement?.closest('.cm-editor'),
    inBlock: document.activeElement?.closest('[data-example]')?.getAttribute('data-example'),
    tag: document.activeElement?.tagName,
  }));
  assert.deepEqual(
    focused,
    { inEditor: false, inBlock: '1', tag: 'BUTTON' },
    'Tab goes on to the block’s next button',
  );
  await page.close();
});

test('no warming on a slow connection or with Save-Data: hovering Run loads nothing', async () => {
  const page = await browser.newPage();
  await page.addInitScript(() =>
    Object.defineProperty(navigator, 'connection', {
      value: { saveData: true, effectiveType: '4g' },
    }),
  );
  const requested: string[] = [];
  page.on('request', (r) => requested.push(r.url()));
  await openPage(FILTERING, page);
  await page.waitForFunction(() =>
    performance.getEntriesByType('resource').some((e) => /\/navigation\.\w+\.js$/.test(e.name)),
  );
  await block(page, 0).locator('[data-example-action="run"]').hover();
  await block(page, 0).locator('[data-example-action="edit"]').focus();
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0))));
  assert.deepEqual(
    requested.filter((u) => /\/(runner|examples)\//.test(u) || /runner\.\w+\.js/.test(u)),
    [],
  );
  // A click still runs it.
  const out = await runBlock(page, 0);
  assert.equal(out.error, '');
  await page.close();
});
