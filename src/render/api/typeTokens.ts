import type { JSONOutput } from 'typedoc';
import type { Token, TokenKind } from '../../../templates/api/model';
import { Kind, type Decl, type Sig } from './reflections';

type SomeType = JSONOutput.SomeType;

/** Resolves a reflection id to `route#hash` (undefined: the type has no page). */
export type HrefOf = (id: number) => string | undefined;

const tok = (text: string, kind?: TokenKind, href?: string): Token =>
  href ? { text, kind, href } : kind ? { text, kind } : { text };
const p = (text: string) => tok(text, 'punct');

/** Token list helpers: length and joining. */
export function textOf(tokens: Token[]): string {
  return tokens.map((t) => t.text).join('');
}

/**
 * How tightly a type binds, as in TypeScript's type grammar (loosest first): function
 * and conditional types, unions, intersections, type operators (`readonly`, `keyof`,
 * `infer`), postfix forms (`T[]`, `T[K]`), then primary types. A type printed where a
 * tighter one is expected needs parentheses: `(A | B)[]`, `(readonly T[])[]`,
 * `(() => void) | null`.
 */
const enum Precedence {
  Function = 0,
  Union = 1,
  Intersection = 2,
  Operator = 3,
  Postfix = 4,
  Primary = 5,
}

/** Whether an object type prints as an arrow (`(a: A) => R`): one call signature, no members. */
const isArrow = (d: Decl): boolean =>
  d.signatures?.length === 1 && !d.children?.length && !d.indexSignatures?.length;

function precedence(t: SomeType): Precedence {
  switch (t.type) {
    case 'conditional':
      return Precedence.Function;
    case 'reflection':
      return isArrow(t.declaration) ? Precedence.Function : Precedence.Primary;
    case 'union':
      return t.types.length > 1 ? Precedence.Union : Precedence.Primary;
    case 'intersection':
      return t.types.length > 1 ? Precedence.Intersection : Precedence.Primary;
    case 'typeOperator':
    case 'inferred':
    case 'predicate':
      return Precedence.Operator;
    case 'array':
    case 'indexedAccess':
    case 'optional':
      return Precedence.Postfix;
    case 'literal':
      // `-1[]` would read as a negation of an array
      return typeof t.value === 'number' && t.value < 0 ? Precedence.Operator : Precedence.Primary;
    default:
      return Precedence.Primary;
  }
}

function literalTokens(value: JSONOutput.LiteralType['value']): Token[] {
  if (value === null) return [tok('null', 'literal')];
  if (typeof value === 'string')
    return [tok(`'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`, 'string')];
  if (typeof value === 'object')
    return [tok(`${value.negative ? '-' : ''}${value.value}n`, 'literal')];
  return [tok(String(value), 'literal')];
}

/**
 * Turns TypeDoc's serialised types into coloured tokens, linking every named type that
 * has a page. Output is single-line; `signatureTokens` breaks long parameter lists.
 */
export class TypePrinter {
  constructor(private readonly hrefOf: HrefOf) {}

