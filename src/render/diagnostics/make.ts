import { catalogue, type Area, type CatalogueEntry, type DiagnosticCode } from './catalogue';
import type { Diagnostic } from '../diagnostics';

/** The details a code's `message`/`hint` functions take (nothing for codes without them). */
export type ArgsOf<C extends DiagnosticCode> =
  (typeof catalogue)[C] extends CatalogueEntry<infer A> ? A : never;

/** What one occurrence adds to its catalogue entry. */
/** The catalogue as its entries' shape (checked here: an entry missing a title fails the typecheck). */
const entries: Readonly<Record<DiagnosticCode, CatalogueEntry<never> & { area: Area }>> = catalogue;

export type Occurrence = Partial<Omit<Diagnostic, 'code'>>;

/**
 * A diagnostic from the catalogue: the severity, message and hint are the entry's (its
 * functions called with `args`) unless the occurrence gives its own; the place, detail
 * and cause are the occurrence's.
 */
export function diagnostic<C extends DiagnosticCode>(
  code: C,
  occurrence: Occurrence = {},
  args?: ArgsOf<C>,
): Diagnostic {
  const entry = entries[code] as CatalogueEntry<unknown>;
  // An entry's functions need the details; without them its title and plain hint stand in.
  const withArgs = <T>(f: ((a: unknown) => T) | undefined) =>
    f && args !== undefined ? f(args) : undefined;
  const hint =
    occurrence.hint ?? (typeof entry.hint === 'function' ? withArgs(entry.hint) : entry.hint);
  const d: Diagnostic = {
    code,
    severity: occurrence.severity ?? entry.severity,
    message: occurrence.message ?? withArgs(entry.message) ?? entry.title,
    ...(hint ? { hint } : {}),
  };
  for (const key of ['file', 'line', 'column', 'detail', 'cause'] as const)
    if (occurrence[key] !== undefined)
      (d as unknown as Record<string, unknown>)[key] = occurrence[key];
  return d;
}

/** The diagnostic with its catalogue entry's plain hint when it has none: every problem says what to do. */
export function withDefaultHint(d: Diagnostic): Diagnostic {
  if (d.hint !== undefined) return d;
  const hint = entries[d.code]?.hint;
  return typeof hint === 'string' ? { ...d, hint } : d;
}
