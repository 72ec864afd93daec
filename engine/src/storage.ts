/**
 * The raw storage behind a DataFrame and the internal doors to it: `storageOf(df)` to read
 * it, `adopt(like, storage)` / `frameFromColumns(like, ...)` to wrap freshly built columns in
 * a new frame (made through the frame an operation was given) without copying. This module
 * imports nothing of the DataFrame class but its type. Engine modules only; not exported publicly.
 */
import type { DataFrame } from './DataFrame.js';
import type { Column } from './column.js';
import type { DType } from './dtypes.js';
import { unknownColumnError } from './validation/validateColumn.js';

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

/**
 * Every live frame's storage. The DataFrame constructor records its frame here, so engine
 * modules read a frame's storage without importing the class (and nothing has to be
 * registered before a module works).
 */
const storages = new WeakMap<object, FrameStorage>();

/** Called by the DataFrame constructor: `frame` holds `storage`. */
export function attachStorage(frame: DataFrame, storage: FrameStorage): void {
  storages.set(frame, storage);
}

/** True when `value` is a DataFrame. */
export function isFrame(value: unknown): value is DataFrame {
  return typeof value === 'object' && value !== null && storages.has(value);
}

/** The raw storage of a frame (read-only by contract); a TypeError for anything else. */
export function storageOf(df: DataFrame): FrameStorage {
  const s = storages.get(df as object);
  if (!s) throw new TypeError(`expected a DataFrame; received ${describeNonFrame(df)}.`);
  return s;
}

function describeNonFrame(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object'
    ? `an object (${Object.prototype.toString.call(value)})`
    : typeof value;
}

/**
 * A new frame of the same class as `like`, holding `storage` as-is (no copy, no checks).
 * Operations make their results this way, through the frame they were given, so they never
 * import the DataFrame class (it imports them).
 */
export function adopt(like: DataFrame, storage: FrameStorage): DataFrame {
  const FrameClass = (like as object).constructor as new (data: AdoptedStorage) => DataFrame;
  return new FrameClass(new AdoptedStorage(storage));
}

/**
 * Wraps columns you just built in a frame of the same class as `like`, without copying them.
 * All columns must have the same length; `index` defaults to 0..n-1.
 */
export function frameFromColumns(
  like: DataFrame,
  names: readonly string[],
  columns: readonly Column[],
  dtypes: readonly DType[],
  index: IndexStorage | null = null,
): DataFrame {
  return adopt(like, storageFromColumns(names, columns, dtypes, index));
}

/** The storage of columns you just built (for factories, which wrap it in a new frame). */
export function storageFromColumns(
  names: readonly string[],
  columns: readonly Column[],
  dtypes: readonly DType[],
  index: IndexStorage | null = null,
): FrameStorage {
  const rowCount = columns.length > 0 ? columns[0]!.length : index ? index.data.length : 0;
  return { names, columns, dtypes, rowCount, index };
}

/**
 * A column's storage, shared, not copied (engine modules read it; `df.get()` hands users a copy).
 * A RangeError naming the columns there are when the frame has no such column.
 */
export function columnOf(df: DataFrame, name: string): Column {
  const s = storageOf(df);
  const j = positionOf(s, name);
  if (j < 0) throw unknownColumnError(String(name), s.names);
  return s.columns[j]!;
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
