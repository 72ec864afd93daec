/**
 * Evaluates a parsed query over a whole frame at once (typed-array fast paths
 * for numeric columns, no per-row objects) or over a single row object.
 */
import type { DataFrame } from '../DataFrame.js';
import { storageOf, positionOf } from '../storage.js';
import { type DType, isNumericDType } from '../dtypes.js';
import { describeValue } from '../column.js';
import { unknownColumnError } from '../validation/validateColumn.js';
import type { Row } from '../creation/frameOptions.js';
import { type Node, type CompareOp, QuerySyntaxError } from './queryParser.js';
import { FUNCTIONS, arith, compare, isMissing, toNumber, valueKey, coerce } from './scalarOps.js';
import { parseIsoDate } from '../io/parseValue.js';

/** Values for `@name` (an object) or `${…}` (an array) placeholders. */
export type QueryParams = Readonly<Record<string, unknown>> | readonly unknown[];

type Vec =
  | { k: 'scalar'; v: unknown }
  | { k: 'num'; a: ArrayLike<number> }
  | { k: 'mask'; a: Uint8Array }
  | { k: 'any'; a: ArrayLike<unknown>; dtype?: DType };

function paramValue(
  node: Extract<Node, { type: 'param' }>,
  params: QueryParams | undefined,
  source: string,
): unknown {
  if (typeof node.key === 'number') return (params as readonly unknown[] | undefined)?.[node.key];
  if (!params || Array.isArray(params) || !Object.prototype.hasOwnProperty.call(params, node.key)) {
    throw new QuerySyntaxError(
      `Unknown parameter "@${node.key}" (pass it in the params object)`,
      source,
      node.pos,
    );
  }
  return (params as Record<string, unknown>)[node.key];
}

/** Checks column names and function names before any work is done. */
export function checkQuery(
  node: Node,
  columns: readonly string[] | null,
  source: string,
  params?: QueryParams,
): void {
  const visit = (n: Node): void => {
    switch (n.type) {
      case 'column':
        if (columns && !columns.includes(n.name)) {
          const err = unknownColumnError(n.name, columns);
          throw new RangeError(
            `${err.message.replace(/\.$/, '')} (in query at position ${n.pos}: ${source})`,
          );
        }
        return;
      case 'param':
        paramValue(n, params, source);
        return;
      case 'call': {
        const f = FUNCTIONS[n.name.toLowerCase()];
        if (!f)
          throw new QuerySyntaxError(
            `Unknown function "${n.name}" (known: ${Object.keys(FUNCTIONS).join(', ')})`,
            source,
            n.pos,
          );
        if (n.args.length !== f.arity) {
          throw new QuerySyntaxError(
            `Function "${n.name}" takes ${f.arity} argument${f.arity === 1 ? '' : 's'}, not ${n.args.length}`,
            source,
            n.pos,
          );
        }
        n.args.forEach(visit);
        return;
      }
      case 'list':
        n.items.forEach(visit);
        return;
      case 'neg':
      case 'not':
      case 'isnull':
        visit(n.arg);
        return;
      case 'logical':
      case 'compare':
      case 'arith':
      case 'in':
        visit(n.left);
        visit(n.right);
        return;
      case 'literal':
        return;
    }
  };
  visit(node);
}

function at(v: Vec, i: number): unknown {
  switch (v.k) {
    case 'scalar':
      return v.v;
    case 'mask':
      return v.a[i] === 1;
    default:
      return v.a[i];
  }
}

function truthy(x: unknown): boolean {
  return (
    x === true ||
    (typeof x === 'number' && x === x && x !== 0) ||
    (typeof x === 'string' && x !== '')
  );
}

function toMask(v: Vec, n: number): Uint8Array {
  if (v.k === 'mask') return v.a;
  const out = new Uint8Array(n);
  if (v.k === 'scalar') return truthy(v.v) ? out.fill(1) : out;
  for (let i = 0; i < n; i++) out[i] = truthy(v.a[i]) ? 1 : 0;
  return out;
}

function numericOf(v: Vec): ArrayLike<number> | number | undefined {
  if (v.k === 'num') return v.a;
  if (v.k === 'scalar' && typeof v.v === 'number') return v.v;
  return undefined;
}

