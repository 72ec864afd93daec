/**
 * The docs page chrome and in-place behaviours: sidebar (B43, B44), table of contents
 * (B45), fixed navbar (B46), dropdowns (B47), back to top (B48), skip link (B49),
 * keyboard flag (B50), heading anchors (B21, B51), hydration flag (B15), breadcrumbs,
 * pager, edit link, code-block buttons and tabs.
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { launchBrowser, collectErrors, type TestBrowser } from '../helpers/browser';
import { serveFixture, open, type ServedSite } from './shell-helpers';

let site: ServedSite;
let browser: TestBrowser;
const TUTORIAL = '/docs/getting-started/tutorials/dataframe-basics';
const TUTORIAL_TITLE = 'How do I create and inspect a frame?';

before(async () => {
  site = await serveFixture('shell-site');
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await site?.close();
});

async function desktopPage(path: string): Promise<Page> {
  const page = await browser.newPage();
  await page.setViewportSize({ width: 1280, height: 800 });
  await open(page, site.url + path);
  return page;
}

/** Waits `n` animation frames in the page. */
function frames(page: Page, n = 2): Promise<void> {
  return page.evaluate(async (k) => {
    for (let i = 0; i < k; i++) await new Promise((r) => requestAnimationFrame(r));
  }, n);
}

test('B15: data-has-hydrated is "false" in the server HTML and "true" once hydrated', async () => {
  const page = await browser.newPage();
  const raw = await (await fetch(site.url + TUTORIAL)).text();
  assert.match(raw, /<html[^>]*data-has-hydrated="false"/);
  await open(page, site.url + TUTORIAL);
  assert.equal(await page.evaluate(() => document.documentElement.dataset.hasHydrated), 'true');
  await page.close();
});

test('B43: the docs sidebar marks the current page, expands only the category holding it, and never collapses another', async () => {
  const page = await desktopPage(TUTORIAL);
  const errors = collectErrors(page);
  const raw = await (await fetch(site.url + TUTORIAL)).text();
  assert.match(raw, /<nav[^>]*aria-label="Docs sidebar"/, 'in the server HTML');
  const sidebar = page.getByRole('navigation', { name: 'Docs sidebar' });
  assert.equal(
    await sidebar.getByRole('link', { name: TUTORIAL_TITLE }).getAttribute('aria-current'),
    'page',
  );
  assert.equal(await sidebar.locator('[aria-current="page"]').count(), 1);
  // A linked category has a caret button; an unlinked one is itself a button.
  const caret = sidebar.getByRole('button', {
    name: "Collapse sidebar category 'Getting Started'",
  });
  assert.equal(await caret.getAttribute('aria-expanded'), 'true');
  const tutorials = sidebar.getByRole('button', { name: 'Tutorials', exact: true });
  assert.equal(await tutorials.getAttribute('aria-expanded'), 'true');
  const comparison = sidebar.getByRole('button', { name: 'Comparison with other tools' });
  assert.equal(await comparison.getAttribute('aria-expanded'), 'false');
  assert.equal(
    await sidebar.getByRole('link', { name: 'Coming from SQL' }).count(),
    0,
    'a collapsed category renders its items lazily',
  );
  assert.equal(
    await page.getByRole('button', { name: /Collapse sidebar$/ }).count(),
    0,
    'the sidebar cannot be hidden',
  );
  await comparison.click();
  assert.equal(await comparison.getAttribute('aria-expanded'), 'true');
  await sidebar.getByRole('link', { name: 'Coming from SQL' }).waitFor();
  assert.equal(
    await tutorials.getAttribute('aria-expanded'),
    'true',
    'expanding one category leaves the others',
  );
  await caret.click();
  const expand = sidebar.getByRole('button', { name: "Expand sidebar category 'Getting Started'" });
  assert.equal(await expand.getAttribute('aria-expanded'), 'false');
  await sidebar.getByRole('link', { name: 'Installation' }).waitFor({ state: 'hidden' });
  assert.deepEqual(errors, []);
  await page.close();
});

