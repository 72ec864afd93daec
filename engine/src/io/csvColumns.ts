/**
 * Turns scanned CSV field offsets into typed columns. With dynamic typing a
 * column becomes numeric when every non-empty field is a number (i32 when all
 * are integers and none is missing, else f64 with NaN for empty fields), bool
 * when every field is true/false, date when every field is an ISO 8601 date,
 * else str. Numbers are parsed straight from the character codes (exact for
 * up to 15 significant digits; longer ones go through `Number`).
 */
import type { Column } from '../column.js';
import { buildColumn } from '../column.js';
import type { DType } from '../dtypes.js';
import type { FieldColumn, ScanResult } from './csvParser.js';
import { parseIsoDateAt, parseNumber } from './parseValue.js';

export interface CsvTypingOptions {
  dynamicTyping: boolean;
  /** Field texts read as missing (besides the empty field). */
  naValues: ReadonlySet<string>;
  trim: boolean;
  dtype?: DType | undefined;
}

const POW10: number[] = [];
for (let k = 0; k <= 22; k++) POW10.push(10 ** k);

/** Parses a plain decimal in text[s, e) exactly, or returns NaN when it is not one (the caller then tries harder). */
function fastNumber(text: string, s: number, e: number): number {
  let i = s;
  let c = text.charCodeAt(i);
  let neg = false;
  if (c === 45 || c === 43) {
    neg = c === 45;
    i++;
  }
  let mant = 0;
  let digits = 0;
  let frac = 0;
  while (i < e) {
    c = text.charCodeAt(i) - 48;
    if (c < 0 || c > 9) break;
    mant = mant * 10 + c;
    digits++;
    i++;
  }
  if (i < e && text.charCodeAt(i) === 46) {
    i++;
    while (i < e) {
      c = text.charCodeAt(i) - 48;
      if (c < 0 || c > 9) break;
      mant = mant * 10 + c;
      digits++;
      frac++;
      i++;
    }
  }
  if (i !== e || digits === 0 || digits > 15 || frac > 22) return NaN;
  const v = frac === 0 ? mant : mant / POW10[frac]!;
  return neg ? -v : v;
}

function fieldString(scan: ScanResult, col: FieldColumn, i: number, trim: boolean): string | null {
  const s = col.starts[i]!;
  if (s === -1) return null;
  const v = s <= -2 ? scan.quoted[-s - 2]! : scan.text.slice(s, col.ends[i]!);
  return trim ? v.trim() : v;
}

function tryNumeric(
  scan: ScanResult,
  col: FieldColumn,
  n: number,
  opts: CsvTypingOptions,
): { data: Column; dtype: DType } | null {
  const out = new Float64Array(n);
  const text = scan.text;
  let allInt = true;
  let missing = false;
  let any = false;
  for (let i = 0; i < n; i++) {
    const s = col.starts[i]!;
    const e = col.ends[i]!;
    let v: number;
    if (s >= 0 && e > s) {
      v = fastNumber(text, s, e);
      if (v !== v) {
        const str = text.slice(s, e);
        const t = str.trim();
        if (t === '' || opts.naValues.has(str) || opts.naValues.has(t)) v = NaN;
        else {
          const p = parseNumber(t);
          if (p === undefined) return null;
          v = p;
        }
      }
    } else if (s === -1 || s === e) {
      v = NaN;
    } else {
      const str = scan.quoted[-s - 2]!;
      const t = str.trim();
      if (t === '' || opts.naValues.has(str) || opts.naValues.has(t)) v = NaN;
      else {
        const p = parseNumber(t);
        if (p === undefined) return null;
        v = p;
      }
    }
    if (v !== v) missing = true;
    else {
      any = true;
      if (allInt && ((v | 0) !== v || Object.is(v, -0))) allInt = false;
    }
    out[i] = v;
  }
  if (!any && n > 0) return null; // every field empty: not evidence of a number column
  if (allInt && !missing) return { data: Int32Array.from(out), dtype: 'i32' };
  return { data: out, dtype: 'f64' };
}

function strings(
  scan: ScanResult,
  col: FieldColumn,
  n: number,
  opts: CsvTypingOptions,
  emptyIsMissing: boolean,
): (string | null)[] {
  const out = new Array<string | null>(n);
  for (let i = 0; i < n; i++) {
    const v = fieldString(scan, col, i, opts.trim);
    // An empty field is missing; `""` (quoted) is the empty string, as toCsv writes one.
    const empty = v === '' && col.starts[i]! > -2;
    out[i] = v === null || (emptyIsMissing && (empty || opts.naValues.has(v))) ? null : v;
  }
  return out;
}