function compareNumeric(
  op: CompareOp,
  a: ArrayLike<number> | number,
  b: ArrayLike<number> | number,
  n: number,
): Uint8Array | undefined {
  const out = new Uint8Array(n);
  const A = typeof a === 'number' ? null : a;
  const B = typeof b === 'number' ? null : b;
  const sa = a as number;
  const sb = b as number;
  switch (op) {
    case '<':
      for (let i = 0; i < n; i++) out[i] = (A ? A[i]! : sa) < (B ? B[i]! : sb) ? 1 : 0;
      return out;
    case '<=':
      for (let i = 0; i < n; i++) out[i] = (A ? A[i]! : sa) <= (B ? B[i]! : sb) ? 1 : 0;
      return out;
    case '>':
      for (let i = 0; i < n; i++) out[i] = (A ? A[i]! : sa) > (B ? B[i]! : sb) ? 1 : 0;
      return out;
    case '>=':
      for (let i = 0; i < n; i++) out[i] = (A ? A[i]! : sa) >= (B ? B[i]! : sb) ? 1 : 0;
      return out;
    case '==':
      for (let i = 0; i < n; i++) out[i] = (A ? A[i]! : sa) === (B ? B[i]! : sb) ? 1 : 0;
      return out;
    case '!=':
      for (let i = 0; i < n; i++) out[i] = (A ? A[i]! : sa) !== (B ? B[i]! : sb) ? 1 : 0;
      return out;
    default:
      return undefined;
  }
}

/** Pre-converts an ISO string compared with a date column, so it is parsed once. */
function dateScalar(v: Vec, other: Vec): Vec {
  if (v.k === 'scalar' && typeof v.v === 'string' && other.k === 'any' && other.dtype === 'date') {
    const t = parseIsoDate(v.v);
    if (t !== null) return { k: 'scalar', v: new Date(t) };
  }
  return v;
}

