import type { DataFrame } from '../DataFrame.js';
import { dtypeOf, getColumn } from '../columns/internal.js';

/** Options of {@link StringAccessor.contains}. @category Text */
export interface ContainsOptions {
  /** Compare case-sensitively (default `true`). */
  caseSensitive?: boolean;
  /** Treat a string pattern as a regular expression (default `false`: plain text). */
  regex?: boolean;
}

/**
 * Vectorised string operations on one column, made by {@link str}. Every method returns one
 * value per row as a plain array (or `Float64Array` for {@link StringAccessor.length}), ready
 * to {@link assign} as a column or to use as a mask; a missing value stays missing (`null`, or
 * `NaN` for lengths).
 * @category Text
 * @example
 * ```ts
 * import { DataFrame } from 'tinyframejs';
 *
 * const df = new DataFrame({ city: ['Oslo', 'rome', null] });
 * console.log(df.str('city').upper()); // ['OSLO', 'ROME', null]
 * console.log(Array.from(df.str('city').length())); // [4, 4, NaN]
 * ```
 */
export class StringAccessor {
  readonly #values: ReadonlyArray<string | null>;

  /** @internal Use {@link str}. */
  constructor(values: ReadonlyArray<string | null>) {
    this.#values = values;
  }

  #map<T>(fn: (s: string) => T): Array<T | null> {
    return this.#values.map((s) => (s === null ? null : fn(s)));
  }

  /** Lower-cases each string (`toLowerCase`). @returns one string per row */
  lower(): Array<string | null> {
    return this.#map((s) => s.toLowerCase());
  }

  /** Upper-cases each string (`toUpperCase`). @returns one string per row */
  upper(): Array<string | null> {
    return this.#map((s) => s.toUpperCase());
  }

  /** Removes leading and trailing whitespace. @returns one string per row */
  trim(): Array<string | null> {
    return this.#map((s) => s.trim());
  }

  /**
   * The length of each string in Unicode code points (so an emoji counts as one).
   * @returns one number per row (`NaN` for missing)
   */
  length(): Float64Array {
    const out = new Float64Array(this.#values.length);
    this.#values.forEach((s, i) => {
      if (s === null) {
        out[i] = NaN;
        return;
      }
      let n = 0;
      for (const _ of s) n++;
      out[i] = n;
    });
    return out;
  }

  /**
   * Whether each string contains `pattern`: plain text by default, a regular expression when
   * `pattern` is a `RegExp` or `regex: true`.
   * @param pattern - text or a regular expression
   * @param options - `caseSensitive`, `regex`
   * @returns one boolean per row (`null` for missing)
   * @throws {SyntaxError} when `regex: true` and the pattern is not a valid regular expression
   */
  contains(pattern: string | RegExp, options: ContainsOptions = {}): Array<boolean | null> {
    const cs = options.caseSensitive ?? true;
    if (pattern instanceof RegExp || options.regex) {
      const re =
        pattern instanceof RegExp
          ? new RegExp(
              pattern.source,
              pattern.flags.replace(/[gy]/g, '') + (cs || pattern.flags.includes('i') ? '' : 'i'),
            )
          : new RegExp(pattern, cs ? '' : 'i');
      return this.#map((s) => re.test(s));
    }
    const p = cs ? pattern : pattern.toLowerCase();
    return this.#map((s) => (cs ? s : s.toLowerCase()).includes(p));
  }

  /**
   * Replaces every occurrence of `pattern` (plain text, or a `RegExp` — replaced globally) with
   * `replacement` (which may use `$1`… for regex groups).
   * @param pattern - text or a regular expression
   * @param replacement - the replacement text
   * @returns one string per row
   */
  replace(pattern: string | RegExp, replacement: string): Array<string | null> {
    if (pattern instanceof RegExp) {
      const re = pattern.global ? pattern : new RegExp(pattern.source, pattern.flags + 'g');
      return this.#map((s) => s.replace(re, replacement));
    }
    return this.#map((s) => s.split(pattern).join(replacement));
  }

  /**
   * Splits each string on a separator (text or a regular expression). Give the result to
   * {@link assign} to make a list column, then {@link explode} it into rows.
   * @param separator - where to split
   * @returns one array of parts per row
   */
  split(separator: string | RegExp): Array<string[] | null> {
    return this.#map((s) => s.split(separator));
  }

  /**
   * The first match of a regular expression in each string: the first capture group if the
   * expression has one, else the whole match; `null` where nothing matches.
   * @param regex - the expression (a `RegExp` or its source text)
   * @param group - which capture group to return (default 1 when there are groups, else 0)
   * @returns one string per row
   */
  extract(regex: RegExp | string, group?: number): Array<string | null> {
    const re =
      typeof regex === 'string'
        ? new RegExp(regex)
        : new RegExp(regex.source, regex.flags.replace(/[gy]/g, ''));
    return this.#map((s) => {
      const m = re.exec(s);
      if (!m) return null;
      const g = group ?? (m.length > 1 ? 1 : 0);
      return m[g] ?? null;
    });
  }
}

/**
 * String operations on a `str` column: `lower`, `upper`, `trim`, `length`, `contains`,
 * `replace`, `split`, `extract`. Each returns one value per row, to {@link assign} back as a
 * column; missing values stay missing.
 *
 * @param df - the input frame
 * @param column - a `str` column
 * @returns a {@link StringAccessor}
 * @throws {RangeError} when the column does not exist
 * @throws {TypeError} when the column is not a `str` column
 * @category Text
 * @example
 * ```ts
 * import { DataFrame, str, assign } from 'tinyframejs';
 *
 * const df = new DataFrame({ email: [' Ada@Example.com', 'grace@navy.mil ', null] });
 * const clean = assign(df, { email: str(df, 'email').trim() });
 * const out = assign(clean, {
 *   domain: str(clean, 'email').extract(/@(.+)$/),
 *   isCom: str(clean, 'email').lower().map((s) => s?.endsWith('.com') ?? null),
 * });
 * console.log(out.toArray());
 * // [{ email: 'Ada@Example.com', domain: 'Example.com', isCom: true },
 * //  { email: 'grace@navy.mil', domain: 'navy.mil', isCom: false },
 * //  { email: null, domain: null, isCom: null }]
 * ```
 */
export function str(df: DataFrame, column: string): StringAccessor {
  const col = getColumn(df, column, 'str');
  const dt = dtypeOf(df, column);
  if (dt !== 'str') {
    // An all-missing column has no strings to work on but is not an error.
    const allMissing = Array.prototype.every.call(
      col,
      (v: unknown) => v === null || (typeof v === 'number' && v !== v),
    );
    if (!allMissing)
      throw new TypeError(
        `str: column "${column}" must hold strings, but its dtype is ${dt}; convert it with cast(df, '${column}', 'str') first`,
      );
    return new StringAccessor(new Array<null>(col.length).fill(null));
  }
  return new StringAccessor(col as ReadonlyArray<string | null>);
}
