import { test } from 'node:test';
import assert from 'node:assert/strict';
import { MessageChannel } from 'node:worker_threads';
import { keepBodyOffHeap, withBodyText } from '../../src/render/content/offHeapBody';

test('a body kept off the heap reads back as its text, reaches a render worker as text, and is dropped by setting it empty', async () => {
  const text = '# Café\n\nSome *markdown* — with “quotes” and an emoji 🚀.\n';
  const source = keepBodyOffHeap({ kind: 'doc', sourcePath: 'docs/a.md', body: text });
  assert.equal(source.body, text);
  assert.equal(source.sourcePath, 'docs/a.md');
  assert.ok('body' in source);
  assert.equal(Object.getOwnPropertyDescriptor(source, 'body'), undefined, 'not held by the object itself');
  // What a render worker receives: a structured clone of the entry made by withBodyText.
  const entry = { route: '/docs/a', kind: 'doc', source };
  const { port1, port2 } = new MessageChannel();
  const received = new Promise<typeof entry>((resolve) => port2.once('message', resolve));
  port1.postMessage(withBodyText(entry));
  const copy = await received;
  port1.close();
  assert.deepEqual(copy, { route: '/docs/a', kind: 'doc', source: { kind: 'doc', sourcePath: 'docs/a.md', body: text } });
  const plain = { route: '/x', source: { body: 'plain' } };
  assert.equal(withBodyText(plain), plain, 'an ordinary source is sent as it is');
  source.body = '';
  assert.equal(source.body, '');
  source.body = 'again';
  assert.equal(source.body, 'again');
  assert.equal(keepBodyOffHeap({ body: '' }).body, '');
});