test('B44: the collapse animation lasts round((4 + 15·c^0.25 + c/5)·10) ms, ease-in-out; 1 ms with reduced motion', async () => {
  const page = await desktopPage('/docs/getting-started/installation');
  // Clicks the caret of "Getting Started" and records every inline `transition` its list gets.
  const toggle = () =>
    page.evaluate(async () => {
      const button = [...document.querySelectorAll('.doc-layout__sidebar button')].find((b) =>
        b.getAttribute('aria-label')?.endsWith("sidebar category 'Getting Started'"),
      )!;
      const list = button.closest('li')!.querySelector('ul')!;
      const height = list.scrollHeight;
      const seen: string[] = [];
      const observer = new MutationObserver(() => {
        if (list.style.transition) seen.push(list.style.transition);
      });
      observer.observe(list, { attributes: true, attributeFilter: ['style'] });
      (button as HTMLButtonElement).click();
      for (let i = 0; i < 30 && !seen.length; i++)
        await new Promise((r) => requestAnimationFrame(r));
      observer.disconnect();
      return { height, transition: seen[0] ?? '' };
    });
  const expected = (h: number) => Math.round((4 + 15 * (h / 36) ** 0.25 + h / 36 / 5) * 10);
  const collapse = await toggle();
  assert.ok(collapse.height > 30);
  assert.equal(collapse.transition, `height ${expected(collapse.height)}ms ease-in-out`);
  await page.waitForFunction(
    () =>
      (document.querySelector('.doc-layout__sidebar .menu__list--nested') as HTMLElement).style
        .display === 'none',
  );
  const style = await page.evaluate(() => {
    const s = (document.querySelector('.doc-layout__sidebar .menu__list--nested') as HTMLElement)
      .style;
    return [s.display, s.height, s.overflow];
  });
  assert.deepEqual(
    style,
    ['none', '0px', 'hidden'],
    'collapsed: display none, height 0, overflow hidden',
  );
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const expand = await toggle();
  assert.equal(expand.transition, 'height 1ms ease-in-out');
  await page.close();
});

test('B45: the TOC lists exactly the h2–h3 of the page, and the active link follows the scroll', async () => {
  const page = await desktopPage(TUTORIAL);
  const headings = await page
    .locator('[data-page-body] h2, [data-page-body] h3')
    .evaluateAll((hs) => hs.map((h) => h.textContent!.replace(/\u200b/g, '').trim()));
  const toc = page.locator('.toc--desktop');
  const links = await toc.locator('a').allTextContents();
  assert.deepEqual(links, headings);
  assert.ok(headings.length >= 10);
  assert.equal((await page.locator('[data-page-body] h4').count()) >= 0, true);
  for (const [id, text] of [
    ['selecting', 'Selecting'],
    ['printing', 'Printing'],
    ['missing-values', 'Missing values'],
  ] as const) {
    await page.evaluate((i) => document.getElementById(i)!.scrollIntoView(), id);
    await page.waitForFunction(
      (t) =>
        document.querySelector('.toc--desktop .table-of-contents__link--active')?.textContent === t,
      text,
    );
  }
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await page.waitForFunction(
    (t) =>
      document.querySelector('.toc--desktop .table-of-contents__link--active')?.textContent === t,
    headings[headings.length - 1],
  );
  await page.close();
});

test('B45: on mobile the TOC is a collapsed "On this page" button, absent at desktop width', async () => {
  const page = await browser.newPage();
  await page.setViewportSize({ width: 390, height: 800 });
  await open(page, site.url + TUTORIAL);
  assert.equal(
    await page.locator('.toc--desktop').count(),
    0,
    'the desktop column is removed on mobile',
  );
  const button = page.getByRole('button', { name: 'On this page' });
  assert.equal(await button.getAttribute('aria-expanded'), 'false');
  await button.click();
  assert.equal(await button.getAttribute('aria-expanded'), 'true');
  await page.locator('.toc-mobile').getByRole('link', { name: 'From rows' }).waitFor();
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.locator('.toc-mobile').waitFor({ state: 'detached' });
  assert.equal(await page.locator('.toc--desktop').isVisible(), true);
  await page.close();
});

