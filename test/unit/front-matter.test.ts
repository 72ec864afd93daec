/**
 * Front matter (src/render/content/frontMatter.ts): the fast reading of simple
 * `key: value` lines must give exactly what the YAML parser gives, and leave everything
 * else to the parser.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parse } from 'yaml';
import { parseSimpleFrontMatter, splitFrontMatter } from '../../src/render/content/frontMatter';
import { DfdocsError } from '../../src/render/diagnostics';

test('simple front matter reads as the YAML parser reads it', () => {
  const accepted = [
    'title: Page 220',
    'title: Getting started\nsidebar_position: 3',
    'title: What is new?  \r\nsidebar_label: New (2.0)\r\ndescription: Fast, small, typed; really.',
    "title: It's here\nslug: /docs/start/\nid: my-page_1",
    'sidebar_position: -2\nweight: 0',
    'title: A & B + C',
  ];
  for (const text of accepted) {
    const fast = parseSimpleFrontMatter(text);
    assert.ok(fast, `read without the parser: ${JSON.stringify(text)}`);
    assert.deepEqual(fast, parse(text), text);
  }
  const declined = [
    'title: true',
    'title: No',
    'title: null',
    'title: ~',
    'title: 1.5',
    'title: 007',
    'title: 0x1F',
    'title: 1e3',
    'title: "Quoted"',
    "title: 'single'",
    'title: a: b',
    'title: a #comment',
    'title: [a, b]',
    'title: {a: 1}',
    'title: *anchor',
    'title: >\n  folded',
    'tags:\n  - a',
    '# comment\ntitle: A',
    'title: A\n\nid: b',
    'title: A\ntitle: B',
    '',
    'title:',
    '"quoted key": A',
    'title: .inf',
    'title: -dash',
    'title: 12345678901234567890',
  ];
  for (const text of declined)
    assert.equal(parseSimpleFrontMatter(text), undefined, JSON.stringify(text));
});

test('the known keys are type-checked whichever way the front matter was read', () => {
  const check = (fm: string, line: number, message: RegExp) => {
    assert.throws(
      () => splitFrontMatter(`---\n${fm}\n---\n# Body\n`, 'docs/a.md'),
      (err: unknown) =>
        err instanceof DfdocsError &&
        err.diagnostics[0]!.line === line &&
        message.test(err.diagnostics[0]!.message),
    );
  };
  check(
    'title: A\nsidebar_position: first',
    3,
    /`sidebar_position` must be a number, but it is "first"/,
  );
  check('title: 12', 2, /`title` must be a string, but it is 12/);
  check('title: "12"\nsidebar_position: x', 3, /`sidebar_position` must be a number/);
  const ok = splitFrontMatter('---\ntitle: Intro\nsidebar_position: 2\n---\n# Body\n', 'docs/a.md');
  assert.deepEqual(ok.frontMatter, { title: 'Intro', sidebar_position: 2 });
  assert.equal(
    ok.body,
    '\n\n\n\n# Body\n',
    'front matter lines are blanked so line numbers stay true',
  );
});
