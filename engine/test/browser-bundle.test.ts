import { test } from 'node:test';
import assert from 'node:assert/strict';
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';

test('the engine bundles for the browser (no Node built-in reachable by a bundler)', async () => {
  const entry = fileURLToPath(new URL('../src/index.ts', import.meta.url));
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    platform: 'browser',
    format: 'esm',
    write: false,
    logLevel: 'silent',
  });
  assert.equal(result.errors.length, 0);
  const code = result.outputFiles[0]!.text;
  assert.doesNotMatch(code, /from\s*["']node:/);
  assert.ok(code.length > 10_000);
});