/** The trimmed bounds of field `i` in `text`, or null for a quoted field (read from `quoted`) / absent field. */
function bounds(col: FieldColumn, i: number, text: string): [number, number] | null {
  let s = col.starts[i]!;
  let e = col.ends[i]!;
  if (s < 0) return null;
  while (s < e && text.charCodeAt(s) <= 32) s++;
  while (e > s && text.charCodeAt(e - 1) <= 32) e--;
  return [s, e];
}

const TRUE = 'true';
const FALSE = 'false';
function boolAt(text: string, s: number, e: number): boolean | undefined {
  const len = e - s;
  const word = len === 4 ? TRUE : len === 5 ? FALSE : null;
  if (!word) return undefined;
  for (let k = 0; k < len; k++)
    if ((text.charCodeAt(s + k) | 0x20) !== word.charCodeAt(k)) return undefined;
  return len === 4;
}

type Kind = 'bool' | 'date' | 'str';

/** Converts every field with `parse`, or returns null at the first field that does not parse. */
function convert<T>(
  scan: ScanResult,
  col: FieldColumn,
  n: number,
  opts: CsvTypingOptions,
  parse: (text: string, s: number, e: number) => T | undefined,
): (T | null)[] | null {
  const out = new Array<T | null>(n);
  const text = scan.text;
  for (let i = 0; i < n; i++) {
    const st = col.starts[i]!;
    if (st === -1) {
      out[i] = null;
      continue;
    }
    let v: T | undefined;
    if (st <= -2) {
      const q = scan.quoted[-st - 2]!;
      const t = q.trim();
      if (t === '' || opts.naValues.has(q) || opts.naValues.has(t)) {
        out[i] = null;
        continue;
      }
      v = parse(t, 0, t.length);
    } else {
      const b = bounds(col, i, text)!;
      if (b[0] === b[1]) {
        out[i] = null;
        continue;
      }
      v = parse(text, b[0], b[1]);
      if (v === undefined && opts.naValues.size > 0) {
        const raw = text.slice(st, col.ends[i]!);
        if (opts.naValues.has(raw) || opts.naValues.has(raw.trim())) {
          out[i] = null;
          continue;
        }
      }
    }
    if (v === undefined) return null;
    out[i] = v;
  }
  return out;
}

function firstKind(
  scan: ScanResult,
  col: FieldColumn,
  n: number,
  opts: CsvTypingOptions,
): Kind | null {
  for (let i = 0; i < n; i++) {
    const v = fieldString(scan, col, i, false);
    if (v === null) continue;
    const t = v.trim();
    if (t === '' || opts.naValues.has(v) || opts.naValues.has(t)) continue;
    if (boolAt(t, 0, t.length) !== undefined) return 'bool';
    if (parseIsoDateAt(t, 0, t.length) !== null) return 'date';
    return 'str';
  }
  return null;
}

/**
 * A date parser that hands out one shared Date per distinct time while there
 * are few distinct times (columns of days repeat a lot), which saves
 * allocating a million Date objects. Storage is read-only, and rows copy dates.
 */
function dateParser(): (text: string, s: number, e: number) => Date | undefined {
  const cache = new Map<number, Date>();
  return (text, s, e) => {
    const t = parseIsoDateAt(text, s, e);
    if (t === null) return undefined;
    let d = cache.get(t);
    if (d === undefined) {
      d = new Date(t);
      if (cache.size < 100_000) cache.set(t, d);
    }
    return d;
  };
}

/** Builds column `col` of a scan. */
export function materializeColumn(
  scan: ScanResult,
  col: FieldColumn,
  name: string,
  opts: CsvTypingOptions,
): { data: Column; dtype: DType } {
  const n = scan.rowCount;
  if (opts.dtype) return buildColumn(strings(scan, col, n, opts, true), opts.dtype, name);
  if (!opts.dynamicTyping)
    return { data: Object.freeze(strings(scan, col, n, opts, false)), dtype: 'str' };
  const num = tryNumeric(scan, col, n, opts);
  if (num) return num;
  const kind = firstKind(scan, col, n, opts);
  if (kind === null) return { data: new Float64Array(n).fill(NaN), dtype: 'f64' };
  if (kind === 'bool') {
    const bools = convert(scan, col, n, opts, boolAt);
    if (bools) return { data: Object.freeze(bools), dtype: 'bool' };
  } else if (kind === 'date') {
    const dates = convert(scan, col, n, opts, dateParser());
    if (dates) return { data: Object.freeze(dates), dtype: 'date' };
  }
  return { data: Object.freeze(strings(scan, col, n, opts, true)), dtype: 'str' };
}
