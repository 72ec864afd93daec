/**
 * The worker that runs a page's examples in the reader's browser (issue 30). A classic
 * worker created from a blob inside a sandboxed iframe (./sandbox.ts): its origin is opaque
 * and it inherits the iframe's Content-Security-Policy, so it has no storage, no cookies and
 * no network; it talks to the page only through the MessagePort it is given. Bundled on its
 * own (an IIFE, see src/render/bundle/bundleClient.ts) and shipped inside the runner chunk as
 * text.
 *
 * Output is formatted as `--check-examples` formats it in Node (src/render/examples/harness.ts):
 * `console.log` arguments through util.formatWithOptions — here node-inspect-extracted, Node's
 * util.inspect for the web — so a frame prints its table (`nodejs.util.inspect.custom`) and an
 * array prints as Node prints it.
 */
import { formatWithOptions } from 'node-inspect-extracted';
import type { FromWorker, ToWorker } from './protocol';

declare const self: {
  onmessage: ((e: MessageEvent) => void) | null;
  fetch: typeof fetch;
};

let port: MessagePort | undefined;
const send = (message: FromWorker, transfer: Transferable[] = []) =>
  port?.postMessage(message, transfer);

/** Module specifier → blob URL of the module's code (made here: the worker cannot fetch). */
const moduleUrls: Record<string, string> = {};
const blobUrl = (code: string) =>
  URL.createObjectURL(new Blob([code], { type: 'text/javascript' }));

// ——— reading files: through the page, which fetches only the site's example data ———

let nextFetch = 0;
const pendingFetches = new Map<
  number,
  { resolve: (r: Response) => void; reject: (e: Error) => void }
>();

function proxiedFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const url =
    typeof input === 'string' ? input : input instanceof URL ? input.href : (input as Request).url;
  const method =
    init?.method ?? (typeof input === 'object' && 'method' in input ? input.method : 'GET');
  if (method.toUpperCase() !== 'GET')
    return Promise.reject(new TypeError(`fetch(): only GET requests run here (${method} ${url})`));
  const id = ++nextFetch;
  return new Promise((resolve, reject) => {
    pendingFetches.set(id, { resolve, reject });
    send({ type: 'fetch', id, url });
  });
}

// ——— running ———

let outputs: string[][] = [];
let values: Record<number, string> = {};
let current = -1;

const capture = (...args: unknown[]) => {
  if (current < 0) return;
  (outputs[current] ??= []).push(formatWithOptions({ colors: false }, ...args));
};
for (const level of ['log', 'info', 'debug', 'warn', 'error'] as const) console[level] = capture;

(globalThis as { __tfExamples?: unknown }).__tfExamples = {
  enter(k: number) {
    current = k;
    if (k >= 0) outputs[k] ??= [];
  },
  value(v: unknown) {
    if (typeof v === 'string') values[current] = v;
    return v;
  },
};

/** The program line of the first stack frame in the program's module (its blob URL). */
function programLine(error: unknown, url: string): number | undefined {
  const stack = error instanceof Error ? String(error.stack ?? '') : '';
  const at = stack.indexOf(url + ':');
  if (at < 0) return undefined;
  const m = /^:(\d+):\d+/.exec(stack.slice(at + url.length));
  return m ? Number(m[1]) : undefined;
}

async function run(id: number, program: string): Promise<void> {
  outputs = [];
  values = {};
  current = -1;
  const url = blobUrl(program);
  let error: { block: number; message: string; programLine?: number } | undefined;
  try {
    await import(/* webpackIgnore: true */ url);
  } catch (e) {
    const line = programLine(e, url);
    error = {
      block: current,
      message:
        e instanceof Error ? `${e.name}: ${e.message}` : `Uncaught ${formatWithOptions({}, e)}`,
      ...(line ? { programLine: line } : {}),
    };
  } finally {
    URL.revokeObjectURL(url);
  }
  const block = current;
  current = -1;
  send({
    type: 'done',
    id,
    outputs: Array.from(outputs, (o) => (o ?? []).join('\n')),
    values,
    ...(error ? { error: { ...error, block: error.block < 0 ? block : error.block } } : {}),
  });
}

function onMessage(message: ToWorker): void {
  switch (message.type) {
    case 'init':
      for (const [name, code] of Object.entries(message.modules)) moduleUrls[name] = blobUrl(code);
      send({ type: 'ready', urls: moduleUrls });
      return;
    case 'run':
      void run(message.id, message.program);
      return;
    case 'fetched': {
      const pending = pendingFetches.get(message.id);
      pendingFetches.delete(message.id);
      if (!pending) return;
      if ('error' in message) pending.reject(new TypeError(message.error));
      else
        pending.resolve(
          new Response(message.body, {
            status: message.status,
            statusText: message.statusText,
            headers: { 'content-type': message.contentType },
          }),
        );
      return;
    }
  }
}

self.fetch = proxiedFetch;
// The first message hands over the port; everything after comes through it.
self.onmessage = (e: MessageEvent<{ port?: MessagePort }>) => {
  if (port || !e.data?.port) return;
  port = e.data.port;
  port.onmessage = (m: MessageEvent<ToWorker>) => onMessage(m.data);
  self.onmessage = null;
};
