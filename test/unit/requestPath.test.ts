import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkRequestPath } from '../../src/serve/requestPath';

test('percent-encoded reserved characters reach the file lookup decoded', () => {
  assert.deepEqual(checkRequestPath('/docs/api/functions/expr%24?x=1'), {
    ok: true,
    pathname: '/docs/api/functions/expr$',
    search: '?x=1',
  });
  assert.deepEqual(checkRequestPath('/docs/a%20b'), {
    ok: true,
    pathname: '/docs/a%20b',
    search: '',
  });
  assert.deepEqual(checkRequestPath('/docs/%2e%2e/secret'), { ok: false });
});
