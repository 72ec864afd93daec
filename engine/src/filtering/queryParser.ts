/**
 * The tokenizer and recursive-descent parser behind `query`, `where` and
 * `expr$`. No `eval`, no `new Function`: text becomes an AST, and quoted
 * strings stay data. Errors carry the position of the offending token.
 *
 * Grammar (lowest precedence first):
 *   or      := and (("or" | "||") and)*
 *   and     := not (("and" | "&&") not)*
 *   not     := ("not" | "!") not | compare
 *   compare := sum [ (== | != | < | <= | > | >= | contains | startsWith | endsWith | matches) sum
 *                  | ["not"] "in" list | "is" ["not"] "null" ]
 *   sum     := product (("+" | "-") product)*
 *   product := unary (("*" | "/" | "%") unary)*
 *   unary   := ("-" | "+") unary | primary
 *   primary := number | string | true | false | null | column | `quoted column`
 *            | name "(" args ")" | @name | ${…} | "(" or ")" | "[" items "]"
 */

export type CompareOp =
  '==' | '!=' | '<' | '<=' | '>' | '>=' | 'contains' | 'startsWith' | 'endsWith' | 'matches';
export type ArithOp = '+' | '-' | '*' | '/' | '%';

export type Node =
  | { type: 'literal'; value: unknown; pos: number }
  | { type: 'column'; name: string; pos: number }
  | { type: 'param'; key: number | string; pos: number }
  | { type: 'list'; items: Node[]; pos: number }
  | { type: 'neg'; arg: Node; pos: number }
  | { type: 'not'; arg: Node; pos: number }
  | { type: 'logical'; op: 'and' | 'or'; left: Node; right: Node; pos: number }
  | { type: 'compare'; op: CompareOp; left: Node; right: Node; pos: number }
  | { type: 'arith'; op: ArithOp; left: Node; right: Node; pos: number }
  | { type: 'in'; negate: boolean; left: Node; right: Node; pos: number }
  | { type: 'isnull'; negate: boolean; arg: Node; pos: number }
  | { type: 'call'; name: string; args: Node[]; pos: number };

type TokenType = 'num' | 'str' | 'ident' | 'quoted' | 'op' | 'param' | 'at' | 'eof';
interface Token {
  type: TokenType;
  text: string;
  value?: unknown;
  pos: number;
}

/**
 * A syntax error in a query, with the 0-based `position` of the problem in `source`.
 *
 * @category Filtering
 */
export class QuerySyntaxError extends SyntaxError {
  readonly position: number;
  readonly source: string;
  constructor(reason: string, source: string, position: number) {
    const caret = `${' '.repeat(Math.max(0, position))}^`;
    super(`${reason} at position ${position} in query:\n  ${source}\n  ${caret}`);
    this.name = 'QuerySyntaxError';
    this.position = position;
    this.source = source;
  }
}

const OPERATORS = [
  '===',
  '!==',
  '==',
  '!=',
  '<=',
  '>=',
  '&&',
  '||',
  '<',
  '>',
  '!',
  '+',
  '-',
  '*',
  '/',
  '%',
  '(',
  ')',
  '[',
  ']',
  ',',
  '=',
];

function isIdentStart(c: string): boolean {
  return /[A-Za-z_$\u00c0-\uffff]/.test(c);
}
function isIdentPart(c: string): boolean {
  return /[A-Za-z0-9_$\u00c0-\uffff]/.test(c);
}

