/**
 * The repository's own site (TinyFrameJS docs): head tags of every built page
 * (behaviours B56–B58) and axe-core on its home page, a doc, a page without sidebar and
 * the 404 page, light and dark, desktop and mobile.
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { launchBrowser, type TestBrowser } from '../helpers/browser';
import { buildRepoSite, serveDir, type RunningServer } from '../helpers/site';
import { hydrated, seriousViolations } from './shell-helpers';

let outDir: string;
let server: RunningServer;
let browser: TestBrowser;

before(async () => {
  ({ outDir } = await buildRepoSite());
  server = await serveDir(outDir);
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await server?.close();
});

const SITE_URL = 'https://tinyframejs.com';

/** The content attribute of `<meta property|name="key">`, or undefined. */
function meta(html: string, key: string): string | undefined {
  const tag = html.match(
    new RegExp(`<meta (?:property|name)="${key.replace(/[.:]/g, '\\$&')}" content="([^"]*)">`),
  );
  return tag?.[1];
}
const links = (html: string, rel: string) =>
  [...html.matchAll(new RegExp(`<link rel="${rel}"([^>]*)>`, 'g'))].map((m) => m[1]!);
const attr = (tag: string, name: string) => tag.match(new RegExp(`${name}="([^"]*)"`))?.[1];
const unescape = (s: string) =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&amp;/g, '&');

test('B56–B58: every built page has the language, title, social, canonical and alternate tags', () => {
  const manifest = JSON.parse(readFileSync(join(outDir, 'route-manifest.json'), 'utf8')) as {
    routes: Record<string, unknown>;
  };
  const routes = Object.keys(manifest.routes);
  assert.ok(routes.length >= 3, 'the site has pages');
  const files = routes.map((route) => ({
    route,
    file: route === '/' ? 'index.html' : `${route.replace(/^\/|\/$/g, '')}/index.html`,
  }));
  files.push({ route: '', file: '404.html' });
  for (const { route, file } of files) {
    const html = readFileSync(join(outDir, file), 'utf8');
    const head = html.slice(0, html.indexOf('</head>'));
    const where = `${file}`;
    assert.match(html, /^<!DOCTYPE html><html lang="en" dir="ltr"/, where);
    assert.match(head, /<meta charset="UTF-8">/, where);
    assert.match(
      head,
      /<meta name="viewport" content="width=device-width, initial-scale=1.0">/,
      where,
    );
    const title = head.match(/<title>([^<]*)<\/title>/)?.[1];
    assert.ok(title, `${where}: title`);
    assert.equal(meta(head, 'og:title'), title.replace(/"/g, '&quot;'), `${where}: og:title`);
    assert.match(unescape(title), /TinyFrameJS$/, where);
    const description = meta(head, 'description');
    assert.equal(
      meta(head, 'og:description'),
      description,
      `${where}: og:description follows description`,
    );
    const icon = links(head, 'icon');
    assert.equal(icon.length, 1, `${where}: one icon`);
    assert.equal(attr(icon[0]!, 'href'), '/img/favicon.svg', where);
    assert.equal(meta(head, 'twitter:card'), 'summary_large_image', where);
    assert.equal(meta(head, 'og:image'), `${SITE_URL}/img/social-card.png`, where);
    assert.equal(meta(head, 'twitter:image'), `${SITE_URL}/img/social-card.png`, where);
    assert.equal(meta(head, 'og:locale'), 'en', where);
    if (!route) continue; // the 404 page has no canonical URL
    const canonical = links(head, 'canonical');
    assert.equal(canonical.length, 1, where);
    const expected = SITE_URL + (route === '/' ? '/' : route);
    assert.equal(attr(canonical[0]!, 'href'), expected, `${where}: canonical`);
    assert.equal(meta(head, 'og:url'), expected, `${where}: og:url`);
    const alternates = links(head, 'alternate').map((l) => [attr(l, 'hreflang'), attr(l, 'href')]);
    assert.deepEqual(
      alternates,
      [
        ['en', expected],
        ['x-default', expected],
      ],
      `${where}: alternates`,
    );
  }
  assert.ok(existsSync(join(outDir, 'img', 'social-card.png')), 'the social card is published');
});

test('B57: canonical URLs of the docs intro and the home page', () => {
  const intro = readFileSync(join(outDir, 'docs/intro/index.html'), 'utf8');
  assert.match(intro, /<link rel="canonical" href="https:\/\/tinyframejs.com\/docs\/intro">/);
  const home = readFileSync(join(outDir, 'index.html'), 'utf8');
  assert.match(home, /<link rel="canonical" href="https:\/\/tinyframejs.com\/">/);
});

for (const width of [1280, 390]) {
  test(`axe on the repository's site at ${width} px: home, a doc, a page without sidebar, 404, light and dark`, async () => {
    for (const path of ['/', '/docs/getting-started', '/docs/intro', '/no/such/page']) {
      for (const mode of ['light', 'dark'] as const) {
        const page = await browser.newPage();
        await page.setViewportSize({ width, height: 800 });
        await page.emulateMedia({ colorScheme: mode });
        await page.goto(server.url + path);
        await hydrated(page);
        const violations = await seriousViolations(page);
        assert.deepEqual(
          violations,
          [],
          `${path} ${mode} ${width}:\n${violations.map((v) => `${v.id}: ${v.nodes.slice(0, 5).join('\n  ')}`).join('\n')}`,
        );
        await page.close();
      }
    }
  });
}
