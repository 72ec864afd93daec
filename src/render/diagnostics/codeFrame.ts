/** How a frame's parts are drawn: plain text by default, colours when the CLI prints to a terminal. */
export interface FrameStyle {
  gutter(text: string): string;
  marker(text: string): string;
}

const PLAIN: FrameStyle = { gutter: (t) => t, marker: (t) => t };

/**
 * Two lines either side of `line`, numbered, the line marked with `>` and a caret under
 * `column` (1-based), as the dev overlay and the CLI show a diagnostic's place. Tabs stay
 * tabs under the caret too, so it lines up in any terminal.
 */
export function codeFrame(
  text: string,
  line: number,
  column?: number,
  style: FrameStyle = PLAIN,
): string {
  const lines = text.split(/\r?\n/);
  const first = Math.max(1, line - 2);
  const last = Math.min(lines.length, line + 2);
  const width = String(last).length;
  const out: string[] = [];
  for (let n = first; n <= last; n++) {
    const source = lines[n - 1] ?? '';
    const mark = n === line ? style.marker('>') : ' ';
    out.push(`${mark} ${style.gutter(`${String(n).padStart(width)} |`)} ${source}`);
    if (n === line && column && column > 0) {
      const lead = source
        .slice(0, column - 1)
        .replace(/[^\t]/g, ' ')
        .padEnd(column - 1);
      out.push(`  ${style.gutter(`${' '.repeat(width)} |`)} ${lead}${style.marker('^')}`);
    }
  }
  return out.join('\n');
}
