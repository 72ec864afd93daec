/**
 * What a reader's first Run costs (issue 30): the on-demand bytes (gzip -9) of the runner, the
 * editor and the library, and the time from a click on Run to its output on the filtering
 * tutorial of the repository's built site, with the CPU throttled (CDP
 * `Emulation.setCPUThrottlingRate`). Each trial is a fresh page in a fresh browser profile.
 *
 *   node --import tsx scripts/measure-runner.ts [--out <built site>] [--rate 4] [--trials 5]
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { launchBrowser } from '../test/helpers/browser';
import { buildRepoSite, serveDir } from '../test/helpers/site';

const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1]! : fallback;
};
const rate = Number(arg('rate', '4'));
const trials = Number(arg('trials', '5'));
const outDir = process.argv.includes('--out') ? arg('out', '') : (await buildRepoSite()).outDir;
const ROUTE = '/docs/getting-started/tutorials/filtering/';

const gz = (file: string) => gzipSync(readFileSync(file), { level: 9 }).length;
const chunks = join(outDir, 'assets', 'chunks');
const sizeOf = (pattern: RegExp) =>
  readdirSync(chunks)
    .filter((f) => pattern.test(f))
    .reduce((s, f) => s + gz(join(chunks, f)), 0);
const lib = readdirSync(join(outDir, 'assets', 'examples')).reduce(
  (s, f) => s + gz(join(outDir, 'assets', 'examples', f)),
  0,
);
// The grammar's chunk is the one the exampleBlock chunk imports.
const grammarChunk = /from"\.\/(chunk\.\w+\.js)"/.exec(
  readFileSync(
    join(
      chunks,
      readdirSync(chunks).find((f) => /^exampleBlock\./.test(f))!,
    ),
    'utf8',
  ),
)?.[1];
const bytes = {
  runner: sizeOf(/^runner\./),
  library: lib,
  chart: sizeOf(/^chart\./),
  editor: sizeOf(/^editor\./),
  grammar: sizeOf(/^exampleBlock\./) + (grammarChunk ? gz(join(chunks, grammarChunk)) : 0),
};
console.log('on-demand bytes, gzip -9:', bytes);
console.log(`  a Run: runner + library = ${bytes.runner + bytes.library} B`);
console.log(`  a first Edit adds editor + grammar = ${bytes.editor + bytes.grammar} B`);

const server = await serveDir(outDir);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** Milliseconds from a click on block k's Run to its output in the page. */
const clickToOutput = (k: number) =>
  `(() => new Promise((resolve) => {
    const block = document.querySelector('[data-example="${k}"]');
    const t0 = performance.now();
    new MutationObserver((_, obs) => {
      const out = block.nextElementSibling;
      if (out?.classList.contains('example-output') && out.querySelector('.example-output__text, .example-output__error')) {
        obs.disconnect();
        resolve(performance.now() - t0);
      }
    }).observe(block.parentElement, { childList: true, subtree: true });
    block.querySelector('[data-example-action="run"]').click();
  }))()`;

const results: Record<string, number[]> = { cold: [], afterHover: [], next: [] };
for (let t = 0; t < trials; t++) {
  for (const mode of ['cold', 'afterHover'] as const) {
    const browser = await launchBrowser();
    try {
      const page = await browser.newPage();
      const cdp = await browser.context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate });
      await page.goto(server.url + ROUTE);
      await page.waitForSelector('html[data-has-hydrated="true"]');
      // The navigation chunk (which warms the runner on hover) is there.
      await page.waitForFunction(() =>
        performance.getEntriesByType('resource').some((e) => /\/navigation\.\w+\.js$/.test(e.name)),
      );
      if (mode === 'afterHover') {
        await page.locator('[data-example="0"] [data-example-action="run"]').hover();
        await page.waitForFunction(() => document.querySelector('iframe[sandbox]'));
        await page.waitForFunction(() =>
          performance.getEntriesByType('resource').some((e) => /\/examples\//.test(e.name)),
        );
        await page.waitForTimeout(500); // the worker starts meanwhile: a reader's pause
      }
      results[mode]!.push((await page.evaluate(clickToOutput(0))) as number);
      if (mode === 'cold') results.next!.push((await page.evaluate(clickToOutput(2))) as number);
    } finally {
      await browser.close();
    }
  }
}
await server.close();
console.log(`click → output on ${ROUTE}, CPU throttled ${rate}×, ${trials} trials (ms):`);
for (const [k, v] of Object.entries(results))
  console.log(`  ${k}: median ${Math.round(median(v))} (${v.map(Math.round).join(', ')})`);