test('B46: the navbar stays at the top after scrolling 2000 px', async () => {
  const page = await desktopPage(TUTORIAL);
  await page.evaluate(() => window.scrollTo(0, 2000));
  await frames(page);
  assert.equal(await page.evaluate(() => window.scrollY), 2000);
  assert.equal(
    await page.evaluate(() => document.querySelector('nav.navbar')!.getBoundingClientRect().top),
    0,
  );
  await page.close();
});

test('B47: a desktop dropdown opens on click and hover, and closes on an outside press or when focus leaves', async () => {
  const page = await desktopPage('/docs/user-guide');
  const nav = page.getByRole('navigation', { name: 'Main' });
  const more = nav.getByRole('button', { name: 'More' });
  assert.equal(await more.getAttribute('aria-haspopup'), 'true');
  assert.equal(await more.getAttribute('aria-expanded'), 'false');
  const item = nav.getByRole('link', { name: 'Release Notes' });
  assert.equal(await item.isVisible(), false);
  await more.click();
  assert.equal(await more.getAttribute('aria-expanded'), 'true');
  await item.waitFor();
  await page.mouse.move(640, 600);
  await page.mouse.down();
  await page.mouse.up();
  assert.equal(await more.getAttribute('aria-expanded'), 'false');
  await item.waitFor({ state: 'hidden' });
  await more.focus();
  await page.keyboard.press('Enter');
  assert.equal(await more.getAttribute('aria-expanded'), 'true');
  await nav.getByRole('link', { name: 'User Guide' }).focus();
  assert.equal(await more.getAttribute('aria-expanded'), 'false');
  await more.hover();
  await item.waitFor();
  assert.equal(await item.isVisible(), true, 'hover opens it (CSS)');
  await page.close();
});

test('B48: "Scroll back to top" shows while scrolling up past 300 px and eases to 0 by 0.85 a frame', async () => {
  const page = await desktopPage(TUTORIAL);
  const button = page.getByRole('button', { name: 'Scroll back to top' });
  const shown = () =>
    page
      .locator('.back-to-top--shown')
      .count()
      .then((n) => n === 1);
  await page.evaluate(() => window.scrollTo(0, 2000));
  await frames(page, 3);
  assert.equal(await shown(), false, 'hidden while scrolling down');
  await page.evaluate(() => window.scrollTo(0, 1800));
  await page.waitForSelector('.back-to-top--shown');
  await page.evaluate(() => window.scrollTo(0, 1900));
  await page.waitForSelector('.back-to-top--shown', { state: 'detached' });
  await page.evaluate(() => window.scrollTo(0, 1700));
  await page.waitForSelector('.back-to-top--shown');
  await page.evaluate(() => window.scrollTo(0, 200));
  await page.waitForSelector('.back-to-top--shown', { state: 'detached' });
  await page.evaluate(() => window.scrollTo(0, 2000));
  await frames(page, 3);
  await page.evaluate(() => window.scrollTo(0, 1800));
  await page.waitForSelector('.back-to-top--shown');
  const samples = await page.evaluate(async () => {
    const ys: number[] = [window.scrollY];
    (document.querySelector('.back-to-top') as HTMLButtonElement).click();
    for (let i = 0; i < 200 && ys[ys.length - 1]! > 0; i++) {
      await new Promise((r) => requestAnimationFrame(r));
      ys.push(window.scrollY);
    }
    return ys;
  });
  assert.equal(samples[samples.length - 1], 0, 'reaches the top');
  // The click takes one step at once and the next frame another, so ratios start at the second sample.
  const ratios = samples
    .slice(1, -1)
    .map((y, i) => samples[i + 2]! / y)
    .filter((_r, i) => samples[i + 1]! > 50);
  assert.ok(ratios.length > 5, samples.join(','));
  for (const r of ratios)
    assert.ok(r > 0.8 && r < 0.9, `per-frame ratio ${r} in ${samples.join(',')}`);
  await frames(page, 2);
  assert.equal(await shown(), false);
  assert.equal(await button.count(), 0, 'hidden from assistive technology while not shown');
  // A hash navigation (a TOC link) hides it.
  await page.evaluate(() => window.scrollTo(0, 2000));
  await frames(page, 3);
  await page.evaluate(() => window.scrollTo(0, 1800));
  await page.waitForSelector('.back-to-top--shown');
  // A heading above the current position but past the threshold: the jump scrolls up,
  // which alone would keep the button shown.
  const target = await page.evaluate(
    () =>
      [...document.querySelectorAll<HTMLElement>('[data-page-body] h2, [data-page-body] h3')].find(
        (h) => h.offsetTop > 700 && h.offsetTop < 1500,
      )!.id,
  );
  await page.locator(`.toc--desktop a[href="#${target}"]`).click();
  await page.waitForSelector('.back-to-top--shown', { state: 'detached' });
  assert.ok((await page.evaluate(() => window.scrollY)) > 300);
  await page.close();
});

