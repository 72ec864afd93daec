import { test } from 'node:test';
import assert from 'node:assert/strict';
import { linkSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeFileIn } from '../../src/render/output/writeFileIn';

// A recycled stage holds an older output's files, and a page's file is also the cache's
// blob (a hard link): whatever the build writes there is a new file, never written into.
test('writing over a file that has another name makes a new file and leaves the other name as it was', () => {
  const dir = mkdtempSync(join(tmpdir(), 'dfdocs-write-in-'));
  try {
    const blob = join(dir, 'blob');
    writeFileSync(blob, 'cached bytes');
    writeFileIn(dir, 'stage/404.html', 'first');
    rmSync(join(dir, 'stage/404.html'));
    linkSync(blob, join(dir, 'stage/404.html'));
    writeFileIn(dir, 'stage/404.html', 'the new page');
    assert.equal(readFileSync(join(dir, 'stage/404.html'), 'utf8'), 'the new page');
    assert.equal(readFileSync(blob, 'utf8'), 'cached bytes');
    assert.notEqual(statSync(blob).ino, statSync(join(dir, 'stage/404.html')).ino);
    assert.throws(() => writeFileIn(dir, '../outside.txt', 'x'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