/** Splits query text into tokens. In template mode, `${n}` is an interpolated value. */
export function tokenize(source: string, template = false): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  const n = source.length;
  while (i < n) {
    const c = source[i]!;
    if (c === ' ' || c === '\t' || c === '\n' || c === '\r') {
      i++;
      continue;
    }
    const start = i;
    if (template && c === '$' && source[i + 1] === '{') {
      const end = source.indexOf('}', i);
      tokens.push({
        type: 'param',
        text: source.slice(i, end + 1),
        value: Number(source.slice(i + 2, end)),
        pos: start,
      });
      i = end + 1;
      continue;
    }
    if (/[0-9]/.test(c) || (c === '.' && /[0-9]/.test(source[i + 1] ?? ''))) {
      const m = /^(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?/.exec(source.slice(i))!;
      i += m[0].length;
      if (i < n && isIdentPart(source[i]!))
        throw new QuerySyntaxError(`Invalid number "${source.slice(start, i + 1)}"`, source, start);
      tokens.push({ type: 'num', text: m[0], value: Number(m[0]), pos: start });
      continue;
    }
    if (c === '"' || c === "'") {
      let value = '';
      i++;
      for (;;) {
        if (i >= n) throw new QuerySyntaxError('Unterminated string', source, start);
        const d = source[i]!;
        if (d === c) {
          i++;
          break;
        }
        if (d === '\\') {
          const e = source[i + 1];
          if (e === undefined) throw new QuerySyntaxError('Unterminated string', source, start);
          const map: Record<string, string> = {
            n: '\n',
            t: '\t',
            r: '\r',
            '\\': '\\',
            '"': '"',
            "'": "'",
          };
          if (e === 'u' && /^[0-9a-fA-F]{4}$/.test(source.slice(i + 2, i + 6))) {
            value += String.fromCharCode(parseInt(source.slice(i + 2, i + 6), 16));
            i += 6;
            continue;
          }
          value += map[e] ?? e;
          i += 2;
          continue;
        }
        value += d;
        i++;
      }
      tokens.push({ type: 'str', text: source.slice(start, i), value, pos: start });
      continue;
    }
    if (c === '`') {
      const end = source.indexOf('`', i + 1);
      if (end < 0) throw new QuerySyntaxError('Unterminated `quoted column name`', source, start);
      tokens.push({ type: 'quoted', text: source.slice(i + 1, end), pos: start });
      i = end + 1;
      continue;
    }
    if (c === '@') {
      i++;
      while (i < n && isIdentPart(source[i]!)) i++;
      if (i === start + 1)
        throw new QuerySyntaxError('Expected a parameter name after "@"', source, start);
      tokens.push({ type: 'at', text: source.slice(start + 1, i), pos: start });
      continue;
    }
    if (isIdentStart(c)) {
      while (i < n && isIdentPart(source[i]!)) i++;
      tokens.push({ type: 'ident', text: source.slice(start, i), pos: start });
      continue;
    }
    const op = OPERATORS.find((o) => source.startsWith(o, i));
    if (!op) throw new QuerySyntaxError(`Unexpected character "${c}"`, source, start);
    if (op === '=') throw new QuerySyntaxError('Unexpected "=" (use == to compare)', source, start);
    tokens.push({ type: 'op', text: op === '===' ? '==' : op === '!==' ? '!=' : op, pos: start });
    i += op.length;
  }
  tokens.push({ type: 'eof', text: '', pos: n });
  return tokens;
}

const KEYWORD_COMPARE: Record<string, CompareOp> = {
  contains: 'contains',
  startswith: 'startsWith',
  endswith: 'endsWith',
  matches: 'matches',
};

