/**
 * TypeDoc's thread (see `typedocThread.ts`): sends the library's reflections as soon as
 * TypeDoc has converted it, then type-checks the library and says whether it passed.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { DfdocsError } from '../diagnostics';
import { convertLibrary, type TypedocInput } from './runTypedoc';
import type { TypedocThreadReply } from './typedocThread';

const send = (reply: TypedocThreadReply) => parentPort!.postMessage(reply);

try {
  // A string: the build parses it once, and writes it to the cache as it is.
  const { input } = workerData as { input: TypedocInput };
  await convertLibrary(input, { reflections: (json) => send({ type: 'reflections', json }) });
  send({ type: 'checked' });
} catch (err) {
  send(
    err instanceof DfdocsError
      ? { type: 'failed', diagnostics: err.diagnostics }
      : {
          type: 'crashed',
          message: (err as Error)?.message ?? String(err),
          stack: (err as Error)?.stack,
        },
  );
}
