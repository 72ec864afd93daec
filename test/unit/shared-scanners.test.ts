/**
 * Scanners shared between identical pattern lists (src/render/markdown/sharedScanners.ts):
 * the site's highlighter compiles fewer of them and colours every block exactly as a
 * highlighter on the plain Oniguruma engine does; a shared scanner lives until its last
 * user disposes of it.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHighlighter, type RegexEngine } from 'shiki';
import { corpus } from '../helpers/highlightCorpus';
import {
  createSiteHighlighter,
  HIGHLIGHT_OPTIONS,
  LANGUAGES,
  loadLanguages,
  onigurumaEngine,
  resolveLanguage,
  THEMES,
} from '../../src/render/markdown/highlighter';
import { withSharedScanners } from '../../src/render/markdown/sharedScanners';

/** An engine that counts the scanners it compiles and frees. */
function counting(engine: RegexEngine) {
  const counts = { compiled: 0, freed: 0 };
  const counted: RegexEngine = {
    createString: (s) => engine.createString(s),
    createScanner(patterns) {
      counts.compiled++;
      const scanner = engine.createScanner(patterns);
      return {
        findNextMatchSync: (s, at, options) => scanner.findNextMatchSync(s, at, options),
        dispose() {
          counts.freed++;
          scanner.dispose?.();
        },
      };
    },
  };
  return { counted, counts };
}

test('the site highlighter colours every block as the plain engine does, compiling fewer scanners', async () => {
  const { counted, counts } = counting(await onigurumaEngine());
  const shared = await createHighlighter({
    themes: [THEMES.light, THEMES.dark],
    langs: [],
    engine: withSharedScanners(counted),
  });
  const plainEngine = counting(await onigurumaEngine());
  const plain = await createHighlighter({
    themes: [THEMES.light, THEMES.dark],
    langs: [],
    engine: plainEngine.counted,
  });
  const site = await createSiteHighlighter();
  for (const h of [shared, plain, site]) await loadLanguages(h, [...LANGUAGES]);
  let compared = 0;
  for (const { lang, code, where } of corpus()) {
    const resolved = resolveLanguage(plain, lang);
    if (!resolved) continue;
    const options = { ...HIGHLIGHT_OPTIONS, lang: resolved };
    const expected = plain.codeToHtml(code, options);
    assert.equal(shared.codeToHtml(code, options), expected, `${where} (${resolved})`);
    assert.equal(site.codeToHtml(code, options), expected, `${where} (${resolved}), site`);
    compared++;
  }
  assert.ok(compared > 100, `a real corpus (${compared} blocks)`);
  // HTML embeds JavaScript and CSS, markdown embeds many: their rules repeat.
  assert.ok(
    counts.compiled < plainEngine.counts.compiled * 0.85,
    `${counts.compiled} scanners compiled, ${plainEngine.counts.compiled} without sharing`,
  );
});

test('a shared scanner is freed when its last user disposes of it, once', async () => {
  const { counted, counts } = counting(await onigurumaEngine());
  const engine = withSharedScanners(counted);
  const a = engine.createScanner(['\\d+', '[a-z]+']);
  const b = engine.createScanner(['\\d+', '[a-z]+']);
  const other = engine.createScanner(['[a-z]+', '\\d+']);
  assert.equal(counts.compiled, 2, 'the same list compiles once; another order is another scanner');
  a.dispose?.();
  a.dispose?.();
  assert.equal(counts.freed, 0, 'b still uses it, however often a disposes');
  const match = b.findNextMatchSync(engine.createString('ab 12'), 0, 0);
  assert.deepEqual(
    { index: match?.index, start: match?.captureIndices[0]?.start },
    { index: 1, start: 0 },
  );
  b.dispose?.();
  assert.equal(counts.freed, 1);
  engine.createScanner(['\\d+', '[a-z]+']);
  assert.equal(counts.compiled, 3, 'a freed list compiles again when asked for');
  other.dispose?.();
  assert.equal(counts.freed, 2);
});
