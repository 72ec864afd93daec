import { test } from 'node:test';
import assert from 'node:assert/strict';
import { byteRangeOf } from '../../src/serve/byteRange';

const part = (start: number, end: number) => ({ kind: 'part', start, end });
const WHOLE = { kind: 'whole' };
const UNSATISFIABLE = { kind: 'unsatisfiable' };

test('one range: first-last, open-ended, clamped to the end (RFC 9110 §14.1.2)', () => {
  assert.deepEqual(byteRangeOf('bytes=0-9', 1000), part(0, 9));
  assert.deepEqual(byteRangeOf('bytes=100-', 1000), part(100, 999));
  assert.deepEqual(byteRangeOf('bytes=990-5000', 1000), part(990, 999));
  assert.deepEqual(byteRangeOf('bytes=999-999', 1000), part(999, 999));
  assert.deepEqual(byteRangeOf('BYTES=0-0', 1000), part(0, 0), 'the unit is case-insensitive');
  assert.deepEqual(byteRangeOf('bytes= 5-6 ', 1000), part(5, 6));
  assert.deepEqual(byteRangeOf('bytes=0-1,,', 1000), part(0, 1), 'empty list elements are skipped');
  assert.deepEqual(byteRangeOf('bytes=0-99999999999999999999999', 10), part(0, 9));
});

test('suffix ranges are the last N bytes, the whole body when N is larger', () => {
  assert.deepEqual(byteRangeOf('bytes=-50', 1000), part(950, 999));
  assert.deepEqual(byteRangeOf('bytes=-1', 1000), part(999, 999));
  assert.deepEqual(byteRangeOf('bytes=-5000', 1000), part(0, 999));
  assert.deepEqual(byteRangeOf('bytes=-0', 1000), UNSATISFIABLE, 'a zero-length suffix');
});

test('unsatisfiable: a start at or past the end, last before first, anything on an empty file', () => {
  assert.deepEqual(byteRangeOf('bytes=1000-', 1000), UNSATISFIABLE);
  assert.deepEqual(byteRangeOf('bytes=5000-6000', 1000), UNSATISFIABLE);
  assert.deepEqual(byteRangeOf('bytes=100-50', 1000), UNSATISFIABLE);
  assert.deepEqual(byteRangeOf('bytes=0-0', 0), UNSATISFIABLE);
  assert.deepEqual(byteRangeOf('bytes=-10', 0), UNSATISFIABLE);
  assert.deepEqual(byteRangeOf('bytes=99999999999999999999999-', 10), UNSATISFIABLE);
  assert.deepEqual(byteRangeOf('bytes=2000-3000,4000-5000', 1000), UNSATISFIABLE);
});

test('no header, another unit or garbage is ignored: the whole body', () => {
  for (const header of [
    undefined,
    'bytes=abc',
    'bytes=',
    'bytes',
    'bytes=1-2-3',
    'bytes=--5',
    'bytes=0x10-20',
    'bytes=1.5-2',
    'bytes=+1-2',
    'bytes=0-1,abc',
    'items=0-5',
    '=0-5',
    'bytes 0-5',
  ])
    assert.deepEqual(byteRangeOf(header, 1000), WHOLE, String(header));
});

test('several ranges, one satisfiable or more, are answered whole (no multipart)', () => {
  assert.deepEqual(byteRangeOf('bytes=0-1,5-6', 1000), WHOLE);
  assert.deepEqual(byteRangeOf('bytes=0-1, 5000-6000', 1000), WHOLE);
  assert.deepEqual(byteRangeOf('bytes=0-1,-5', 1000), WHOLE);
});
