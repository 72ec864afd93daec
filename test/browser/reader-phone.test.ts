/**
 * Issue 29: the TinyFrame site on a phone (390 px, touch): no page scrolls sideways, code
 * buttons never cover code, charts keep legible text, the announcement bar keeps to two
 * lines and the mobile menu's icon links keep their label beside the icon.
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { launchBrowser, type TestBrowser } from '../helpers/browser';
import { buildRepoSite, serveDir, type RunningServer } from '../helpers/site';
import { open } from './shell-helpers';

const WIDTH = 390;
const GS = '/docs/getting-started';
/** Every route of the spec (site-spec.md §2). */
const ROUTES = [
  '/',
  '/markdown-page',
  '/docs/intro',
  GS,
  `${GS}/community-next-steps`,
  ...['other-js-libraries', 'r', 'spreadsheets', 'sql'].map((c) => `${GS}/comparison/${c}`),
  `${GS}/installation`,
  `${GS}/package-overview`,
  ...[
    'combining-tables',
    'dataframe-basics',
    'derived-columns',
    'filtering',
    'io',
    'plotting',
    'reshaping',
    'statistics',
    'text-processing',
    'time-series',
  ].map((t) => `${GS}/tutorials/${t}`),
  '/docs/release-notes',
  '/docs/user-guide',
  '/docs/api/',
  '/docs/api/classes/DataFrame',
  ...'apiToFrame arrayToFrame at cloneFrame count createFrame drop expr$ filter first head iloc jsonToFrame last loc max mean median min mode print query readCsv readExcel readJson readSql readTsv sample select selectByPattern sort std stratifiedSample sum tail validateColumn validateColumnLengths validateColumnNames validateDType validateInputData validateNumericArray validateOptions variance where'
    .split(' ')
    .map((name) => `/docs/api/functions/${name}`),
];

let server: RunningServer;
let browser: TestBrowser;

before(async () => {
  const { outDir } = await buildRepoSite();
  server = await serveDir(outDir);
  browser = await launchBrowser({ viewport: { width: WIDTH, height: 844 }, touch: true });
});
after(async () => {
  await browser?.close();
  await server?.close();
});

async function phonePage(route: string): Promise<Page> {
  const page = await browser.newPage();
  await open(page, server.url + route);
  return page;
}

test(`no page of the spec is wider than a ${WIDTH} px phone`, async () => {
  assert.equal(ROUTES.length, 69);
  const page = await browser.newPage();
  const wide: string[] = [];
  for (const route of ROUTES) {
    const res = await page.goto(server.url + route);
    assert.equal(res?.status(), 200, route);
    await page.waitForSelector('html[data-has-hydrated="true"]');
    const { doc, viewport, widest } = await page.evaluate(() => {
      // The element sticking out furthest (not inside a box that clips or scrolls), to name it.
      let widest = '';
      let right = document.documentElement.clientWidth;
      for (const el of document.querySelectorAll('body *')) {
        const r = el.getBoundingClientRect();
        if (r.right <= right + 0.5 || getComputedStyle(el).position === 'fixed') continue;
        let clipped = false;
        for (let a = el.parentElement; a && !clipped; a = a.parentElement)
          clipped = getComputedStyle(a).overflowX !== 'visible';
        if (clipped) continue;
        right = r.right;
        widest = `${el.tagName.toLowerCase()}.${[...el.classList].join('.')} (${Math.round(r.right)} px)`;
      }
      return {
        doc: document.documentElement.scrollWidth,
        viewport: document.documentElement.clientWidth,
        widest,
      };
    });
    if (doc > viewport) wide.push(`${route}: ${doc} px (${widest})`);
  }
  await page.close();
  assert.deepEqual(wide, []);
});

