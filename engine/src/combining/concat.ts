import { DataFrame } from '../DataFrame.js';
import { type DType, isNumericDType, NUMERIC_STORAGE, type NumericDType } from '../dtypes.js';
import { type Column, inferColumn } from '../column.js';
import { dtypeOf, makeFrame, type ColumnSpec } from '../columns/internal.js';

/** Options of {@link concat}. @category Combining */
export interface ConcatOptions {
  /**
   * The value for a column that a frame does not have (default: missing). It must fit the
   * column, e.g. a number for a numeric column.
   */
  fill?: number | string | boolean | Date | null;
}

/**
 * Stacks frames vertically. Columns are aligned by name (the first frame's columns first, then
 * any new ones in the order they appear); a frame that lacks a column contributes missing values
 * (or `options.fill`). Columns of one dtype keep it; numeric columns of different widths become
 * `f64`; other mixes are inferred from the values (e.g. `mixed`). The result has the default
 * index.
 *
 * @param frames - the frames to stack, in order
 * @param options - `fill` for absent columns
 * @returns a new frame with every row of every frame
 * @throws {TypeError} when `frames` is not an array of DataFrames
 * @category Combining
 * @example
 * ```ts
 * import { DataFrame, concat } from 'tinyframejs';
 *
 * const jan = new DataFrame({ day: [1, 2], sales: [10, 12] });
 * const feb = new DataFrame({ day: [1], sales: [9], promo: [true] });
 * const all = concat([jan, feb]);
 * console.log(all.toArray());
 * // [{ day: 1, sales: 10, promo: null }, { day: 2, sales: 12, promo: null }, { day: 1, sales: 9, promo: true }]
 * ```
 */
export function concat(frames: readonly DataFrame[], options: ConcatOptions = {}): DataFrame {
  if (!Array.isArray(frames)) throw new TypeError('concat: expected an array of DataFrames');
  frames.forEach((f, i) => {
    if (!(f instanceof DataFrame)) throw new TypeError(`concat: item ${i} is not a DataFrame`);
  });
  const names: string[] = [];
  const seen = new Set<string>();
  for (const f of frames)
    for (const c of f.columns)
      if (!seen.has(c)) {
        seen.add(c);
        names.push(c);
      }
  const total = frames.reduce((a, f) => a + f.rowCount, 0);
  const fill = options.fill ?? null;
  const fillMissing = fill === null || (typeof fill === 'number' && fill !== fill);
  const cols: ColumnSpec[] = names.map((name) => {
    const parts = frames.map((f) =>
      f.columns.includes(name) ? { data: f.get(name) as Column, dtype: dtypeOf(f, name) } : null,
    );
    const present = parts.filter((p): p is { data: Column; dtype: DType } => p !== null);
    const dtypes = new Set(present.map((p) => p.dtype));
    const allNumeric = present.every((p) => isNumericDType(p.dtype));
    const absent = parts.some((p, i) => p === null && frames[i]!.rowCount > 0);
    // Fast path: typed storage.
    if (allNumeric && (!absent || typeof fill === 'number' || fillMissing)) {
      const single = dtypes.size === 1 ? ([...dtypes][0] as NumericDType) : 'f64';
      const target: NumericDType =
        absent && fillMissing ? (single === 'f32' ? 'f32' : 'f64') : single;
      const out = new NUMERIC_STORAGE[target].ctor(total);
      let off = 0;
      parts.forEach((p, i) => {
        const n = frames[i]!.rowCount;
        if (p) out.set(p.data as ArrayLike<number>, off);
        else out.fill(fillMissing ? NaN : (fill as number), off, off + n);
        off += n;
      });
      return [name, out, target] as const;
    }
    const values = new Array<unknown>(total);
    let off = 0;
    parts.forEach((p, i) => {
      const n = frames[i]!.rowCount;
      for (let k = 0; k < n; k++) {
        const v = p ? p.data[k] : fill;
        values[off + k] = typeof v === 'number' && v !== v ? null : v;
      }
      off += n;
    });
    const only = dtypes.size === 1 ? [...dtypes][0]! : undefined;
    if (only !== undefined && !isNumericDType(only) && (!absent || fillMissing))
      return [name, Object.freeze(values), only] as const;
    const s = inferColumn(values);
    return [name, s.data, s.dtype] as const;
  });
  return makeFrame(cols);
}
