import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { copyFixture, removeDir } from './helpers/site';
import { startCli, type CliServer } from './helpers/cliProcess';
import { DEV_EVENTS, type OverlayError } from '../src/dev/protocol';
import { EventLog } from './helpers/devEvents';

// `dfdocs dev` as the user runs it (bin/dfdocs.js, the bundled dist-cli/cli.js): a config
// that throws is shown in the overlay at the config's own file and line, never at a line
// of the bundled CLI (issue 24 saw `dist-cli/cli.js:3748`). The in-process dev tests run
// from the sources, where that mapping is not needed, so this one runs the real process.

let site: string | undefined;
let dev: CliServer | undefined;

after(async () => {
  await dev?.stop();
  if (site) removeDir(site);
});

test('a config that throws is shown at its own file and line by the dev process, not in the bundled CLI', async () => {
  site = copyFixture('dev-site');
  dev = await startCli(['dev', '--root', site, '--port', '0']);
  const events = new EventLog(new URL(DEV_EVENTS, dev.url + '/').href);
  after(() => events.close());
  // An edit made before the watcher sees the files would go unseen (chokidar's initial scan).
  await dev.stderrMatching(/watching for changes/, 60_000);
  const configFile = join(site, 'dfdocs.config.ts');
  const good = readFileSync(configFile, 'utf8');
  writeFileSync(
    configFile,
    `const port = Number('x');\nif (Number.isNaN(port))\n  throw new Error('no port');\n${good}`,
  );
  const message = await events.next(
    'errors',
    (m) => m.errors.some((e) => e.code === 'ConfigThrew'),
    30_000,
  );
  const e = message.errors.find((x) => x.code === 'ConfigThrew') as OverlayError;
  assert.equal(e.file, 'dfdocs.config.ts');
  assert.equal(e.line, 3);
  assert.match(e.frame ?? '', />\s*3 \|\s+throw new Error\('no port'\);/);
  assert.match(e.message, /no port/);
  assert.doesNotMatch(JSON.stringify(message), /dist-cli|cli\.js/, 'nothing points into dfdocs');
  // The terminal says the same, and the server keeps serving with the last good config.
  await dev.stderrMatching(/dfdocs\.config\.ts:3/);
  assert.doesNotMatch(dev.stderr(), /dist-cli|cli\.js:\d+/);
  assert.equal((await fetch(new URL('/docs/intro', dev.url + '/'))).status, 200);
  writeFileSync(configFile, good);
  await events.next('errors', (m) => m.errors.length === 0, 30_000);
  assert.ok(dev.alive());
});
