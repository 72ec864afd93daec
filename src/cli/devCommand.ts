import { dev } from '../api/commands';
import { reportError, wantsColour } from './report';
import { parseAllowedHosts } from '../dev/allowedHosts';
import { stderrIsTTY, untilInterrupted } from './terminal';

export interface DevFlags {
  root: string;
  port: number;
  host: string;
  /** `--allowed-hosts`: comma-separated names, or `all`. */
  allowedHosts?: string;
  verbose?: boolean;
}

/**
 * `dfdocs dev`: starts the dev server, prints the local URL (opens nothing), and runs
 * until interrupted (exit 0). Problems in the site are shown in the browser and printed
 * here; the command itself fails only when it cannot listen.
 */
export async function devCommand(flags: DevFlags): Promise<number> {
  const started = performance.now();
  let server;
  try {
    server = await dev({
      root: flags.root,
      port: flags.port,
      host: flags.host,
      allowedHosts: parseAllowedHosts(flags.allowedHosts),
      log: (line) => process.stderr.write(line + '\n'),
    });
  } catch (err) {
    reportError(err, Boolean(flags.verbose), {
      root: flags.root,
      colour: wantsColour(stderrIsTTY()),
    });
    return 1;
  }
  process.stdout.write(
    `dfdocs dev: ${server.url} (listening after ${Math.round(performance.now() - started)} ms; pages render on request, edits show up live)\n`,
  );
  // Said once the watcher sees the files: from then on an edit is never missed.
  void server.watching?.then(() => process.stderr.write('dfdocs dev: watching for changes\n'));
  return untilInterrupted(server);
}
