import { Worker } from 'node:worker_threads';
import { DfdocsError, type Diagnostic } from '../diagnostics';
import type { TypedocInput } from './runTypedoc';
import { bundled } from '../tuning';

/** What TypeDoc's thread sends: the library's outline, then its checked reflections (or why not). */
export type TypedocThreadReply =
  | { type: 'outline'; json: string }
  | { type: 'project'; json: string }
  | { type: 'failed'; diagnostics: Diagnostic[] }
  | { type: 'crashed'; message: string; stack?: string };

export interface ThreadConversion {
  /** The reflections before the type check (see `ConversionSteps.outline`); undefined when not asked for or TypeDoc failed first. */
  outline: Promise<string | undefined>;
  /** The reflections once the library type-checks; rejects with the DfdocsError listing its errors. */
  project: Promise<string>;
}

/**
 * TypeDoc imports TypeScript (one 9 MB CommonJS file in a package without a "type") with
 * `import`; Node 20.19+ first compiles such a file to detect whether it is an ES module
 * (~0.2-0.4 s of the thread's start, before the routes are known). Everything this thread
 * loads declares its format, so the detection is turned off here when Node has the flag.
 */
const NO_FORMAT_DETECTION = process.allowedNodeEnvironmentFlags.has(
  '--no-experimental-detect-module',
)
  ? ['--no-experimental-detect-module']
  : [];

function threadUrl(): URL {
  // Bundled CLI (dist-cli/): the worker sits beside it; under tsx (tests): the TypeScript source.
  return bundled()
    ? new URL('./typedoc-worker.js', import.meta.url)
    : new URL('./tsTypedocWorkerBootstrap.mjs', import.meta.url);
}

/**
 * Runs TypeDoc on a thread of its own: the build thread loads the site meanwhile, and
 * the type check and final conversion (most of TypeDoc's time) run while the guides
 * render. The thread holds TypeScript's program (~250 MiB) and ends once it has sent the
 * reflections, which gives that memory back before the build ends.
 */
export function convertOnThread(
  input: TypedocInput,
  { outline: wanted = true }: { outline?: boolean } = {},
): ThreadConversion {
  const worker = new Worker(threadUrl(), {
    workerData: { input, outline: wanted },
    execArgv: NO_FORMAT_DETECTION,
  });
  // A build that fails first does not wait for it; the thread ends by itself.
  worker.unref();
  let outlined!: (json: string | undefined) => void;
  let resolve!: (json: string) => void;
  let reject!: (err: Error) => void;
  const outline = new Promise<string | undefined>((r) => (outlined = r));
  if (!wanted) outlined(undefined);
  const project = new Promise<string>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  project.catch(() => {}); // awaited by the build once its guides are out, or it stops before
  let settled = false;
  const settle = (json: string | undefined, err?: Error) => {
    if (settled) return;
    settled = true;
    outlined(undefined); // no-op once the outline came
    if (err) reject(err);
    else resolve(json!);
  };
  worker.on('message', (reply: TypedocThreadReply) => {
    if (reply.type === 'outline') outlined(reply.json);
    else if (reply.type === 'project') settle(reply.json);
    else if (reply.type === 'failed') settle(undefined, new DfdocsError(reply.diagnostics));
    else settle(undefined, Object.assign(new Error(reply.message), { stack: reply.stack }));
  });
  worker.on('error', (err) => settle(undefined, err));
  worker.on('exit', (code) =>
    settle(undefined, new Error(`TypeDoc's thread stopped before it was done (exit code ${code})`)),
  );
  return { outline, project };
}
