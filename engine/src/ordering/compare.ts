/** Value comparison shared by sort, mode, min and max. */

/**
 * Compares two strings by Unicode code point, independent of locale.
 * (JavaScript's `<` compares UTF-16 code units, which puts characters above
 * U+FFFF before U+E000–U+FFFF; this fixes that at the first difference.)
 */
export function compareCodePoints(a: string, b: string): number {
  if (a === b) return 0;
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    let x = a.charCodeAt(i);
    let y = b.charCodeAt(i);
    if (x !== y) {
      if (x >= 0xd800 && y >= 0xd800) {
        // Surrogates (D800–DFFF) encode code points above FFFF: move them above E000–FFFF.
        x = x >= 0xe000 ? x - 0x800 : x + 0x2000;
        y = y >= 0xe000 ? y - 0x800 : y + 0x2000;
      }
      return x - y;
    }
  }
  return a.length - b.length;
}

function rank(v: unknown): number {
  if (typeof v === 'boolean') return 0;
  if (typeof v === 'number') return 1;
  if (v instanceof Date) return 2;
  if (typeof v === 'string') return 3;
  return 4;
}

/**
 * Compares two non-missing values: numbers numerically, strings by code
 * point, dates by time, `false` before `true`; across types, booleans <
 * numbers < dates < strings < anything else (compared as JSON text).
 */
export function compareValues(a: unknown, b: unknown): number {
  const ra = rank(a);
  const rb = rank(b);
  if (ra !== rb) return ra - rb;
  switch (ra) {
    case 0:
      return (a ? 1 : 0) - (b ? 1 : 0);
    case 1:
      return (a as number) < (b as number) ? -1 : (a as number) > (b as number) ? 1 : 0;
    case 2:
      return (a as Date).getTime() - (b as Date).getTime();
    case 3:
      return compareCodePoints(a as string, b as string);
    default: {
      const sa = JSON.stringify(a) ?? String(a);
      const sb = JSON.stringify(b) ?? String(b);
      return compareCodePoints(sa, sb);
    }
  }
}
