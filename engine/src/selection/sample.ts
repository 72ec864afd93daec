import type { DataFrame } from '../DataFrame.js';
import { storageOf, positionOf } from '../storage.js';
import { cellValue, describeValue } from '../column.js';
import { unknownColumnError } from '../validation/validateColumn.js';
import { validateOptions } from '../validation/validateOptions.js';
import { takeFrame } from './takeRows.js';
import { choose, randomInt, seededRandom } from './random.js';

/**
 * Options of {@link sample}.
 *
 * @category Selection
 */
export interface SampleOptions {
  /** How many rows to draw. */
  n?: number;
  /** The fraction of rows to draw (rounded to the nearest whole row); use instead of `n`. */
  frac?: number;
  /** A seed: the same seed on the same frame always draws the same rows. Default: a random seed. */
  seed?: number;
  /** Draw with replacement (a row may appear more than once). Default `false`. */
  replace?: boolean;
}

/**
 * Options of {@link stratifiedSample}.
 *
 * @category Selection
 */
export interface StratifiedSampleOptions {
  /** A seed: the same seed always draws the same rows. Default: a random seed. */
  seed?: number;
}

/**
 * Draws a random sample of rows. Pass a count (`sample(df, 3)`), or
 * `{ frac: 0.1 }` for a share of the rows; pass `{ seed }` to make the draw
 * reproducible. Rows come out in the order drawn and keep their index labels.
 *
 * @param df - The source frame.
 * @param count - The number of rows, or {@link SampleOptions} (`n` or `frac`, plus `seed`, `replace`).
 * @param options - {@link SampleOptions} (`seed`, `replace`) when `count` is a number.
 * @returns A new frame of the sampled rows.
 * @throws {RangeError} when more rows are asked for than exist (without `replace`), or `n`/`frac` is negative.
 * @throws {TypeError} when neither `n` nor `frac` is given, or both are.
 * @category Selection
 * @example
 * ```ts
 * import { DataFrame, sample } from 'tinyframejs';
 *
 * const df = new DataFrame({ id: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] });
 * const a = sample(df, 3, { seed: 42 });
 * const b = df.sample(3, { seed: 42 });
 * console.log(a.get('id').join() === b.get('id').join()); // true: same seed, same rows
 * console.log(df.sample({ frac: 0.5, seed: 1 }).rowCount); // 5
 * ```
 */
export function sample(
  df: DataFrame,
  count: number | SampleOptions,
  options: SampleOptions = {},
): DataFrame {
  const opts: SampleOptions =
    typeof count === 'number' ? { ...options, n: count } : { ...count, ...options };
  validateOptions(
    opts,
    { n: 'number', frac: 'number', seed: 'number', replace: 'boolean' },
    'sample',
  );
  const total = df.rowCount;
  if ((opts.n === undefined) === (opts.frac === undefined)) {
    throw new TypeError(
      `sample(): give either a row count n or a fraction frac; received ${describeValue(count)}.`,
    );
  }
  let k: number;
  if (opts.n !== undefined) {
    if (!Number.isInteger(opts.n) || opts.n < 0)
      throw new RangeError(`sample(): n must be a non-negative integer; received ${opts.n}.`);
    k = opts.n;
  } else {
    const f = opts.frac!;
    if (!(f >= 0)) throw new RangeError(`sample(): frac must be a number ≥ 0; received ${f}.`);
    k = Math.round(f * total);
  }
  const rand = seededRandom(opts.seed);
  if (opts.replace) {
    if (total === 0 && k > 0)
      throw new RangeError('sample(): cannot draw from a frame with no rows.');
    const pos = new Int32Array(k);
    for (let i = 0; i < k; i++) pos[i] = randomInt(rand, total);
    return takeFrame(df, pos);
  }
  if (k > total) {
    throw new RangeError(
      `sample(): cannot draw ${k} rows without replacement from a frame of ${total} rows; pass { replace: true } or a smaller n.`,
    );
  }
  return takeFrame(df, choose(rand, total, k));
}

/**
 * Draws the same fraction of rows from every group of `column`, so each
 * group keeps its share of the sample. Each group contributes
 * `round(size × fraction)` rows, and at least one row when `fraction > 0`;
 * missing values form a group of their own. The chosen rows keep their
 * original order and index labels.
 *
 * @param df - The source frame.
 * @param column - The column whose values define the groups (strata).
 * @param fraction - The share of each group to keep, from 0 to 1.
 * @param options - {@link StratifiedSampleOptions} (`seed`).
 * @returns A new frame of the sampled rows.
 * @throws {RangeError} when the column does not exist or `fraction` is outside 0..1.
 * @category Selection
 * @example
 * ```ts
 * import { DataFrame, stratifiedSample } from 'tinyframejs';
 *
 * const df = new DataFrame({
 *   cls: ['a', 'a', 'a', 'a', 'b', 'b', 'b', 'b', 'b', 'b', 'b', 'b'],
 *   v: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12],
 * });
 * const s = stratifiedSample(df, 'cls', 0.5, { seed: 7 });
 * console.log(s.rowCount); // 6: two of the four "a" rows, four of the eight "b" rows
 * ```
 */
export function stratifiedSample(
  df: DataFrame,
  column: string,
  fraction: number,
  options: StratifiedSampleOptions = {},
): DataFrame {
  validateOptions(options, { seed: 'number' }, 'stratifiedSample');
  const s = storageOf(df);
  const j = positionOf(s, column);
  if (j < 0) throw unknownColumnError(String(column), s.names);
  if (typeof fraction !== 'number' || !(fraction >= 0 && fraction <= 1)) {
    throw new RangeError(
      `stratifiedSample(): fraction must be a number from 0 to 1; received ${describeValue(fraction)}.`,
    );
  }
  const col = s.columns[j]!;
  const groups = new Map<unknown, number[]>();
  for (let i = 0; i < s.rowCount; i++) {
    const v = cellValue(col, i);
    const k = v instanceof Date ? `\u0000date:${v.getTime()}` : v;
    const g = groups.get(k);
    if (g) g.push(i);
    else groups.set(k, [i]);
  }
  const rand = seededRandom(options.seed);
  const picked: number[] = [];
  for (const members of groups.values()) {
    let k = Math.round(members.length * fraction);
    if (fraction > 0 && k === 0) k = 1;
    for (const p of choose(rand, members.length, k)) picked.push(members[p]!);
  }
  picked.sort((a, b) => a - b);
  return takeFrame(df, picked);
}
