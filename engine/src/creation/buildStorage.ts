/**
 * Turns user input (row objects or a column object) into frame storage:
 * validates, copies, infers dtypes, applies `dtypes`, `columns` and `index`.
 */
import { type Column, buildColumn, inferColumn } from '../column.js';
import { type DType, isDType } from '../dtypes.js';
import type { FrameStorage, IndexStorage } from '../storage.js';
import { validateInputData } from '../validation/validateInputData.js';
import { validateColumnNames } from '../validation/validateColumn.js';
import { validateOptions } from '../validation/validateOptions.js';
import { unknownColumnError } from '../validation/validateColumn.js';
import { describeValue } from '../column.js';
import type { ColumnInput, FrameOptions, Row } from './frameOptions.js';

/** Collects the column names of row objects in first-seen order, and each column's values. */
export function rowsToColumns(
  rows: readonly Row[],
  names?: readonly string[],
): { names: string[]; values: unknown[][] } {
  const order: string[] = names ? [...names] : [];
  const pos = new Map<string, number>(order.map((n, i) => [n, i]));
  if (!names) {
    for (const row of rows) {
      for (const key in row) {
        if (!pos.has(key) && Object.prototype.hasOwnProperty.call(row, key)) {
          pos.set(key, order.length);
          order.push(key);
        }
      }
    }
  }
  const n = rows.length;
  const values = order.map(() => new Array<unknown>(n));
  for (let j = 0; j < order.length; j++) {
    const key = order[j]!;
    const out = values[j]!;
    for (let i = 0; i < n; i++) out[i] = rows[i]![key];
  }
  return { names: order, values };
}

function makeColumn(
  values: ArrayLike<unknown>,
  name: string,
  dtype: DType | undefined,
): { data: Column; dtype: DType } {
  return dtype === undefined ? inferColumn(values) : buildColumn(values, dtype, name);
}

/** Builds storage from validated user input. */
export function buildStorage(
  data: readonly Row[] | ColumnInput,
  options: FrameOptions = {},
  context = 'DataFrame',
): FrameStorage {
  validateOptions(
    options,
    { index: ['string', 'array', 'object'], dtypes: 'object', columns: 'string[]' },
    context,
  );
  const kind = validateInputData(data);
  const dtypes = options.dtypes ?? {};
  for (const [col, dt] of Object.entries(dtypes)) {
    if (!isDType(dt)) {
      throw new RangeError(
        `${context}(): dtype ${describeValue(dt)} for column "${col}" is not one of f64, f32, i32, i16, i8, u32, u16, u8, bool, str, date, mixed.`,
      );
    }
  }
  let names: string[];
  let raw: ArrayLike<unknown>[];
  if (kind === 'rows') {
    const r = rowsToColumns(data as readonly Row[], options.columns);
    names = r.names;
    raw = r.values;
  } else {
    const cols = data as ColumnInput;
    const all = Object.keys(cols);
    if (options.columns) {
      for (const c of options.columns) if (!(c in cols)) throw unknownColumnError(c, all);
      names = [...options.columns];
    } else names = all;
    raw = names.map((n) => cols[n]!);
  }
  validateColumnNames(names);
  for (const col of Object.keys(dtypes))
    if (!names.includes(col)) throw unknownColumnError(col, names);
  let rowCount =
    kind === 'rows' ? (data as readonly Row[]).length : raw.length > 0 ? raw[0]!.length : 0;

  let index: IndexStorage | null = null;
  const idx = options.index;
  if (typeof idx === 'string') {
    const at = names.indexOf(idx);
    if (at < 0) throw unknownColumnError(idx, names);
    const built = makeColumn(raw[at]!, idx, dtypes[idx]);
    index = { data: built.data, dtype: built.dtype, name: idx };
    names = names.filter((_, i) => i !== at);
    raw = raw.filter((_, i) => i !== at);
  } else if (idx !== undefined) {
    if (typeof (idx as ArrayLike<unknown>).length !== 'number') {
      throw new TypeError(
        `${context}(): option "index" must be a column name or an array of labels; received ${describeValue(idx)}.`,
      );
    }
    const labels = idx as ArrayLike<unknown>;
    if (names.length === 0 && kind === 'columns') rowCount = labels.length;
    if (labels.length !== rowCount) {
      throw new RangeError(
        `${context}(): option "index" has ${labels.length} labels but the frame has ${rowCount} rows.`,
      );
    }
    const built = inferColumn(labels);
    index = { data: built.data, dtype: built.dtype, name: null };
  }
  const columns: Column[] = [];
  const types: DType[] = [];
  for (let j = 0; j < names.length; j++) {
    const built = makeColumn(raw[j]!, names[j]!, dtypes[names[j]!]);
    columns.push(built.data);
    types.push(built.dtype);
  }
  return { names, columns, dtypes: types, rowCount, index };
}
