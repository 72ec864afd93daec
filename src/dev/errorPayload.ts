import { readFileSync } from 'node:fs';
import { isAbsolute, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DfdocsError, formatDiagnostic, type Diagnostic } from '../render/diagnostics';
import { codeFrame } from '../render/diagnostics/codeFrame';
import { withDefaultHint } from '../render/diagnostics/make';
import type { OverlayError } from './protocol';

export { codeFrame };

/** A stack frame position in one of the author's files (not node_modules, not dfdocs's render/dev code). */
export function thrownAt(
  err: unknown,
  roots: string[],
): { file: string; abs: string; line: number; column: number } | undefined {
  const stack = (err as Error | undefined)?.stack;
  if (typeof stack !== 'string') return undefined;
  for (const m of stack.matchAll(/\(?((?:file:\/\/)?\/[^():\s]+):(\d+):(\d+)\)?/g)) {
    let abs = m[1]!;
    if (abs.startsWith('file://')) abs = fileURLToPath(abs);
    if (abs.includes(`${sep}node_modules${sep}`)) continue;
    for (const root of roots) {
      const rel = relative(root, abs);
      if (!rel || rel.startsWith('..') || isAbsolute(rel)) continue;
      const posix = rel.split(sep).join('/');
      if (/^src\/(render|dev|cli)\//.test(posix)) continue;
      return { file: posix, abs, line: Number(m[2]), column: Number(m[3]) };
    }
  }
  return undefined;
}

function frameOf(
  roots: string[],
  file: string | undefined,
  line: number | undefined,
  column: number | undefined,
): string | undefined {
  if (!file || !line) return undefined;
  for (const root of roots) {
    try {
      return codeFrame(
        readFileSync(isAbsolute(file) ? file : join(root, file), 'utf8'),
        line,
        column,
      );
    } catch {
      // not under this root
    }
  }
  return undefined;
}

/**
 * Turns any failure into what the overlay shows. A page that threw while rendering is
 * reported where it threw when that is one of the author's files (a template, a React
 * page), with the page's own file as a note; otherwise at the diagnostic's location.
 */
export function toOverlayErrors(err: unknown, roots: string[], route?: string): OverlayError[] {
  if (err instanceof DfdocsError && err.diagnostics.every((d) => d.severity === 'warning'))
    return toOverlayWarnings(err.diagnostics, roots, route);
  const diagnostics: Diagnostic[] =
    err instanceof DfdocsError
      ? err.diagnostics
      : [
          {
            code: 'InternalError',
            severity: 'error',
            message: (err as Error)?.message ?? String(err),
            cause: err,
          },
        ];
  return diagnostics.map((d) => {
    const out = overlayOf(d, route);
    const at = d.cause ? thrownAt(d.cause, roots) : undefined;
    if (at && (at.file !== d.file || d.line === 1)) {
      if (d.file && d.file !== at.file)
        out.note = `while rendering ${route ?? 'a page'} from ${d.file}`;
      out.file = at.file;
      out.line = at.line;
      out.column = at.column;
    }
    out.frame = frameOf(roots, out.file, out.line, out.column);
    return out;
  });
}

/** A page's warnings (what its markdown holds that was not rendered as written), as the overlay shows them. */
export function toOverlayWarnings(
  warnings: Diagnostic[],
  roots: string[],
  route?: string,
): OverlayError[] {
  return warnings.map((d) => ({
    ...overlayOf(d, route),
    severity: 'warning' as const,
    frame: frameOf(roots, d.file, d.line, d.column),
  }));
}

/** What the overlay shows of a diagnostic, as it is. */
function overlayOf(d: Diagnostic, route: string | undefined): OverlayError {
  const { code, message, hint, file, line, column } = withDefaultHint(d);
  return { code, message, hint, file, line, column, route };
}

/** How the dev server prints a problem in the terminal: as `dfdocs build` does, with its code. */
export function logLineOf(e: OverlayError): string {
  const severity = e.severity ?? 'error';
  return `${severity}: ${formatDiagnostic({ ...e, severity } as Diagnostic)} [${e.code}]`;
}