  type(t: SomeType | undefined): Token[] {
    if (!t) return [tok('unknown', 'builtin')];
    switch (t.type) {
      case 'intrinsic':
        return [tok(t.name, 'builtin')];
      case 'literal':
        return literalTokens(t.value);
      case 'reference': {
        const href = typeof t.target === 'number' ? this.hrefOf(t.target) : undefined;
        const out: Token[] = [tok(t.name, 'type', href)];
        if (t.typeArguments?.length)
          out.push(
            p('<'),
            ...this.join(
              t.typeArguments.map((a) => this.type(a)),
              ', ',
            ),
            p('>'),
          );
        return out;
      }
      case 'array':
        return [...this.at(Precedence.Postfix, t.elementType), p('[]')];
      case 'union':
        return this.join(
          t.types.map((x) => this.at(Precedence.Intersection, x)),
          ' | ',
        );
      case 'intersection':
        return this.join(
          t.types.map((x) => this.at(Precedence.Operator, x)),
          ' & ',
        );
      case 'tuple':
        return [
          p('['),
          ...this.join(
            (t.elements ?? []).map((e) => this.type(e)),
            ', ',
          ),
          p(']'),
        ];
      case 'namedTupleMember':
        return [tok(t.name, 'param'), p(t.isOptional ? '?: ' : ': '), ...this.type(t.element)];
      case 'optional':
        return [...this.at(Precedence.Postfix, t.elementType), p('?')];
      case 'rest':
        return [p('...'), ...this.type(t.elementType)];
      case 'typeOperator':
        return [tok(t.operator, 'keyword'), tok(' '), ...this.at(Precedence.Operator, t.target)];
      case 'query':
        return [tok('typeof', 'keyword'), tok(' '), ...this.type(t.queryType)];
      case 'indexedAccess':
        return [
          ...this.at(Precedence.Postfix, t.objectType),
          p('['),
          ...this.type(t.indexType),
          p(']'),
        ];
      case 'conditional':
        return [
          // `A | B extends C ? …` is a conditional over the union; a function or
          // conditional check type, or a conditional extends type, needs parentheses.
          ...this.at(Precedence.Union, t.checkType),
          tok(' extends ', 'keyword'),
          ...(t.extendsType.type === 'conditional'
            ? this.paren(t.extendsType)
            : this.type(t.extendsType)),
          p(' ? '),
          ...this.type(t.trueType),
          p(' : '),
          ...this.type(t.falseType),
        ];
      case 'inferred':
        return [
          tok('infer', 'keyword'),
          tok(' '),
          tok(t.name, 'type'),
          ...(t.constraint
            ? [tok(' extends ', 'keyword'), ...this.at(Precedence.Union, t.constraint)]
            : []),
        ];
      case 'mapped': {
        const ro =
          t.readonlyModifier === '+' ? 'readonly ' : t.readonlyModifier === '-' ? '-readonly ' : '';
        const opt = t.optionalModifier === '+' ? '?' : t.optionalModifier === '-' ? '-?' : '';
        return [
          p('{ '),
          ...(ro ? [tok(ro, 'keyword')] : []),
          p('['),
          tok(t.parameter, 'type'),
          tok(' in ', 'keyword'),
          ...this.type(t.parameterType),
          ...(t.nameType ? [tok(' as ', 'keyword'), ...this.type(t.nameType)] : []),
          p(']' + opt + ': '),
          ...this.type(t.templateType),
          p(' }'),
        ];
      }
      case 'predicate':
        return [
          ...(t.asserts ? [tok('asserts', 'keyword'), tok(' ')] : []),
          tok(t.name, 'param'),
          ...(t.targetType ? [tok(' is ', 'keyword'), ...this.type(t.targetType)] : []),
        ];
      case 'templateLiteral': {
        const out: Token[] = [tok('`' + t.head, 'string')];
        for (const [type, text] of t.tail)
          out.push(p('${'), ...this.type(type), p('}'), tok(text, 'string'));
        out.push(tok('`', 'string'));
        return out;
      }
      case 'reflection':
        return this.reflection(t.declaration);
      case 'unknown':
        return [tok(t.name)];
      default:
        return [tok('unknown', 'builtin')];
    }
  }

  /** An anonymous object or function type. */
  reflection(d: Decl): Token[] {
    if (d.signatures?.length && !d.children?.length && !d.indexSignatures?.length) {
      const parts = d.signatures.map((s) => this.arrow(s));
      return isArrow(d)
        ? parts[0]!
        : [
            p('{ '),
            ...this.join(
              parts.map((x) => this.callMember(x)),
              '; ',
            ),
            p(' }'),
          ];
    }
    const members: Token[][] = [];
    for (const idx of d.indexSignatures ?? []) members.push(this.indexSignature(idx));
    for (const c of d.children ?? []) members.push(this.property(c));
    for (const s of d.signatures ?? []) members.push(this.callMember(this.arrow(s)));
    if (!members.length) return [p('{}')];
    return [p('{ '), ...this.join(members, '; '), p(' }')];
  }

  private callMember(arrow: Token[]): Token[] {
    // `(a: A) => R` as an object member is `(a: A): R`
    const i = arrow.findIndex((t) => t.text === ' => ');
    return i < 0 ? arrow : [...arrow.slice(0, i), p(': '), ...arrow.slice(i + 1)];
  }

  indexSignature(s: Sig): Token[] {
    const param = s.parameters?.[0];
    return [
      p('['),
      tok(param?.name ?? 'key', 'param'),
      p(': '),
      ...this.type(param?.type),
      p(']: '),
      ...this.type(s.type),
    ];
  }

  /** `readonly name?: Type` (or a method `name(a: A): R`) inside an object type. */
  property(c: Decl): Token[] {
    if (c.kind === Kind.Method && c.signatures?.length) {
      return this.join(
        c.signatures.map((s) => [tok(c.name, 'prop'), ...this.callMember(this.arrow(s))]),
        '; ',
      );
    }
    if (c.kind === Kind.Accessor) {
      return [
        tok(c.name, 'prop'),
        p(': '),
        ...this.type(c.getSignature?.type ?? c.setSignature?.parameters?.[0]?.type),
      ];
    }
    // A property with its own row on the page (interfaces, object type aliases) links to it.
    const own = this.hrefOf(c.id);
    return [
      ...(c.flags.isReadonly ? [tok('readonly ', 'keyword')] : []),
      tok(c.name, 'prop', own?.includes('#') ? own : undefined),
      p(c.flags.isOptional ? '?: ' : ': '),
      ...this.type(c.type),
    ];
  }

