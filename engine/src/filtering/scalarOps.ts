/**
 * The meaning of query operators on single values. The vectorised evaluator
 * uses fast paths for numeric columns and falls back to these, so a query
 * means the same thing row by row (in `expr$` predicates) and column-wise.
 *
 * Missing values (null, NaN) never compare equal, less or greater: `x == 5`
 * and `x > 5` are false for a missing x, `x != 5` is true. Dates compare by
 * time and against ISO strings ('2024-01-31'); strings by code point.
 */
import { parseIsoDate } from '../io/parseValue.js';
import { compareCodePoints } from '../ordering/compare.js';
import type { ArithOp, CompareOp } from './queryParser.js';

export function isMissing(v: unknown): boolean {
  return (
    v === null ||
    v === undefined ||
    (typeof v === 'number' && v !== v) ||
    (v instanceof Date && Number.isNaN(v.getTime()))
  );
}

export function toNumber(v: unknown): number {
  if (typeof v === 'number') return v;
  if (typeof v === 'boolean') return v ? 1 : 0;
  if (v instanceof Date) return v.getTime();
  return NaN;
}

/** Brings a Date and a string/number to a comparable pair of values. */
export function coerce(a: unknown, b: unknown): [unknown, unknown] {
  if (a instanceof Date) {
    if (typeof b === 'string') {
      const t = parseIsoDate(b);
      return [a.getTime(), t === null ? b : t];
    }
    return [a.getTime(), b instanceof Date ? b.getTime() : b];
  }
  if (b instanceof Date) {
    const [y, x] = coerce(b, a);
    return [x, y];
  }
  return [a, b];
}

export function equals(a: unknown, b: unknown): boolean {
  if (isMissing(a) || isMissing(b)) return false;
  const [x, y] = coerce(a, b);
  return x === y;
}

const regexCache = new Map<string, RegExp>();
export function toRegExp(pattern: unknown): RegExp {
  if (pattern instanceof RegExp)
    return pattern.global || pattern.sticky
      ? new RegExp(pattern.source, pattern.flags.replace(/[gy]/g, ''))
      : pattern;
  const text = String(pattern);
  let re = regexCache.get(text);
  if (!re) {
    re = new RegExp(text);
    if (regexCache.size > 256) regexCache.clear();
    regexCache.set(text, re);
  }
  return re;
}

function text(v: unknown): string {
  return v instanceof Date ? v.toISOString() : String(v);
}

export function compare(op: CompareOp, a: unknown, b: unknown): boolean {
  switch (op) {
    case '==':
      return equals(a, b);
    case '!=':
      return !equals(a, b);
    case 'contains':
      return !isMissing(a) && !isMissing(b) && text(a).includes(text(b));
    case 'startsWith':
      return !isMissing(a) && !isMissing(b) && text(a).startsWith(text(b));
    case 'endsWith':
      return !isMissing(a) && !isMissing(b) && text(a).endsWith(text(b));
    case 'matches':
      return !isMissing(a) && !isMissing(b) && toRegExp(b).test(text(a));
    default: {
      if (isMissing(a) || isMissing(b)) return false;
      let [x, y] = coerce(a, b);
      if (typeof x === 'boolean') x = x ? 1 : 0;
      if (typeof y === 'boolean') y = y ? 1 : 0;
      let c: number;
      if (typeof x === 'number' && typeof y === 'number') c = x < y ? -1 : x > y ? 1 : 0;
      else if (typeof x === 'string' && typeof y === 'string') c = compareCodePoints(x, y);
      else return false;
      return op === '<' ? c < 0 : op === '<=' ? c <= 0 : op === '>' ? c > 0 : c >= 0;
    }
  }
}

export function arith(op: ArithOp, a: unknown, b: unknown): unknown {
  if (op === '+' && (typeof a === 'string' || typeof b === 'string')) {
    return isMissing(a) || isMissing(b) ? null : text(a) + text(b);
  }
  const x = toNumber(a);
  const y = toNumber(b);
  switch (op) {
    case '+':
      return x + y;
    case '-':
      return x - y;
    case '*':
      return x * y;
    case '/':
      return x / y;
    case '%':
      return x % y;
  }
}

/** A key that makes equal values (dates by time) equal in a Set or Map. */
export function valueKey(v: unknown): unknown {
  return v instanceof Date ? `\u0000date:${v.getTime()}` : v;
}

type Fn = (...args: unknown[]) => unknown;
const num =
  (f: (x: number) => number): Fn =>
  (x) =>
    isMissing(x) ? NaN : f(toNumber(x));
const str =
  (f: (s: string) => unknown): Fn =>
  (x) =>
    isMissing(x) ? null : f(text(x));
const date =
  (f: (d: Date) => number): Fn =>
  (x) => {
    if (isMissing(x)) return NaN;
    if (x instanceof Date) return f(x);
    if (typeof x === 'string') {
      const t = parseIsoDate(x);
      return t === null ? NaN : f(new Date(t));
    }
    return NaN;
  };

/** The functions a query may call, by lower-case name. */
export const FUNCTIONS: Readonly<Record<string, { arity: number; fn: Fn }>> = {
  abs: { arity: 1, fn: num(Math.abs) },
  round: { arity: 1, fn: num(Math.round) },
  floor: { arity: 1, fn: num(Math.floor) },
  ceil: { arity: 1, fn: num(Math.ceil) },
  sqrt: { arity: 1, fn: num(Math.sqrt) },
  log: { arity: 1, fn: num(Math.log) },
  exp: { arity: 1, fn: num(Math.exp) },
  lower: { arity: 1, fn: str((s) => s.toLowerCase()) },
  upper: { arity: 1, fn: str((s) => s.toUpperCase()) },
  trim: { arity: 1, fn: str((s) => s.trim()) },
  length: { arity: 1, fn: (x) => (isMissing(x) ? NaN : text(x).length) },
  isna: { arity: 1, fn: (x) => isMissing(x) },
  notna: { arity: 1, fn: (x) => !isMissing(x) },
  year: { arity: 1, fn: date((d) => d.getUTCFullYear()) },
  month: { arity: 1, fn: date((d) => d.getUTCMonth() + 1) },
  day: { arity: 1, fn: date((d) => d.getUTCDate()) },
};
