/** Building frames from a subset of another frame's rows, keeping each row's index label. */
import type { DataFrame } from '../DataFrame.js';
import { takeColumn, sliceColumn, type Column } from '../column.js';
import { adopt, storageOf, type IndexStorage } from '../storage.js';

function rangeIndex(start: number, end: number): IndexStorage {
  const labels = new Int32Array(end - start);
  for (let i = 0; i < labels.length; i++) labels[i] = start + i;
  return { data: labels, dtype: 'i32', name: null };
}

/** A frame of the rows at `positions` (in that order), carrying their labels. */
export function takeFrame(df: DataFrame, positions: ArrayLike<number>): DataFrame {
  const s = storageOf(df);
  let index: IndexStorage | null;
  if (s.index) index = { ...s.index, data: takeColumn(s.index.data, positions) };
  else {
    let identity = positions.length <= s.rowCount;
    for (let i = 0; identity && i < positions.length; i++) identity = positions[i] === i;
    if (identity) index = null;
    else {
      const labels = new Int32Array(positions.length);
      for (let i = 0; i < labels.length; i++) labels[i] = positions[i]!;
      index = { data: labels, dtype: 'i32', name: null };
    }
  }
  const columns: Column[] = s.columns.map((c) => takeColumn(c, positions));
  return adopt(df, {
    names: s.names,
    columns,
    dtypes: s.dtypes,
    rowCount: positions.length,
    index,
  });
}

/** A frame of rows `start` (inclusive) to `end` (exclusive), carrying their labels. */
export function sliceFrame(df: DataFrame, start: number, end: number): DataFrame {
  const s = storageOf(df);
  if (start === 0 && end === s.rowCount) return df;
  const index: IndexStorage | null = s.index
    ? { ...s.index, data: sliceColumn(s.index.data, start, end) }
    : start === 0
      ? null
      : rangeIndex(start, end);
  const columns = s.columns.map((c) => sliceColumn(c, start, end));
  return adopt(df, { names: s.names, columns, dtypes: s.dtypes, rowCount: end - start, index });
}

/** A frame with the same rows and only the columns at `positions` (storage shared). */
export function pickColumns(df: DataFrame, positions: readonly number[]): DataFrame {
  const s = storageOf(df);
  return adopt(df, {
    names: positions.map((j) => s.names[j]!),
    columns: positions.map((j) => s.columns[j]!),
    dtypes: positions.map((j) => s.dtypes[j]!),
    rowCount: s.rowCount,
    index: s.index,
  });
}
