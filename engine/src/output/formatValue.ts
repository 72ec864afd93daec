/** How cells look in printed tables: numbers, dates, strings, and their display width. */

/**
 * Numbers: integers as written (`1200`, `-3`); other values rounded to at
 * most 6 decimals with trailing zeros trimmed (`0.1 + 0.2` → `0.3`,
 * `2 / 3` → `0.666667`); magnitudes below 1e-4 or from 1e15 up use
 * exponent notation with up to 6 significant digits (`1.5e-7`).
 */
export function formatNumber(x: number): string {
  if (x !== x) return 'null';
  if (!Number.isFinite(x)) return x > 0 ? 'Infinity' : '-Infinity';
  if (Number.isInteger(x) && Math.abs(x) < 1e15) return String(x === 0 ? 0 : x);
  const ax = Math.abs(x);
  if (ax >= 1e-4 && ax < 1e15) {
    const fixed = x.toFixed(6).replace(/\.?0+$/, '');
    return fixed === '-0' ? '0' : fixed;
  }
  const [mant, exp] = x.toExponential(5).split('e');
  return `${mant!.replace(/\.?0+$/, '')}e${exp}`;
}

function pad2(n: number): string {
  return n < 10 ? `0${n}` : String(n);
}

/** `YYYY-MM-DD` in UTC. */
export function formatDay(d: Date): string {
  const y = d.getUTCFullYear();
  const ys = y >= 0 && y <= 9999 ? String(y).padStart(4, '0') : String(y);
  return `${ys}-${pad2(d.getUTCMonth() + 1)}-${pad2(d.getUTCDate())}`;
}

/** `YYYY-MM-DDTHH:MM:SSZ` (with `.mmm` when milliseconds are set), in UTC. */
export function formatDateTime(d: Date): string {
  const ms = d.getUTCMilliseconds();
  const base = `${formatDay(d)}T${pad2(d.getUTCHours())}:${pad2(d.getUTCMinutes())}:${pad2(d.getUTCSeconds())}`;
  return ms ? `${base}.${String(ms).padStart(3, '0')}Z` : `${base}Z`;
}

/** True when the date falls on UTC midnight (printed as a plain day). */
export function isMidnightUtc(d: Date): boolean {
  return d.getTime() % 86400000 === 0;
}

/** Makes control characters visible so every row stays on one line. */
export function escapeText(s: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are what this escapes
  return /[\u0000-\u001f\u007f]/.test(s)
    ? // eslint-disable-next-line no-control-regex -- as above
      s.replace(/[\u0000-\u001f\u007f]/g, (c) =>
        c === '\n'
          ? '\\n'
          : c === '\r'
            ? '\\r'
            : c === '\t'
              ? '\\t'
              : `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`,
      )
    : s;
}

function isWide(cp: number): boolean {
  return (
    (cp >= 0x1100 && cp <= 0x115f) ||
    (cp >= 0x2e80 && cp <= 0xa4cf && cp !== 0x303f) ||
    (cp >= 0xac00 && cp <= 0xd7a3) ||
    (cp >= 0xf900 && cp <= 0xfaff) ||
    (cp >= 0xfe30 && cp <= 0xfe4f) ||
    (cp >= 0xff00 && cp <= 0xff60) ||
    (cp >= 0xffe0 && cp <= 0xffe6) ||
    (cp >= 0x1f300 && cp <= 0x1f64f) ||
    (cp >= 0x1f900 && cp <= 0x1f9ff) ||
    (cp >= 0x20000 && cp <= 0x3fffd)
  );
}

function isZeroWidth(cp: number): boolean {
  return (
    (cp >= 0x0300 && cp <= 0x036f) ||
    (cp >= 0x200b && cp <= 0x200f) ||
    (cp >= 0x20d0 && cp <= 0x20ff) ||
    (cp >= 0xfe00 && cp <= 0xfe0f)
  );
}

/** Terminal columns a string occupies (wide East Asian characters and emoji count 2, combining marks 0). */
export function displayWidth(s: string): number {
  let w = 0;
  for (const ch of s) {
    const cp = ch.codePointAt(0)!;
    w += isZeroWidth(cp) ? 0 : isWide(cp) ? 2 : 1;
  }
  return w;
}

/** Cuts a string to at most `max` columns, ending it with `…` when cut. */
export function truncate(s: string, max: number): string {
  if (displayWidth(s) <= max) return s;
  let w = 0;
  let out = '';
  for (const ch of s) {
    const cw = displayWidth(ch);
    if (w + cw > max - 1) break;
    out += ch;
    w += cw;
  }
  return `${out}…`;
}
