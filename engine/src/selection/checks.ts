import { describeValue } from '../column.js';

/** Requires a non-negative integer count argument. */
export function checkCount(n: unknown, fn: string, what = 'n'): number {
  if (typeof n !== 'number')
    throw new TypeError(`${fn}(): ${what} must be a number; received ${describeValue(n)}.`);
  if (!Number.isInteger(n) || n < 0)
    throw new RangeError(`${fn}(): ${what} must be a non-negative integer; received ${n}.`);
  return n;
}