  typeParameters(tps: JSONOutput.TypeParameterReflection[] | undefined): Token[] {
    if (!tps?.length) return [];
    return [
      p('<'),
      ...this.join(
        tps.map((tp) => [
          tok(tp.name, 'type'),
          ...(tp.type ? [tok(' extends ', 'keyword'), ...this.type(tp.type)] : []),
          ...(tp.default ? [p(' = '), ...this.type(tp.default)] : []),
        ]),
        ', ',
      ),
      p('>'),
    ];
  }

  parameter(param: JSONOutput.ParameterReflection): Token[] {
    const rest = !!param.flags.isRest;
    const optional = !!param.flags.isOptional || param.defaultValue !== undefined;
    const type =
      rest && param.type?.type === 'array' ? this.type(param.type) : this.type(param.type);
    return [
      ...(rest ? [p('...')] : []),
      tok(param.name, 'param'),
      p(optional && !rest ? '?: ' : ': '),
      ...type,
    ];
  }

  /** `<T>(a: A, b?: B) => R` */
  arrow(s: Sig): Token[] {
    return [
      ...this.typeParameters(s.typeParameters),
      p('('),
      ...this.join(
        (s.parameters ?? []).map((x) => this.parameter(x)),
        ', ',
      ),
      p(')'),
      p(' => '),
      ...this.type(s.type),
    ];
  }

  join(parts: Token[][], sep: string): Token[] {
    const out: Token[] = [];
    parts.forEach((part, i) => {
      if (i) out.push(p(sep));
      out.push(...part);
    });
    return out;
  }

  private paren(t: SomeType): Token[] {
    return [p('('), ...this.type(t), p(')')];
  }

  /** `t` where a type of precedence `min` or tighter is expected: in parentheses when it binds more loosely. */
  private at(min: Precedence, t: SomeType): Token[] {
    return precedence(t) < min ? this.paren(t) : this.type(t);
  }
}

/** Longest single-line signature before parameters go one per line. */
export const SIGNATURE_WIDTH = 80;

/**
 * A declaration line: `prefix name<T>(params): Return`, breaking the parameter list
 * over lines (two-space indent) when it would be wider than SIGNATURE_WIDTH.
 */
export function signatureTokens(
  printer: TypePrinter,
  options: {
    prefix?: Token[];
    name: string;
    nameKind?: TokenKind;
    sig: Sig;
    returnSeparator?: string;
    omitReturn?: boolean;
  },
): Token[] {
  const { sig } = options;
  const head: Token[] = [
    ...(options.prefix ?? []),
    tok(options.name, options.nameKind ?? 'name'),
    ...printer.typeParameters(sig.typeParameters),
  ];
  const params = (sig.parameters ?? []).map((x) => printer.parameter(x));
  const ret: Token[] = options.omitReturn
    ? []
    : [p(options.returnSeparator ?? ': '), ...printer.type(sig.type)];
  const oneLine = [...head, p('('), ...printer.join(params, ', '), p(')'), ...ret];
  if (textOf(oneLine).length <= SIGNATURE_WIDTH || params.length === 0) return oneLine;
  const out: Token[] = [...head, p('(\n')];
  params.forEach((param) => out.push(tok('  '), ...param, p(',\n')));
  out.push(p(')'), ...ret);
  return out;
}

/** `type Name<T> = …`, putting each member of a long union on its own line. */
export function typeAliasTokens(printer: TypePrinter, decl: Decl): Token[] {
  const head: Token[] = [
    tok('type', 'keyword'),
    tok(' '),
    tok(decl.name, 'name'),
    ...printer.typeParameters(decl.typeParameters),
    p(' = '),
  ];
  const t = decl.type;
  const body = printer.type(t);
  if (textOf(head).length + textOf(body).length <= SIGNATURE_WIDTH) return [...head, ...body];
  if (t?.type === 'union') {
    const out: Token[] = [...head.slice(0, -1), p(' =')];
    for (const member of t.types) out.push(p('\n  | '), ...printer.type(member));
    return out;
  }
  if (t?.type === 'reflection' && t.declaration.children?.length) {
    return [...head, ...objectBlock(printer, t.declaration)];
  }
  return [...head, ...body];
}

/** `{\n  a: A;\n  b?: B;\n}` — an object type laid out one member per line. */
export function objectBlock(printer: TypePrinter, d: Decl): Token[] {
  const out: Token[] = [p('{\n')];
  for (const idx of d.indexSignatures ?? [])
    out.push(tok('  '), ...printer.indexSignature(idx), p(';\n'));
  for (const c of d.children ?? []) out.push(tok('  '), ...printer.property(c), p(';\n'));
  out.push(p('}'));
  return out;
}
