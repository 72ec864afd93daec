/**
 * Helpers of the site-shell browser tests (issue 4): build a fixture once per file,
 * serve it, wait for hydration, run axe-core, rewrite the inline page data.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page, Route } from 'playwright-core';
import { buildSite, fixture, serveDir, type RunningServer } from '../helpers/site';

export interface ServedSite {
  url: string;
  outDir: string;
  close: () => Promise<void>;
}

/** Builds `test/fixtures/<name>` into a temporary folder and serves it on 127.0.0.1. */
export async function serveFixture(name: string): Promise<ServedSite> {
  const result = await buildSite(fixture(name));
  const server: RunningServer = await serveDir(result.outDir);
  return { url: server.url, outDir: result.outDir, close: server.close };
}

/** Waits until the client has hydrated the page (B15). */
export async function hydrated(page: Page): Promise<void> {
  await page.waitForSelector('html[data-has-hydrated="true"]');
}

/** Opens `url` and waits for hydration. */
export async function open(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await hydrated(page);
}

const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: string[];
}

/**
 * Resolves once the page's CSS transitions and animations have finished (endless ones,
 * a spinner, aside): a colour or a panel caught mid-transition is what a check would
 * otherwise read. One transition can start others (an inherited `visibility` moves down
 * the tree a level per frame), so it waits until a frame passes with none running.
 */
export async function animationsDone(page: Page): Promise<void> {
  // No named functions inside: tsx would wrap them in a helper the page lacks.
  await page.evaluate(async () => {
    for (;;) {
      const running = document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().endTime !== Infinity);
      if (!running.length) return;
      await Promise.all(running.map((a) => a.finished.catch(() => {})));
      await new Promise((r) => requestAnimationFrame(r));
    }
  });
}

/**
 * Waits for web fonts, running transitions and two painted frames, so styles and layout
 * are settled before a check reads them.
 */
async function settled(page: Page): Promise<void> {
  await page.evaluate(() => document.fonts.ready.then(() => {}));
  await animationsDone(page);
  await page.evaluate(
    () => new Promise<void>((r) => requestAnimationFrame(() => requestAnimationFrame(() => r()))),
  );
}

async function runAxe(page: Page): Promise<AxeViolation[]> {
  await settled(page);
  return page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run: (
            ctx: Document,
            opts: object,
          ) => Promise<{
            violations: {
              id: string;
              impact: string | null;
              help: string;
              nodes: { target: string[]; failureSummary?: string }[];
            }[];
          }>;
        };
      }
    ).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({
        id: v.id,
        impact: v.impact,
        help: v.help,
        nodes: v.nodes.map((n) => `${n.target.join(' ')}: ${n.failureSummary ?? ''}`),
      }));
  });
}

/**
 * Runs axe-core on the page and returns its serious and critical violations. On a
 * heavily loaded CI machine axe once read a dark page's table text with the light
 * colour (a stale computed style, not reproducible locally); a real violation is
 * deterministic, so a finding is only reported when a second pass, after the page
 * has settled again (fonts, transitions, frames: see `settled`), sees it too.
 */
export async function seriousViolations(page: Page): Promise<AxeViolation[]> {
  await page.addScriptTag({ content: AXE_SOURCE });
  const first = await runAxe(page);
  if (first.length === 0) return first;
  return runAxe(page);
}

/** The data inlined for hydration (`<script id="dfdocs-data">`). */
export interface InlineData {
  page: Record<string, unknown>;
  config: Record<string, unknown>;
  sidebars: Record<string, unknown[]>;
}

const DATA_RE = /(<script id="dfdocs-data" type="application\/json">)([\s\S]*?)(<\/script>)/;

/**
 * Serves the documents matching `pattern` with their inline data rewritten by `edit`:
 * how a test makes the client receive malformed page data (behaviours B52).
 */
export async function rewriteInlineData(
  page: Page,
  pattern: string | RegExp,
  edit: (data: InlineData) => void,
): Promise<void> {
  await page.route(pattern, async (route: Route) => {
    if (route.request().resourceType() !== 'document') return route.continue();
    const response = await route.fetch();
    const html = await response.text();
    const body = html.replace(DATA_RE, (_m, open: string, json: string, close: string) => {
      const data = JSON.parse(json) as InlineData;
      edit(data);
      return open + JSON.stringify(data).replace(/</g, '\\u003c') + close;
    });
    await route.fulfill({ response, body });
  });
}
