/**
 * What a fenced block's info string and magic comments say about how it shows, in the
 * spellings of Docusaurus and VitePress:
 *
 * - a title: `title="vite.config.js"` (Docusaurus) or `[vite.config.js]` (VitePress; in a
 *   `::: code-group` it labels the block's tab instead);
 * - highlighted lines: `{1,3-5}` (both; VitePress glues it to the language: `js{4}`);
 * - line numbers: `showLineNumbers` / `showLineNumbers=5` (Docusaurus), `:line-numbers` /
 *   `:line-numbers=5` (VitePress);
 * - comments that mark lines and are removed from the code: `// highlight-next-line`,
 *   `// highlight-start` … `// highlight-end` (Docusaurus, also with `#`, `--`, `/* *\/`,
 *   `<!-- -->` and `{/* *\/}`), and `// [!code highlight]`, `[!code ++]`, `[!code --]`,
 *   `[!code focus]`, `[!code warning]`, `[!code error]` at a line's end (VitePress, with
 *   `:N` for N lines).
 */

/** How a line is marked. */
export type LineMark = 'highlighted' | 'add' | 'remove' | 'focus' | 'warning' | 'error';

export interface CodeMeta {
  title?: string;
  /** A VitePress `[label]`: the title of the block, or its tab's label in a code group. */
  label?: string;
  /** 1-based line → mark. */
  marks: Map<number, LineMark>;
  /** First line number when line numbers show. */
  lineNumbers?: number;
}

/** `1,3-5` → [1, 3, 4, 5]. */
export function lineRanges(spec: string): number[] {
  const out: number[] = [];
  for (const part of spec.split(',')) {
    const m = /^\s*(\d+)\s*(?:-\s*(\d+))?\s*$/.exec(part);
    if (!m) continue;
    const from = Number(m[1]);
    const to = m[2] ? Number(m[2]) : from;
    for (let n = from; n <= to && n - from < 10_000; n++) out.push(n);
  }
  return out;
}

/**
 * Splits a fence's language from what VitePress glues to it (`js{4}` → `js` and `{4}`,
 * `js:line-numbers` → `js` and `:line-numbers`).
 */
