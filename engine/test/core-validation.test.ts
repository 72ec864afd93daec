import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  DataFrame,
  validateColumn,
  validateColumnLengths,
  validateColumnNames,
  validateDType,
  validateInputData,
  validateNumericArray,
  validateOptions,
} from '../src/index.js';

const df = new DataFrame({ price: [1.5, 2], qty: [1, 2], name: ['a', 'b'] });

test('validateColumn names the column, the columns that exist and a suggestion', () => {
  validateColumn(df, 'price');
  assert.throws(
    () => validateColumn(df, 'Price'),
    (e: unknown) =>
      e instanceof RangeError &&
      e.message ===
        'Unknown column "Price"; expected one of "price", "qty", "name". Did you mean "price"?',
  );
  assert.throws(
    () => validateColumn(df, 'zzz'),
    /^RangeError: Unknown column "zzz"; expected one of "price", "qty", "name"\.$/,
  );
  assert.throws(() => validateColumn(df, 3), /Column name must be a string; received 3 \(number\)/);
  assert.throws(
    () => validateColumn(new DataFrame([]), 'a'),
    /expected one of none \(the frame has no columns\)/,
  );
});

test('validateColumnNames', () => {
  validateColumnNames(['a', 'b']);
  validateColumnNames([]);
  assert.throws(
    () => validateColumnNames(['a', '']),
    (e: unknown) =>
      e instanceof TypeError &&
      /position 1 must be a non-empty string; received ""/.test(e.message),
  );
  assert.throws(() => validateColumnNames(['a', 5]), /position 1 .* received 5/);
  assert.throws(
    () => validateColumnNames(['a', 'b', 'a']),
    (e: unknown) =>
      e instanceof RangeError && /Duplicate column name "a" at positions 0 and 2/.test(e.message),
  );
  assert.throws(() => validateColumnNames('a'), TypeError);
});

test('validateColumnLengths', () => {
  assert.equal(validateColumnLengths({ a: [1, 2], b: new Float64Array(2) }), 2);
  assert.equal(validateColumnLengths({}), 0);
  assert.throws(
    () => validateColumnLengths({ a: [1, 2, 3], b: [1] }),
    (e: unknown) =>
      e instanceof RangeError &&
      e.message ===
        'Column "b" has 1 value but column "a" has 3; all columns must have the same length.',
  );
  assert.throws(
    () => validateColumnLengths({ a: 'abc' }),
    /Column "a" must be an array or a typed array; received "abc"/,
  );
  assert.throws(() => validateColumnLengths({ a: new DataView(new ArrayBuffer(2)) }), TypeError);
  assert.throws(() => validateColumnLengths([] as never), TypeError);
});

test('validateInputData', () => {
  assert.equal(validateInputData([]), 'rows');
  assert.equal(validateInputData([{ a: 1 }]), 'rows');
  assert.equal(validateInputData({ a: [1] }), 'columns');
  assert.equal(validateInputData(Object.create(null)), 'columns');
  assert.throws(
    () => validateInputData([{ a: 1 }, [1, 2]]),
    /Row 1 must be a plain object mapping column names to values; received \[1,2\]/,
  );
  assert.throws(() => validateInputData([new Date(0)]), /Row 0 must be a plain object/);
  assert.throws(() => validateInputData('x'), /received "x" \(string\)/);
  assert.throws(() => validateInputData(new Map()), /\(a Map\)/);
  assert.throws(() => validateInputData(null), /\(null\)/);
  assert.throws(() => validateInputData({ a: [1], b: [1, 2] }), RangeError);
});

test('validateNumericArray', () => {
  validateNumericArray([1, NaN, null, undefined, Infinity], 'x');
  validateNumericArray(new Int8Array(3), 'x');
  assert.throws(
    () => validateNumericArray([1, '2'], 'price'),
    (e: unknown) =>
      e instanceof TypeError &&
      e.message === 'Column "price" must hold numbers; row 1 holds "2" (string).',
  );
  assert.throws(
    () => validateNumericArray([1, null], 'price', { allowMissing: false }),
    (e: unknown) => e instanceof RangeError && /row 1 holds null/.test(e.message),
  );
  assert.throws(
    () => validateNumericArray([Infinity], 'p', { allowInfinite: false }),
    /finite numbers; row 0 holds Infinity/,
  );
  assert.throws(() => validateNumericArray('123'), /Column "values" must be an array of numbers/);
  assert.throws(() => validateNumericArray([true]), /row 0 holds true \(boolean\)/);
});

test('validateDType', () => {
  assert.equal(validateDType(df, 'price', 'numeric'), 'f64');
  assert.equal(validateDType(df, 'qty', 'integer'), 'i32');
  assert.equal(validateDType(df, 'name', ['bool', 'str']), 'str');
  assert.throws(
    () => validateDType(df, 'price', 'integer'),
    (e: unknown) =>
      e instanceof TypeError &&
      e.message ===
        'Column "price" has dtype f64; expected an integer dtype (i32, i16, i8, u32, u16, u8).',
  );
  assert.throws(
    () => validateDType(df, 'name', ['f64', 'date']),
    /has dtype str; expected f64 or date/,
  );
  assert.throws(() => validateDType(df, 'nope', 'f64'), RangeError);
  assert.throws(() => validateDType(df, 'price', 'float' as never), /Unknown dtype "float"/);
});

test('validateOptions', () => {
  validateOptions(undefined, { a: 'number' });
  validateOptions({ a: 1, b: undefined }, { a: 'number', b: 'string' });
  validateOptions({ how: 'inner' }, { how: { oneOf: ['inner', 'left'] } });
  validateOptions({ cols: ['a'] }, { cols: ['string', 'string[]'] });
  assert.throws(
    () => validateOptions({ c: 1 }, { a: 'number', b: 'string' }, 'fn'),
    (e: unknown) =>
      e instanceof TypeError && e.message === 'fn(): unknown option "c"; expected one of: a, b.',
  );
  assert.throws(
    () => validateOptions({ a: '1' }, { a: 'number' }, 'fn'),
    /fn\(\): option "a" is "1" \(string\); expected number/,
  );
  assert.throws(() => validateOptions({ a: 1.5 }, { a: 'integer' }), /expected integer/);
  assert.throws(
    () => validateOptions({ how: 'cross' }, { how: { oneOf: ['inner', 'left'] } }),
    /option "how" is "cross"; expected one of "inner", "left"/,
  );
  assert.throws(() => validateOptions(5, {}), /options must be an object; received 5 \(number\)/);
  assert.throws(() => validateOptions([], {}), TypeError);
  for (const [t, ok, bad] of [
    ['boolean', true, 1],
    ['function', () => 1, 'f'],
    ['object', {}, []],
    ['array', [], {}],
    ['regexp', /x/, 'x'],
    ['date', new Date(), 0],
    ['number[]', [1], ['1']],
    ['boolean[]', [true], [1]],
    ['any', null, undefined],
  ] as const) {
    validateOptions({ v: ok }, { v: t });
    if (bad !== undefined) assert.throws(() => validateOptions({ v: bad }, { v: t }), TypeError, t);
  }
});
