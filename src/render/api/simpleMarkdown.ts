import { withBaseUrl } from '../../shared/baseUrl';

/**
 * A fast path for the commonest TSDoc text: paragraphs of words, `code` spans and
 * [links](/route). A reference has a thousand such fragments ("The column name.") and
 * the full unified pipeline costs about a millisecond each, so these are rendered here
 * to the same HTML; anything else (lists, fences, emphasis, raw HTML, autolinks,
 * directives, escapes…) returns undefined and goes through the site's markdown renderer.
 * A unit test checks both paths agree on every fragment of the engine's TSDoc.
 */
export function simpleMarkdownToHtml(markdown: string, baseUrl: string): string | undefined {
  const paragraphs = markdown.trim().split(/\n[ \t]*\n/);
  const out: string[] = [];
  for (const para of paragraphs) {
    const lines = para.split('\n');
    if (lines.some((l) => /[ \t]{2,}$/.test(l) || /^\s{4,}/.test(l))) return undefined;
    const text = lines.map((l) => l.trim()).join('\n');
    if (!text) return undefined;
    if (/^(#|>|[-*+] |\d+[.)] |=+$|-+$|`{3,}|~{3,}|:::)/m.test(text)) return undefined;
    const html = inline(text, baseUrl);
    if (html === undefined) return undefined;
    out.push(`<p>${html}</p>`);
  }
  return out.join('\n');
}

// As hast-util-to-html escapes text (src/render/ssr/renderBody.tsx): only `&` and `<`.
const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');

/** Plain text between code spans and links: anything markdown would treat specially bails out. */
function plain(s: string): string | undefined {
  if (/[\\<>*_~|[\]!&]|:[A-Za-z]|\S@\S|https?:\/\/|www\./.test(s)) return undefined;
  return escapeHtml(s);
}

function codeSpan(content: string): string {
  let c = content.replace(/\n/g, ' ');
  if (c.length > 2 && c.startsWith(' ') && c.endsWith(' ') && c.trim()) c = c.slice(1, -1);
  return `<code>${escapeHtml(c)}</code>`;
}

function inline(text: string, baseUrl: string): string | undefined {
  let html = '';
  let i = 0;
  let last = 0;
  const flush = (end: number) => {
    if (end <= last) return true;
    const p = plain(text.slice(last, end));
    if (p === undefined) return false;
    html += p;
    return true;
  };
  while (i < text.length) {
    const ch = text[i];
    if (ch === '`') {
      const ticks = /^`+/.exec(text.slice(i))![0];
      const close = text.indexOf(ticks, i + ticks.length);
      if (close < 0 || text[close + ticks.length] === '`') return undefined;
      if (!flush(i)) return undefined;
      html += codeSpan(text.slice(i + ticks.length, close));
      i = last = close + ticks.length;
      continue;
    }
    if (ch === '[') {
      const m = /^\[(`[^`\n]+`|[A-Za-z0-9$ .,'()-]+)\]\(([^\s()<>]+)\)/.exec(text.slice(i));
      if (!m) return undefined;
      if (!flush(i)) return undefined;
      const label = m[1]!.startsWith('`') ? codeSpan(m[1]!.slice(1, -1)) : escapeHtml(m[1]!);
      const href = m[2]!;
      if (/^https?:\/\//.test(href))
        html += `<a href="${escapeHtml(href)}" target="_blank" rel="noopener noreferrer">${label}</a>`;
      else if (href.startsWith('/'))
        html += `<a href="${escapeHtml(withBaseUrl(href, baseUrl))}">${label}</a>`;
      else return undefined;
      i = last = i + m[0].length;
      continue;
    }
    i++;
  }
  return flush(text.length) ? html : undefined;
}
