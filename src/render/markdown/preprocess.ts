/**
 * Accepts the common `:::note Title` spelling of admonitions by rewriting it to
 * remark-directive's `:::note[Title]` on the same line (line numbers stay true).
 * Lines inside code fences are left alone.
 */
const ADMONITION_LINE = /^(\s*:{3,})(note|tip|info|warning|danger|caution)[ \t]+([^[{\s].*?)\s*$/;

export function preprocessMarkdown(source: string): string {
  if (!source.includes(':::')) return source;
  let fence: string | null = null;
  const lines = source.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const f = /^\s*(`{3,}|~{3,})/.exec(line);
    if (f) {
      if (!fence) fence = f[1]!;
      else if (line.trim().startsWith(fence)) fence = null;
      continue;
    }
    if (fence) continue;
    const m = ADMONITION_LINE.exec(line);
    if (m) lines[i] = `${m[1]}${m[2]}[${m[3]}]`;
  }
  return lines.join('\n');
}
