/**
 * Issue 29: every page of the built TinyFrame site is valid HTML by html-validate's
 * recommended preset, as configured (with each difference justified) in the repository's
 * `.htmlvalidate.mjs`: 0 errors on every page.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { HtmlValidate, StaticConfigLoader, type ConfigData } from 'html-validate';
import { buildRepoSite, REPO_ROOT } from '../helpers/site';
import { filesUnder } from '../helpers/files';

async function validator(): Promise<HtmlValidate> {
  const config = (await import(pathToFileURL(join(REPO_ROOT, '.htmlvalidate.mjs')).href)) as {
    default: ConfigData;
  };
  return new HtmlValidate(new StaticConfigLoader(config.default));
}

test('html-validate (recommended preset) finds no error on any page of the TinyFrame site', async () => {
  const [{ outDir }, htmlvalidate] = await Promise.all([buildRepoSite(), validator()]);
  const pages = filesUnder(outDir, (name) => name.endsWith('.html'));
  assert.ok(pages.length > 150, `only ${pages.length} pages were built`);
  const problems: string[] = [];
  for (const file of pages) {
    const report = await htmlvalidate.validateFile(file);
    for (const result of report.results)
      for (const m of result.messages)
        problems.push(
          `${relative(outDir, file)}:${m.line}:${m.column} ${m.ruleId}: ${m.message} (${m.selector ?? ''})`,
        );
  }
  assert.deepEqual(problems.slice(0, 40), [], `${problems.length} problems`);
});

test('the configuration still reports what it should (it is not switched off)', async () => {
  const htmlvalidate = await validator();
  const report = await htmlvalidate.validateString(
    '<!DOCTYPE html><html lang="en"><head><title>t</title></head><body>' +
      '<aside></aside><aside></aside><span><p>x</p></span><div id="a b" style="color:red">y</div>' +
      '</body></html>',
    'probe.html',
  );
  const rules = new Set(report.results.flatMap((r) => r.messages.map((m) => m.ruleId)));
  for (const rule of [
    'unique-landmark',
    'element-permitted-content',
    'valid-id',
    'no-inline-style',
  ])
    assert.ok(rules.has(rule), `${rule} is not reported`);
});
