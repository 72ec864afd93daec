import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { mkdtempSync, rmSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Debian's Chromium, never a downloaded browser. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface TestBrowser {
  context: BrowserContext;
  newPage: () => Promise<Page>;
  close: () => Promise<void>;
}

/** Launches Chromium with a fresh user-data-dir (a persistent context, so the flag is honoured). */
export async function launchBrowser(
  options: {
    viewport?: { width: number; height: number };
    colorScheme?: 'light' | 'dark';
    /** A phone: touch events, no hover (`(hover: none)`), the meta viewport honoured. */
    touch?: boolean;
  } = {},
): Promise<TestBrowser> {
  const userDataDir = mkdtempSync(join(tmpdir(), 'dfdocs-chromium-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM,
    headless: true,
    args: FLAGS,
    viewport: options.viewport ?? { width: 1280, height: 800 },
    colorScheme: options.colorScheme ?? 'light',
    ...(options.touch ? { hasTouch: true, isMobile: true } : {}),
  });
  return {
    context,
    newPage: () => context.newPage(),
    close: async () => {
      await context.close();
      rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}

/** Collects console errors and page errors of a page, for "no console error" checks. */
export function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  page.on('pageerror', (err) => errors.push(String(err)));
  return errors;
}

/**
 * Resolves once the page has gone idle: an idle callback runs only when no other task
 * is queued, so every task queued before it (a router commit, React's render and
 * effects, a fetch started by them) has run. The positive signal a "nothing happened"
 * check waits for. Not under Playwright's clock, which fakes requestIdleCallback.
 *
 * Chromium may never find an idle period (once in a clean-clone run under load the
 * callback had not run after 14 minutes, and Playwright's evaluate has no timeout), so
 * the callback is due after `IDLE_DEADLINE_MS` at the latest: every task queued before
 * it has run by then all the same.
 */
export async function pageIdle(page: Page): Promise<void> {
  await page.evaluate(
    (timeout) => new Promise<void>((resolve) => requestIdleCallback(() => resolve(), { timeout })),
    IDLE_DEADLINE_MS,
  );
}

const IDLE_DEADLINE_MS = 2000;

/** Saves a screenshot under test-results/ (an artifact to look at). */
export async function screenshot(page: Page, name: string): Promise<string> {
  const dir = join(process.cwd(), 'test-results', 'screenshots');
  mkdirSync(dir, { recursive: true });
  const path = join(dir, `${name}.png`);
  await page.screenshot({ path, fullPage: false });
  return path;
}

export type { Browser, Page };
