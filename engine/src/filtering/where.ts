import type { DataFrame } from '../DataFrame.js';
import { describeValue } from '../column.js';
import { validateColumn } from '../validation/validateColumn.js';
import type { Node, CompareOp } from './queryParser.js';
import { evaluateMask } from './queryEval.js';
import { maskToFrame } from './mask.js';

/**
 * The operators of {@link where}.
 *
 * @category Filtering
 */
export type WhereOperator =
  '==' | '!=' | '>' | '>=' | '<' | '<=' | 'in' | 'contains' | 'startsWith' | 'endsWith' | 'matches';

const OPS: readonly WhereOperator[] = [
  '==',
  '!=',
  '>',
  '>=',
  '<',
  '<=',
  'in',
  'contains',
  'startsWith',
  'endsWith',
  'matches',
];

/**
 * Keeps the rows where `column op value` holds — the same comparison rules
 * as {@link query}, without writing text. `in` takes an array; `matches`
 * takes a `RegExp` (or a pattern string); `contains`, `startsWith` and
 * `endsWith` test text. `== null` / `!= null` select missing / present values.
 * Other comparisons are false for missing values (`!=` is true).
 *
 * @param df - The source frame.
 * @param column - The column to test.
 * @param op - One of `== != > >= < <= in contains startsWith endsWith matches`.
 * @param value - The value to compare with (an array for `in`).
 * @returns A new frame with the matching rows.
 * @throws {RangeError} when the column does not exist or `op` is unknown.
 * @throws {TypeError} when `in` is not given an array.
 * @category Filtering
 * @example
 * ```ts
 * import { DataFrame, where } from 'tinyframejs';
 *
 * const df = new DataFrame({ city: ['Oslo', 'Rome', 'Lima', null], temp: [4, 18, 22, 9] });
 * console.log(where(df, 'temp', '>=', 18).get('city'));             // [ 'Rome', 'Lima' ]
 * console.log(df.where('city', 'in', ['Oslo', 'Lima']).get('temp')); // Int32Array(2) [ 4, 22 ]
 * console.log(df.where('city', 'matches', /^[LR]/).rowCount);        // 2
 * ```
 */
export function where(df: DataFrame, column: string, op: WhereOperator, value: unknown): DataFrame {
  validateColumn(df, column);
  if (!OPS.includes(op))
    throw new RangeError(
      `where(): unknown operator ${describeValue(op)}; expected one of ${OPS.join(' ')}.`,
    );
  const source = `${column} ${op} ${describeValue(value)}`;
  const left: Node = { type: 'column', name: column, pos: 0 };
  let ast: Node;
  if (op === 'in') {
    if (!Array.isArray(value) && !(value instanceof Set)) {
      throw new TypeError(
        `where(): "in" needs an array of values; received ${describeValue(value)}.`,
      );
    }
    ast = { type: 'in', negate: false, left, right: { type: 'param', key: 0, pos: 0 }, pos: 0 };
  } else if (value === null || value === undefined) {
    if (op !== '==' && op !== '!=')
      throw new TypeError(`where(): operator "${op}" needs a value; received ${String(value)}.`);
    ast = { type: 'isnull', negate: op === '!=', arg: left, pos: 0 };
  } else {
    ast = {
      type: 'compare',
      op: op as CompareOp,
      left,
      right: { type: 'param', key: 0, pos: 0 },
      pos: 0,
    };
  }
  return maskToFrame(df, evaluateMask(ast, df, [value], source));
}
