/**
 * `dfdocs dev` watches the sidebars file a Docusaurus site names (`docs.sidebarPath`):
 * editing `sidebars.js` is a config change — the sidebars, and the category index pages
 * they ask for, follow without a restart.
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { copyFixture, removeDir } from './helpers/site';
import { startDevServer, type DevServer } from '../src/dev/devServer';
import type { DevMessage } from '../src/dev/protocol';
import type { SidebarItem } from '../src/shared/pageData';

let root: string;
let dev: DevServer;

before(async () => {
  root = copyFixture('compat-docusaurus');
  dev = await startDevServer({ root, port: 0, host: '127.0.0.1', watchPackage: false });
  await dev.watching;
});

after(async () => {
  await dev?.close();
  removeDir(root);
});

/** The first `reload` (or, with `orUpdate`, `update`) message the dev server sends from now on; `opened` once the stream has said hello. */
function nextReload(orUpdate = false): {
  opened: Promise<void>;
  reload: Promise<DevMessage>;
  stop: () => void;
} {
  const controller = new AbortController();
  let hello!: () => void;
  const opened = new Promise<void>((r) => (hello = r));
  const reload = (async () => {
    const res = await fetch(new URL('/__dfdocs/events', dev.url), { signal: controller.signal });
    const decoder = new TextDecoder();
    let buffer = '';
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      buffer += decoder.decode(chunk, { stream: true });
      for (const frame of buffer.split('\n\n').slice(0, -1)) {
        const data = frame.split('\n').find((l) => l.startsWith('data: '));
        const message = data ? (JSON.parse(data.slice(6)) as DevMessage) : undefined;
        if (message?.type === 'hello') hello();
        if (message?.type === 'reload' || (orUpdate && message?.type === 'update')) return message;
      }
      buffer = buffer.slice(buffer.lastIndexOf('\n\n') + 2);
    }
    throw new Error('the event stream ended without a reload');
  })();
  return { opened, reload, stop: () => controller.abort() };
}

const sidebar = async () =>
  (await (
    await fetch(new URL('/assets/data/_sidebars/docs.json', dev.url))
  ).json()) as SidebarItem[];

test(
  'editing sidebars.js in dev updates the sidebar and its category index pages',
  { timeout: 30_000 },
  async () => {
    assert.ok((await sidebar()).some((i) => i.label === 'Tutorials'));
    assert.equal((await fetch(new URL('/docs/category/tutorials', dev.url))).status, 200);

    const file = join(root, 'sidebars.js');
    const events = nextReload();
    await events.opened;
    writeFileSync(
      file,
      readFileSync(file, 'utf8')
        .replace("label: 'Tutorials'", "label: 'Walkthroughs'")
        .replace(
          "label: 'Numbered pages',",
          "label: 'Numbered pages',\n      link: { type: 'generated-index', slug: '/numbered' },",
        ),
    );
    try {
      const message = await events.reload;
      assert.equal(message.type === 'reload' && message.routes, '*', 'every page reloads');
    } finally {
      events.stop();
    }
    const labels = (await sidebar()).map((i) => [i.label, i.href]);
    assert.deepEqual(labels, [
      ['Introduction', '/docs/intro'],
      ['Guides', '/docs/guides'],
      ['Numbered pages', '/docs/numbered'],
      ['Walkthroughs', '/docs/category/walkthroughs'],
      ['Changelog', 'https://lumen.example/changelog'],
    ]);
    const page = await (await fetch(new URL('/docs/category/walkthroughs', dev.url))).text();
    assert.match(page, /<h1>Walkthroughs<\/h1>/);
    assert.match(
      await (await fetch(new URL('/docs/numbered', dev.url))).text(),
      /class="category-card__title">.*Page 1</,
    );
    assert.equal((await fetch(new URL('/docs/category/tutorials', dev.url))).status, 404);
  },
);

test(
  'editing a doc’s description in dev updates its card on the category index page',
  { timeout: 30_000 },
  async () => {
    const url = new URL('/docs/category/walkthroughs', dev.url);
    assert.match(
      await (await fetch(url)).text(),
      /Send a first request and print what comes back\./,
    );
    const file = join(root, 'docs/03-tutorials/01-first-steps.md');
    const events = nextReload();
    await events.opened;
    writeFileSync(
      file,
      readFileSync(file, 'utf8').replace(
        'description: Send a first request and print what comes back.',
        'description: Your very first request, start to finish.',
      ),
    );
    try {
      await events.reload;
    } finally {
      events.stop();
    }
    const page = await (await fetch(url)).text();
    assert.match(page, /Your very first request, start to finish\./);
    assert.doesNotMatch(page, /Send a first request/);
  },
);
