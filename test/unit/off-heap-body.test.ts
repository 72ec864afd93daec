import { test } from 'node:test';
import assert from 'node:assert/strict';
import { MessageChannel } from 'node:worker_threads';
import { keepBodyOffHeap } from '../../src/render/content/offHeapBody';

test('a body kept off the heap reads back as its text, travels to a worker as text, and is dropped by setting it empty', async () => {
  const text = '# Café\n\nSome *markdown* — with “quotes” and an emoji 🚀.\n';
  const source = keepBodyOffHeap({ sourcePath: 'docs/a.md', body: text });
  assert.equal(source.body, text);
  assert.equal(typeof Object.getOwnPropertyDescriptor(source, 'body')?.get, 'function', 'held as bytes, decoded on read');
  assert.equal(JSON.parse(JSON.stringify(source)).body, text);
  // What a render worker receives: a structured clone of the entry, with the text as data.
  const { port1, port2 } = new MessageChannel();
  const received = new Promise<{ source: { body: string } }>((resolve) => port2.once('message', resolve));
  port1.postMessage({ source });
  const copy = await received;
  port1.close();
  assert.equal(copy.source.body, text);
  assert.equal(typeof Object.getOwnPropertyDescriptor(copy.source, 'body')?.value, 'string');
  source.body = '';
  assert.equal(source.body, '');
  source.body = 'again';
  assert.equal(source.body, 'again');
  assert.equal(keepBodyOffHeap({ body: '' }).body, '');
});
