import { createHighlighter } from 'shiki';
import { createJavaScriptRegexEngine } from 'shiki/engine/javascript';
import { createOnigurumaEngine } from 'shiki/engine/oniguruma';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { LANGUAGES, languageOf } from './src/render/markdown/highlighter';
const blocks: { lang: string; code: string }[] = [];
for (const root of ['docs', 'bench/.work/corpus-1000/docs', 'test/fixtures']) for (const f of readdirSync(root, { recursive: true }).map(String)) {
  if (!f.endsWith('.md')) continue;
  const src = readFileSync(join(root, f), 'utf8');
  for (const m of src.matchAll(/^```(\w*).*\n([\s\S]*?)^```/gm)) { const l = languageOf(m[1]); if (l) blocks.push({ lang: l, code: m[2]! }); }
}
console.log('blocks', blocks.length, [...new Set(blocks.map((b) => b.lang))].join(','));
const t0 = performance.now();
const js = await createHighlighter({ themes: ['github-light'], langs: [...LANGUAGES], engine: createJavaScriptRegexEngine() });
const t1 = performance.now();
const on = await createHighlighter({ themes: ['github-light'], langs: [...LANGUAGES], engine: createOnigurumaEngine(import('shiki/wasm')) });
const t2 = performance.now();
console.log('create js', (t1 - t0).toFixed(0), 'onig', (t2 - t1).toFixed(0));
let diff = 0;
for (const [name, h] of [['js', js], ['onig', on]] as const) {
  for (const round of [1, 2]) {
    const t = performance.now();
    for (const b of blocks) h.codeToTokensBase(b.code, { lang: b.lang, theme: 'github-light' });
    console.log(name, 'round', round, (performance.now() - t).toFixed(0), 'ms');
  }
}
for (const b of blocks) {
  const a = JSON.stringify(js.codeToTokensBase(b.code, { lang: b.lang, theme: 'github-light' }));
  const c = JSON.stringify(on.codeToTokensBase(b.code, { lang: b.lang, theme: 'github-light' }));
  if (a !== c) { diff++; if (diff < 4) console.log('DIFF', b.lang, b.code.slice(0, 200)); }
}
console.log('differing blocks', diff);
