import { describeValue } from '../column.js';

/**
 * A type an option may have, as checked by {@link validateOptions}:
 * `'integer'` is a whole number, `'string[]'` an array of strings, `'any'` anything.
 *
 * @category Validation
 */
export type OptionType =
  | 'number'
  | 'integer'
  | 'string'
  | 'boolean'
  | 'function'
  | 'object'
  | 'array'
  | 'regexp'
  | 'date'
  | 'string[]'
  | 'number[]'
  | 'boolean[]'
  | 'any';

/**
 * What {@link validateOptions} accepts for one option: a type, a list of
 * allowed types, or a list of allowed literal values written as `{ oneOf: [...] }`.
 *
 * @category Validation
 */
export type OptionRule =
  OptionType | readonly OptionType[] | { readonly oneOf: readonly unknown[] };

function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (value instanceof RegExp) return 'RegExp';
  if (value instanceof Date) return 'Date';
  return typeof value;
}

function matches(value: unknown, type: OptionType): boolean {
  switch (type) {
    case 'any':
      return true;
    case 'number':
      return typeof value === 'number';
    case 'integer':
      return typeof value === 'number' && Number.isInteger(value);
    case 'string':
      return typeof value === 'string';
    case 'boolean':
      return typeof value === 'boolean';
    case 'function':
      return typeof value === 'function';
    case 'object':
      return typeof value === 'object' && value !== null && !Array.isArray(value);
    case 'array':
      return Array.isArray(value);
    case 'regexp':
      return value instanceof RegExp;
    case 'date':
      return value instanceof Date;
    case 'string[]':
      return Array.isArray(value) && value.every((v) => typeof v === 'string');
    case 'number[]':
      return Array.isArray(value) && value.every((v) => typeof v === 'number');
    case 'boolean[]':
      return Array.isArray(value) && value.every((v) => typeof v === 'boolean');
  }
}

/**
 * Checks an options object against a schema: every key must be known and
 * every value (other than `undefined`) must have an allowed type. TinyFrame
 * checks the options of all its functions this way, so a misspelt option
 * fails loudly instead of being ignored.
 *
 * @param options - The options object to check; `undefined` passes.
 * @param schema - Allowed option names, each with its {@link OptionRule}.
 * @param context - The name of the calling function, used in messages.
 * @returns Nothing; returns normally when the options are valid.
 * @throws {TypeError} when `options` is not a plain object, has an unknown key, or a value of the wrong type.
 * @category Validation
 * @example
 * ```ts
 * import { validateOptions } from 'tinyframejs';
 *
 * validateOptions({ seed: 42 }, { seed: 'integer', frac: 'number' }, 'sample'); // passes
 * try {
 *   validateOptions({ sede: 42 }, { seed: 'integer' }, 'sample');
 * } catch (e) {
 *   console.log((e as Error).message);
 *   // sample(): unknown option "sede"; expected one of: seed.
 * }
 * ```
 */
export function validateOptions(
  options: unknown,
  schema: Readonly<Record<string, OptionRule>>,
  context = 'options',
): void {
  if (options === undefined) return;
  if (typeof options !== 'object' || options === null || Array.isArray(options)) {
    throw new TypeError(
      `${context}(): options must be an object; received ${describeValue(options)} (${kindOf(options)}).`,
    );
  }
  for (const [key, value] of Object.entries(options)) {
    if (!Object.prototype.hasOwnProperty.call(schema, key)) {
      const known = Object.keys(schema);
      throw new TypeError(
        `${context}(): unknown option "${key}"; expected ${known.length ? `one of: ${known.join(', ')}` : 'no options'}.`,
      );
    }
    if (value === undefined) continue;
    const rule = schema[key]!;
    if (typeof rule === 'object' && rule !== null && 'oneOf' in rule) {
      if (!rule.oneOf.includes(value)) {
        throw new TypeError(
          `${context}(): option "${key}" is ${describeValue(value)}; expected one of ${rule.oneOf.map((v) => describeValue(v)).join(', ')}.`,
        );
      }
      continue;
    }
    const types = (typeof rule === 'string' ? [rule] : rule) as readonly OptionType[];
    if (!types.some((t) => matches(value, t))) {
      throw new TypeError(
        `${context}(): option "${key}" is ${describeValue(value)} (${kindOf(value)}); expected ${types.join(' or ')}.`,
      );
    }
  }
}
