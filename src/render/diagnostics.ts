import type { DiagnosticCode, Severity } from './diagnostics/catalogue';

export type { DiagnosticCode, Severity };

/**
 * One diagnostic shape for every problem the build reports (close to esbuild's Message
 * and vfile's VFileMessage so theirs convert without loss). The message says what is
 * wrong, the hint what to do; the location is kept apart and printed as
 * `file:line:column — message — hint`.
 */
export interface Diagnostic {
  /** Permanent name listed in ./diagnostics/catalogue.ts, e.g. `FrontMatterInvalid`. */
  code: DiagnosticCode;
  message: string;
  hint?: string;
  /** Path relative to the site root when possible. */
  file?: string;
  line?: number;
  column?: number;
  severity: Severity;
  /** More lines printed under the message, as they are (an example's diff). */
  detail?: string;
  /** What was thrown underneath (printed as a stack with --verbose). */
  cause?: unknown;
}

/** An error carrying one or more diagnostics; thrown by the build, printed by the CLI. */
export class DfdocsError extends Error {
  readonly diagnostics: Diagnostic[];
  constructor(diagnostics: Diagnostic | Diagnostic[]) {
    const list = Array.isArray(diagnostics) ? diagnostics : [diagnostics];
    super(list.map(formatDiagnostic).join('\n'));
    this.name = 'DfdocsError';
    this.diagnostics = list;
  }
}

export function errorDiagnostic(d: Omit<Diagnostic, 'severity'>): DfdocsError {
  return new DfdocsError({ ...d, severity: 'error' });
}

export function formatLocation(d: Pick<Diagnostic, 'file' | 'line' | 'column'>): string {
  if (!d.file) return '';
  return `${d.file}:${d.line ?? 1}:${d.column ?? 1}`;
}

/** `file:line:column — what is wrong — what to do`, the form the CLI prints. */
export function formatDiagnostic(d: Diagnostic): string {
  const parts = [formatLocation(d), d.message, d.hint].filter(Boolean);
  return parts.join(' — ');
}

/** Line and column (1-based) of a character offset in a text. */
export function positionAt(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let last = -1;
  for (let i = 0; i < offset && i < text.length; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      last = i;
    }
  }
  return { line, column: offset - last };
}
