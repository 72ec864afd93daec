/** Reading rows of a frame as plain objects (dates copied, so callers cannot change the frame). */
import type { FrameStorage } from './storage.js';
import { cellValue } from './column.js';
import type { Row } from './creation/frameOptions.js';

/** The row at position `i` (assumed in range) as a plain object. */
export function rowAt(s: FrameStorage, i: number): Row {
  const row: Row = {};
  const { names, columns } = s;
  for (let j = 0; j < names.length; j++) {
    const v = cellValue(columns[j]!, i);
    row[names[j]!] = v instanceof Date ? new Date(v.getTime()) : v;
  }
  return row;
}

/** Every row as a plain object. */
export function allRows(s: FrameStorage): Row[] {
  const out = new Array<Row>(s.rowCount);
  for (let i = 0; i < s.rowCount; i++) out[i] = rowAt(s, i);
  return out;
}
