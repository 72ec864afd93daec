import { launchBrowser } from '../test/helpers/browser';
import { buildRepoSite, serveDir, REPO_ROOT } from '../test/helpers/site';
import { markdownFiles } from '../src/render/examples/check';
import { extractExamples } from '../src/render/examples/extract';
import { readFileSync } from 'node:fs';
const { outDir } = await buildRepoSite();
const server = await serveDir(outDir);
const b = await launchBrowser();
const manifest = JSON.parse(readFileSync(outDir + '/route-manifest.json', 'utf8'));
const page = await b.newPage();
let total = 0, same = 0;
for (const route of Object.keys(manifest.routes)) {
  if (!route.startsWith('/docs/') || route.startsWith('/docs/api')) continue;
  await page.goto(server.url + route);
  await page.waitForSelector('html[data-has-hydrated="true"]');
  const n = await page.locator('[data-example]').count();
  for (let k = 0; k < n; k++) {
    total++;
    await page.locator(`[data-example="${k}"] [data-example-action="run"]`).click();
    await page.waitForFunction((k) => { const b = document.querySelector(`[data-example="${k}"]`)!; return b.nextElementSibling?.classList.contains('example-output') && !b.querySelector('[data-example-action="run"][aria-busy]'); }, k, { timeout: 30000 });
    const r = await page.evaluate((k) => {
      const b = document.querySelector(`[data-example="${k}"]`)!;
      const out = b.nextElementSibling!;
      const shown = out.nextElementSibling as HTMLElement | null;
      const code = b.querySelector('pre')!.textContent!;
      const arrows = [...code.matchAll(/\/\/ => ?(.*)$/gm)].map((m) => m[1]);
      return { text: out.querySelector('.example-output__text')?.textContent ?? '', err: out.querySelector('.example-output__error')?.textContent ?? '', svg: !!out.querySelector('svg'),
        expected: shown?.hasAttribute('data-example-output') && shown.tagName !== 'FIGURE' ? shown.querySelector('pre')!.textContent!.replace(/\n$/, '') : null, arrows };
    }, k);
    const ok = !r.err && (r.expected !== null ? r.text === r.expected : r.arrows.length ? r.text.split('\n').join('\n') === r.arrows.join('\n') || r.arrows.every((a) => r.text.split('\n').includes(a!)) : true);
    if (ok) same++; else console.log(route, k, 'ERR:', r.err, '\nGOT:', r.text.slice(0, 300), '\nEXP:', (r.expected ?? r.arrows.join('\n')).slice(0, 300));
  }
}
console.log('blocks', total, 'ok', same);
await b.close(); await server.close();
