import type { Row } from '../creation/frameOptions.js';
import { type Node, parseQuery } from './queryParser.js';
import { checkQuery, evaluateRow, type QueryParams } from './queryEval.js';

const EXPR = Symbol.for('tinyframe.expr');

/**
 * A parsed expression made by {@link expr$}. It is a function — call it on a
 * row object to evaluate it for that row, or pass it to {@link filter},
 * {@link query} or any API that takes a `row => value` callback — and the
 * frame functions recognise it and evaluate it column-wise, without
 * building row objects.
 *
 * @category Filtering
 */
export interface Expr {
  /** Evaluates the expression on one row object. */
  (row: Row): unknown;
  /** The expression text, with `${…}` where values were interpolated. */
  readonly source: string;
}

interface ExprInternals {
  ast: Node;
  params: QueryParams;
  source: string;
}

/** The AST and parameters of an `expr$` expression, or undefined for other values. */
export function exprInternals(value: unknown): ExprInternals | undefined {
  return typeof value === 'function'
    ? (value as unknown as Record<symbol, ExprInternals>)[EXPR]
    : undefined;
}

/**
 * Builds an expression from a tagged template, over the same small parser as
 * {@link query}. Interpolated values (`${limit}`) are passed as values, never
 * pasted into the text, so strings from users cannot change the expression.
 * The result is an {@link Expr}: a row function that the frame functions
 * evaluate column-wise.
 *
 * @param strings - The template's text parts (supplied by the tag syntax).
 * @param values - The interpolated values: numbers, strings, dates, booleans, arrays (for `in`) or RegExps (for `matches`).
 * @returns An {@link Expr}.
 * @throws {QuerySyntaxError} (a `SyntaxError`) when the expression is malformed, with the position.
 * @category Filtering
 * @example
 * ```ts
 * import { DataFrame, expr$ } from 'tinyframejs';
 *
 * const orders = new DataFrame({ price: [5, 12, 8], qty: [3, 1, 4], city: ['Oslo', 'Rome', 'Oslo'] });
 * const limit = 20;
 * const big = orders.filter(expr$`price * qty > ${limit}`);
 * console.log(big.toArray()); // [ { price: 8, qty: 4, city: 'Oslo' } ]
 *
 * const cities = ['Rome'];
 * console.log(orders.query(expr$`city in ${cities}`).rowCount); // 1
 * console.log(expr$`price * qty`({ price: 2, qty: 3 }));          // 6
 * ```
 */
export function expr$(strings: TemplateStringsArray, ...values: unknown[]): Expr {
  if (!strings || !Array.isArray(strings.raw))
    throw new TypeError('expr$ is a template tag: write expr$`price > ${limit}`.');
  let source = strings[0]!;
  for (let i = 0; i < values.length; i++) source += `\${${i}}${strings[i + 1]}`;
  const ast = parseQuery(source, true);
  const params = [...values];
  checkQuery(ast, null, source, params);
  const display = source.replace(/\$\{\d+\}/g, '${…}');
  const fn = ((row: Row) => evaluateRow(ast, row, params, display)) as Expr;
  Object.defineProperty(fn, 'source', { value: display, enumerable: true });
  Object.defineProperty(fn, EXPR, { value: { ast, params, source } satisfies ExprInternals });
  return fn;
}