/** The code blocks whose buttons overlap a line box of their code, with where. */
async function coveredCode(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    // (No named functions in here: the test runner's transform would wrap them in a helper the page lacks.)
    const out: string[] = [];
    document.querySelectorAll('.code-block').forEach((block, i) => {
      const buttons = block.querySelector('.code-block__buttons');
      const code = block.querySelector('pre code');
      if (!buttons || !code) return;
      const b = buttons.getBoundingClientRect();
      if (!b.width || getComputedStyle(buttons).opacity === '0') return;
      const range = document.createRange();
      range.selectNodeContents(code);
      for (const line of range.getClientRects()) {
        const overlap =
          b.left < line.right && line.left < b.right && b.top < line.bottom && line.top < b.bottom;
        if (line.width && overlap) {
          out.push(
            `block ${i}: buttons ${Math.round(b.top)}–${Math.round(b.bottom)} over code at ${Math.round(line.top)}`,
          );
          return;
        }
      }
    });
    return out;
  });
}

test(`at ${WIDTH} px with touch, the code buttons show and never cover code or output`, async () => {
  for (const route of ['/', `${GS}/tutorials/filtering`, '/docs/api/functions/readCsv', `${GS}`]) {
    const page = await phonePage(route);
    assert.equal(await page.evaluate(() => matchMedia('(hover: none)').matches), true);
    const shown = await page
      .locator('.code-block__buttons')
      .evaluateAll((els) => els.filter((e) => getComputedStyle(e).opacity === '1').length);
    assert.ok(shown > 0, `${route}: the buttons are always shown on touch screens`);
    assert.deepEqual(await coveredCode(page), [], route);
    await page.close();
  }
});

test(`the check for covered code fails when the buttons sit over the code`, async () => {
  const page = await phonePage(`${GS}/tutorials/filtering`);
  await page.addStyleTag({ content: '.code-block pre { padding-top: 0.5rem !important; }' });
  assert.ok((await coveredCode(page)).length > 0);
  await page.close();
});

test(`at ${WIDTH} px every chart's text is at least 11 px tall on screen`, async () => {
  const page = await phonePage(`${GS}/tutorials/plotting`);
  const sizes = await page.evaluate(() =>
    [...document.querySelectorAll<SVGSVGElement>('svg.tf-plot')].flatMap((svg) => {
      const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
      return [...svg.querySelectorAll('text')]
        .filter((t) => t.textContent?.trim())
        .map((t) => ({
          text: t.textContent!.trim(),
          px: parseFloat(getComputedStyle(t).fontSize) * scale,
        }));
    }),
  );
  assert.ok(sizes.length > 20, `${sizes.length} chart labels`);
  const small = sizes.filter((s) => s.px < 11).map((s) => `${s.text}: ${s.px.toFixed(1)} px`);
  assert.deepEqual(small, []);
  // The chart is wider than the phone: its figure scrolls, by keyboard too.
  const figure = page.locator('figure.tf-plot-figure').first();
  assert.equal(await figure.getAttribute('tabindex'), '0');
  await page.close();
});

test(`at ${WIDTH} px the announcement bar keeps to two lines and the menu's icon links keep their label beside the icon`, async () => {
  const page = await phonePage('/docs/intro');
  const lines = await page.locator('.announcement-bar__content').evaluate((el) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
  });
  assert.ok(lines >= 1 && lines <= 2, `${lines} lines`);
  // A page without a sidebar: the panel opens on the primary menu (the navbar's items).
  await page.getByRole('button', { name: 'Toggle navigation bar' }).click();
  for (const name of ['GitHub repository', 'TinyFrameJS on X']) {
    const link = page.locator('.navbar-sidebar').getByRole('link', { name });
    await link.waitFor();
    const gap = await link.evaluate((a) => {
      const icon = a.querySelector('.icon')!.getBoundingClientRect();
      const label = a.querySelector('span:not(.icon)')!.getBoundingClientRect();
      return label.left - icon.right;
    });
    assert.ok(gap >= 0 && gap <= 16, `${name}: ${gap} px between icon and label`);
  }
  await page.close();
});
