/** Code to highlight in tests: a sample of each language we load, every fenced block of the site's docs, pages and fixtures, and every engine source file. */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { filesUnder } from './files';

const isMarkdown = (name: string) => /\.mdx?$/.test(name);

const SAMPLES: Record<string, string> = {
  javascript:
    'const re = /^(?:\\d+|\\p{L})$/u; // a regex\nconst s = `total ${sum(1, 2)} rows`;\n  /** @param {string} a */\nfunction f(a) { return a?.b ?? null }',
  typescript:
    'interface Row<T extends object = {}> { readonly id: number; tags?: string[] }\nexport abstract class Frame { @memo get size(): number { return 0 } }\nconst x = <T,>(v: T): T => v as unknown as T;',
  tsx: 'export const App = () => <div className="a" onClick={() => go(1)}>{items.map((i) => <Item key={i} />)}</div>;',
  jsx: 'const el = <Frame data={rows} {...props}>hello {name}</Frame>;',
  json: '{ "name": "tinyframe", "version": "1.0.0", "n": [1, 2.5e3, true, null] }',
  bash: 'npm install tinyframejs && echo "$HOME/${USER:-me}" | grep -E \'^/\' > out.txt # done\nfor f in *.csv; do wc -l "$f"; done',
  shellscript: 'if [ -f x ]; then\n  export A=1\nfi',
  sql: 'SELECT city, AVG(price) AS mean FROM sales WHERE year >= 2020 GROUP BY city ORDER BY mean DESC; -- note',
  r: 'df <- read.csv("sales.csv")\nsummary(df[df$price > 10, ])  # filter\nlibrary(dplyr)',
  python:
    'import pandas as pd\n\n@dataclass\nclass A:\n    """Doc."""\n    x: int = f"{1 + 2}"\n    def m(self): return lambda y: y ** 2',
  csv: 'city,price,qty\nParis,10.5,3\n"New, York",7,1',
  yaml: 'name: ci\non: [push]\njobs:\n  test:\n    runs-on: ubuntu-latest # comment\n    steps: &s\n      - run: npm test',
  markdown:
    '# Title\n\n*emphasis* and **strong**, `code`, [link](http://x.y), ~~gone~~\n\n> quote\n\n- [ ] task',
  html: '<!doctype html>\n<html><body class="a"><script>let x = 1;</script><style>p { color: red }</style><!-- c --></body></html>',
  css: '@media (max-width: 996px) { .a > b:hover::before { content: "x"; color: #fff !important; --v: calc(1px + 2em); } }',
  diff: '--- a/x\n+++ b/x\n@@ -1,2 +1,2 @@\n-old line\n+new line\n context',
};

export function corpus(): { lang: string; code: string; where: string }[] {
  const blocks = Object.entries(SAMPLES).map(([lang, code]) => ({
    lang,
    code,
    where: `sample ${lang}`,
  }));
  for (const file of [
    ...filesUnder('docs', isMarkdown),
    ...filesUnder('pages', isMarkdown),
    ...filesUnder('test/fixtures', isMarkdown),
  ]) {
    for (const m of readFileSync(file, 'utf8').matchAll(/^```(\w+)[^\n]*\n([\s\S]*?)^```/gm))
      blocks.push({ lang: m[1]!, code: m[2]!.replace(/\n$/, ''), where: file });
  }
  for (const name of readdirSync('engine/src'))
    if (name.endsWith('.ts'))
      blocks.push({
        lang: 'ts',
        code: readFileSync(join('engine/src', name), 'utf8'),
        where: `engine/src/${name}`,
      });
  return blocks;
}
