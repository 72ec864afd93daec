import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { copyFixture, removeDir } from './helpers/site';
import { startCli, type CliServer } from './helpers/cliProcess';
import { DEV_EVENTS, type DevMessage, type OverlayError } from '../src/dev/protocol';

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

/** Reads the dev event stream until a message matches; rejects with what came after `ms`. */
async function nextMessage(
  url: string,
  match: (m: DevMessage) => boolean,
  ms = 30_000,
): Promise<DevMessage> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), ms);
  const seen: DevMessage[] = [];
  try {
    const res = await fetch(url, { signal: controller.signal });
    const decoder = new TextDecoder();
    let buffer = '';
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      buffer += decoder.decode(chunk, { stream: true });
      let end: number;
      while ((end = buffer.indexOf('\n\n')) !== -1) {
        const data = buffer
          .slice(0, end)
          .split('\n')
          .find((l) => l.startsWith('data: '));
        buffer = buffer.slice(end + 2);
        if (!data) continue;
        const message = JSON.parse(data.slice(6)) as DevMessage;
        seen.push(message);
        if (match(message)) return message;
      }
    }
  } catch (err) {
    if (!controller.signal.aborted) throw err;
  } finally {
    clearTimeout(timer);
    controller.abort();
  }
  throw new Error(`no matching message in ${ms} ms; got ${JSON.stringify(seen).slice(0, 800)}`);
}

test('a config that throws is shown at its own file and line by the dev process, not in the bundled CLI', async () => {
  site = copyFixture('dev-site');
  dev = await startCli(['dev', '--root', site, '--port', '0']);
  const events = new URL(DEV_EVENTS, dev.url + '/').href;
  // An edit made before the watcher sees the files would go unseen (chokidar's initial scan).
  await dev.stderrMatching(/watching for changes/, 60_000);
  const configFile = join(site, 'dfdocs.config.ts');
  const good = readFileSync(configFile, 'utf8');
  writeFileSync(
    configFile,
    `const port = Number('x');\nif (Number.isNaN(port))\n  throw new Error('no port');\n${good}`,
  );
  const message = (await nextMessage(
    events,
    (m) => m.type === 'errors' && m.errors.some((e) => e.code === 'ConfigThrew'),
  )) as Extract<DevMessage, { type: 'errors' }>;
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
  await nextMessage(events, (m) => m.type === 'errors' && m.errors.length === 0);
  assert.ok(dev.alive());
});
