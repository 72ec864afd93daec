import { DfdocsError } from '../diagnostics';
import { diagnostic } from './make';
import { authorPosition } from './sourcePosition';

/** What a unified plugin throws with `file.fail()`: a vfile message, with its place. */
interface FatalMessage {
  fatal: true;
  reason: string;
  line?: number | null;
  column?: number | null;
  source?: string | null;
  ruleId?: string | null;
}

const isFatalMessage = (err: unknown): err is FatalMessage =>
  typeof err === 'object' &&
  err !== null &&
  (err as FatalMessage).fatal === true &&
  typeof (err as FatalMessage).reason === 'string';

/**
 * An error thrown while rendering `route` (from `file`) as a diagnostic: a markdown
 * plugin's `file.fail()` at its place in the page (`MarkdownPluginMessage`, an error);
 * anything else as `RenderFailed`, at the line of the site's React page it was thrown
 * from when its stack says so, else at the page.
 */
export function renderFailure(err: unknown, route: string, file: string | undefined): DfdocsError {
  if (err instanceof DfdocsError) return err;
  if (isFatalMessage(err)) {
    const origin = [err.source, err.ruleId].filter(Boolean).join(':') || undefined;
    return new DfdocsError(
      diagnostic(
        'MarkdownPluginMessage',
        {
          severity: 'error',
          file,
          line: err.line ?? 1,
          column: err.column ?? 1,
          cause: err,
        },
        { reason: err.reason, origin },
      ),
    );
  }
  const at = authorPosition(err);
  return new DfdocsError({
    code: 'RenderFailed',
    severity: 'error',
    message: `rendering ${route} threw: ${(err as Error)?.message ?? String(err)}`,
    hint: 'fix the page or the template it uses (run with --verbose for the stack)',
    file: at?.file ?? file,
    line: at?.line ?? 1,
    column: at?.column ?? 1,
    cause: err,
  });
}