test('B49: Tab reaches "Skip to main content" first; Enter focuses <main> and leaves the URL alone', async () => {
  const page = await desktopPage(TUTORIAL);
  const region = page.getByRole('region', { name: 'Skip to main content' });
  assert.equal(await region.getByRole('link', { name: 'Skip to main content' }).count(), 1);
  await page.keyboard.press('Tab');
  assert.equal(
    await page.evaluate(() => document.activeElement?.textContent),
    'Skip to main content',
  );
  assert.equal(await page.getByRole('link', { name: 'Skip to main content' }).isVisible(), true);
  const url = page.url();
  await page.keyboard.press('Enter');
  assert.equal(await page.evaluate(() => document.activeElement?.tagName), 'MAIN');
  assert.equal(page.url(), url);
  await page.close();
});

test('B50: the keyboard flag is in the server HTML, a mouse press clears it and Tab sets it again', async () => {
  const page = await desktopPage(TUTORIAL);
  const raw = await (await fetch(site.url + TUTORIAL)).text();
  assert.match(raw, /<body class="navigation-with-keyboard">/);
  const flag = () =>
    page.evaluate(() => document.body.classList.contains('navigation-with-keyboard'));
  await page.mouse.click(640, 500);
  assert.equal(await flag(), false);
  await page.keyboard.press('Tab');
  assert.equal(await flag(), true);
  await page.mouse.down();
  await page.mouse.up();
  assert.equal(await flag(), false);
  await page.close();
});

test('B51/B21: every h2–h3 has a labelled anchor link, h1 none; an anchored heading lands 68 px from the top', async () => {
  const page = await desktopPage(TUTORIAL);
  const h1 = page.locator('[data-page-body] h1');
  assert.equal(await h1.count(), 1);
  assert.equal(await h1.getAttribute('id'), null);
  assert.equal(await h1.locator('a.hash-link').count(), 0);
  const headings = await page
    .locator('[data-page-body] h2, [data-page-body] h3')
    .evaluateAll((hs) =>
      hs.map((h) => {
        const a = h.querySelector('a.hash-link');
        return {
          id: h.id,
          cls: h.className,
          text: h.textContent!.replace(/\u200b/g, '').trim(),
          href: a?.getAttribute('href'),
          label: a?.getAttribute('aria-label'),
          title: a?.getAttribute('title'),
          inner: a?.textContent,
        };
      }),
    );
  assert.ok(headings.length > 5);
  for (const h of headings) {
    assert.ok(h.id, h.text);
    assert.match(h.cls, /\banchor\b/);
    assert.equal(h.href, `#${h.id}`);
    assert.equal(h.label, `Direct link to ${h.text}`);
    assert.equal(h.title, h.label);
    assert.equal(h.inner, '\u200b');
  }
  assert.equal(await page.getByRole('link', { name: 'Direct link to From rows' }).count(), 1);
  await page.goto(site.url + TUTORIAL + '#from-rows');
  await page.waitForSelector('html[data-has-hydrated="true"]');
  await frames(page, 3);
  const top = await page.evaluate(
    () => document.getElementById('from-rows')!.getBoundingClientRect().top,
  );
  assert.ok(Math.abs(top - 68) <= 2, `heading top ${top}`);
  await page.close();
});

