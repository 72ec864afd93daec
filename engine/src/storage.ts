/**
 * The raw storage behind a DataFrame and the two internal doors to it:
 * `storageOf(df)` to read it, `frameFromColumns(...)` to wrap freshly built
 * columns in a frame without copying. Engine modules only; not exported publicly.
 */
import type { DataFrame } from './DataFrame.js';
import type { Column } from './column.js';
import type { DType } from './dtypes.js';

/** A non-default row index: its labels, their dtype, and an optional name. */
export interface IndexStorage {
  readonly data: Column;
  readonly dtype: DType;
  readonly name: string | null;
}

/** Everything a frame holds. `index: null` means the default 0..n-1 index. */
export interface FrameStorage {
  readonly names: readonly string[];
  readonly columns: readonly Column[];
  readonly dtypes: readonly DType[];
  readonly rowCount: number;
  readonly index: IndexStorage | null;
  /** name → position; built lazily. */
  positions?: Map<string, number>;
}

/** A wrapper the DataFrame constructor recognises and adopts as-is. */
export class AdoptedStorage {
  constructor(readonly storage: FrameStorage) {}
}

let reader: ((df: DataFrame) => FrameStorage) | undefined;

/** Called once by the DataFrame class to let engine modules read its storage. */
export function registerStorageReader(fn: (df: DataFrame) => FrameStorage): void {
  reader = fn;
}

/** The raw storage of a frame (read-only by contract). */
export function storageOf(df: DataFrame): FrameStorage {
  return reader!(df);
}

let makeFrame: ((s: FrameStorage) => DataFrame) | undefined;

/** Called once by the DataFrame class to let engine modules build frames. */
export function registerFrameMaker(fn: (s: FrameStorage) => DataFrame): void {
  makeFrame = fn;
}

/** Wraps storage in a new frame without copying or checking it. */
export function adopt(storage: FrameStorage): DataFrame {
  return makeFrame!(storage);
}

/**
 * Wraps columns you just built in a frame without copying them.
 * All columns must have the same length; `index` defaults to 0..n-1.
 */
export function frameFromColumns(
  names: readonly string[],
  columns: readonly Column[],
  dtypes: readonly DType[],
  index: IndexStorage | null = null,
): DataFrame {
  const rowCount = columns.length > 0 ? columns[0]!.length : index ? index.data.length : 0;
  return adopt({ names, columns, dtypes, rowCount, index });
}

/** Position of a column name, or -1. */
export function positionOf(s: FrameStorage, name: string): number {
  if (!s.positions) {
    const m = new Map<string, number>();
    s.names.forEach((n, i) => m.set(n, i));
    s.positions = m;
  }
  return s.positions.get(name) ?? -1;
}
