import { test } from 'node:test';
import assert from 'node:assert/strict';
import { acceptedCodings } from '../../src/serve/acceptEncoding';

test('no header means the bytes as they are; an empty one too', () => {
  assert.deepEqual(acceptedCodings(undefined), ['identity']);
  assert.deepEqual(acceptedCodings(''), ['identity']);
});

test('equal weights go to the smaller coding; identity stays acceptable, last', () => {
  assert.deepEqual(acceptedCodings('gzip, deflate, br'), ['br', 'gzip', 'identity']);
  assert.deepEqual(acceptedCodings('gzip'), ['gzip', 'identity']);
  assert.deepEqual(acceptedCodings('GZIP'), ['gzip', 'identity'], 'names are case-insensitive');
  assert.deepEqual(acceptedCodings('x-gzip'), ['gzip', 'identity']);
  assert.deepEqual(acceptedCodings('deflate'), ['identity'], 'a coding this server lacks');
});

test('q-values order the codings; q=0 refuses one', () => {
  assert.deepEqual(acceptedCodings('gzip;q=1, br;q=0.5'), ['gzip', 'br', 'identity']);
  assert.deepEqual(acceptedCodings('br;q=0, gzip'), ['gzip', 'identity']);
  assert.deepEqual(acceptedCodings('br;q=0'), ['identity']);
  assert.deepEqual(acceptedCodings('br ; q=0.000, gzip ;Q=0.8'), ['gzip', 'identity']);
  assert.deepEqual(acceptedCodings('gzip;q=0.5, identity'), ['identity', 'gzip']);
  assert.deepEqual(acceptedCodings('br, br;q=0'), ['br', 'identity'], 'the first mention counts');
});

test('identity;q=0 and * are honoured', () => {
  assert.deepEqual(acceptedCodings('identity;q=0'), [], 'nothing acceptable: 406');
  assert.deepEqual(acceptedCodings('gzip, identity;q=0'), ['gzip']);
  assert.deepEqual(acceptedCodings('*'), ['br', 'gzip', 'identity']);
  assert.deepEqual(acceptedCodings('*;q=0'), []);
  assert.deepEqual(acceptedCodings('*;q=0, identity'), ['identity']);
  assert.deepEqual(acceptedCodings('gzip;q=0.2, *;q=0.5'), ['br', 'identity', 'gzip']);
  assert.deepEqual(acceptedCodings('br;q=0, *'), ['gzip', 'identity']);
});

test('an element with an unreadable q-value counts as not sent', () => {
  assert.deepEqual(acceptedCodings('br;q=2, gzip'), ['gzip', 'identity']);
  assert.deepEqual(acceptedCodings('br;q=abc'), ['identity']);
  assert.deepEqual(acceptedCodings('br;q=0.5555, gzip;q=0.1'), ['gzip', 'identity']);
});