/** Evaluates `node` over every row of `df`. */
function evalVec(node: Node, df: DataFrame, params: QueryParams | undefined, source: string): Vec {
  const s = storageOf(df);
  const n = s.rowCount;
  const ev = (x: Node) => evalVec(x, df, params, source);
  switch (node.type) {
    case 'literal':
      return { k: 'scalar', v: node.value };
    case 'param':
      return { k: 'scalar', v: paramValue(node, params, source) };
    case 'list':
      return { k: 'scalar', v: node.items.map((it) => scalarOf(ev(it), it, source)) };
    case 'column': {
      const j = positionOf(s, node.name);
      const dtype = s.dtypes[j]!;
      const a = s.columns[j]!;
      return isNumericDType(dtype)
        ? { k: 'num', a: a as ArrayLike<number> }
        : { k: 'any', a, dtype };
    }
    case 'neg': {
      const v = ev(node.arg);
      if (v.k === 'scalar') return { k: 'scalar', v: -toNumber(v.v) };
      const out = new Float64Array(n);
      for (let i = 0; i < n; i++) out[i] = -toNumber(at(v, i));
      return { k: 'num', a: out };
    }
    case 'not': {
      const v = ev(node.arg);
      if (v.k === 'scalar') return { k: 'scalar', v: !truthy(v.v) };
      const m = toMask(v, n);
      const out = new Uint8Array(n);
      for (let i = 0; i < n; i++) out[i] = m[i]! ^ 1;
      return { k: 'mask', a: out };
    }
    case 'logical': {
      const l = ev(node.left);
      const r = ev(node.right);
      if (l.k === 'scalar' && r.k === 'scalar') {
        return {
          k: 'scalar',
          v: node.op === 'and' ? truthy(l.v) && truthy(r.v) : truthy(l.v) || truthy(r.v),
        };
      }
      const a = toMask(l, n);
      const b = toMask(r, n);
      const out = new Uint8Array(n);
      if (node.op === 'and') for (let i = 0; i < n; i++) out[i] = a[i]! & b[i]!;
      else for (let i = 0; i < n; i++) out[i] = a[i]! | b[i]!;
      return { k: 'mask', a: out };
    }
    case 'isnull': {
      const v = ev(node.arg);
      if (v.k === 'scalar') return { k: 'scalar', v: isMissing(v.v) !== node.negate };
      const out = new Uint8Array(n);
      const flip = node.negate ? 1 : 0;
      if (v.k === 'mask') return { k: 'mask', a: out.fill(flip) };
      for (let i = 0; i < n; i++) out[i] = (isMissing(v.a[i]) ? 1 : 0) ^ flip;
      return { k: 'mask', a: out };
    }
    case 'compare': {
      // `x == null` / `x != null` test for missing values.
      if (
        (node.op === '==' || node.op === '!=') &&
        node.right.type === 'literal' &&
        node.right.value === null
      ) {
        return evalVec(
          { type: 'isnull', negate: node.op === '!=', arg: node.left, pos: node.pos },
          df,
          params,
          source,
        );
      }
      let l = ev(node.left);
      let r = ev(node.right);
      l = dateScalar(l, r);
      r = dateScalar(r, l);
      if (l.k === 'scalar' && r.k === 'scalar')
        return { k: 'scalar', v: compare(node.op, l.v, r.v) };
      const na = numericOf(l);
      const nb = numericOf(r);
      if (na !== undefined && nb !== undefined) {
        const m = compareNumeric(node.op, na, nb, n);
        if (m) return { k: 'mask', a: m };
      }
      const out = new Uint8Array(n);
      if (r.k === 'scalar' && l.k !== 'scalar') {
        const b = r.v;
        for (let i = 0; i < n; i++) out[i] = compare(node.op, at(l, i), b) ? 1 : 0;
      } else {
        for (let i = 0; i < n; i++) out[i] = compare(node.op, at(l, i), at(r, i)) ? 1 : 0;
      }
      return { k: 'mask', a: out };
    }
    case 'in': {
      const l = ev(node.left);
      const r = ev(node.right);
      if (r.k !== 'scalar' || !(Array.isArray(r.v) || r.v instanceof Set)) {
        throw new TypeError(
          `query(): the right side of "in" must be a list; received ${describeValue(r.k === 'scalar' ? r.v : 'a column')} (at position ${node.pos}: ${source}).`,
        );
      }
      const list = [...(r.v as Iterable<unknown>)];
      const keys = new Set<unknown>();
      const dateCol = l.k === 'any' && l.dtype === 'date';
      for (const item of list) {
        if (isMissing(item)) continue;
        if (dateCol && typeof item === 'string') {
          const t = parseIsoDate(item);
          keys.add(t === null ? item : valueKey(new Date(t)));
        } else keys.add(valueKey(item));
      }
      const flip = node.negate ? 1 : 0;
      if (l.k === 'scalar')
        return { k: 'scalar', v: (!isMissing(l.v) && keys.has(valueKey(l.v))) !== node.negate };
      const out = new Uint8Array(n);
      for (let i = 0; i < n; i++) {
        const v = at(l, i);
        out[i] = (!isMissing(v) && keys.has(valueKey(v)) ? 1 : 0) ^ flip;
      }
      return { k: 'mask', a: out };
    }
    case 'arith': {
      const l = ev(node.left);
      const r = ev(node.right);
      if (l.k === 'scalar' && r.k === 'scalar') return { k: 'scalar', v: arith(node.op, l.v, r.v) };
      const na = numericOf(l);
      const nb = numericOf(r);
      if (na !== undefined && nb !== undefined) {
        const out = new Float64Array(n);
        const A = typeof na === 'number' ? null : na;
        const B = typeof nb === 'number' ? null : nb;
        const sa = na as number;
        const sb = nb as number;
        switch (node.op) {
          case '+':
            for (let i = 0; i < n; i++) out[i] = (A ? A[i]! : sa) + (B ? B[i]! : sb);
            break;
          case '-':
            for (let i = 0; i < n; i++) out[i] = (A ? A[i]! : sa) - (B ? B[i]! : sb);
            break;
          case '*':
            for (let i = 0; i < n; i++) out[i] = (A ? A[i]! : sa) * (B ? B[i]! : sb);
            break;
          case '/':
            for (let i = 0; i < n; i++) out[i] = (A ? A[i]! : sa) / (B ? B[i]! : sb);
            break;
          case '%':
            for (let i = 0; i < n; i++) out[i] = (A ? A[i]! : sa) % (B ? B[i]! : sb);
            break;
        }
        return { k: 'num', a: out };
      }
      const vals = new Array<unknown>(n);
      let allNum = true;
      for (let i = 0; i < n; i++) {
        const x = arith(node.op, at(l, i), at(r, i));
        vals[i] = x;
        if (typeof x !== 'number') allNum = false;
      }
      return allNum ? { k: 'num', a: Float64Array.from(vals as number[]) } : { k: 'any', a: vals };
    }
    case 'call': {
      const f = FUNCTIONS[node.name.toLowerCase()]!;
      const args = node.args.map(ev);
      if (args.every((a) => a.k === 'scalar'))
        return { k: 'scalar', v: f.fn(...args.map((a) => (a as { v: unknown }).v)) };
      const vals = new Array<unknown>(n);
      let kind: 'num' | 'bool' | 'any' | undefined;
      for (let i = 0; i < n; i++) {
        const x = f.fn(...args.map((a) => at(a, i)));
        vals[i] = x;
        const k = typeof x === 'number' ? 'num' : typeof x === 'boolean' ? 'bool' : 'any';
        kind = kind === undefined || kind === k ? k : 'any';
      }
      if (kind === 'num') return { k: 'num', a: Float64Array.from(vals as number[]) };
      if (kind === 'bool')
        return { k: 'mask', a: Uint8Array.from(vals as boolean[], (b) => (b ? 1 : 0)) };
      return { k: 'any', a: vals };
    }
  }
}