export function splitLang(lang: string | null | undefined): { lang?: string; rest: string } {
  if (!lang) return { rest: '' };
  const m = /^([^{[:]+)(.*)$/.exec(lang);
  if (!m || !m[2]) return { lang, rest: '' };
  return { lang: m[1], rest: m[2] };
}

/** Reads the title, label, highlighted lines and line numbers of an info string's meta part. */
export function parseCodeMeta(meta: string): CodeMeta {
  const marks = new Map<number, LineMark>();
  const title = /(?:^|\s)title=(?:"([^"]*)"|'([^']*)'|(\S+))/.exec(meta);
  const withoutTitle = title ? meta.replace(title[0], ' ') : meta;
  const label = /\[([^\]]*)\]/.exec(withoutTitle)?.[1]?.trim();
  for (const m of withoutTitle.matchAll(/\{([\d,\s-]+)\}/g))
    for (const n of lineRanges(m[1]!)) marks.set(n, 'highlighted');
  const numbers = /(?:^|\s)(?:showLineNumbers|:line-numbers)(?:=(\d+))?(?=\s|\{|$)/.exec(
    withoutTitle,
  );
  return {
    title: title ? (title[1] ?? title[2] ?? title[3]) : undefined,
    label: label || undefined,
    marks,
    lineNumbers:
      numbers && !/:no-line-numbers/.test(withoutTitle) ? Number(numbers[1] ?? 1) : undefined,
  };
}

/** A comment holding only `word` in any of the comment syntaxes code blocks use. */
const commentOf = (word: string) =>
  new RegExp(
    String.raw`^\s*(?:\/\/|#|--|;|%)\s*${word}\s*$|^\s*\/\*\s*${word}\s*\*\/\s*$|^\s*<!--\s*${word}\s*-->\s*$|^\s*\{\s*\/\*\s*${word}\s*\*\/\s*\}\s*$`,
  );
const NEXT_LINE = commentOf('highlight-next-line');
const START = commentOf('highlight-start');
const END = commentOf('highlight-end');
/** `[!code ++]` and its kin at the end of a line, in a trailing comment. */
const NOTATION =
  /\s*(?:\/\/|#|--|\/\*|<!--|\{\s*\/\*)\s*\[!code\s+(highlight|hl|\+\+|--|focus|warning|error)(?::(\d+))?\]\s*(?:\*\/\s*\}?|-->)?\s*$/;
const NOTATION_MARK: Record<string, LineMark> = {
  highlight: 'highlighted',
  hl: 'highlighted',
  '++': 'add',
  '--': 'remove',
  focus: 'focus',
  warning: 'warning',
  error: 'error',
};

/**
 * Removes the magic comments from `code` and marks the lines they name in `marks`
 * (numbered as the code is once they are gone). Code without any is returned as it was.
 */
export function takeMagicComments(code: string, marks: Map<number, LineMark>): string {
  if (!code.includes('highlight-') && !code.includes('[!code')) return code;
  const out: string[] = [];
  let next = false;
  let inRange = false;
  let pending: { mark: LineMark; left: number } | undefined;
  for (const line of code.split('\n')) {
    if (NEXT_LINE.test(line)) {
      next = true;
      continue;
    }
    if (START.test(line)) {
      inRange = true;
      continue;
    }
    if (END.test(line)) {
      inRange = false;
      continue;
    }
    const notation = NOTATION.exec(line);
    const kept = notation ? line.slice(0, notation.index) : line;
    out.push(kept);
    const n = out.length;
    if (next || inRange) marks.set(n, 'highlighted');
    next = false;
    if (pending) {
      marks.set(n, pending.mark);
      if (--pending.left === 0) pending = undefined;
    }
    if (notation) {
      const mark = NOTATION_MARK[notation[1]!]!;
      marks.set(n, mark);
      const count = Number(notation[2] ?? 1);
      if (count > 1) pending = { mark, left: count - 1 };
    }
  }
  return out.join('\n');
}

/** Marks as an attribute value: `1:highlighted 4:add`. */
export function formatMarks(marks: Map<number, LineMark>): string {
  return [...marks]
    .sort((a, b) => a[0] - b[0])
    .map(([n, m]) => `${n}:${m}`)
    .join(' ');
}

export function parseMarks(value: string | undefined): Map<number, LineMark> {
  const out = new Map<number, LineMark>();
  for (const part of value?.split(' ') ?? []) {
    const [n, m] = part.split(':');
    if (n && m) out.set(Number(n), m as LineMark);
  }
  return out;
}

const LINE_CLASSES: Record<LineMark, string> = {
  highlighted: 'line highlighted',
  add: 'line diff add',
  remove: 'line diff remove',
  focus: 'line focused',
  warning: 'line highlighted warning',
  error: 'line highlighted error',
};

/**
 * A highlighted `<pre>` (shiki's: one `<span class="line">` per line) with the marked
 * lines' classes added, and on the `<pre>` what the stylesheet needs to know
 * (`has-highlighted`, `has-diff`, `has-focused-lines`).
 */
export function decorateLines(html: string, marksText: string | undefined): string {
  const marks = parseMarks(marksText);
  if (!marks.size) return html;
  let n = 0;
  const out = html.replace(/<span class="line">/g, (tag) => {
    const mark = marks.get(++n);
    return mark ? `<span class="${LINE_CLASSES[mark]}">` : tag;
  });
  const kinds = new Set(marks.values());
  const extra = [
    kinds.has('highlighted') || kinds.has('warning') || kinds.has('error') ? 'has-highlighted' : '',
    kinds.has('add') || kinds.has('remove') ? 'has-diff' : '',
    kinds.has('focus') ? 'has-focused-lines' : '',
  ].filter(Boolean);
  return out.replace(/^<pre class="/, `<pre class="${extra.join(' ')} `);
}
