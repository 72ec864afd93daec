#!/usr/bin/env node
// Renders static/img/social-card.png (1200×630, the og:image / twitter:image of every
// page) from an HTML card with Debian's Chromium. One-off: run it again after changing
// the card: `node scripts/social-card.mjs`.
import { chromium } from 'playwright-core';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const logo = readFileSync(join(root, 'static/img/logo-dark.svg'), 'utf8');

const html = `<!DOCTYPE html><html><head><meta charset="utf-8"><style>
  * { box-sizing: border-box; margin: 0; }
  body { width: 1200px; height: 630px; font-family: system-ui, 'Segoe UI', Roboto, Ubuntu, sans-serif; color: #e6edf3;
    background: radial-gradient(ellipse at 85% 0%, rgba(51,148,214,.45), transparent 55%), radial-gradient(ellipse at 0% 100%, rgba(0,114,177,.35), transparent 50%), #0d1117;
    padding: 72px 80px; display: flex; flex-direction: column; justify-content: space-between; }
  header { display: flex; align-items: center; gap: 24px; }
  header svg { width: 96px; height: 96px; }
  h1 { font-size: 84px; font-weight: 800; letter-spacing: -2.5px; }
  p.tagline { font-size: 38px; line-height: 1.3; color: #c9d4df; max-width: 900px; }
  pre { font: 26px/1.5 ui-monospace, 'DejaVu Sans Mono', monospace; background: rgba(255,255,255,.06); border: 1px solid rgba(255,255,255,.12);
    border-radius: 14px; padding: 22px 28px; color: #e6edf3; width: fit-content; }
  .k { color: #ff7b72; } .f { color: #d2a8ff; } .s { color: #a5d6ff; } .n { color: #79c0ff; }
  footer { display: flex; justify-content: space-between; font-size: 26px; color: #8b949e; }
  footer b { color: #3394d6; font-weight: 600; }
</style></head><body>
  <header>${logo}<h1>TinyFrameJS</h1></header>
  <p class="tagline">A tiny, lightning-fast dataframe engine for JavaScript</p>
  <pre><span class="k">const</span> top = <span class="f">head</span>(<span class="f">sort</span>(sales, <span class="s">'units'</span>, { ascending: <span class="n">false</span> }), <span class="n">3</span>);</pre>
  <footer><span>Docs · Tutorials · API reference</span><b>tinyframejs.com</b></footer>
</body></html>`;

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
const page = await browser.newPage({
  viewport: { width: 1200, height: 630 },
  deviceScaleFactor: 1,
});
await page.setContent(html);
const out = join(root, 'static/img/social-card.png');
await page.screenshot({ path: out });
await browser.close();
console.log(`wrote ${out}`);
