/**
 * The API type printer (src/render/api/typeTokens.ts) keeps the parentheses that
 * TypeScript's precedence needs: each case is TypeDoc's serialised form of a type and the
 * text it must print, and TypeScript must parse that text back to the same tree (so a
 * dropped parenthesis, which changes the meaning or breaks the syntax, fails).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import ts from 'typescript';
import type { JSONOutput } from 'typedoc';
import { TypePrinter, textOf } from '../../src/render/api/typeTokens';

type T = JSONOutput.SomeType;
const intrinsic = (name: string): T => ({ type: 'intrinsic', name });
const [str, num, unknown, voidT, never, bool] = [
  'string',
  'number',
  'unknown',
  'void',
  'never',
  'boolean',
].map(intrinsic) as [T, T, T, T, T, T];
const ref = (name: string): T => ({ type: 'reference', name }) as unknown as T;
const array = (elementType: T): T => ({ type: 'array', elementType });
const readonly = (target: T): T => ({ type: 'typeOperator', operator: 'readonly', target });
const keyof = (target: T): T => ({ type: 'typeOperator', operator: 'keyof', target });
const union = (...types: T[]): T => ({ type: 'union', types });
const intersection = (...types: T[]): T => ({ type: 'intersection', types });
const literal = (value: string | number | null): T => ({ type: 'literal', value });
const conditional = (checkType: T, extendsType: T, trueType: T, falseType: T): T => ({
  type: 'conditional',
  checkType,
  extendsType,
  trueType,
  falseType,
});
let nextId = 100;
/** `(x: param) => returns` as TypeDoc serialises an anonymous function type. */
const fn = (param: T | undefined, returns: T): T =>
  ({
    type: 'reflection',
    declaration: {
      id: nextId++,
      name: '__type',
      variant: 'declaration',
      kind: 65536,
      flags: {},
      signatures: [
        {
          id: nextId++,
          name: '__type',
          variant: 'signature',
          kind: 4096,
          flags: {},
          parameters: param
            ? [{ id: nextId++, name: 'x', variant: 'param', kind: 32768, flags: {}, type: param }]
            : [],
          type: returns,
        },
      ],
    },
  }) as unknown as T;

const printer = new TypePrinter(() => undefined);
const print = (t: T) => textOf(printer.type(t));

/** What TypeScript parses `text` to, as a nested term (parentheses gone): the meaning of the text. */
function parsedShape(text: string): string {
  const file = ts.createSourceFile('x.ts', `type X = ${text};`, ts.ScriptTarget.Latest, true);
  const diagnostics = (file as unknown as { parseDiagnostics: ts.Diagnostic[] }).parseDiagnostics;
  assert.deepEqual(
    diagnostics.map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n')),
    [],
    `${text} is not valid TypeScript`,
  );
  const walk = (n: ts.TypeNode): string => {
    if (ts.isParenthesizedTypeNode(n)) return walk(n.type);
    if (ts.isArrayTypeNode(n)) return `array(${walk(n.elementType)})`;
    if (ts.isUnionTypeNode(n)) return `union(${n.types.map(walk).join(',')})`;
    if (ts.isIntersectionTypeNode(n)) return `and(${n.types.map(walk).join(',')})`;
    if (ts.isTypeOperatorNode(n)) return `${ts.tokenToString(n.operator)}(${walk(n.type)})`;
    if (ts.isIndexedAccessTypeNode(n)) return `index(${walk(n.objectType)},${walk(n.indexType)})`;
    if (ts.isInferTypeNode(n)) return `infer(${n.typeParameter.name.text})`;
    if (ts.isConditionalTypeNode(n))
      return `cond(${[n.checkType, n.extendsType, n.trueType, n.falseType].map(walk).join(',')})`;
    if (ts.isFunctionTypeNode(n))
      return `fn(${[...n.parameters.map((p) => p.type!), n.type].map(walk).join(',')})`;
    return n.getText();
  };
  return walk((file.statements[0] as ts.TypeAliasDeclaration).type);
}

/** The same term from TypeDoc's data: what the printed text must mean. */
function dataShape(t: T): string {
  switch (t.type) {
    case 'array':
      return `array(${dataShape(t.elementType)})`;
    case 'union':
      return `union(${t.types.map(dataShape).join(',')})`;
    case 'intersection':
      return `and(${t.types.map(dataShape).join(',')})`;
    case 'typeOperator':
      return `${t.operator}(${dataShape(t.target)})`;
    case 'indexedAccess':
      return `index(${dataShape(t.objectType)},${dataShape(t.indexType)})`;
    case 'inferred':
      return `infer(${t.name})`;
    case 'conditional':
      return `cond(${[t.checkType, t.extendsType, t.trueType, t.falseType].map(dataShape).join(',')})`;
    case 'reflection': {
      const sig = t.declaration.signatures![0]!;
      return `fn(${[...(sig.parameters ?? []).map((p) => p.type!), sig.type!].map(dataShape).join(',')})`;
    }
    case 'literal':
      return typeof t.value === 'string' ? `'${t.value}'` : String(t.value);
    default:
      return (t as { name: string }).name;
  }
}

