import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { removeDir } from './helpers/site';
import { librarySite, makeSite } from './helpers/tempSite';
import { EventLog } from './helpers/devEvents';
import { startDevServer, type DevServer } from '../src/dev/devServer';

// dev runs TypeDoc as the build does, on its own thread, but takes the reflections before
// the library's type check (issue 32): the API pages answer at once, and a type error
// reaches the overlay when the check ends (the build fails on it instead).
const INDEX = `/**
 * Adds up the values.
 *
 * @param values - the numbers to add
 */
export function total(values: number[]): number {
  return values.reduce((a, b) => a + b, 0);
}
`;

let root: string | undefined;
let dev: DevServer | undefined;
let events: EventLog | undefined;

after(async () => {
  events?.close();
  await dev?.close();
  if (root) removeDir(root);
});

test('dev serves the API pages of a library that does not type-check, shows the error once checked, and clears it when fixed', async () => {
  root = makeSite({
    ...librarySite('tally'),
    'docs/intro.md': '# Intro\n\nSee [total](/docs/api/functions/total).\n',
    'lib/src/index.ts': INDEX.replace('return values', 'const n: string = 1;\n  return values'),
  });
  dev = await startDevServer({ root, port: 0, host: '127.0.0.1', watch: false });
  events = new EventLog(new URL('/__dfdocs/events', dev.url).href);
  await events.next('hello');

  const page = await fetch(new URL('/docs/api/functions/total', dev.url));
  assert.equal(page.status, 200);
  assert.match(await page.text(), /Adds up the values\./);
  const shown = await events.next(
    'errors',
    (m) => m.errors.some((e) => e.code === 'ApiTypeError'),
    60_000,
  );
  const error = shown.errors.find((e) => e.code === 'ApiTypeError')!;
  assert.equal(error.file, 'lib/src/index.ts');
  assert.equal(error.line, 7);

  const file = join(root, 'lib/src/index.ts');
  writeFileSync(file, readFileSync(file, 'utf8').replace('const n: string = 1;\n  ', ''));
  events.mark();
  dev.change({ kind: 'api', event: 'change', path: file });
  await events.next('reload', (m) => m.routes === '*');
  await events.next('errors', (m) => m.errors.length === 0, 60_000);
  assert.equal((await fetch(new URL('/docs/api/functions/total', dev.url))).status, 200);
});
