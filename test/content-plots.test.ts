// Charts in the TinyFrame docs (issue 10): the plotting tutorial's charts are SVG in the built HTML,
// readable without JavaScript, and coloured through --tf-plot-* so they follow the colour mode.
// Runs in Debian's Chromium (test/helpers/browser.ts).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { buildRepoSite, serveDir, type RunningServer } from './helpers/site';
import { launchBrowser, collectErrors, screenshot } from './helpers/browser';

const PAGE = '/docs/getting-started/tutorials/plotting';
let server: RunningServer;

before(async () => {
  const { outDir } = await buildRepoSite();
  server = await serveDir(outDir);
});
after(() => server?.close());

/** The computed colours of the first chart: first series stroke, text fill, grid stroke. */
async function chartColours(mode: 'light' | 'dark') {
  const browser = await launchBrowser({ colorScheme: mode });
  try {
    const page = await browser.newPage();
    const errors = collectErrors(page);
    await page.addInitScript((m) => localStorage.setItem('theme', m), mode);
    await page.goto(server.url + PAGE, { waitUntil: 'load' });
    const colours = await page.evaluate(() => {
      const svg = document.querySelector('figure.tf-plot-figure svg') as SVGSVGElement | null;
      if (!svg) return null;
      const line = svg.querySelector(
        '.tf-plot-series path, .tf-plot-series polyline, .tf-plot-series rect, .tf-plot-series circle',
      ) as SVGElement | null;
      const label = svg.querySelector('text') as SVGElement | null;
      const box = svg.getBoundingClientRect();
      return {
        theme: document.documentElement.dataset.theme,
        series: line ? getComputedStyle(line).stroke + '|' + getComputedStyle(line).fill : '',
        text: label ? getComputedStyle(label).fill : '',
        width: box.width,
        height: box.height,
      };
    });
    await page.locator('figure.tf-plot-figure').first().scrollIntoViewIfNeeded();
    await screenshot(page, `plotting-${mode}`);
    return { colours, errors };
  } finally {
    await browser.close();
  }
}

test('the charts are in the served HTML, before any script runs', async () => {
  const html = await (await fetch(server.url + PAGE)).text();
  const svgs = html.match(/<figure class="tf-plot-figure"[^>]*><svg [^>]*role="img"[^>]*>/g) ?? [];
  assert.ok(svgs.length >= 4, `${svgs.length} charts`);
  assert.match(html, /<title id="[^"]+">Bike shop sales, 2024 \(k€\)<\/title>/);
  assert.doesNotMatch(
    html,
    /<script[^>]*src="[^"]*(chart|plotly|vega|d3)/i,
    'no chart library is loaded',
  );
});

test('the charts follow the light and the dark colour mode', async () => {
  const light = await chartColours('light');
  const dark = await chartColours('dark');
  assert.deepEqual(light.errors, []);
  assert.deepEqual(dark.errors, []);
  assert.ok(light.colours && dark.colours, 'no chart on the page');
  assert.equal(light.colours.theme, 'light');
  assert.equal(dark.colours.theme, 'dark');
  assert.ok(
    light.colours.width > 300 && light.colours.height > 150,
    `chart is ${light.colours.width}×${light.colours.height}`,
  );
  // --tf-plot-1 and --tf-plot-fg differ between the modes (styles.css, home page block).
  assert.notEqual(light.colours.series, dark.colours.series);
  assert.notEqual(light.colours.text, dark.colours.text);
  assert.equal(light.colours.text, 'rgb(27, 31, 36)');
});
