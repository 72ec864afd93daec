import { test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { MessageChannel } from 'node:worker_threads';
import {
  bodyHash,
  bodyHashOf,
  readBodyWhenRendered,
  withBodyText,
} from '../../src/render/content/lazyBody';
import { loadDoc } from '../../src/render/content/loadSources';
import { makeSite } from '../helpers/tempSite';

test('a lazily read body is read again when rendered, reaches a render worker as text, and a file changed since loading is an error naming it', async () => {
  const text =
    '---\ntitle: Café\n---\n\n# Café\n\nSome *markdown* — with “quotes” and an emoji 🚀.\n';
  const root = makeSite({ 'docs/a.md': text });
  const loaded = loadDoc(root, join(root, 'docs/a.md'));
  const source = readBodyWhenRendered(loaded);
  assert.equal(
    Object.getOwnPropertyDescriptor(source, 'body'),
    undefined,
    'the text is not held by the object',
  );
  assert.equal(source.body, loaded.body);
  assert.equal(source.title, 'Café');
  assert.equal(
    bodyHashOf(source),
    bodyHash(loaded.body),
    'its cache key part without reading the file',
  );
  assert.equal(bodyHashOf(loaded), bodyHash(loaded.body));
  // What a render worker receives: a structured clone of the entry made by withBodyText.
  const entry = { route: '/docs/a', kind: 'doc', source };
  const { port1, port2 } = new MessageChannel();
  const received = new Promise<{ source: typeof loaded }>((resolve) =>
    port2.once('message', resolve),
  );
  port1.postMessage(withBodyText(entry));
  const copy = await received;
  port1.close();
  assert.deepEqual(copy.source, { ...loaded });
  const plain = { route: '/x', source: { body: 'plain' } };
  assert.equal(withBodyText(plain), plain, 'an ordinary source is sent as it is');
  writeFileSync(join(root, 'docs/a.md'), text.replace('Some', 'Other'));
  assert.throws(
    () => source.body,
    (err: Error) =>
      /docs\/a\.md/.test(err.message) &&
      /changed while the site was building/.test(err.message) &&
      /build again/.test(err.message),
  );
});
