import { test } from 'node:test';
import { launchBrowser } from './test/helpers/browser';
import { serveDir } from './test/helpers/site';
test('shots', async () => {
  const server = await serveDir(process.env.OUT!);
  for (const colorScheme of ['light', 'dark'] as const)
    for (const width of [1280, 390]) {
      const b = await launchBrowser({ viewport: { width, height: width > 500 ? 800 : 844 }, colorScheme, touch: width < 500 });
      const page = await b.newPage();
      const errors: string[] = [];
      page.on('console', (m) => { if (m.type() === 'error' || m.type() === 'warning') errors.push(m.text()); });
      await page.goto(server.url + process.env.ROUTE!);
      await page.waitForSelector('html[data-has-hydrated="true"]');
      await page.locator(process.env.SEL!).first().scrollIntoViewIfNeeded();
      await page.evaluate(() => window.scrollBy(0, -120));
      await page.waitForFunction(() => document.querySelector('dfdocs-island input, dfdocs-island button') && (document.documentElement.dataset.counters !== undefined || true));
      await new Promise((r) => setTimeout(r, 800));
      if (process.env.SLIDE) { await page.locator('dfdocs-island input[type=range]').fill('3'); }
      await page.screenshot({ path: `/tmp/shots/${process.env.NAME}-${colorScheme}-${width}.png` });
      console.log(colorScheme, width, errors);
      await b.close();
    }
  await server.close();
});
