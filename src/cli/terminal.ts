import { isMainThread, workerData } from 'node:worker_threads';

/**
 * Whether the process's stderr is a terminal (for the progress line). `dfdocs build` runs
 * in a thread (see bin/dfdocs.js), where stderr is a pipe to the main thread: the main
 * thread tells it what its own stderr is.
 */
export function stderrIsTTY(): boolean {
  const fromMain = isMainThread
    ? undefined
    : (workerData as { stderrIsTTY?: boolean } | undefined)?.stderrIsTTY;
  return fromMain ?? Boolean(process.stderr.isTTY);
}

/** Resolves with exit code 0 once the process is interrupted (Ctrl-C, SIGTERM) and the server is closed. */
export function untilInterrupted(server: { close(): Promise<void> }): Promise<number> {
  return new Promise<number>((resolve) => {
    const stop = () => {
      server.close().then(
        () => resolve(0),
        () => resolve(0),
      );
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
}
