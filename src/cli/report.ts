import { readFileSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import { DfdocsError, formatDiagnostic, type Diagnostic } from '../render/diagnostics';
import { codeFrame, type FrameStyle } from '../render/diagnostics/codeFrame';
import { diagnostic, withDefaultHint } from '../render/diagnostics/make';

export interface ReportOptions {
  /** The site folder: diagnostics' files are relative to it (for the code frames). */
  root?: string;
  /** ANSI colours (only when printing to a terminal, and NO_COLOR is not set). */
  colour?: boolean;
  stream?: NodeJS.WritableStream;
}

/** Whether to colour output to a stream that is (or is not) a terminal. */
export function wantsColour(isTTY: boolean): boolean {
  if (process.env.NO_COLOR) return false;
  if (process.env.FORCE_COLOR && process.env.FORCE_COLOR !== '0') return true;
  return isTTY;
}

const sgr = (on: boolean, open: number, close: number) => (text: string) =>
  on ? `\x1b[${open}m${text}\x1b[${close}m` : text;

function paint(on: boolean) {
  return {
    error: sgr(on, 31, 39),
    warning: sgr(on, 33, 39),
    bold: sgr(on, 1, 22),
    dim: sgr(on, 2, 22),
  };
}

/** A file's text, read once per report; undefined when it cannot be read as text (a folder, a loop). */
function sourceReader(root: string | undefined) {
  const texts = new Map<string, string | undefined>();
  return (file: string): string | undefined => {
    const abs = isAbsolute(file) ? file : resolve(root ?? '.', file);
    if (!texts.has(abs)) {
      let text: string | undefined;
      try {
        text = readFileSync(abs, 'utf8');
        if (text.includes('\0')) text = undefined; // binary: no frame
      } catch {
        text = undefined;
      }
      texts.set(abs, text);
    }
    return texts.get(abs);
  };
}

/**
 * Prints diagnostics grouped by file, each as
 * `severity: file:line:column — message — hint [Code]` (the catalogue's hint when the
 * diagnostic has none), then, when it has a line in a readable file, a code frame of the
 * two lines around it with a caret under the column, then its detail (an example's
 * diff), indented.
 */
export function printDiagnostics(list: readonly Diagnostic[], options: ReportOptions = {}): void {
  const stream = options.stream ?? process.stderr;
  const c = paint(Boolean(options.colour));
  const style: FrameStyle = { gutter: c.dim, marker: (t) => c.bold(c.error(t)) };
  const read = sourceReader(options.root);
  const byFile = new Map<string, Diagnostic[]>();
  for (const d of list.map(withDefaultHint)) {
    const key = d.file ?? '';
    if (!byFile.has(key)) byFile.set(key, []);
    byFile.get(key)!.push(d);
  }
  for (const group of byFile.values()) {
    group.sort((a, b) => (a.line ?? 0) - (b.line ?? 0) || (a.column ?? 0) - (b.column ?? 0));
    for (const d of group) {
      const label = d.severity === 'warning' ? c.warning('warning') : c.error('error');
      let out = `${c.bold(label)}: ${formatDiagnostic(d)} ${c.dim(`[${d.code}]`)}\n`;
      const text = d.file && d.line ? read(d.file) : undefined;
      if (text !== undefined && d.line! <= text.split('\n').length)
        out += codeFrame(text, d.line!, d.column, style).replace(/^/gm, '  ') + '\n';
      if (d.detail) out += d.detail.replace(/^/gm, '    ') + '\n';
      stream.write(out);
    }
  }
}

/** The diagnostics of a failure: its own for a DfdocsError, an `InternalError` otherwise. */
export function diagnosticsOf(err: unknown): Diagnostic[] {
  if (err instanceof DfdocsError) return err.diagnostics;
  return [
    diagnostic('InternalError', {
      message: (err as Error)?.message ?? String(err),
      hint: '',
      cause: err,
    }),
  ];
}

/** Reports a failure: its diagnostics (with code frames), and with --verbose the stacks underneath. */
export function reportError(err: unknown, verbose: boolean, options: ReportOptions = {}): void {
  const stream = options.stream ?? process.stderr;
  const list = diagnosticsOf(err);
  printDiagnostics(list, options);
  if (!(err instanceof DfdocsError)) {
    const stack = (err as Error | undefined)?.stack;
    if (verbose && stack) stream.write(stack + '\n');
    else stream.write('(run with --verbose for the stack trace)\n');
    return;
  }
  if (verbose) {
    // A cause may come back from a worker thread as a plain { message, stack } object.
    for (const d of list) {
      const stack = (d.cause as { stack?: unknown } | undefined)?.stack;
      if (typeof stack === 'string') stream.write(stack + '\n');
    }
  }
}

export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KiB`;
  return `${(n / 1024 / 1024).toFixed(1)} MiB`;
}
