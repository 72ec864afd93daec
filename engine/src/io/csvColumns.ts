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
import { parseBoolean, parseIsoDate, parseNumber } from './parseValue.js';

export interface CsvTypingOptions {
  dynamicTyping: boolean;
  /** Field texts read as missing (besides the empty field). */
  naValues: ReadonlySet<string>;
  trim: boolean;
  dtype?: DType;
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

function tryNumeric(scan: ScanResult, col: FieldColumn, n: number, opts: CsvTypingOptions): { data: Column; dtype: DType } | null {
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

function strings(scan: ScanResult, col: FieldColumn, n: number, opts: CsvTypingOptions, emptyIsMissing: boolean): (string | null)[] {
  const out = new Array<string | null>(n);
  for (let i = 0; i < n; i++) {
    const v = fieldString(scan, col, i, opts.trim);
    out[i] = v === null || (emptyIsMissing && (v === '' || opts.naValues.has(v))) ? null : v;
  }
  return out;
}

/** Builds column `col` of a scan. */
export function materializeColumn(scan: ScanResult, col: FieldColumn, name: string, opts: CsvTypingOptions): { data: Column; dtype: DType } {
  const n = scan.rowCount;
  if (opts.dtype) return buildColumn(strings(scan, col, n, opts, true), opts.dtype, name);
  if (!opts.dynamicTyping) return { data: Object.freeze(strings(scan, col, n, opts, false)), dtype: 'str' };
  const num = tryNumeric(scan, col, n, opts);
  if (num) return num;
  const values = strings(scan, col, n, opts, true);
  let bools = true;
  let dates = true;
  let any = false;
  for (let i = 0; i < n && (bools || dates); i++) {
    const v = values[i];
    if (v === null) continue;
    any = true;
    if (bools && parseBoolean(v.trim()) === undefined) bools = false;
    if (dates && parseIsoDate(v.trim()) === null) dates = false;
  }
  if (any && bools) return { data: Object.freeze(values.map((v) => (v === null ? null : parseBoolean(v.trim())!))), dtype: 'bool' };
  if (any && dates) return { data: Object.freeze(values.map((v) => (v === null ? null : new Date(parseIsoDate(v.trim())!)))), dtype: 'date' };
  if (!any) return { data: new Float64Array(n).fill(NaN), dtype: 'f64' };
  return { data: Object.freeze(values), dtype: 'str' };
}
