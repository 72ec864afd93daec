/** Resolving positional selectors (numbers, arrays, slices) to positions. */
import { describeValue } from '../column.js';

/**
 * A slice of positions, like Python's `start:end:step`: `start` is
 * inclusive, `end` exclusive, negative values count from the end, and bounds
 * past either end are clamped.
 *
 * @category Selection
 */
export interface Slice {
  start?: number | undefined;
  end?: number | undefined;
  step?: number | undefined;
}

/**
 * Positions for {@link iloc}: one position, an array of positions (negative
 * ones count from the end), a {@link Slice} object, or a slice string such as
 * `'1:4'`, `':3'`, `'-2:'`, `'::2'` or `':'`.
 *
 * @category Selection
 */
export type PositionSelector = number | readonly number[] | Slice | string;

function parseSliceString(text: string, fn: string): Slice {
  const parts = text.split(':');
  if (parts.length < 2 || parts.length > 3) {
    throw new SyntaxError(
      `${fn}(): slice ${JSON.stringify(text)} must look like "start:end" or "start:end:step".`,
    );
  }
  const nums = parts.map((p) => {
    const t = p.trim();
    if (t === '') return undefined;
    if (!/^[+-]?\d+$/.test(t))
      throw new SyntaxError(
        `${fn}(): slice ${JSON.stringify(text)} holds ${JSON.stringify(t)}, expected an integer.`,
      );
    return Number(t);
  });
  return { start: nums[0], end: nums[1], step: nums[2] };
}

function sliceToPositions(slice: Slice, n: number, fn: string): number[] {
  const step = slice.step ?? 1;
  for (const [k, v] of Object.entries(slice)) {
    if (k !== 'start' && k !== 'end' && k !== 'step')
      throw new TypeError(`${fn}(): unknown slice key "${k}"; expected start, end, step.`);
    if (v !== undefined && !Number.isInteger(v))
      throw new TypeError(`${fn}(): slice ${k} must be an integer; received ${describeValue(v)}.`);
  }
  if (step === 0) throw new RangeError(`${fn}(): slice step must not be 0.`);
  const norm = (v: number | undefined, dflt: number, lo: number, hi: number) => {
    if (v === undefined) return dflt;
    const p = v < 0 ? v + n : v;
    return Math.min(Math.max(p, lo), hi);
  };
  const out: number[] = [];
  if (step > 0) {
    const a = norm(slice.start, 0, 0, n);
    const b = norm(slice.end, n, 0, n);
    for (let i = a; i < b; i += step) out.push(i);
  } else {
    const a = norm(slice.start, n - 1, -1, n - 1);
    const b = norm(slice.end, -1, -1, n - 1);
    for (let i = a; i > b; i += step) out.push(i);
  }
  return out;
}

/** Resolves a selector against `n` items. Out-of-range single positions throw; slices clamp. */
export function resolvePositions(
  sel: PositionSelector,
  n: number,
  fn: string,
  what = 'row',
): number[] {
  const one = (p: unknown): number => {
    if (typeof p !== 'number' || !Number.isInteger(p))
      throw new TypeError(
        `${fn}(): ${what} position must be an integer; received ${describeValue(p)}.`,
      );
    const q = p < 0 ? p + n : p;
    if (q < 0 || q >= n)
      throw new RangeError(
        `${fn}(): ${what} position ${p} is out of range; expected ${-n} to ${n - 1} (${n} ${what}s).`,
      );
    return q;
  };
  if (typeof sel === 'number') return [one(sel)];
  if (typeof sel === 'string') return sliceToPositions(parseSliceString(sel, fn), n, fn);
  if (Array.isArray(sel)) return sel.map(one);
  if (typeof sel === 'object' && sel !== null) return sliceToPositions(sel as Slice, n, fn);
  throw new TypeError(
    `${fn}(): expected a position, an array of positions, a slice object or a slice string; received ${describeValue(sel)}.`,
  );
}
