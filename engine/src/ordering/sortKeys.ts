/** Turning one column into radix keys for a stable sort, with missing values split off. */
import type { Column } from '../column.js';
import type { DType } from '../dtypes.js';
import { compareCodePoints, compareValues } from './compare.js';
import { doubleKeys, int32Keys } from './radix.js';

export interface SortKey {
  hi: Uint32Array;
  lo: Uint32Array | null;
  /** 1 where the row's value is missing. */
  missing: Uint8Array | null;
}

/** Ranks (0..k-1) of each row's value among the distinct values, ordered by `compare`. */
function rankKeys(
  col: readonly unknown[],
  compare: (a: unknown, b: unknown) => number,
  descending: boolean,
): SortKey {
  const n = col.length;
  const codes = new Int32Array(n);
  const missing = new Uint8Array(n);
  const lookup = new Map<unknown, number>();
  const uniques: unknown[] = [];
  for (let i = 0; i < n; i++) {
    const v = col[i];
    if (v === null || v === undefined) {
      missing[i] = 1;
      continue;
    }
    const k = v instanceof Date ? v.getTime() : v;
    let c = lookup.get(k);
    if (c === undefined) {
      c = uniques.length;
      lookup.set(k, c);
      uniques.push(v);
    }
    codes[i] = c;
  }
  const order = uniques.map((_, i) => i).sort((a, b) => compare(uniques[a], uniques[b]));
  const rankOf = new Uint32Array(uniques.length);
  let r = 0;
  for (let i = 0; i < order.length; i++) {
    if (i > 0 && compare(uniques[order[i - 1]!], uniques[order[i]!]) !== 0) r++;
    rankOf[order[i]!] = r;
  }
  const hi = new Uint32Array(n);
  const flip = descending ? 0xffffffff : 0;
  for (let i = 0; i < n; i++) if (!missing[i]) hi[i] = (rankOf[codes[i]!]! ^ flip) >>> 0;
  return { hi, lo: null, missing };
}

/** Sort keys of a column, or its ranks for non-numeric dtypes. */
export function sortKey(
  col: Column,
  dtype: DType,
  descending: boolean,
  collator: Intl.Collator | null,
): SortKey {
  switch (dtype) {
    case 'i32':
    case 'i16':
    case 'i8':
      return { hi: int32Keys(col as ArrayLike<number>, true, descending), lo: null, missing: null };
    case 'u32':
    case 'u16':
    case 'u8':
      return {
        hi: int32Keys(col as ArrayLike<number>, false, descending),
        lo: null,
        missing: null,
      };
    case 'f64':
    case 'f32': {
      const a = col as ArrayLike<number>;
      let missing: Uint8Array | null = null;
      for (let i = 0; i < a.length; i++) {
        if (a[i] !== a[i]) (missing ??= new Uint8Array(a.length))[i] = 1;
      }
      return { ...doubleKeys(a, descending), missing };
    }
    case 'date': {
      const a = col as readonly (Date | null)[];
      const t = new Float64Array(a.length);
      const missing = new Uint8Array(a.length);
      for (let i = 0; i < a.length; i++) {
        const d = a[i];
        if (d === null || d === undefined) missing[i] = 1;
        else t[i] = d.getTime();
      }
      return { ...doubleKeys(t, descending), missing };
    }
    case 'bool': {
      const a = col as readonly (boolean | null)[];
      const hi = new Uint32Array(a.length);
      const missing = new Uint8Array(a.length);
      const flip = descending ? 0xffffffff : 0;
      for (let i = 0; i < a.length; i++) {
        const v = a[i];
        if (v === null || v === undefined) missing[i] = 1;
        else hi[i] = ((v ? 1 : 0) ^ flip) >>> 0;
      }
      return { hi, lo: null, missing };
    }
    case 'str':
      return rankKeys(
        col as readonly unknown[],
        collator
          ? (a, b) => collator.compare(a as string, b as string)
          : (a, b) => compareCodePoints(a as string, b as string),
        descending,
      );
    default:
      return rankKeys(
        col as readonly unknown[],
        collator
          ? (a, b) =>
              typeof a === 'string' && typeof b === 'string'
                ? collator.compare(a, b)
                : compareValues(a, b)
          : compareValues,
        descending,
      );
  }
}
