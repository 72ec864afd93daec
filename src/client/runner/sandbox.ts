/**
 * Where a reader's code runs: a Web Worker inside a sandboxed iframe.
 *
 * Why not a plain worker: a worker of the page's origin has no DOM, but it has the origin's
 * IndexedDB, Cache Storage, cookies (a same-origin fetch sends them), BroadcastChannel to
 * the page, and fetch/import() to any other origin. So the worker is made in an iframe with
 * `sandbox="allow-scripts"` (no `allow-same-origin`: an opaque origin — no storage, no
 * cookies, no channel to the page's origin, no navigation of the page) whose document sets a
 * Content-Security-Policy of `default-src 'none'` (no fetch, XHR, WebSocket or remote
 * import; only blob: scripts); a worker made from a blob inherits that policy. It is a
 * classic worker (Chromium refuses a module worker from a blob in an opaque origin); the
 * examples are ES modules loaded with `import()`. The worker reaches the page only through a
 * MessagePort: the page answers its reads of the site's example data (./dataAccess.ts) and
 * nothing else. A run that takes too long is stopped by removing the iframe, which ends the
 * worker; the next run starts a new one.
 */
import type { ClientExamplesConfig } from '../../shared/config';
import type { FromWorker, RunResult, ToWorker } from './protocol';
import { readExampleFile } from './dataAccess';
// The worker's code, bundled on its own (src/render/bundle/bundleClient.ts).
import workerSource from 'dfdocs:runner-worker';

const FRAME_POLICY = "default-src 'none'; script-src 'unsafe-inline' blob:; worker-src blob:";

/** The iframe's script: starts the worker from the code the page sends and hands it the port. */
const FRAME_SCRIPT = `onmessage = function (e) {
  if (e.source !== parent || !e.data || typeof e.data.source !== 'string') return;
  onmessage = null;
  var url = URL.createObjectURL(new Blob([e.data.source], { type: 'text/javascript' }));
  new Worker(url).postMessage({ port: e.data.port }, [e.data.port]);
};`;

const FRAME_DOCUMENT = `<!doctype html><meta http-equiv="Content-Security-Policy" content="${FRAME_POLICY}"><script>${FRAME_SCRIPT}</script>`;

export class RunStopped extends Error {
  constructor(readonly afterMs: number) {
    super(`stopped after ${afterMs / 1000} s`);
  }
}

/** The examples' modules' code, fetched once per page load (hashed files: cached by the browser). */
let moduleCode: Promise<Record<string, string>> | undefined;
function loadModules(config: ClientExamplesConfig): Promise<Record<string, string>> {
  moduleCode ??= Promise.all(
    Object.entries(config.modules).map(async ([name, url]) => {
      const res = await fetch(url);
      if (!res.ok) throw new Error(`could not load ${name} (${url}: HTTP ${res.status})`);
      return [name, await res.text()] as const;
    }),
  ).then(Object.fromEntries, (e: unknown) => {
    moduleCode = undefined;
    throw e;
  });
  return moduleCode;
}

/** One sandbox: an iframe and its worker. */
export class Sandbox {
  private readonly frame: HTMLIFrameElement;
  private readonly port: MessagePort;
  private nextRun = 0;
  private readonly runs = new Map<number, (r: RunResult) => void>();
  /** The modules' URLs inside the worker, once it has them. */
  readonly ready: Promise<Record<string, string>>;
  private disposed = false;

  constructor(private readonly config: ClientExamplesConfig) {
    const frame = document.createElement('iframe');
    frame.setAttribute('sandbox', 'allow-scripts');
    frame.title = 'Example runner';
    frame.hidden = true;
    frame.setAttribute('aria-hidden', 'true');
    frame.tabIndex = -1;
    frame.srcdoc = FRAME_DOCUMENT;
    this.frame = frame;
    const channel = new MessageChannel();
    this.port = channel.port1;
    let readyResolve!: (urls: Record<string, string>) => void;
    const urls = new Promise<Record<string, string>>((r) => (readyResolve = r));
    this.port.onmessage = (e: MessageEvent<FromWorker>) => {
      const m = e.data;
      if (m.type === 'ready') readyResolve(m.urls);
      else if (m.type === 'done') {
        const done = this.runs.get(m.id);
        this.runs.delete(m.id);
        done?.({ outputs: m.outputs, values: m.values, ...(m.error ? { error: m.error } : {}) });
      } else if (m.type === 'fetch') void this.answerFetch(m.id, m.url);
    };
    const loaded = new Promise<void>((r) =>
      frame.addEventListener('load', () => r(), { once: true }),
    );
    document.body.appendChild(frame);
    const modules = loadModules(config);
    this.ready = Promise.all([loaded, modules]).then(([, code]) => {
      frame.contentWindow!.postMessage({ source: workerSource, port: channel.port2 }, '*', [
        channel.port2,
      ]);
      this.post({ type: 'init', modules: code });
      return urls;
    });
  }

  private post(message: ToWorker, transfer: Transferable[] = []): void {
    this.port.postMessage(message, transfer);
  }

  private async answerFetch(id: number, url: string): Promise<void> {
    const answer = await readExampleFile(url, this.config.data);
    if ('error' in answer) this.post({ type: 'fetched', id, error: answer.error });
    else this.post({ type: 'fetched', id, ...answer }, [answer.body]);
  }

  /** Runs a program; rejects with RunStopped (and the sandbox is gone) when it takes longer than the time limit. */
  async run(program: string): Promise<RunResult> {
    const id = ++this.nextRun;
    const limit = this.config.timeLimitMs;
    return new Promise<RunResult>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.runs.delete(id);
        this.dispose();
        reject(new RunStopped(limit));
      }, limit);
      this.runs.set(id, (r) => {
        clearTimeout(timer);
        resolve(r);
      });
      this.post({ type: 'run', id, program });
    });
  }

  get alive(): boolean {
    return !this.disposed;
  }

  /** Ends the worker (with its iframe). */
  dispose(): void {
    this.disposed = true;
    this.port.close();
    this.frame.remove();
  }
}
