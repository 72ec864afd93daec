// Output and plotting: toCsv (with a readCsv round-trip property test), toJson, toMarkdown,
// toHTML, writeCsv/writeJson, and plot's SVG (structure, accessibility, theming, determinism).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as tf from '../src/index.js';
import {
  DataFrame,
  toCsv,
  toJson,
  toMarkdown,
  toHTML,
  writeCsv,
  writeJson,
  plot,
  dateRange,
} from '../src/index.js';
import { rng, randInt } from './toolkit-helpers';

describe('toCsv', () => {
  it('quotes per RFC 4180 and keeps empty strings apart from missing values', () => {
    const df = new DataFrame({
      a: ['x,y', 'say "hi"', 'line\nbreak', '', null, ' pad'],
      n: [1.5, null, -0, 1e21, 3, 4],
    });
    assert.equal(
      toCsv(df),
      'a,n\n"x,y",1.5\n"say ""hi""",\n"line\nbreak",-0\n"",1e+21\n,3\n" pad",4\n',
    );
    assert.equal(
      df.toCsv({ delimiter: ';', header: false, newline: '\r\n' }).split('\r\n')[0],
      'x,y;1.5',
    );
    assert.throws(() => toCsv(df, { delimiter: '"' }), RangeError);
    assert.equal(
      toCsv(new DataFrame({ d: [new Date(Date.UTC(2024, 0, 2))], b: [true] })),
      'd,b\n2024-01-02T00:00:00.000Z,true\n',
    );
    assert.equal(toCsv(new DataFrame({ a: [] as number[] })), 'a\n');
  });
  it('round-trips through readCsv on random frames', async (t) => {
    const readCsv = (tf as Record<string, unknown>).readCsv as
      ((src: { text: string }) => Promise<DataFrame>) | undefined;
    if (typeof readCsv !== 'function') return t.skip('readCsv is not exported yet');
    const r = rng(8);
    const alphabet = ['a', 'b', ',', '"', '\n', ' ', 'é', 'x y', '\r\n', 'Z'];
    for (let trial = 0; trial < 40; trial++) {
      const n = randInt(r, 1, 15);
      const cols: Record<string, unknown[]> = {
        num: Array.from({ length: n }, () =>
          r() < 0.2 ? null : Math.round((r() - 0.5) * 1e6) / 100,
        ),
        int: Array.from({ length: n }, () => randInt(r, -1000, 1000)),
        text: Array.from({ length: n }, (_, i) =>
          r() < 0.15
            ? null
            : 'w' +
              i +
              Array.from(
                { length: randInt(r, 0, 5) },
                () => alphabet[randInt(r, 0, alphabet.length - 1)],
              ).join(''),
        ),
        flag: Array.from({ length: n }, () => (r() < 0.2 ? null : r() < 0.5)),
        day: Array.from({ length: n }, () =>
          r() < 0.2
            ? null
            : new Date(
                Date.UTC(
                  2000 + randInt(r, 0, 30),
                  randInt(r, 0, 11),
                  randInt(r, 1, 28),
                  randInt(r, 0, 23),
                ),
              ),
        ),
      };
      const df = new DataFrame(cols);
      const back: DataFrame = await readCsv({ text: toCsv(df) });
      assert.deepEqual(back.columns, df.columns);
      assert.deepEqual(back.dtypes, df.dtypes, `dtypes, trial ${trial}`);
      assert.deepEqual(back.toArray(), df.toArray(), `values, trial ${trial}`);
    }
  });
});

