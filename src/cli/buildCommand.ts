import { build, ExamplesFailedError } from '../api/commands';
import {
  diagnosticsOf,
  formatBytes,
  printDiagnostics,
  reportError,
  wantsColour,
  type ReportOptions,
} from './report';
import { summaryByCode } from '../render/diagnostics/summary';
import type { ExamplesSummary } from '../api/types';
import { stderrIsTTY } from './terminal';

export interface BuildFlags {
  root: string;
  out: string;
  baseUrl?: string;
  strict?: boolean;
  checkExamples?: boolean;
  verbose?: boolean;
  /** False with --no-cache. */
  cache?: boolean;
  precompress?: boolean;
  /** Replace an existing output folder dfdocs did not make. */
  force?: boolean;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

function examplesSummary(s: ExamplesSummary): string {
  return `${plural(s.executed, 'example')} executed on ${plural(s.pages, 'page')}, ${plural(s.checked, 'output')} compared`;
}

/**
 * `dfdocs build`: progress on a TTY, warnings grouped by file with code frames, a count
 * by code, a closing summary; returns the exit code.
 */
export async function buildCommand(flags: BuildFlags): Promise<number> {
  const tty = stderrIsTTY();
  const report: ReportOptions = { root: flags.root, colour: wantsColour(tty) };
  try {
    const result = await build({
      root: flags.root,
      outDir: flags.out,
      baseUrl: flags.baseUrl,
      strict: flags.strict,
      checkExamples: flags.checkExamples,
      cache: flags.cache,
      precompress: flags.precompress,
      force: flags.force,
      onProgress: tty
        ? (done, total) => {
            if (done === total || done % 10 === 0)
              process.stderr.write(`\rrendering pages ${done}/${total}`);
          }
        : undefined,
    });
    if (tty) process.stderr.write('\r\x1b[K');
    if (result.examples)
      process.stdout.write(`dfdocs: examples OK — ${examplesSummary(result.examples)}\n`);
    if (result.warnings.length) {
      printDiagnostics(result.warnings, report);
      process.stderr.write(`dfdocs: ${summaryByCode(result.warnings, 'warning')}\n`);
    }
    if (flags.verbose) for (const note of result.notes) process.stderr.write(`note: ${note}\n`);
    process.stdout.write(
      `dfdocs: built ${result.pages} pages into ${result.outDir} — ${plural(result.warnings.length, 'warning')}, ${formatBytes(result.bytes)}, ${result.seconds.toFixed(2)} s\n`,
    );
    return 0;
  } catch (err) {
    if (tty) process.stderr.write('\r\x1b[K');
    if (err instanceof ExamplesFailedError) {
      printDiagnostics(err.failures, report);
      process.stderr.write(
        `dfdocs: ${plural(err.failures.length, 'example failure')} (${examplesSummary(err.summary)}); the build did not run.\n`,
      );
      return 1;
    }
    reportError(err, Boolean(flags.verbose), report);
    const list = diagnosticsOf(err);
    if (list.length > 1) process.stderr.write(`dfdocs: ${summaryByCode(list, 'error')}\n`);
    process.stderr.write('dfdocs: build failed; the previous output was left as it was.\n');
    return 1;
  }
}
