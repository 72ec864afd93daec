import { test } from 'node:test';
import assert from 'node:assert/strict';
import { hostnameOf, isAllowedHost, parseAllowedHosts } from '../../src/dev/allowedHosts';

test('the host name of a Host header', () => {
  assert.equal(hostnameOf('LocalHost:3000'), 'localhost');
  assert.equal(hostnameOf('[::1]:3000'), '::1');
  assert.equal(hostnameOf('[::1]'), '::1');
  assert.equal(hostnameOf('example.com.'), 'example.com');
  assert.equal(hostnameOf('127.0.0.1'), '127.0.0.1');
});

test('localhost, *.localhost, IP literals and the bound host are always answered', () => {
  for (const host of [
    'localhost:3000',
    'localhost',
    'app.localhost:3000',
    '127.0.0.1:3000',
    '[::1]:3000',
    '192.168.1.20:3000',
    '[fe80::1]',
    'devbox.lan:3000',
  ])
    assert.ok(isAllowedHost(host, 'devbox.lan', []), host);
  assert.ok(isAllowedHost(undefined, '127.0.0.1', []), 'no Host at all (HTTP/1.0 tools)');
});

test('other names are refused unless --allowed-hosts names them', () => {
  for (const host of [
    'evil.example:3000',
    'localhost.evil.example',
    '127.0.0.1.nip.io',
    'example.com',
    '',
  ])
    assert.ok(!isAllowedHost(host, '127.0.0.1', []), host);
  const allowed = parseAllowedHosts('docs.test, .example.com');
  assert.deepEqual(allowed, ['docs.test', '.example.com']);
  assert.ok(isAllowedHost('docs.test:3000', '127.0.0.1', allowed));
  assert.ok(isAllowedHost('example.com', '127.0.0.1', allowed));
  assert.ok(isAllowedHost('a.b.example.com:80', '127.0.0.1', allowed));
  assert.ok(!isAllowedHost('notexample.com', '127.0.0.1', allowed));
  assert.ok(!isAllowedHost('sub.docs.test', '127.0.0.1', allowed));
  assert.equal(parseAllowedHosts('all'), 'all');
  assert.ok(isAllowedHost('anything.example', '127.0.0.1', parseAllowedHosts('ALL')));
  assert.deepEqual(parseAllowedHosts(undefined), []);
});