/** Parses query text into an AST. */
export function parseQuery(source: string, template = false): Node {
  if (typeof source !== 'string') throw new TypeError('query(): the query must be a string.');
  const tokens = tokenize(source, template);
  let p = 0;
  const peek = () => tokens[p]!;
  const next = () => tokens[p++]!;
  const word = (t: Token) => (t.type === 'ident' ? t.text.toLowerCase() : '');
  const fail = (t: Token, what: string): never => {
    const found =
      t.type === 'eof'
        ? 'end of query'
        : t.type === 'str'
          ? `string ${t.text}`
          : t.type === 'quoted'
            ? `column \`${t.text}\``
            : `"${t.text}"`;
    throw new QuerySyntaxError(
      `Unexpected ${found}${what ? `, expected ${what}` : ''}`,
      source,
      t.pos,
    );
  };
  const expectOp = (text: string) => {
    const t = next();
    if (t.type !== 'op' || t.text !== text) fail(t, `"${text}"`);
  };

  function parseOr(): Node {
    let left = parseAnd();
    for (;;) {
      const t = peek();
      if ((t.type === 'op' && t.text === '||') || word(t) === 'or') {
        next();
        left = { type: 'logical', op: 'or', left, right: parseAnd(), pos: t.pos };
      } else return left;
    }
  }
  function parseAnd(): Node {
    let left = parseNot();
    for (;;) {
      const t = peek();
      if ((t.type === 'op' && t.text === '&&') || word(t) === 'and') {
        next();
        left = { type: 'logical', op: 'and', left, right: parseNot(), pos: t.pos };
      } else return left;
    }
  }
  function parseNot(): Node {
    const t = peek();
    if ((t.type === 'op' && t.text === '!') || word(t) === 'not') {
      next();
      return { type: 'not', arg: parseNot(), pos: t.pos };
    }
    return parseCompare();
  }
  function parseCompare(): Node {
    const left = parseSum();
    const t = peek();
    let node: Node | undefined;
    if (t.type === 'op' && ['==', '!=', '<', '<=', '>', '>='].includes(t.text)) {
      next();
      node = { type: 'compare', op: t.text as CompareOp, left, right: parseSum(), pos: t.pos };
    } else if (KEYWORD_COMPARE[word(t)]) {
      next();
      node = {
        type: 'compare',
        op: KEYWORD_COMPARE[word(t)]!,
        left,
        right: parseSum(),
        pos: t.pos,
      };
    } else if (word(t) === 'in') {
      next();
      node = { type: 'in', negate: false, left, right: parseInTarget(), pos: t.pos };
    } else if (word(t) === 'not' && word(tokens[p + 1]!) === 'in') {
      next();
      next();
      node = { type: 'in', negate: true, left, right: parseInTarget(), pos: t.pos };
    } else if (word(t) === 'is') {
      next();
      let negate = false;
      if (word(peek()) === 'not') {
        next();
        negate = true;
      }
      if (word(peek()) !== 'null') fail(peek(), '"null"');
      next();
      node = { type: 'isnull', negate, arg: left, pos: t.pos };
    }
    if (!node) return left;
    const after = peek();
    if (after.type === 'op' && ['==', '!=', '<', '<=', '>', '>='].includes(after.text)) {
      throw new QuerySyntaxError(
        'Chained comparison (use "and" to combine comparisons)',
        source,
        after.pos,
      );
    }
    return node;
  }
  function parseInTarget(): Node {
    const t = peek();
    if (t.type === 'op' && (t.text === '[' || t.text === '(')) {
      next();
      return parseItems(t.text === '[' ? ']' : ')', t.pos);
    }
    if (t.type === 'param' || t.type === 'at') return parsePrimary();
    return fail(t, 'a list such as ["a", "b"]');
  }
  function parseItems(close: string, pos: number): Node {
    const items: Node[] = [];
    if (peek().type === 'op' && peek().text === close) {
      next();
      return { type: 'list', items, pos };
    }
    for (;;) {
      items.push(parseOr());
      const t = next();
      if (t.type === 'op' && t.text === close) return { type: 'list', items, pos };
      if (!(t.type === 'op' && t.text === ',')) fail(t, `"," or "${close}"`);
    }
  }
  function parseSum(): Node {
    let left = parseProduct();
    for (;;) {
      const t = peek();
      if (t.type === 'op' && (t.text === '+' || t.text === '-')) {
        next();
        left = { type: 'arith', op: t.text as ArithOp, left, right: parseProduct(), pos: t.pos };
      } else return left;
    }
  }
  function parseProduct(): Node {
    let left = parseUnary();
    for (;;) {
      const t = peek();
      if (t.type === 'op' && (t.text === '*' || t.text === '/' || t.text === '%')) {
        next();
        left = { type: 'arith', op: t.text as ArithOp, left, right: parseUnary(), pos: t.pos };
      } else return left;
    }
  }
  function parseUnary(): Node {
    const t = peek();
    if (t.type === 'op' && (t.text === '-' || t.text === '+')) {
      next();
      const arg = parseUnary();
      return t.text === '-' ? { type: 'neg', arg, pos: t.pos } : arg;
    }
    return parsePrimary();
  }
  function parsePrimary(): Node {
    const t = next();
    switch (t.type) {
      case 'num':
      case 'str':
        return { type: 'literal', value: t.value, pos: t.pos };
      case 'quoted':
        return { type: 'column', name: t.text, pos: t.pos };
      case 'param':
        return { type: 'param', key: t.value as number, pos: t.pos };
      case 'at':
        return { type: 'param', key: t.text, pos: t.pos };
      case 'ident': {
        const w = t.text.toLowerCase();
        if (w === 'true' || w === 'false')
          return { type: 'literal', value: w === 'true', pos: t.pos };
        if (w === 'null') return { type: 'literal', value: null, pos: t.pos };
        if (['and', 'or', 'not', 'in', 'is'].includes(w)) return fail(t, 'a value or column');
        if (peek().type === 'op' && peek().text === '(') {
          next();
          const list = parseItems(')', t.pos) as { items: Node[] };
          return { type: 'call', name: t.text, args: list.items, pos: t.pos };
        }
        return { type: 'column', name: t.text, pos: t.pos };
      }
      case 'op':
        if (t.text === '(') {
          const inner = parseOr();
          expectOp(')');
          return inner;
        }
        if (t.text === '[') return parseItems(']', t.pos);
        return fail(t, 'a value or column');
      default:
        return fail(t, 'a value or column');
    }
  }

  if (peek().type === 'eof') throw new QuerySyntaxError('Empty query', source, 0);
  const ast = parseOr();
  if (peek().type !== 'eof') fail(peek(), 'an operator or the end of the query');
  return ast;
}
