import type { DataFrame } from '../DataFrame.js';
import { takeFrame } from '../selection/takeRows.js';

/** The frame of rows where `mask[i]` is truthy. */
export function maskToFrame(df: DataFrame, mask: ArrayLike<number | boolean>): DataFrame {
  const n = mask.length;
  let k = 0;
  for (let i = 0; i < n; i++) if (mask[i]) k++;
  if (k === n) return df;
  const pos = new Int32Array(k);
  k = 0;
  for (let i = 0; i < n; i++) if (mask[i]) pos[k++] = i;
  return takeFrame(df, pos);
}
