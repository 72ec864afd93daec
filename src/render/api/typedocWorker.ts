/**
 * TypeDoc's thread (see `typedocThread.ts`): sends the library's outline as soon as
 * TypeDoc has converted it, then type-checks the library and sends its reflections.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { DfdocsError } from '../diagnostics';
import { convertLibrary, type TypedocInput } from './runTypedoc';
import type { TypedocThreadReply } from './typedocThread';

const send = (reply: TypedocThreadReply) => parentPort!.postMessage(reply);

try {
  // Strings: the build parses each once, and writes the second to the cache as it is.
  const { input, outline } = workerData as { input: TypedocInput; outline: boolean };
  const json = await convertLibrary(
    input,
    outline ? { outline: (made) => send({ type: 'outline', json: made }) } : undefined,
  );
  send({ type: 'project', json });
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
