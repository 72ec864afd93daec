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