function scalarOf(v: Vec, node: Node, source: string): unknown {
  if (v.k !== 'scalar')
    throw new QuerySyntaxError('A list may hold only values, not columns', source, node.pos);
  return v.v;
}

function allBooleans(a: ArrayLike<unknown>): boolean {
  for (let i = 0; i < a.length; i++) {
    const x = a[i];
    if (typeof x !== 'boolean' && x !== null && x !== undefined) return false;
  }
  return true;
}

/** Evaluates a condition over a frame and returns a 0/1 mask, one entry per row. */
export function evaluateMask(
  node: Node,
  df: DataFrame,
  params: QueryParams | undefined,
  source: string,
): Uint8Array {
  const v = evalVec(node, df, params, source);
  const n = df.rowCount;
  if (
    v.k === 'num' ||
    (v.k === 'scalar' && typeof v.v !== 'boolean') ||
    (v.k === 'any' && !allBooleans(v.a))
  ) {
    throw new TypeError(
      `query(): "${source}" does not give true/false for each row; add a comparison such as "> 0".`,
    );
  }
  return toMask(v, n);
}

/** Evaluates an expression over a frame and returns one JS value per row. */
export function evaluateValues(
  node: Node,
  df: DataFrame,
  params: QueryParams | undefined,
  source: string,
): unknown[] {
  const v = evalVec(node, df, params, source);
  const n = df.rowCount;
  const out = new Array<unknown>(n);
  for (let i = 0; i < n; i++) {
    const x = at(v, i);
    out[i] = isMissing(x) ? null : x;
  }
  return out;
}

/** Evaluates an expression on one row object. */
export function evaluateRow(
  node: Node,
  row: Row,
  params: QueryParams | undefined,
  source: string,
): unknown {
  const ev = (x: Node) => evaluateRow(x, row, params, source);
  switch (node.type) {
    case 'literal':
      return node.value;
    case 'param':
      return paramValue(node, params, source);
    case 'list':
      return node.items.map(ev);
    case 'column':
      if (!(node.name in row)) {
        throw new RangeError(
          `Unknown column "${node.name}" (in query at position ${node.pos}: ${source})`,
        );
      }
      return row[node.name];
    case 'neg':
      return -toNumber(ev(node.arg));
    case 'not':
      return !truthy(ev(node.arg));
    case 'logical':
      return node.op === 'and'
        ? truthy(ev(node.left)) && truthy(ev(node.right))
        : truthy(ev(node.left)) || truthy(ev(node.right));
    case 'isnull':
      return isMissing(ev(node.arg)) !== node.negate;
    case 'compare': {
      if (
        (node.op === '==' || node.op === '!=') &&
        node.right.type === 'literal' &&
        node.right.value === null
      ) {
        return isMissing(ev(node.left)) === (node.op === '==');
      }
      return compare(node.op, ev(node.left), ev(node.right));
    }
    case 'in': {
      const v = ev(node.left);
      const list = ev(node.right);
      if (!Array.isArray(list) && !(list instanceof Set))
        throw new TypeError(
          `query(): the right side of "in" must be a list (at position ${node.pos}: ${source}).`,
        );
      let found = false;
      if (!isMissing(v))
        for (const item of list as Iterable<unknown>)
          if (!isMissing(item) && coerce(v, item).every((x, _, p) => x === p[0])) found = true;
      return found !== node.negate;
    }
    case 'arith':
      return arith(node.op, ev(node.left), ev(node.right));
    case 'call':
      return FUNCTIONS[node.name.toLowerCase()]!.fn(...node.args.map(ev));
  }
}
