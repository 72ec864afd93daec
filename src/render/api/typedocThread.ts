import { Worker } from 'node:worker_threads';
import { DfdocsError, type Diagnostic } from '../diagnostics';
import type { TypedocInput } from './runTypedoc';
import { bundled } from '../tuning';

/** What TypeDoc's thread sends: the library's reflections, then that it type-checks (or why not). */
export type TypedocThreadReply =
  | { type: 'reflections'; json: string }
  | { type: 'checked' }
  | { type: 'failed'; diagnostics: Diagnostic[] }
  | { type: 'crashed'; message: string; stack?: string };

export interface ThreadConversion {
  /** The reflections (see `ConversionSteps.reflections`); rejects when TypeDoc failed before it made them. */
  reflections: Promise<string>;
  /** Settles once the library is type-checked: rejects with the DfdocsError listing its errors. */
  checked: Promise<void>;
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

/**
 * The thread's young generation, in MB. TypeScript's program is long-lived data, and
 * V8's default young generation (up to 48 MB per isolate) only held garbage on top of it
 * while the guides render beside it: at 4 MB this repository's site (170 pages with a
 * reference) peaked ~25 MiB lower (472 → 445 MiB) in the same time.
 */
const YOUNG_GENERATION_MB = 4;

function threadUrl(): URL {
  // Bundled CLI (dist-cli/): the worker sits beside it; under tsx (tests): the TypeScript source.
  return bundled()
    ? new URL('./typedoc-worker.js', import.meta.url)
    : new URL('./tsTypedocWorkerBootstrap.mjs', import.meta.url);
}

/**
 * Runs TypeDoc on a thread of its own: the build thread loads the site meanwhile, and
 * the type check (after the conversion) runs while the pages render. The thread holds
 * TypeScript's program (~250 MiB) and ends once the check is done, which gives that
 * memory back before the build ends.
 */
export function convertOnThread(input: TypedocInput): ThreadConversion {
  const worker = new Worker(threadUrl(), {
    workerData: { input },
    execArgv: NO_FORMAT_DETECTION,
    resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB },
  });
  // A build that fails first does not wait for it; the thread ends by itself.
  worker.unref();
  const reflections = settleable<string>();
  const checked = settleable<void>();
  // Awaited by the build (the check once its pages are out), unless it stops before.
  reflections.promise.catch(() => {});
  checked.promise.catch(() => {});
  let done = false;
  const fail = (err: Error) => {
    if (done) return;
    done = true;
    reflections.reject(err); // no-op once the reflections came
    checked.reject(err);
  };
  worker.on('message', (reply: TypedocThreadReply) => {
    if (reply.type === 'reflections') reflections.resolve(reply.json);
    else if (reply.type === 'checked') {
      done = true;
      checked.resolve();
    } else if (reply.type === 'failed') fail(new DfdocsError(reply.diagnostics));
    else fail(Object.assign(new Error(reply.message), { stack: reply.stack }));
  });
  worker.on('error', fail);
  worker.on('exit', (code) =>
    fail(new Error(`TypeDoc's thread stopped before it was done (exit code ${code})`)),
  );
  return { reflections: reflections.promise, checked: checked.promise };
}

/** A promise and its two settling functions (Node 20 has no `Promise.withResolvers`). */
function settleable<T>() {
  let resolve!: (value: T) => void;
  let reject!: (err: Error) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}
