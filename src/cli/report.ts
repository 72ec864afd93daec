import { DfdocsError, formatDiagnostic, type Diagnostic } from '../render/diagnostics';

/** Prints diagnostics grouped by file, as `file:line:column — message — hint`. */
export function printDiagnostics(
  list: Diagnostic[],
  stream: NodeJS.WritableStream = process.stderr,
): void {
  const byFile = new Map<string, Diagnostic[]>();
  for (const d of list) {
    const key = d.file ?? '';
    if (!byFile.has(key)) byFile.set(key, []);
    byFile.get(key)!.push(d);
  }
  for (const group of byFile.values()) {
    for (const d of group)
      stream.write(`${d.severity === 'warning' ? 'warning' : 'error'}: ${formatDiagnostic(d)}\n`);
  }
}

/** Reports a failure: diagnostics for known errors, the message (stack with --verbose) otherwise. */
export function reportError(err: unknown, verbose: boolean): void {
  if (err instanceof DfdocsError) {
    printDiagnostics(err.diagnostics);
    if (verbose) {
      // A cause may come back from a worker thread as a plain { message, stack } object.
      for (const d of err.diagnostics) {
        const stack = (d.cause as { stack?: unknown } | undefined)?.stack;
        if (typeof stack === 'string') process.stderr.write(stack + '\n');
      }
    }
    return;
  }
  const e = err as Error;
  process.stderr.write(`error: ${e?.message ?? String(err)}\n`);
  if (verbose && e?.stack) process.stderr.write(e.stack + '\n');
  else process.stderr.write('(run with --verbose for the stack trace)\n');
}

export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KiB`;
  return `${(n / 1024 / 1024).toFixed(1)} MiB`;
}