test('breadcrumbs, previous/next and "Edit this page" are named landmarks and links', async () => {
  const page = await desktopPage(TUTORIAL);
  const crumbs = page.getByRole('navigation', { name: 'Breadcrumbs' });
  assert.equal(await crumbs.getByRole('link', { name: 'Home page' }).getAttribute('href'), '/');
  assert.equal(await crumbs.getByRole('link', { name: 'Getting Started' }).count(), 1);
  const pager = page.getByRole('navigation', { name: 'Docs pages' });
  assert.equal(
    await pager.getByRole('link', { name: /^Previous/ }).getAttribute('href'),
    '/docs/getting-started/installation',
  );
  assert.equal(
    await pager.getByRole('link', { name: /^Next/ }).getAttribute('href'),
    '/docs/getting-started/tutorials/filtering',
  );
  const edit = page.getByRole('link', { name: 'Edit this page' });
  assert.equal(
    await edit.getAttribute('href'),
    'https://github.com/example/tinyframe/edit/main/docs/getting-started/tutorials/dataframe-basics.md',
  );
  assert.equal(await edit.getAttribute('target'), '_blank');
  await page.close();
});

test('code blocks: "Copy code to clipboard" copies the code and says "Copied"; "Toggle word wrap" wraps long lines', async () => {
  const page = await desktopPage(TUTORIAL);
  await browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], {
    origin: site.url,
  });
  const block = page.locator('.code-block').filter({ hasText: 'create.js' });
  await block.hover();
  await block.getByRole('button', { name: 'Copy code to clipboard' }).click();
  await block.getByRole('button', { name: 'Copied' }).waitFor();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  assert.equal(
    copied,
    await block.locator('pre code').evaluate((c) => c.textContent!.replace(/\n$/, '')),
  );
  assert.match(
    copied,
    /^import \{ createFrame, print \} from 'tinyframejs';\n\nconst df = createFrame\(\{/,
  );
  await block.getByRole('button', { name: 'Copy code to clipboard' }).waitFor({ timeout: 5000 });

  const long = page.locator('.code-block').filter({ hasText: 'aVeryLongColumnName' }).first();
  const overflows = () => long.locator('pre').evaluate((p) => p.scrollWidth > p.clientWidth);
  assert.equal(await overflows(), true);
  const wrap = long.getByRole('button', { name: 'Toggle word wrap' });
  await long.hover();
  await wrap.click();
  assert.equal(await wrap.getAttribute('aria-pressed'), 'true');
  assert.equal(await overflows(), false);
  await wrap.click();
  assert.equal(await overflows(), true);
  await page.close();
});

test('tabs switch by click and by arrow keys, Home and End', async () => {
  const page = await desktopPage('/docs/getting-started');
  const list = page.getByRole('tablist').first();
  const tab = (name: string) => list.getByRole('tab', { name, exact: true });
  const panelText = () => page.locator('[role="tabpanel"]:not([hidden])').first().textContent();
  assert.equal(await tab('npm').getAttribute('aria-selected'), 'true');
  assert.match((await panelText())!, /npm install/);
  await tab('pnpm').click();
  assert.equal(await tab('pnpm').getAttribute('aria-selected'), 'true');
  assert.equal(await tab('npm').getAttribute('aria-selected'), 'false');
  assert.match((await panelText())!, /pnpm add/);
  await page.keyboard.press('ArrowRight');
  assert.equal(await tab('yarn').getAttribute('aria-selected'), 'true');
  assert.equal(await page.evaluate(() => document.activeElement?.textContent), 'yarn');
  assert.match((await panelText())!, /yarn add/);
  await page.keyboard.press('ArrowRight');
  assert.equal(await tab('npm').getAttribute('aria-selected'), 'true', 'wraps around');
  await page.keyboard.press('End');
  assert.equal(await tab('yarn').getAttribute('aria-selected'), 'true');
  await page.keyboard.press('Home');
  assert.equal(await tab('npm').getAttribute('aria-selected'), 'true');
  assert.equal(await tab('npm').getAttribute('tabindex'), '0');
  assert.equal(await tab('yarn').getAttribute('tabindex'), '-1');
  await page.close();
});
