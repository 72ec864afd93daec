/**
 * Parsers for the text values the readers meet: ISO 8601 dates, numbers and booleans.
 * Kept strict on purpose: `dynamicTyping` only converts what is unambiguous.
 */

const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function digits(s: string, from: number, count: number): number {
  let v = 0;
  for (let i = from; i < from + count; i++) {
    const c = s.charCodeAt(i) - 48;
    if (c < 0 || c > 9) return -1;
    v = v * 10 + c;
  }
  return v;
}

/** Date.UTC, but years 0–99 stay years 0–99 (Date.UTC maps them to 1900–1999). */
function utc(
  y: number,
  mo: number,
  d: number,
  h: number,
  mi: number,
  s: number,
  ms: number,
): number {
  const t = Date.UTC(y, mo, d, h, mi, s, ms);
  if (y >= 100) return t;
  const date = new Date(t);
  date.setUTCFullYear(y);
  return date.getTime();
}

/**
 * Parses an ISO 8601 date or date-time and returns epoch milliseconds, or
 * `null` when `s` is not one. Accepted: `YYYY-MM-DD`, optionally followed by
 * `T` or a space, `HH:MM`, `:SS`, `.fraction`, and `Z` or `±HH:MM`/`±HHMM`.
 * A date-time without an offset is read as UTC, so results never depend on
 * the machine's time zone.
 */
export function parseIsoDate(s: string): number | null {
  return parseIsoDateAt(s, 0, s.length);
}

/** {@link parseIsoDate} on `text[start, end)`, without slicing. */
export function parseIsoDateAt(text: string, start: number, end: number): number | null {
  const n = end - start;
  const o = start;
  if (n < 10 || n > 35) return null;
  if (text.charCodeAt(o + 4) !== 45 || text.charCodeAt(o + 7) !== 45) return null;
  const y = digits(text, o, 4);
  const mo = digits(text, o + 5, 2);
  const d = digits(text, o + 8, 2);
  if (y < 0 || mo < 1 || mo > 12 || d < 1 || d > DAYS_IN_MONTH[mo - 1]!) return null;
  if (mo === 2 && d === 29 && !(y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0))) return null;
  if (n === 10) return utc(y, mo - 1, d, 0, 0, 0, 0);
  const sep = text.charCodeAt(o + 10);
  if (sep !== 84 && sep !== 32 && sep !== 116) return null; // T, space, t
  if (n < 16 || text.charCodeAt(o + 13) !== 58) return null;
  const h = digits(text, o + 11, 2);
  const mi = digits(text, o + 14, 2);
  if (h < 0 || h > 23 || mi < 0 || mi > 59) return null;
  let p = o + 16;
  let sec = 0;
  let ms = 0;
  if (p < end && text.charCodeAt(p) === 58) {
    sec = digits(text, p + 1, 2);
    if (sec < 0 || sec > 59) return null;
    p += 3;
    if (p < end && (text.charCodeAt(p) === 46 || text.charCodeAt(p) === 44)) {
      p++;
      const fracStart = p;
      let frac = 0;
      let scale = 1;
      while (p < end) {
        const c = text.charCodeAt(p) - 48;
        if (c < 0 || c > 9) break;
        if (p - fracStart < 3) {
          frac = frac * 10 + c;
          scale *= 10;
        }
        p++;
      }
      if (p === fracStart) return null;
      ms = Math.round((frac * 1000) / scale);
    }
  }
  let offset = 0;
  if (p < end) {
    const z = text.charCodeAt(p);
    if ((z === 90 || z === 122) && p === end - 1) {
      p++;
    } else if (z === 43 || z === 45) {
      const oh = digits(text, p + 1, 2);
      let om: number;
      if (end - p === 6 && text.charCodeAt(p + 3) === 58) om = digits(text, p + 4, 2);
      else if (end - p === 5) om = digits(text, p + 3, 2);
      else if (end - p === 3) om = 0;
      else return null;
      if (oh < 0 || oh > 23 || om < 0 || om > 59) return null;
      offset = (z === 43 ? 1 : -1) * (oh * 60 + om) * 60000;
      p = end;
    } else return null;
  }
  if (p !== end) return null;
  return utc(y, mo - 1, d, h, mi, sec, ms) - offset;
}

const NUMBER_RE = /^[+-]?(?:\d+\.?\d*(?:[eE][+-]?\d+)?|\.\d+(?:[eE][+-]?\d+)?|Infinity)$/;

/**
 * Parses a decimal number written the usual way (`-12`, `3.5`, `.5`, `1e6`,
 * `Infinity`, `NaN`) and returns it, or `undefined` when `s` is not one.
 * Hex, binary, thousands separators and surrounding spaces are not numbers.
 */
export function parseNumber(s: string): number | undefined {
  if (s === 'NaN') return NaN;
  if (!NUMBER_RE.test(s)) return undefined;
  return Number(s);
}

/** `true`/`false` in any letter case → boolean; anything else → `undefined`. */
export function parseBoolean(s: string): boolean | undefined {
  if (s.length === 4 && s.toLowerCase() === 'true') return true;
  if (s.length === 5 && s.toLowerCase() === 'false') return false;
  return undefined;
}
