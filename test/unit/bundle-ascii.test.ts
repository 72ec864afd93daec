/**
 * The CLI's bundles (dist-cli/, made by scripts/build-cli.mjs before the tests) are ASCII:
 * V8 keeps a module's source for lazy compilation, and one non-ASCII character (a "—" in a
 * comment esbuild preserved) makes it a two-byte string in every thread that loads it
 * (cli.js: 6 MB of heap instead of 3). What the escaped characters say is unchanged: the
 * CLI's messages with a "—" are asserted through the CLI elsewhere.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from '../helpers/site';

test('every bundle in dist-cli/ is ASCII, so V8 holds its source in one byte a character', () => {
  const dir = join(REPO_ROOT, 'dist-cli');
  const bundles = readdirSync(dir).filter((n) => n.endsWith('.js'));
  assert.ok(bundles.includes('cli.js') && bundles.includes('render-worker.js'), bundles.join());
  const offenders = bundles.flatMap((name) => {
    const text = readFileSync(join(dir, name), 'utf8');
    const at = text.search(/[\u0080-\uffff]/);
    return at < 0 ? [] : [`${name}: ${JSON.stringify(text.slice(Math.max(0, at - 30), at + 10))}`];
  });
  assert.deepEqual(offenders, []);
});
