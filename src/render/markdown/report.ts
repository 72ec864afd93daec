import type { VFile } from 'vfile';
import type { Node } from 'unist';
import type { DiagnosticCode } from '../diagnostics';
import { diagnostic, type ArgsOf } from '../diagnostics/make';

/** Where a warning points: a node (its start), or a line and column (1-based). */
export type Place = Node | { line: number; column: number } | undefined;

/**
 * Records a warning about the page being rendered: `code` is its permanent name (the
 * message's `ruleId`), `hint` what the writer can do (its `note`). The build collects
 * them as the page's warnings (errors under `--strict`); the dev server shows them.
 */
export function warn(
  file: VFile,
  code: DiagnosticCode,
  message: string,
  place: Place,
  hint?: string,
): void {
  const at =
    place && 'type' in place ? place.position : place ? { start: place, end: place } : undefined;
  const m = file.message(message, { place: at, ruleId: code, source: 'dfdocs' });
  if (hint) m.note = hint;
}

/** `warn` with the message and hint the catalogue builds from `args` (diagnostics/catalogue.ts). */
export function warnFromCatalogue<C extends DiagnosticCode>(
  file: VFile,
  code: C,
  place: Place,
  args: ArgsOf<C>,
): void {
  const d = diagnostic(code, {}, args);
  warn(file, code, d.message, place, d.hint);
}
