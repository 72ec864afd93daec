import { build } from '../render/build';
import { printDiagnostics, reportError, formatBytes } from './report';
import { checkExamples, formatFailure } from '../render/examples/check';
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
}

/** `dfdocs build`: progress on a TTY, warnings grouped by file, a closing summary; returns the exit code. */
export async function buildCommand(flags: BuildFlags): Promise<number> {
  const tty = stderrIsTTY();
  if (flags.checkExamples) {
    // The documented examples first: a page that no longer tells the truth stops the build.
    const report = await checkExamples({ root: flags.root });
    for (const f of report.failures) process.stderr.write(`${formatFailure(f)}\n`);
    const pages = report.pages.filter((p) => p.blocks > 0).length;
    const summary = `${report.executed} example${report.executed === 1 ? '' : 's'} executed on ${pages} page${pages === 1 ? '' : 's'}, ${report.checked} output${report.checked === 1 ? '' : 's'} compared`;
    if (report.failures.length) {
      process.stderr.write(
        `dfdocs: ${report.failures.length} example failure${report.failures.length === 1 ? '' : 's'} (${summary}); the build did not run.\n`,
      );
      return 1;
    }
    process.stdout.write(`dfdocs: examples OK — ${summary}\n`);
  }
  try {
    const result = await build({
      root: flags.root,
      outDir: flags.out,
      baseUrl: flags.baseUrl,
      strict: flags.strict,
      cache: flags.cache,
      precompress: flags.precompress,
      onProgress: tty
        ? (done, total) => {
            if (done === total || done % 10 === 0)
              process.stderr.write(`\rrendering pages ${done}/${total}`);
          }
        : undefined,
    });
    if (tty) process.stderr.write('\r\x1b[K');
    if (result.warnings.length) {
      printDiagnostics(result.warnings);
    }
    process.stdout.write(
      `dfdocs: built ${result.pages} pages into ${result.outDir} — ${result.warnings.length} warning${result.warnings.length === 1 ? '' : 's'}, ${formatBytes(result.bytes)}, ${result.seconds.toFixed(2)} s\n`,
    );
    return 0;
  } catch (err) {
    if (tty) process.stderr.write('\r\x1b[K');
    reportError(err, Boolean(flags.verbose));
    process.stderr.write('dfdocs: build failed; the previous output was left as it was.\n');
    return 1;
  }
}
