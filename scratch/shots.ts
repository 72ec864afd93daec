import { launchBrowser } from '../test/helpers/browser';
import { buildRepoSite, serveDir } from '../test/helpers/site';
const { outDir } = await buildRepoSite();
const server = await serveDir(outDir);
for (const colorScheme of ['light', 'dark'] as const)
  for (const width of [1280, 390]) {
    const b = await launchBrowser({ colorScheme, viewport: { width, height: 900 } });
    const page = await b.newPage();
    await page.goto(server.url + '/docs/getting-started/tutorials/filtering/');
    await page.waitForSelector('html[data-has-hydrated="true"]');
    const blk = (k: number) => page.locator(`[data-example="${k}"]`);
    await blk(0).locator('[data-example-action="run"]').click();
    await page.waitForSelector('[data-example="0"] + .example-output');
    await blk(3).locator('[data-example-action="edit"]').click();
    await blk(3).locator('.cm-content').waitFor();
    await page.keyboard.press('ControlOrMeta+End');
    await page.keyboard.insertText("\nflats.where('rent', '<', 1200).select(['listing', 'rent']).print();");
    await page.keyboard.press('ControlOrMeta+Enter');
    await page.waitForSelector('[data-example="3"] + .example-output .example-output__text');
    await blk(3).scrollIntoViewIfNeeded();
    await blk(3).evaluate((e) => window.scrollTo(0, e.getBoundingClientRect().top + scrollY - 120));
    await page.waitForTimeout(200);
    await page.screenshot({ path: `/tmp/rscratch/shots/filter-${colorScheme}-${width}.png` });
    await blk(2).locator('[data-example-action="edit"]').click();
    await blk(2).locator('.cm-content').waitFor();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.insertText('const n = flats.rowCount;\nflats.nope(n);');
    await page.keyboard.press('ControlOrMeta+Enter');
    await page.waitForSelector('[data-example="2"] + .example-output .example-output__error');
    await blk(2).evaluate((e) => window.scrollTo(0, e.getBoundingClientRect().top + scrollY - 120));
    await page.waitForTimeout(200);
    await page.screenshot({ path: `/tmp/rscratch/shots/error-${colorScheme}-${width}.png` });
    // the plotting page
    await page.goto(server.url + '/docs/getting-started/tutorials/plotting/');
    await page.waitForSelector('html[data-has-hydrated="true"]');
    const k = Number(await page.locator('[data-example-plot]').first().getAttribute('data-example'));
    await blk(k).locator('[data-example-action="run"]').click();
    await page.waitForSelector(`[data-example="${k}"] + .example-output svg`);
    await blk(k).evaluate((e) => window.scrollTo(0, e.getBoundingClientRect().top + scrollY - 80));
    await page.waitForTimeout(200);
    await page.screenshot({ path: `/tmp/rscratch/shots/plot-${colorScheme}-${width}.png` });
    await b.close();
  }
await server.close();