describe('toJson, toMarkdown, toHTML', () => {
  const df = new DataFrame({
    s: ['a|b', null, '<i>&'],
    n: [1, NaN, Infinity],
    d: [new Date(0), null, null],
  });
  it('toJson in both orients', () => {
    assert.equal(
      toJson(df),
      '[{"s":"a|b","n":1,"d":"1970-01-01T00:00:00.000Z"},{"s":null,"n":null,"d":null},{"s":"<i>&","n":null,"d":null}]',
    );
    assert.deepEqual(JSON.parse(df.toJson({ orient: 'columns' })), {
      s: ['a|b', null, '<i>&'],
      n: [1, null, null],
      d: ['1970-01-01T00:00:00.000Z', null, null],
    });
    assert.throws(() => toJson(df, { orient: 'split' as never }), RangeError);
    assert.equal(toJson(new DataFrame({ a: [] as number[] })), '[]');
  });
  it('toMarkdown escapes pipes and aligns numbers', () => {
    const md = toMarkdown(df);
    assert.equal(md.split('\n')[0], '| s    |        n | d                        |');
    assert.ok(md.includes('a\\|b'));
    assert.ok(md.split('\n')[1]!.includes('---:'));
    assert.ok(toMarkdown(df, { index: true }).split('\n')[2]!.startsWith('| 0 '));
    assert.equal(toMarkdown(new DataFrame({})), '');
  });
  it('toHTML escapes everything', () => {
    const html = toHTML(new DataFrame({ '<h>': ['<script>alert(1)</script>', null] }), {
      caption: 'A & B',
      index: true,
    });
    assert.ok(!html.includes('<script>'));
    assert.ok(html.includes('<th scope="col">&lt;h&gt;</th>'));
    assert.ok(html.includes('<caption>A &amp; B</caption>'));
    assert.ok(html.includes('<th scope="row">1</th><td></td>'));
  });
  it('writeCsv and writeJson write files', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tf-out-'));
    try {
      await writeCsv(df, join(dir, 'a.csv'));
      await df.writeJson(join(dir, 'a.json'), { orient: 'columns' });
      assert.equal(readFileSync(join(dir, 'a.csv'), 'utf8'), toCsv(df));
      assert.equal(readFileSync(join(dir, 'a.json'), 'utf8'), toJson(df, { orient: 'columns' }));
      await assert.rejects(writeCsv(df, ''), TypeError);
      await assert.rejects(writeJson(df, join(dir, 'missing', 'x.json')));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('plot', () => {
  const days = dateRange('2024-01-01', '2024-02-15');
  const df = new DataFrame({
    day: days,
    a: days.map((_, i) => (i === 5 ? null : 10 + Math.sin(i))),
    b: days.map((_, i) => i / 2),
    cat: days.map((_, i) => `c${i % 3}`),
  });
  it('draws an accessible, themeable SVG for every kind', () => {
    for (const kind of ['line', 'bar', 'scatter', 'histogram'] as const) {
      const svg = plot(df, {
        kind,
        x: kind === 'bar' ? 'cat' : 'day',
        y: ['a', 'b'],
        title: 'T & <S>',
      });
      assert.ok(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"'), kind);
      assert.match(svg, /role="img" aria-labelledby="(tf-plot-\w+)-title \1-desc"/);
      assert.ok(svg.includes('<title id="') && svg.includes('>T &amp; &lt;S&gt;</title>'));
      assert.match(svg, /<desc id="[\w-]+-desc">[^<]+<\/desc>/);
      assert.ok(
        svg.includes('var(--tf-plot-1, #0072b2)') && svg.includes('var(--tf-plot-2, #e69f00)'),
        'series colours',
      );
      assert.ok(
        svg.includes('var(--tf-plot-fg, currentColor)') && svg.includes('var(--tf-plot-grid'),
      );
      assert.ok(svg.includes('class="tf-plot-legend"'), 'legend for two series');
      assert.ok(
        !/#[0-9a-f]{3,6}"/i.test(svg.replace(/var\(--tf-plot-\d, #[0-9a-f]{6}\)/g, '')),
        'no bare colours',
      );
      assert.ok(!svg.includes('NaN') && !svg.includes('undefined'), kind);
      assert.equal(
        plot(df, { kind, x: kind === 'bar' ? 'cat' : 'day', y: ['a', 'b'], title: 'T & <S>' }),
        svg,
        'deterministic',
      );
    }
  });
  it('uses nice ticks, calendar ticks, gaps and the default series', () => {
    const line = df.plot({ x: 'day', y: 'a' });
    assert.ok(!line.includes('tf-plot-legend'));
    assert.ok(line.includes('>2024-01-15<') || line.includes('>2024-01-08<'), 'date ticks');
    assert.equal((line.match(/<path d="M/g) ?? []).length, 1);
    assert.equal(
      (line.match(/M[\d.]+ [\d.]+/g) ?? []).length,
      2,
      'the missing value breaks the line',
    );
    const sc = plot(new DataFrame({ x: [0, 3, 9.5], y: [1, 2, 97] }), {
      kind: 'scatter',
      x: 'x',
      y: 'y',
    });
    assert.ok(sc.includes('>100<') && sc.includes('>0<'));
    assert.equal((sc.match(/<circle/g) ?? []).length, 3);
    const h = plot(new DataFrame({ v: [1, 2, 2, 3, 3, 3] }), {
      kind: 'histogram',
      y: 'v',
      bins: 3,
    });
    assert.equal((h.match(/<rect x="[\d.]+" y="[\d.]+" width/g) ?? []).length, 3);
    assert.ok(plot(df).includes('data-series="b"'));
  });
  it('validates and handles empty frames', () => {
    assert.throws(() => plot(df, { kind: 'pie' as never }), RangeError);
    assert.throws(() => plot(df, { y: 'cat' }), TypeError);
    assert.throws(() => plot(df, { x: 'zz' }), RangeError);
    assert.throws(() => plot(df, { width: 10 }), RangeError);
    assert.throws(() => plot(df, { kind: 'histogram', y: 'a', bins: 0 }), RangeError);
    assert.throws(() => plot(df, { id: 'bad id' }), RangeError);
    const empty = plot(new DataFrame({ x: [] as number[], y: [] as number[] }), {
      x: 'x',
      y: 'y',
      title: 'Nothing',
    });
    assert.ok(empty.includes('No data.') && !empty.includes('NaN'));
    assert.ok(plot(df, { y: 'a', id: 'my-chart' }).includes('id="my-chart-title"'));
  });
});
