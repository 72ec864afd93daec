/** The messages between the page's runner (./sandbox.ts) and the examples' worker (./worker.ts). */

export type ToWorker =
  /** The modules the examples import, by specifier: their code (the worker cannot fetch). */
  | { type: 'init'; modules: Record<string, string> }
  | { type: 'run'; id: number; program: string }
  | {
      type: 'fetched';
      id: number;
      body: ArrayBuffer;
      status: number;
      statusText: string;
      contentType: string;
    }
  | { type: 'fetched'; id: number; error: string };

export interface RunResult {
  /** What each block printed, by its position in the program. */
  outputs: string[];
  /** The value of each `plot` block's last expression, when a string (an SVG). */
  values: Record<number, string>;
  /** A block threw: its position, the message, and the program line of the throw when known. */
  error?: { block: number; message: string; programLine?: number };
}

export type FromWorker =
  /** The modules' URLs inside the worker, for the program's imports. */
  | { type: 'ready'; urls: Record<string, string> }
  | ({ type: 'done'; id: number } & RunResult)
  /** A file an example reads: the page fetches it if it is the site's example data. */
  | { type: 'fetch'; id: number; url: string };
