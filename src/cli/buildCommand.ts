import { build } from '../render/build';
import { printDiagnostics, reportError, formatBytes } from './report';

export interface BuildFlags {
  root: string;
  out: string;
  baseUrl?: string;
  strict?: boolean;
  checkExamples?: boolean;
  verbose?: boolean;
}

/** `dfdocs build`: progress on a TTY, warnings grouped by file, a closing summary; returns the exit code. */
export async function buildCommand(flags: BuildFlags): Promise<number> {
  const tty = Boolean(process.stderr.isTTY);
  try {
    const result = await build({
      root: flags.root,
      outDir: flags.out,
      baseUrl: flags.baseUrl,
      strict: flags.strict,
      onProgress: tty
        ? (done, total) => {
            if (done === total || done % 10 === 0) process.stderr.write(`\rrendering pages ${done}/${total}`);
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
