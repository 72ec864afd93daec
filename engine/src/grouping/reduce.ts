/**
 * Per-group reductions on group ids (see `factorize`): the built-in reducers run in one pass
 * over the rows with one accumulator slot per group; `median` and custom functions read each
 * group's rows through a counting sort of row positions. No per-group frame is ever built.
 * @internal
 * @module
 */
import { compareValues } from '../ordering/compare.js';
import { type DType, isNumericDType } from '../dtypes.js';
import { type CellValue, type Column, inferColumn, isTypedColumn, userValue } from '../column.js';
import { groupRows } from './factorize.js';
import { quantileSorted } from '../stats/kernels.js';

/**
 * A reduction of one column within each group: a built-in name, or a function that receives the
 * group's values (in row order, missing values as `null`) and returns one value.
 * - `sum`, `mean`, `median`, `std` (sample, n − 1): numeric (or boolean) columns, missing values
 *   skipped; a group with no present value gives `NaN`.
 * - `count`: the number of present values (`i32`).
 * - `min`, `max`: numbers, strings (code-point order), dates or booleans; missing skipped.
 * @category Grouping
 */
export type Reducer =
  'sum' | 'mean' | 'count' | 'min' | 'max' | 'median' | 'std' | ((values: CellValue[]) => unknown);

/** @internal The built-in reducer names. */
export const REDUCERS = ['sum', 'mean', 'count', 'min', 'max', 'median', 'std'] as const;

/** @internal Lazily computed row buckets per group. */
export class GroupIndex {
  private buckets: { offsets: Int32Array; rows: Int32Array } | undefined;
  constructor(
    readonly ids: Int32Array,
    readonly count: number,
  ) {}
  get rows(): { offsets: Int32Array; rows: Int32Array } {
    return (this.buckets ??= groupRows(this.ids, this.count));
  }
}

/** @internal The display name of a reducer. */
export function reducerName(r: Reducer, i = 0): string {
  return typeof r === 'function' ? r.name || `fn${i}` : r;
}

/**
 * Reduces `col` within each group.
 * @throws {TypeError} when the reducer does not apply to the column's dtype
 * @throws {RangeError} when the reducer name is unknown
 * @internal
 */
export function reduceGroups(
  col: Column,
  dtype: DType,
  groups: GroupIndex,
  reducer: Reducer,
  column: string,
  fn: string,
): { data: Column; dtype: DType } {
  const { ids, count } = groups;
  const n = ids.length;
  if (typeof reducer === 'function') {
    const { offsets, rows } = groups.rows;
    const out = new Array<unknown>(count);
    for (let g = 0; g < count; g++) {
      const vals = new Array<CellValue>(offsets[g + 1]! - offsets[g]!);
      for (let p = offsets[g]!, k = 0; p < offsets[g + 1]!; p++, k++)
        vals[k] = userValue(col, rows[p]!);
      out[g] = reducer(vals);
    }
    return inferColumn(out);
  }
  if (!(REDUCERS as readonly string[]).includes(reducer)) {
    throw new RangeError(
      `${fn}: unknown aggregation ${JSON.stringify(reducer)} for column "${column}"; expected one of ${REDUCERS.join(', ')} or a function`,
    );
  }
  if (reducer === 'count') {
    const out = new Int32Array(count);
    if (isTypedColumn(col)) {
      for (let i = 0; i < n; i++) {
        const g = ids[i]!;
        const v = col[i]!;
        if (g >= 0 && v === v) out[g]!++;
      }
    } else {
      for (let i = 0; i < n; i++) {
        const g = ids[i]!;
        const v = col[i];
        if (
          g >= 0 &&
          v !== null &&
          v !== undefined &&
          !(v instanceof Date && v.getTime() !== v.getTime())
        )
          out[g]!++;
      }
    }
    return { data: out, dtype: 'i32' };
  }
  const numeric = isNumericDType(dtype);
  if ((reducer === 'min' || reducer === 'max') && !numeric) {
    if (dtype === 'mixed')
      throw new TypeError(
        `${fn}: cannot take the ${reducer} of column "${column}" with mixed values`,
      );
    const best = new Array<unknown>(count).fill(null);
    const wantMax = reducer === 'max';
    for (let i = 0; i < n; i++) {
      const g = ids[i]!;
      const v = col[i];
      if (g < 0 || v === null || v === undefined) continue;
      const cur = best[g];
      // The order of sort, min and max: strings by code point, dates by time, false < true.
      if (cur === null) best[g] = v;
      else if (wantMax ? compareValues(v, cur) > 0 : compareValues(v, cur) < 0) best[g] = v;
    }
    return { data: Object.freeze(best), dtype };
  }
  if (!numeric && dtype !== 'bool') {
    throw new TypeError(
      `${fn}: cannot take the ${reducer} of column "${column}" (dtype ${dtype}); ${reducer} needs a numeric column`,
    );
  }
  const xs: ArrayLike<number> = numeric
    ? (col as ArrayLike<number>)
    : Float64Array.from(col as ArrayLike<unknown>, (v) => (v === null ? NaN : v ? 1 : 0));
  const out = new Float64Array(count);
  switch (reducer) {
    case 'sum':
    case 'mean': {
      const cnt = new Int32Array(count);
      for (let i = 0; i < n; i++) {
        const g = ids[i]!;
        const v = xs[i]!;
        if (v === v && g >= 0) {
          out[g]! += v;
          cnt[g]!++;
        }
      }
      for (let g = 0; g < count; g++)
        out[g] = cnt[g] === 0 ? NaN : reducer === 'mean' ? out[g]! / cnt[g]! : out[g]!;
      break;
    }
    case 'min':
    case 'max': {
      out.fill(NaN);
      const wantMax = reducer === 'max';
      for (let i = 0; i < n; i++) {
        const g = ids[i]!;
        const v = xs[i]!;
        if (v !== v || g < 0) continue;
        const cur = out[g]!;
        if (cur !== cur || (wantMax ? v > cur : v < cur)) out[g] = v;
      }
      break;
    }
    case 'std': {
      const cnt = new Int32Array(count);
      const mean = new Float64Array(count);
      for (let i = 0; i < n; i++) {
        const g = ids[i]!;
        const v = xs[i]!;
        if (v !== v || g < 0) continue;
        const k = ++cnt[g]!;
        const d = v - mean[g]!;
        mean[g]! += d / k;
        out[g]! += d * (v - mean[g]!);
      }
      for (let g = 0; g < count; g++)
        out[g] = cnt[g]! > 1 ? Math.sqrt(out[g]! / (cnt[g]! - 1)) : NaN;
      break;
    }
    case 'median': {
      const { offsets, rows } = groups.rows;
      const scratch = new Float64Array(rows.length);
      for (let g = 0; g < count; g++) {
        let k = 0;
        const s = offsets[g]!;
        for (let p = s; p < offsets[g + 1]!; p++) {
          const v = xs[rows[p]!]!;
          if (v === v) scratch[s + k++] = v;
        }
        const part = scratch.subarray(s, s + k).sort();
        out[g] = quantileSorted(part, 0.5);
      }
      break;
    }
  }
  return { data: out, dtype: 'f64' };
}
