import type { DataFrame } from '../DataFrame.js';
import { describeValue } from '../column.js';
import { parseQuery } from './queryParser.js';
import { checkQuery, evaluateMask, type QueryParams } from './queryEval.js';
import { type Expr, exprInternals } from './expr.js';
import { maskToFrame } from './mask.js';

/**
 * Keeps the rows for which a condition written as text holds. The text is
 * parsed by a small real parser (never `eval`), then evaluated column-wise.
 *
 * The language:
 * - comparisons `==` `!=` `<` `<=` `>` `>=`, text tests `contains`,
 *   `startsWith`, `endsWith`, `matches` (a regular expression), membership
 *   `in [...]` / `not in [...]`, and `is null` / `is not null`;
 * - `and` / `or` / `not` (or `&&` `||` `!`), parentheses, arithmetic `+ - * / %`;
 * - strings in single or double quotes; numbers; `true`, `false`, `null`;
 * - column names as bare words, or in backticks when they hold spaces
 *   (`` `unit price` > 3 ``);
 * - `@name` for a value from `params`;
 * - functions `abs round floor ceil sqrt log exp lower upper trim length
 *   isna notna year month day`.
 *
 * Missing values never satisfy `==`, `<`, `>` and the like (`!=` is true for
 * them); test for them with `is null`. Date columns compare with dates or
 * ISO strings (`date >= "2024-01-01"`).
 *
 * @param df - The source frame.
 * @param condition - The condition text, or an {@link Expr} from {@link expr$}.
 * @param params - Values for `@name` placeholders.
 * @returns A new frame with the matching rows (keeping their index labels).
 * @throws {QuerySyntaxError} (a `SyntaxError`) for malformed text, with the position and a caret under it.
 * @throws {RangeError} when the text names an unknown column.
 * @throws {TypeError} when the condition does not give true/false per row.
 * @category Filtering
 * @example
 * ```ts
 * import { DataFrame, query } from 'tinyframejs';
 *
 * const people = new DataFrame({
 *   name: ['Ana', 'Ben', 'Cai', 'Dee'],
 *   age: [34, 27, 41, 30],
 *   city: ['Oslo', 'Rome', 'Oslo', 'Lima'],
 * });
 * console.log(query(people, 'age > 30 and city in ["Oslo", "Rome"]').get('name')); // [ 'Ana', 'Cai' ]
 * console.log(people.query('name startsWith "D" or age < @max', { max: 28 }).get('name')); // [ 'Ben', 'Dee' ]
 * try {
 *   people.query('age >> 3');
 * } catch (e) {
 *   console.log((e as Error).message.split('\n')[0]); // Unexpected ">", expected a value or column at position 5 in query:
 * }
 * ```
 */
export function query(df: DataFrame, condition: string | Expr, params?: QueryParams): DataFrame {
  const internals = exprInternals(condition);
  if (internals) {
    checkQuery(internals.ast, df.columns, internals.source, internals.params);
    return maskToFrame(df, evaluateMask(internals.ast, df, internals.params, internals.source));
  }
  if (typeof condition !== 'string') {
    throw new TypeError(
      `query(): expected the condition as a string or an expr$ expression; received ${describeValue(condition)}.`,
    );
  }
  const ast = parseQuery(condition);
  checkQuery(ast, df.columns, condition, params);
  return maskToFrame(df, evaluateMask(ast, df, params, condition));
}
