#!/usr/bin/env node
// The dfdocs executable: runs the CLI compiled into dist-cli/ by `npm install` (scripts/build-cli.mjs).
import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { dirname, join } from 'node:path';

// React's development build is several times slower at server rendering; dfdocs renders with the production one.
process.env.NODE_ENV ??= 'production';

const here = dirname(fileURLToPath(import.meta.url));
const entry = join(here, '..', 'dist-cli', 'cli.js');
if (!existsSync(entry)) {
  console.error('dfdocs: the compiled CLI is missing (dist-cli/cli.js). Run `npm install` (or `node scripts/build-cli.mjs`) in ' + join(here, '..'));
  process.exit(1);
}
const { main } = await import(pathToFileURL(entry).href);
process.exitCode = await main(process.argv);
