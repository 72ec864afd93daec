/** The work behind {@link concat} for one or more frames (the result is made through the first). */
import type { DataFrame } from '../DataFrame.js';
import type { ConcatOptions } from './concat.js';
import { type DType, isNumericDType, NUMERIC_STORAGE, type NumericDType } from '../dtypes.js';
import { type Column, inferColumn } from '../column.js';
import { isFrame, columnOf } from '../storage.js';
import { dtypeOf, makeFrame, type ColumnSpec } from '../columns/internal.js';

/** Stacks one or more frames as {@link concat} documents. */
export function concatFrames(
  frames: readonly [DataFrame, ...DataFrame[]],
  options: ConcatOptions = {},
): DataFrame {
  frames.forEach((f, i) => {
    if (!isFrame(f)) throw new TypeError(`concat: item ${i} is not a DataFrame`);
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
      f.columns.includes(name) ? { data: columnOf(f, name), dtype: dtypeOf(f, name) } : null,
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
  return makeFrame(frames[0], cols);
}