const CASES: [string, T, string][] = [
  [
    'readonly arrays of readonly arrays',
    readonly(array(readonly(array(unknown)))),
    'readonly (readonly unknown[])[]',
  ],
  ['arrays of arrays need none', array(array(num)), 'number[][]'],
  ['readonly array of arrays', readonly(array(array(num))), 'readonly number[][]'],
  ['arrays of unions', array(union(str, num)), '(string | number)[]'],
  [
    'readonly arrays of unions',
    readonly(array(union(str, literal(null)))),
    'readonly (string | null)[]',
  ],
  ['arrays of intersections', array(intersection(ref('A'), ref('B'))), '(A & B)[]'],
  ['unions inside intersections', intersection(union(ref('A'), ref('B')), ref('C')), '(A | B) & C'],
  [
    'intersections inside unions need none',
    union(intersection(ref('A'), ref('B')), ref('C')),
    'A & B | C',
  ],
  [
    'function types in unions',
    union(fn(num, voidT), literal(null)),
    '((x: number) => void) | null',
  ],
  [
    'function types in intersections',
    intersection(fn(undefined, str), ref('Tag')),
    '(() => string) & Tag',
  ],
  ['arrays of function types', array(fn(str, bool)), '((x: string) => boolean)[]'],
  [
    'unions as a function result need none',
    fn(num, union(str, num)),
    '(x: number) => string | number',
  ],
  [
    'functions returning functions need none',
    fn(undefined, fn(str, voidT)),
    '() => (x: string) => void',
  ],
  ['keyof a union', keyof(union(ref('A'), ref('B'))), 'keyof (A | B)'],
  [
    'indexed access into a union',
    { type: 'indexedAccess', objectType: union(ref('A'), ref('B')), indexType: literal('k') },
    "(A | B)['k']",
  ],
  [
    'conditional types',
    conditional(ref('T'), array(unknown), ref('T'), never),
    'T extends unknown[] ? T : never',
  ],
  [
    'conditional types in unions',
    union(conditional(ref('T'), str, literal(1), literal(2)), bool),
    '(T extends string ? 1 : 2) | boolean',
  ],
  [
    'arrays of conditional types',
    array(conditional(ref('T'), str, str, num)),
    '(T extends string ? string : number)[]',
  ],
  [
    'conditional types as a branch need none',
    conditional(ref('T'), str, str, conditional(ref('T'), num, num, never)),
    'T extends string ? string : T extends number ? number : never',
  ],
  [
    'a conditional check type',
    conditional(conditional(ref('A'), ref('B'), ref('C'), ref('D')), str, str, never),
    '(A extends B ? C : D) extends string ? string : never',
  ],
  [
    'a conditional extends type',
    conditional(ref('A'), conditional(ref('B'), ref('C'), ref('D'), ref('E')), str, never),
    'A extends (B extends C ? D : E) ? string : never',
  ],
  [
    'a function check type',
    conditional(fn(undefined, voidT), ref('F'), str, never),
    '(() => void) extends F ? string : never',
  ],
  [
    'a function extends type needs none',
    conditional(ref('F'), fn(undefined, { type: 'inferred', name: 'R' }), ref('R'), never),
    'F extends () => infer R ? R : never',
  ],
  [
    'arrays of inferred types',
    conditional(ref('T'), array({ type: 'inferred', name: 'U' }), ref('U'), never),
    'T extends (infer U)[] ? U : never',
  ],
];

for (const [name, type, expected] of CASES) {
  test(`type printer: ${name}`, () => {
    const printed = print(type);
    assert.equal(printed, expected);
    assert.equal(parsedShape(printed), dataShape(type));
  });
}

test('type printer: the shape check tells a dropped parenthesis', () => {
  const type = array(union(str, num));
  assert.equal(parsedShape('(string | number)[]'), dataShape(type));
  assert.notEqual(parsedShape('string | number[]'), dataShape(type));
  const fnOrNull = union(fn(num, voidT), literal(null));
  assert.notEqual(parsedShape('(x: number) => void | null'), dataShape(fnOrNull));
});
