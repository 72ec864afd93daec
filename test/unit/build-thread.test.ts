/**
 * Where `dfdocs build` runs (src/cli/buildThread.ts): large sites, or any site given a heap
 * budget, on a thread of their own; others on the main thread.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { buildRootOf, buildRunsInThread, BUILD_THREAD_MIN_PAGES } from '../../src/cli/buildThread';
import { makeSite } from '../helpers/tempSite';

test('the site folder is read from --root as commander reads it', () => {
  assert.equal(buildRootOf([]), '.');
  assert.equal(buildRootOf(['--out', 'x']), '.');
  assert.equal(buildRootOf(['--root', 'site', '--strict']), 'site');
  assert.equal(buildRootOf(['--root=site']), 'site');
  assert.equal(buildRootOf(['--root', 'a', '--root=b']), 'b', 'the last one wins');
});

test('a site below BUILD_THREAD_MIN_PAGES builds on the main thread unless a heap budget is set; a large one in the thread', () => {
  const small = makeSite({
    'docs/intro.md': '# Intro\n',
    'pages/about.md': '# About\n',
    'docs/data.csv': 'a\n1\n',
  });
  assert.equal(buildRunsInThread(['--root', small], false), false);
  assert.equal(buildRunsInThread(['--root', small], true), true);
  const files: Record<string, string> = {};
  for (let i = 0; i < BUILD_THREAD_MIN_PAGES; i++)
    files[`docs/s${i % 50}/p${i}.${i % 2 ? 'md' : 'mdx'}`] = '# P\n';
  const large = makeSite(files);
  assert.equal(buildRunsInThread(['--root', large], false), true);
  assert.equal(
    buildRunsInThread(['--root', small + '/does-not-exist'], false),
    false,
    'a missing folder builds on the main thread, which reports it',
  );
});
