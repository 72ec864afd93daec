/**
 * Splits a page's rendered body HTML into heading sections for the search index.
 *
 * The HTML is our own output (hast-util-to-html, React's renderToString, the API
 * generator), so a small tag scanner suffices and keeps the build fast: one pass,
 * no DOM, nothing of the page kept once its sections are extracted.
 */

export interface ExtractedSection {
  /** Heading id; `''` for the top of the page (the h1 and the text before the first h2). */
  anchor: string;
  /** Heading level (1 for the top of the page). */
  level: number;
  heading: string;
  /** Prose, inline code included, whitespace collapsed. */
  text: string;
  /** Text of code blocks (`<pre>`). */
  code: string;
}

/** Headings that start a section (deeper ones stay text of their section). */
const SECTION_LEVELS = new Set([2, 3, 4]);
/** Elements whose text is not content (scripts, icons, copy buttons, navigation). */
const SKIPPED = new Set([
  'script',
  'style',
  'svg',
  'button',
  'template',
  'noscript',
  'iframe',
  'nav',
]);
/**
 * Any element can opt out: `data-search-ignore` (for templates: source links, badges),
 * and decorative `aria-hidden="true"` content is skipped as screen readers skip it.
 */
const IGNORE_ATTR = /\sdata-search-ignore(?:[\s=]|$)|\saria-hidden\s*=\s*(?:"true"|'true'|true\b)/;
/** Inline elements: no word break at their edges. */
const INLINE = new Set([
  'a',
  'abbr',
  'b',
  'bdi',
  'bdo',
  'cite',
  'code',
  'data',
  'del',
  'dfn',
  'em',
  'i',
  'ins',
  'kbd',
  'mark',
  'q',
  's',
  'samp',
  'small',
  'span',
  'strong',
  'sub',
  'sup',
  'time',
  'u',
  'var',
  'wbr',
]);
const VOID = new Set([
  'area',
  'base',
  'br',
  'col',
  'embed',
  'hr',
  'img',
  'input',
  'link',
  'meta',
  'source',
  'track',
  'wbr',
]);

/** A start tag (name, attributes, self-closing slash), an end tag, a comment, or a doctype. */
const TAG =
  /<!--[\s\S]*?-->|<!\w[^>]*>|<(\/?)([a-zA-Z][\w:-]*)((?:\s+[^\s"'>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?)*)\s*(\/?)>/g;
const ID_ATTR = /\sid\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+))/;

const NAMED: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  hellip: '…',
  mdash: '—',
  ndash: '–',
  lsquo: '‘',
  rsquo: '’',
  ldquo: '“',
  rdquo: '”',
  copy: '©',
  times: '×',
  rarr: '→',
  larr: '←',
};

/** Decodes the character references our HTML serialisers emit. */
export function decodeEntities(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(/&(#[xX][\da-fA-F]+|#\d+|[a-zA-Z]+);/g, (whole, ref: string) => {
    if (ref[0] === '#') {
      const code =
        ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff
        ? String.fromCodePoint(code)
        : whole;
    }
    return NAMED[ref] ?? whole;
  });
}

const clean = (parts: string[]) =>
  decodeEntities(parts.join(''))
    .replace(/[\u200B\u00AD]/g, '')
    .replace(/\s+/g, ' ')
    .trim();

interface Open {
  anchor: string;
  level: number;
  heading: string[];
  text: string[];
  code: string[];
}

/** Splits body HTML into sections at h2–h4 headings that carry an id. */
export function extractSections(html: string): ExtractedSection[] {
  return [...sectionsOf(html)];
}

/**
 * The same, each section as soon as it ends: a page's search entry is prepared section by
 * section (`prepareSearchPage`), so the text of a large page's sections is never all held
 * at once (a 2 MB page: megabytes of text, beside its HTML).
 */
export function* sectionsOf(html: string): Generator<ExtractedSection> {
  let ended: ExtractedSection | undefined;
  let current: Open = { anchor: '', level: 1, heading: [], text: [], code: [] };
  /** Where text goes: the heading being read, prose, or code. */
  let inHeading = 0;
  let preDepth = 0;
  /** Inside a <header>, only headings count (the rest is page meta: kind badges, trails). */
  let headerDepth = 0;
  /** The last token closed an inline element: a tag right after it still separates words (`<code>a</code><code>b</code>`). */
  let afterInline = false;
  const skipStack: string[] = [];
  const close = () => {
    const s = {
      anchor: current.anchor,
      level: current.level,
      heading: clean(current.heading),
      text: clean(current.text),
      code: clean(current.code),
    };
    if (s.anchor === '' || s.heading || s.text || s.code) ended = s;
  };
  const emit = (chunk: string) => {
    if (!chunk || skipStack.length) return;
    if (headerDepth && !inHeading) return;
    if (inHeading) current.heading.push(chunk);
    else if (preDepth) current.code.push(chunk);
    else current.text.push(chunk);
  };

  TAG.lastIndex = 0;
  let last = 0;
  for (let m = TAG.exec(html); m; m = TAG.exec(html)) {
    const text = html.slice(last, m.index);
    if (text) {
      emit(text);
      afterInline = false;
    }
    last = TAG.lastIndex;
    const name = m[2]?.toLowerCase();
    if (!name) continue; // comment or doctype
    const closing = m[1] === '/';
    const selfClosing = m[4] === '/' || VOID.has(name);
    if (!closing && afterInline && !preDepth) emit(' '); // not in code, where spans are tokens
    afterInline = closing && INLINE.has(name);
    if (skipStack.length) {
      if (name === skipStack[skipStack.length - 1]) {
        if (closing) skipStack.pop();
        else if (!selfClosing) skipStack.push(name);
      }
      continue;
    }
    if (SKIPPED.has(name) || (!closing && IGNORE_ATTR.test(m[3] ?? ''))) {
      if (!closing && !selfClosing) skipStack.push(name);
      continue;
    }
    if (name === 'header') {
      headerDepth += closing ? (headerDepth ? -1 : 0) : selfClosing ? 0 : 1;
      continue;
    }
    const level = /^h([1-6])$/.exec(name) ? Number(name[1]) : 0;
    if (level) {
      if (!closing) {
        const idMatch = ID_ATTR.exec(m[3] ?? '');
        const id = idMatch ? (idMatch[1] ?? idMatch[2] ?? idMatch[3] ?? '') : '';
        if (SECTION_LEVELS.has(level) && id) {
          close();
          if (ended) yield ended;
          ended = undefined;
          current = { anchor: decodeEntities(id), level, heading: [], text: [], code: [] };
          inHeading++;
        } else if (level === 1 && current.anchor === '' && current.heading.length === 0) {
          inHeading++;
        } else {
          emit(' ');
        }
      } else if (inHeading) {
        inHeading--;
      } else {
        emit(' ');
      }
      continue;
    }
    if (name === 'pre') {
      emit(' ');
      if (closing) preDepth = Math.max(0, preDepth - 1);
      else if (!selfClosing) preDepth++;
      emit(' ');
      continue;
    }
    if (!INLINE.has(name)) emit(' ');
  }
  emit(html.slice(last));
  close();
  if (ended) yield ended;
}
