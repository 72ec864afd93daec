#!/usr/bin/env node
// `npm run bench`: every benchmark of the project, each in its own process, figures printed (never asserted).
import { existsSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { spawnSync } from 'node:child_process';

const here = dirname(fileURLToPath(import.meta.url));
for (const name of [
  'tinyframe.mjs',
  'site.mjs',
  'engine.mjs',
  'serve.mjs',
  'dev.mjs',
  'search.mjs',
]) {
  const file = join(here, name);
  if (!existsSync(file)) continue;
  console.log(`\n# bench/${name}`);
  const res = spawnSync(process.execPath, [file], { stdio: 'inherit', env: process.env });
  if (res.status !== 0) console.log(`(bench/${name} exited with ${res.status})`);
}
