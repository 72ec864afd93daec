import type { DataFrame } from '../DataFrame.js';
import { storageOf, positionOf } from '../storage.js';
import { pickColumns } from './takeRows.js';
import { unknownColumnError } from '../validation/validateColumn.js';
import { describeValue } from '../column.js';

/** Resolves a column list argument to positions, checking names and duplicates. */
export function columnPositions(
  df: DataFrame,
  columns: string | readonly string[],
  fn: string,
): number[] {
  const s = storageOf(df);
  const list = typeof columns === 'string' ? [columns] : columns;
  if (!Array.isArray(list)) {
    throw new TypeError(
      `${fn}(): columns must be a column name or an array of names; received ${describeValue(columns)}.`,
    );
  }
  const seen = new Set<string>();
  return list.map((name: unknown) => {
    if (typeof name !== 'string')
      throw new TypeError(
        `${fn}(): column names must be strings; received ${describeValue(name)}.`,
      );
    const j = positionOf(s, name);
    if (j < 0) throw unknownColumnError(name, s.names);
    if (seen.has(name)) throw new RangeError(`${fn}(): column "${name}" is listed twice.`);
    seen.add(name);
    return j;
  });
}

/**
 * Keeps only the given columns, in the given order. The rows and the index
 * are unchanged; the column storage is shared (frames are immutable).
 *
 * @param df - The source frame.
 * @param columns - A column name or an array of names.
 * @returns A new frame with those columns.
 * @throws {RangeError} when a column does not exist or is listed twice.
 * @throws {TypeError} when `columns` is not a name or an array of names.
 * @category Selection
 * @example
 * ```ts
 * import { DataFrame, select } from 'tinyframejs';
 *
 * const df = new DataFrame({ name: ['Ada', 'Alan'], born: [1815, 1912], field: ['math', 'cs'] });
 * console.log(select(df, ['field', 'name']).columns); // [ 'field', 'name' ]
 * console.log(df.select('born').columns);             // [ 'born' ]
 * ```
 */
export function select(df: DataFrame, columns: string | readonly string[]): DataFrame {
  return pickColumns(df, columnPositions(df, columns, 'select'));
}

/**
 * Removes the given columns and keeps the rest in their order.
 *
 * @param df - The source frame.
 * @param columns - A column name or an array of names to remove.
 * @returns A new frame without those columns.
 * @throws {RangeError} when a column does not exist.
 * @category Selection
 * @example
 * ```ts
 * import { DataFrame, drop } from 'tinyframejs';
 *
 * const df = new DataFrame({ id: [1, 2], secret: ['x', 'y'], score: [0.5, 0.9] });
 * console.log(drop(df, 'secret').columns); // [ 'id', 'score' ]
 * ```
 */
export function drop(df: DataFrame, columns: string | readonly string[]): DataFrame {
  const s = storageOf(df);
  const gone = new Set(columnPositions(df, columns, 'drop'));
  return pickColumns(
    df,
    s.names.map((_, j) => j).filter((j) => !gone.has(j)),
  );
}

/**
 * Keeps the columns whose names match a regular expression, in their order.
 * A string is compiled with `new RegExp(pattern)`, so `'^price_'` keeps the
 * names starting with `price_`. No match gives a frame with no columns (and
 * the same rows).
 *
 * @param df - The source frame.
 * @param pattern - A `RegExp`, or a string holding a regular expression.
 * @returns A new frame with the matching columns.
 * @throws {TypeError} when `pattern` is neither a RegExp nor a string.
 * @throws {SyntaxError} when the string is not a valid regular expression.
 * @category Selection
 * @example
 * ```ts
 * import { DataFrame, selectByPattern } from 'tinyframejs';
 *
 * const df = new DataFrame({ temp_min: [3], temp_max: [11], city: ['Oslo'] });
 * console.log(selectByPattern(df, /^temp_/).columns); // [ 'temp_min', 'temp_max' ]
 * console.log(df.selectByPattern('max$').columns);    // [ 'temp_max' ]
 * ```
 */
export function selectByPattern(df: DataFrame, pattern: RegExp | string): DataFrame {
  let re: RegExp;
  if (pattern instanceof RegExp)
    re = new RegExp(pattern.source, pattern.flags.replace(/[gy]/g, ''));
  else if (typeof pattern === 'string') re = new RegExp(pattern);
  else
    throw new TypeError(
      `selectByPattern(): pattern must be a RegExp or a string; received ${describeValue(pattern)}.`,
    );
  const s = storageOf(df);
  return pickColumns(
    df,
    s.names.map((_, j) => j).filter((j) => re.test(s.names[j]!)),
  );
}
